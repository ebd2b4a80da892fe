// Swift's own tests of `Observations` (the standard library's test/stdlib/Observation/
// Observations.swift in swiftlang/swift), then SE-0475's behavioural notes, ported to BrewLogCore
// as a client package would write them: BrewLogCore imported without `@testable`, the models
// written by hand in the documented pattern. One Swift Testing case per case of the original,
// under its name; each keeps its intent.
//
// Adaptations:
// - Swift 6 language mode (the original compiles in Swift 5 mode): the flag "Error handling in
//   emit closure" sets from a task is a main-actor box instead of a captured `var`, and the
//   original's unused `emissionCount` is left out.
// - "Concurrent observers": the original writes 100 and 200 a `Task.yield()` apart and checks
//   only the first values and the counts; a yield does not promise that both consumers have
//   taken a value in between, so here each consumer reports every value it takes, the writer
//   waits for both reports before its next write, and the case checks all of them.
// - "Task cancellation behavior": the original cancels after one `Task.yield()`, which does not
//   promise that the consumer has taken its first value; here the consumer says so first.
// - SE-0475's notes are cases of their own, below the original's.
import Testing
import BrewLogCore
import Synchronization

/// The model of the original: two tracked properties.
private final class TestModel {
    let registry = ChangeRegistry()
    private var storedValue = 0
    private var storedName = "test"

    var value: Int {
        get { registry.access(\TestModel.storedValue); return storedValue }
        set { guard newValue != storedValue else { return }; registry.withMutation(of: self, keyPath: \TestModel.storedValue) { $0 = newValue } }
    }

    var name: String {
        get { registry.access(\TestModel.storedName); return storedName }
        set { guard newValue != storedName else { return }; registry.withMutation(of: self, keyPath: \TestModel.storedName) { $0 = newValue } }
    }
}

/// The original's second model: a count that an `async` method increments after a suspension.
private final class AsyncTestModel {
    let registry = ChangeRegistry()
    private var storedCount = 0

    var count: Int {
        get { registry.access(\AsyncTestModel.storedCount); return storedCount }
        set { guard newValue != storedCount else { return }; registry.withMutation(of: self, keyPath: \AsyncTestModel.storedCount) { $0 = newValue } }
    }

    @MainActor
    func increment() async {
        await Task.yield()
        count += 1
    }
}

private enum TestError: Error, Equatable {
    case simulatedError
    case anotherError
}

/// A flag the error case's writer sets, on the main actor with the expression that reads it.
@MainActor
private final class ThrowSwitch {
    var shouldThrow = false
}

@Suite("Swift's Observations tests, on the change registry")
@MainActor
struct PortedObservationsTests {
    @Test("Basic element emission")
    func basicElementEmission() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        var iterator = observations.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == 0)
        Task {
            await Task.yield()
            model.value = 42
        }
        let second = await iterator.next()
        #expect(second == 42)
    }

    @Test("Multiple property tracking")
    func multiplePropertyTracking() async {
        let model = TestModel()
        let observations = Observations<String, Never> { "\(model.name):\(model.value)" }
        var iterator = observations.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == "test:0")
        Task {
            await Task.yield()
            model.name = "updated"
            model.value = 100
        }
        let second = await iterator.next()
        #expect(second == "updated:100")
    }

    @Test("Error handling in emit closure")
    func errorHandlingInEmitClosure() async throws {
        let model = TestModel()
        let flag = ThrowSwitch()
        let observations = Observations<Int, TestError> { () throws(TestError) -> Int in
            if flag.shouldThrow {
                throw TestError.simulatedError
            }
            return model.value
        }
        var iterator = observations.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == 0)
        Task {
            await Task.yield()
            flag.shouldThrow = true
            model.value = 42
        }
        do {
            _ = try await iterator.next()
            Issue.record("Expected error to be thrown")
        } catch TestError.simulatedError {
            // Expected error
        } catch {
            Issue.record("Unexpected error type: \(error)")
        }
        let afterError = try await iterator.next()
        #expect(afterError == nil)
    }

    @Test("Concurrent observers")
    func concurrentObservers() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        let (reports, reporter) = AsyncStream<Int>.makeStream()
        let tasks = (0..<2).map { _ in
            Task {
                var iterator = observations.makeAsyncIterator()
                var values: [Int] = []
                for _ in 0..<3 {
                    if let value = await iterator.next() {
                        values.append(value)
                        reporter.yield(value)
                    }
                }
                return values
            }
        }
        let changeTask = Task {
            var taken = reports.makeAsyncIterator()
            for next in [100, 200] {
                _ = await taken.next()
                _ = await taken.next()
                model.value = next
            }
        }
        let (result1, result2) = await (tasks[0].value, tasks[1].value)
        await changeTask.value
        #expect(result1.count == 3)
        #expect(result2.count == 3)
        #expect(result1 == [0, 100, 200])
        #expect(result2 == [0, 100, 200])
    }

    @Test("Task cancellation behavior")
    func taskCancellationBehavior() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        let (started, starter) = AsyncStream<Void>.makeStream()
        let task = Task {
            var iterator = observations.makeAsyncIterator()
            var values: [Int] = []
            if let value = await iterator.next() {
                values.append(value)
            }
            starter.yield()
            if let value = await iterator.next() {
                values.append(value)
            }
            return values
        }
        var signals = started.makeAsyncIterator()
        _ = await signals.next()
        task.cancel()
        let result = await task.value
        #expect(result.count == 1)
        #expect(result.first == 0)
    }

    @Test("Rapid successive changes")
    func rapidSuccessiveChanges() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        var iterator = observations.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == 0)
        Task {
            await Task.yield()
            for i in 1...5 {
                model.value = i
            }
        }
        let second = await iterator.next()
        #expect(second == 5)
    }

    @Test("Empty sequence behavior")
    func emptySequenceBehavior() async {
        let observations = Observations<Int, Never>.untilFinished {
            return .finish
        }
        var iterator = observations.makeAsyncIterator()
        let result = await iterator.next()
        #expect(result == nil)
    }
}

