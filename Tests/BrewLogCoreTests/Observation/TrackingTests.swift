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

    @Test("the registration does not keep its subject alive, and fires when the subject goes")
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
        #expect(calls.value == 1)
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

    @Test("an onChange that writes to the model does not recurse, and the change that fired it is stored after")
    func onChangeMayWrite() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.notes } onChange: {
            calls.increment()
            brew.notes += " (edited)"
        }
        brew.notes = "first"
        #expect(calls.value == 1)
        #expect(brew.notes == "first")
    }

    @Test("onChange runs before the store and reads the old value (willSet timing)")
    func willSetTiming() {
        let brew = Brew(rating: 3, notes: "old", date: .now)
        let seen = CallCounter()
        _ = withTracking { brew.notes } onChange: {
            if brew.notes == "old" { seen.increment() }
        }
        brew.notes = "new"
        #expect(seen.value == 1)
        #expect(brew.notes == "new")
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

/// A model written directly against the registry, as the documented pattern writes one: its
/// storage's key path is the key, set through `withMutation`, changed in place through `_modify`.
/// Unchecked: each test uses its thermometer on one thread, and an `onChange` reads it there.
final class Thermometer: @unchecked Sendable {
    let registry = ChangeRegistry()
    private var storedReadings: [Double] = [20]

    var readings: [Double] {
        get { registry.access(\Thermometer.storedReadings); return storedReadings }
        set { registry.withMutation(of: self, keyPath: \Thermometer.storedReadings) { $0 = newValue } }
        _modify {
            registry.access(\Thermometer.storedReadings)
            registry.willSet(\Thermometer.storedReadings)
            defer { registry.didSet(\Thermometer.storedReadings) }
            yield &storedReadings
        }
    }

    /// Adds a reading through `withMutation`, in place.
    func record(_ reading: Double) {
        registry.withMutation(of: self, keyPath: \Thermometer.storedReadings) { $0.append(reading) }
    }
}

@Suite("ChangeRegistry.withMutation and a model written with _modify")
struct WithMutationTests {
    @Test("withMutation tells the scopes that read the property before it stores, and they may read it")
    func notifiesBeforeTheStore() {
        let thermometer = Thermometer()
        let seen = Mutex<[Double]>([])
        _ = withTracking { thermometer.readings } onChange: {
            let old = thermometer.readings
            seen.withLock { $0 = old }
        }
        thermometer.readings = [93]
        #expect(seen.withLock { $0 } == [20])
        #expect(thermometer.readings == [93])
    }

    @Test("withMutation changes the storage in place: the buffer is not copied")
    func withMutationInPlace() {
        let thermometer = Thermometer()
        thermometer.readings.reserveCapacity(64)
        let before = thermometer.readings.withUnsafeBufferPointer { $0.baseAddress }
        thermometer.record(21)
        #expect(thermometer.readings.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    @Test("an append through _modify fires the scope once, before the store, and keeps the buffer")
    func modifyInPlace() {
        let thermometer = Thermometer()
        thermometer.readings.reserveCapacity(64)
        let before = thermometer.readings.withUnsafeBufferPointer { $0.baseAddress }
        let counts = Mutex<[Int]>([])
        _ = withTracking { thermometer.readings } onChange: { counts.withLock { $0.append(1) } }
        thermometer.readings.append(21)
        thermometer.readings.append(22)
        #expect(counts.withLock { $0 } == [1])
        #expect(thermometer.readings == [20, 21, 22])
        #expect(thermometer.readings.withUnsafeBufferPointer { $0.baseAddress } == before)
    }
}
