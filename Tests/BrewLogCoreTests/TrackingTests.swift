import Foundation
import Testing
import Synchronization
@testable import BrewLogCore

@Suite("withTracking tells a scope, once, about changes to what it read")
struct TrackingTests {
    @Test("a change to a property read in the scope fires onChange")
    func firesOnReadProperty() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.notes } onChange: { calls.increment() }
        brew.notes = "juicy"
        #expect(calls.value == 1)
    }

    @Test("a change to a property not read in the scope fires nothing")
    func silentOnUnreadProperty() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.notes } onChange: { calls.increment() }
        brew.rating = 4
        brew.method = "V60"
        #expect(calls.value == 0)
        #expect(brew.registry.observerCount == 1)
    }

    @Test("onChange fires once, then the registration is gone")
    func firesOnce() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { (brew.notes, brew.rating) } onChange: { calls.increment() }
        brew.notes = "one"
        brew.notes = "two"
        brew.rating = 5
        #expect(calls.value == 1)
        #expect(brew.registry.observerCount == 0)
    }

    @Test("writing a value equal to the current one notifies nobody")
    func equalWriteIsSilent() {
        let brew = Brew(rating: 3, notes: "same", date: .now)
        let calls = CallCounter()
        _ = withTracking { (brew.notes, brew.rating) } onChange: { calls.increment() }
        brew.notes = "same"
        brew.rating = 3
        #expect(calls.value == 0)
        brew.rating = nil
        #expect(calls.value == 1)
    }

    @Test("reads outside the scope are not dependencies")
    func readsOutsideScopeIgnored() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = brew.notes
        _ = withTracking { brew.rating } onChange: { calls.increment() }
        _ = brew.method
        brew.notes = "changed"
        brew.method = "Chemex"
        #expect(calls.value == 0)
    }

    @Test("reads inside a nested scope are dependencies of the outer scope too")
    func nestedScopesMerge() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let outer = CallCounter()
        let inner = CallCounter()
        withTracking {
            _ = brew.rating
            _ = withTracking { brew.notes } onChange: { inner.increment() }
        } onChange: { outer.increment() }
        brew.notes = "nested"
        #expect(inner.value == 1)
        #expect(outer.value == 1)
    }

    @Test("a change inside a nested scope's reads does not fire the inner scope for outer-only reads")
    func innerScopeDoesNotSeeOuterReads() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let inner = CallCounter()
        withTracking {
            _ = brew.rating
            _ = withTracking { brew.notes } onChange: { inner.increment() }
        } onChange: {}
        brew.rating = 1
        #expect(inner.value == 0)
    }

    @Test("a computed value tracks the stored properties it reads")
    func computedTracksStored() {
        let brew = Brew(rating: nil, notes: "", date: .now, doseGrams: 15, waterGrams: 250)
        let calls = CallCounter()
        let ratio = withTracking { brew.ratio } onChange: { calls.increment() }
        #expect(ratio.map { abs($0 - 250.0 / 15.0) < 1e-9 } == true)
        brew.notes = "unrelated"
        #expect(calls.value == 0)
        brew.waterGrams = 240
        #expect(calls.value == 1)
    }

    @Test("date and utcOffsetSeconds are views of the tracked timestamp")
    func dateViewsTrackTimestamp() {
        let brew = Brew(rating: nil, notes: "", date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0)
        let calls = CallCounter()
        _ = withTracking { brew.day } onChange: { calls.increment() }
        brew.utcOffsetSeconds = 3600
        #expect(calls.value == 1)
    }

    @Test("a collection tracks membership, not the properties of its elements")
    func collectionTracksMembership() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-28T08:00:00Z")])
        let calls = CallCounter()
        let first = withTracking { store.brews.count } onChange: { calls.increment() }
        #expect(first == 1)
        store.brews[0].notes = "element edit"
        #expect(calls.value == 0)
        store.recordBrew()
        #expect(calls.value == 1)
    }

    @Test("removing a brew fires a scope that read the collection")
    func collectionTracksRemoval() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-28T08:00:00Z")])
        let calls = CallCounter()
        _ = withTracking { store.brews } onChange: { calls.increment() }
        store.remove(store.brews[0])
        #expect(calls.value == 1)
    }

    @Test("a streak reader hears about a date change but not a notes change")
    func streakTracksDatesOnly() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z",
                                  records: [record("2026-11-28T08:00:00Z"), record("2026-11-29T08:00:00Z")])
        let calls = CallCounter()
        let streak = withTracking { store.streak } onChange: { calls.increment() }
        #expect(streak == 2)
        store.brews[0].notes = "tasting notes are not streak inputs"
        #expect(calls.value == 0)
        store.brews[0].date = stamp("2026-11-20T08:00:00Z").date
        #expect(calls.value == 1)
        #expect(store.streak == 1)
    }

    @Test("the registration does not keep its subject alive")
    func registrationDoesNotRetainSubject() {
        weak var weakBrew: Brew?
        weak var weakRegistry: ChangeRegistry?
        let calls = CallCounter()
        do {
            let brew = Brew(rating: 3, notes: "", date: .now)
            weakBrew = brew
            weakRegistry = brew.registry
            _ = withTracking { brew.notes } onChange: { calls.increment() }
        }
        #expect(weakBrew == nil)
        #expect(weakRegistry == nil)
        #expect(calls.value == 0)
    }

    @Test("one scope over many subjects fires once and cancels its other registrations")
    func manySubjectsOneScope() {
        let brews = (0..<50).map { Brew(rating: 3, notes: "\($0)", date: .now) }
        let calls = CallCounter()
        _ = withTracking { brews.map(\.notes) } onChange: { calls.increment() }
        brews[17].notes = "changed"
        brews[3].notes = "changed too"
        #expect(calls.value == 1)
        #expect(brews.allSatisfy { $0.registry.observerCount == 0 })
    }

    @Test("an onChange that writes to the model neither recurses nor loses the write")
    func onChangeMayWrite() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.notes } onChange: {
            calls.increment()
            brew.notes += " (edited)"
        }
        brew.notes = "first"
        #expect(calls.value == 1)
        #expect(brew.notes == "first (edited)")
    }

    @Test("onChange sees the new value (didSet timing)")
    func didSetTiming() {
        let brew = Brew(rating: 3, notes: "old", date: .now)
        let seen = CallCounter()
        _ = withTracking { brew.notes } onChange: {
            if brew.notes == "new" { seen.increment() }
        }
        brew.notes = "new"
        #expect(seen.value == 1)
    }

    @Test("a mutation on another thread fires the scope exactly once")
    func mutationFromAnotherThread() async {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.rating } onChange: { calls.increment() }
        await withTaskGroup(of: Void.self) { group in
            for value in 1...5 {
                group.addTask { brew.rating = value == 3 ? 4 : value }
            }
        }
        #expect(calls.value == 1)
        #expect(brew.registry.observerCount == 0)
    }

    @Test("reads on another thread during the scope are not dependencies")
    func readsOnOtherThreadsIgnored() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        withTracking {
            let thread = Thread { _ = brew.notes }
            thread.start()
            while !thread.isFinished { usleep(100) }
        } onChange: { calls.increment() }
        brew.notes = "x"
        #expect(calls.value == 0)
    }
}

/// A model written directly against the registry with `withMutation`, as other models may be.
final class Thermometer: Sendable {
    let registry = ChangeRegistry()
    private let value = Mutex(20.0)

    var celsius: Double {
        get {
            registry.access(\Thermometer.celsius)
            return value.withLock { $0 }
        }
        set {
            registry.withMutation(of: \Thermometer.celsius) { value.withLock { $0 = newValue } }
        }
    }
}

@Suite("ChangeRegistry.withMutation")
struct WithMutationTests {
    @Test("withMutation stores, then notifies the scopes that read the property")
    func notifies() {
        let thermometer = Thermometer()
        let seen = CallCounter()
        _ = withTracking { thermometer.celsius } onChange: {
            if thermometer.celsius == 93 { seen.increment() }
        }
        thermometer.celsius = 93
        #expect(seen.value == 1)
    }
}