// MARK: - SE-0475's behavioural notes

/// An actor whose state (a model it owns) a sequence made inside it observes.
private actor Counter {
    private let tally = TestModel()

    /// A sequence of the count, made here, so its expression runs on this actor (and may read
    /// its state synchronously, which is what this checks at compile time; at run time it
    /// would trap elsewhere).
    func counts() -> Observations<Int, Never> {
        Observations {
            self.preconditionIsolated()
            return self.tally.value
        }
    }

    /// Two increments in one piece of synchronous work on the actor: one transaction.
    func addTwo() {
        tally.value += 1
        tally.value += 1
    }

    func add(_ amount: Int) {
        tally.value += amount
    }
}

/// A model with a list, written with `_modify`, so an append changes it in place.
private final class Pantry {
    let registry = ChangeRegistry()
    private var storedItems: [String] = []

    var items: [String] {
        get { registry.access(\Pantry.storedItems); return storedItems }
        set { guard newValue != storedItems else { return }; registry.withMutation(of: self, keyPath: \Pantry.storedItems) { $0 = newValue } }
        _modify {
            registry.access(\Pantry.storedItems)
            registry.willSet(\Pantry.storedItems)
            defer { registry.didSet(\Pantry.storedItems) }
            yield &storedItems
        }
    }
}

/// What an `onChange` saw; `onChange` is `@Sendable`, so it is behind a lock.
private final class Seen<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// A model the tests hand to an `onChange` or a task on another thread: it is used by one at a time.
private final class SharedModel: @unchecked Sendable {
    let model = TestModel()
}

@Suite("SE-0475's notes on Observations and willSet timing, on the change registry")
@MainActor
struct ObservationsBehaviourTests {
    @Test("onChange runs at willSet: it reads the old value, and the new one is stored after")
    func onChangeReadsTheOldValue() {
        let shared = SharedModel()
        let seen = Seen<Int>()
        withTracking { _ = shared.model.value } onChange: { seen.append(shared.model.value) }
        shared.model.value = 7
        #expect(seen.all == [0])
        #expect(shared.model.value == 7)
    }

    @Test("nested scopes both fire at willSet and read the old value")
    func nestedScopesReadTheOldValue() {
        let shared = SharedModel()
        let seen = Seen<String>()
        withTracking {
            withTracking { _ = shared.model.name } onChange: { seen.append("inner " + shared.model.name) }
        } onChange: { seen.append("outer " + shared.model.name) }
        shared.model.name = "new"
        #expect(seen.all.sorted() == ["inner test", "outer test"])
    }

    @Test("a sequence made inside an actor over its state runs there and sees each transaction")
    func sequenceInsideAnActor() async {
        let counter = Counter()
        var counts = await counter.counts().makeAsyncIterator()
        #expect(await counts.next() == 0)
        await counter.addTwo()
        #expect(await counts.next() == 2)
        await counter.add(5)
        #expect(await counts.next() == 7)
    }

    @Test("a sequence made on the main actor runs its expression on the main actor")
    func sequenceOnTheMainActor() async {
        let model = TestModel()
        // The expression reads the main actor's state synchronously, which compiles only on the
        // main actor; at run time it would trap anywhere else.
        let runs = MainActorRuns()
        var values = Observations<Int, Never> {
            MainActor.preconditionIsolated()
            runs.count += 1
            return model.value
        }.makeAsyncIterator()
        #expect(await values.next() == 0)
        Task { model.value = 1 }
        #expect(await values.next() == 1)
        #expect(runs.count == 2)
    }

    @Test("untilFinished ends the sequence when the expression says so")
    func untilFinishedEnds() async {
        let model = TestModel()
        var values = Observations<Int, Never>.untilFinished {
            model.value < 3 ? .next(model.value) : .finish
        }.makeAsyncIterator()
        #expect(await values.next() == 0)
        Task { model.value = 2 }
        #expect(await values.next() == 2)
        Task { model.value = 3 }
        #expect(await values.next() == nil)
        #expect(await values.next() == nil)
    }

