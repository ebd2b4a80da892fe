// Swift's own tests of `@Observable` and `withObservationTracking` (the standard library's
// test/stdlib/Observation/Observable.swift in swiftlang/swift), ported to BrewLogCore as a
// client package would write them: BrewLogCore imported without `@testable`, every model written
// by hand in the documented pattern (see `Models` below) instead of by the macro. One Swift
// Testing case per case of the original, under its name; each keeps its intent.
//
// Adaptations:
// - No macro: each model owns a `ChangeRegistry` and writes its getters, setters and `_modify`
//   by hand. The original's declarations that only check that the macro expands (weak, unowned
//   and implicitly unwrapped properties, Codable and Hashable classes, a nested class, a class
//   with an existing conformance) have no counterpart: there is no expansion to check.
// - "conformance": BrewLogCore has no `Observable` protocol, so the client's own protocol for
//   objects that own a registry stands in for it; the case still checks that an overload
//   constrained on it is chosen.
// - A model's key is its storage's key path (the documented pattern), so "access and mutation"
//   expects that key path where the original expects the property's; a setter compares first,
//   as the macro's does for an equatable value, and a write of an equal value notifies nobody.
// - `_blackHole` is the standard library's test helper; a local function that is not inlined
//   does its work.
// - The original's main is `@MainActor`; so is this suite, and "isolated class" keeps its
//   `@MainActor` property.
import Testing
import BrewLogCore
import Synchronization

/// Reads a value so that the optimizer cannot drop the read.
@inline(never)
private func blackHole<T>(_ value: T) {}

/// What a client declares for its models: they own a registry.
private protocol RegistryOwner: AnyObject {
    var registry: ChangeRegistry { get }
}

/// A flag an `onChange` sets; `onChange` is `@Sendable`, so it is behind a lock.
private final class Flag: Sendable {
    private let state = Mutex(false)
    var value: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

// MARK: - Models

private class Entity: RegistryOwner {
    let registry = ChangeRegistry()
    private var storedAge = 0

    var age: Int {
        get { registry.access(\Entity.storedAge); return storedAge }
        set { guard newValue != storedAge else { return }; registry.withMutation(of: self, keyPath: \Entity.storedAge) { $0 = newValue } }
    }
}

private class Person: Entity {
    private var storedFirstName = ""
    private var storedLastName = ""
    private var storedFriends: [Person] = []

    var firstName: String {
        get { registry.access(\Person.storedFirstName); return storedFirstName }
        set { guard newValue != storedFirstName else { return }; registry.withMutation(of: self, keyPath: \Person.storedFirstName) { $0 = newValue } }
    }

    var lastName: String {
        get { registry.access(\Person.storedLastName); return storedLastName }
        set { guard newValue != storedLastName else { return }; registry.withMutation(of: self, keyPath: \Person.storedLastName) { $0 = newValue } }
    }

    var friends: [Person] {
        get { registry.access(\Person.storedFriends); return storedFriends }
        set { registry.withMutation(of: self, keyPath: \Person.storedFriends) { $0 = newValue } }
        _modify {
            registry.access(\Person.storedFriends)
            registry.willSet(\Person.storedFriends)
            defer { registry.didSet(\Person.storedFriends) }
            yield &storedFriends
        }
    }

    var fullName: String { firstName + " " + lastName }
}

private final class MiddleNamePerson: Person {
    private var storedMiddleName = ""

    var middleName: String {
        get { registry.access(\MiddleNamePerson.storedMiddleName); return storedMiddleName }
        set { guard newValue != storedMiddleName else { return }; registry.withMutation(of: self, keyPath: \MiddleNamePerson.storedMiddleName) { $0 = newValue } }
    }

    override var fullName: String { firstName + " " + middleName + " " + lastName }
}

/// A model whose `access` and `withMutation` are its own, calling the registry's, as the
/// original's class that implements the macro's hooks itself.
private final class ImplementsAccessAndMutation: RegistryOwner {
    let registry = ChangeRegistry()
    fileprivate var storedField = 3
    let accessCalled: (AnyKeyPath) -> Void
    let withMutationCalled: (AnyKeyPath) -> Void

    init(accessCalled: @escaping (AnyKeyPath) -> Void, withMutationCalled: @escaping (AnyKeyPath) -> Void) {
        self.accessCalled = accessCalled
        self.withMutationCalled = withMutationCalled
    }

    var field: Int {
        get { access(keyPath: \ImplementsAccessAndMutation.storedField); return storedField }
        set { withMutation(keyPath: \ImplementsAccessAndMutation.storedField) { $0 = newValue } }
    }

    func access(keyPath: AnyKeyPath) {
        accessCalled(keyPath)
        registry.access(keyPath)
    }

    func withMutation<T>(keyPath: ReferenceWritableKeyPath<ImplementsAccessAndMutation, Int>, _ mutation: (inout Int) -> T) -> T {
        withMutationCalled(keyPath)
        return registry.withMutation(of: self, keyPath: keyPath, mutation)
    }
}

private final class HasIgnoredProperty: RegistryOwner {
    let registry = ChangeRegistry()
    private var storedField = 3
    /// Not tracked: the `@ObservationIgnored` of the original.
    var ignored = 4