    @Test("a sequence over a weak object ends by itself when the object goes, waking the iterator")
    func weakObjectEndsTheSequence() async {
        var model: TestModel? = TestModel()
        let values = Observations<Int, Never>.untilFinished { [weak model] in
            guard let model else { return .finish }
            return .next(model.value)
        }
        let (started, starter) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var iterator = values.makeAsyncIterator()
            var seen: [Int] = []
            while let value = await iterator.next() {
                seen.append(value)
                starter.yield()
            }
            return seen
        }
        var signals = started.makeAsyncIterator()
        _ = await signals.next()
        model?.value = 4
        _ = await signals.next()
        model = nil
        #expect(await consumer.value == [0, 4])
    }

    @Test("an observed object's deinit fires the scopes that read it")
    func deinitFiresScopes() {
        let calls = Seen<Bool>()
        var model: TestModel? = TestModel()
        withTracking { _ = model?.value } onChange: { calls.append(true) }
        #expect(calls.all.isEmpty)
        model = nil
        #expect(calls.all == [true])
    }

    @Test("an observed object's deinit wakes a waiting iterator, which runs the expression again")
    func deinitWakesTheIterator() async {
        var model: TestModel? = TestModel()
        let values = Observations<Int?, Never> { [weak model] in model?.value }
        let (started, starter) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var iterator = values.makeAsyncIterator()
            var seen: [Int?] = []
            for _ in 0..<2 {
                guard let value = await iterator.next() else { break }
                seen.append(value)
                starter.yield()
            }
            return seen
        }
        var signals = started.makeAsyncIterator()
        _ = await signals.next()
        model = nil
        #expect(await consumer.value == [0, nil])
    }

    @Test("a transaction ends at the writer's suspension: a change after it is a value of its own")
    func transactionEndsAtSuspension() async {
        let model = AsyncTestModel()
        var counts = Observations<Int, Never> { model.count }.makeAsyncIterator()
        #expect(await counts.next() == 0)
        Task { await model.increment() }
        #expect(await counts.next() == 1)
        Task {
            model.count += 1
            await Task.yield()
            model.count += 1
        }
        #expect(await counts.next() == 2)
        #expect(await counts.next() == 3)
    }

    @Test("independent iterators of one sequence each get every transaction")
    func independentIteratorsEachGetEveryTransaction() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        var first = observations.makeAsyncIterator()
        var second = observations.makeAsyncIterator()
        #expect(await first.next() == 0)
        #expect(await second.next() == 0)
        model.value = 1
        #expect(await first.next() == 1)
        model.value = 2
        #expect(await first.next() == 2)
        #expect(await second.next() == 2)
        model.value = 3
        #expect(await second.next() == 3)
        #expect(await first.next() == 3)
    }

    @Test("a writer on another thread is seen with its value stored, never before")
    func writerOnAnotherThread() async {
        let shared = SharedModel()
        var values = Observations<Int, Never> { shared.model.value }.makeAsyncIterator()
        #expect(await values.next() == 0)
        await Task.detached { shared.model.value = 9 }.value
        #expect(await values.next() == 9)
    }

    @Test("cancelled before it starts, an iterator gives nothing")
    func cancelledBeforeStart() async {
        let model = TestModel()
        let observations = Observations<Int, Never> { model.value }
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = observations.makeAsyncIterator()
            return await iterator.next()
        }
        #expect(await consumer.value == nil)
    }

    @Test("an append through _modify changes the list in place, and tells the scope once, before")
    func modifyInPlace() {
        let pantry = Pantry()
        pantry.items.reserveCapacity(32)
        pantry.items.append("beans")
        let buffer = pantry.items.withUnsafeBufferPointer { $0.baseAddress }
        let fired = Seen<Bool>()
        withTracking { _ = pantry.items } onChange: { fired.append(true) }
        pantry.items.append("filters")
        pantry.items.append("milk")
        #expect(fired.all == [true])
        #expect(pantry.items == ["beans", "filters", "milk"])
        #expect(pantry.items.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    }

    @Test("a brew's tags and notes change in place, and a scope that read them hears it once, before")
    func brewInPlace() {
        let brew = Brew(rating: 3, notes: "bright", date: .now, tags: ["v60"])
        brew.tags.reserveCapacity(32)
        let buffer = brew.tags.withUnsafeBufferPointer { $0.baseAddress }
        // The scope keeps the old count, not the old list: a list it kept would share the buffer.
        let seen = Seen<Int>()
        withTracking { _ = brew.tags } onChange: { seen.append(brew.tags.count) }
        brew.tags.append("washed")
        brew.tags.append("kenya")
        brew.notes += ", juicy"
        #expect(seen.all == [1])
        #expect(brew.tags == ["v60", "washed", "kenya"])
        #expect(brew.notes == "bright, juicy")
        #expect(brew.tags.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    }
}

/// How many times an expression ran: main-actor state, read and written only there.
@MainActor
private final class MainActorRuns {
    var count = 0
}