    var field: Int {
        get { registry.access(\HasIgnoredProperty.storedField); return storedField }
        set { guard newValue != storedField else { return }; registry.withMutation(of: self, keyPath: \HasIgnoredProperty.storedField) { $0 = newValue } }
    }
}

private final class IsolatedClass: RegistryOwner {
    let registry = ChangeRegistry()
    @MainActor private var storedTest = "hello"

    @MainActor var test: String {
        get { registry.access(\IsolatedClass.storedTest); return storedTest }
        set { guard newValue != storedTest else { return }; registry.withMutation(of: self, keyPath: \IsolatedClass.storedTest) { $0 = newValue } }
    }
}

// MARK: - Cases

@Suite("Swift's Observable tests, on the change registry")
@MainActor
struct PortedObservableTests {
    @Test("unobserved value changes")
    func unobservedValueChanges() {
        let test = MiddleNamePerson()
        for i in 0..<100 {
            test.firstName = "\(i)"
        }
        #expect(test.firstName == "99")
    }

    @Test("tracking changes")
    func trackingChanges() {
        let changed = Flag()
        let test = MiddleNamePerson()
        withTracking {
            blackHole(test.firstName)
        } onChange: {
            changed.value = true
        }
        test.firstName = "c"
        #expect(changed.value == true)
        changed.value = false
        test.firstName = "c"
        #expect(changed.value == false)
    }

    @Test("conformance")
    func conformance() {
        func testConformance<O: RegistryOwner>(_ o: O) -> Bool { true }
        func testConformance<O>(_ o: O) -> Bool { false }
        let test = Person()
        #expect(testConformance(test) == true)
    }

    @Test("tracking nonchanged")
    func trackingNonchanged() {
        let changed = Flag()
        let test = MiddleNamePerson()
        withTracking {
            blackHole(test.lastName)
        } onChange: {
            changed.value = true
        }
        test.firstName = "c"
        #expect(changed.value == false)
    }

    @Test("tracking computed")
    func trackingComputed() {
        let changed = Flag()
        let test = MiddleNamePerson()
        withTracking {
            blackHole(test.fullName)
        } onChange: {
            changed.value = true
        }
        test.middleName = "c"
        #expect(changed.value == true)
        changed.value = false
        test.middleName = "c"
        #expect(changed.value == false)
    }

    @Test("graph changes")
    func graphChanges() {
        let changed = Flag()
        let test = MiddleNamePerson()
        let friend = MiddleNamePerson()
        test.friends.append(friend)
        withTracking {
            blackHole(test.friends.first?.fullName)
        } onChange: {
            changed.value = true
        }
        test.middleName = "c"
        #expect(changed.value == false)
        friend.middleName = "c"
        #expect(changed.value == true)
    }

    @Test("nesting")
    func nesting() {
        let changedOuter = Flag()
        let changedInner = Flag()
        let test = MiddleNamePerson()
        withTracking {
            withTracking {
                blackHole(test.firstName)
            } onChange: {
                changedInner.value = true
            }
        } onChange: {
            changedOuter.value = true
        }
        test.firstName = "c"
        #expect(changedInner.value == true)
        #expect(changedOuter.value == true)
        changedOuter.value = false
        test.firstName = "c"
        #expect(changedOuter.value == false)
    }

    @Test("access and mutation")
    func accessAndMutation() {
        var accessKeyPath: AnyKeyPath?
        var mutationKeyPath: AnyKeyPath?
        let test = ImplementsAccessAndMutation { keyPath in
            accessKeyPath = keyPath
        } withMutationCalled: { keyPath in
            mutationKeyPath = keyPath
        }
        #expect(accessKeyPath == nil)
        blackHole(test.field)
        #expect(accessKeyPath == \ImplementsAccessAndMutation.storedField)
        #expect(mutationKeyPath == nil)
        accessKeyPath = nil
        test.field = 123
        #expect(accessKeyPath == nil)
        #expect(mutationKeyPath == \ImplementsAccessAndMutation.storedField)
    }

    @Test("ignores no change")
    func ignoresNoChange() {
        let changed = Flag()
        let test = HasIgnoredProperty()
        withTracking {
            blackHole(test.ignored)
        } onChange: {
            changed.value = true
        }
        test.ignored = 122112
        #expect(changed.value == false)
        changed.value = false
        test.field = 3429
        #expect(changed.value == false)
    }

    @Test("ignores change")
    func ignoresChange() {
        let changed = Flag()
        let test = HasIgnoredProperty()
        withTracking {
            blackHole(test.ignored)
            blackHole(test.field)
        } onChange: {
            changed.value = true
        }
        test.ignored = 122112
        #expect(changed.value == false)
        changed.value = false
        test.field = 3429
        #expect(changed.value == true)
    }

    @Test("isolated class")
    func isolatedClass() {
        let changed = Flag()
        let test = IsolatedClass()
        withTracking {
            blackHole(test.test)
        } onChange: {
            changed.value = true
        }
        test.test = "c"
        #expect(changed.value == true)
        changed.value = false
        test.test = "c"
        #expect(changed.value == false)
    }
}
