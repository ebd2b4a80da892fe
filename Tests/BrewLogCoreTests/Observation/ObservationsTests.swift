import Foundation
import Testing
@testable import BrewLogCore

/// The error an expression throws when a brew's notes say so.
struct ObservationFailure: Error, Equatable {}

/// SE-0475's cases for `Observations`, on the change registry. None waits for time to pass: a
/// writer is a task on the main actor, which runs only when the consumer suspends, and tasks
/// that must see every value report each one before the next write.
@Suite("Observations yields a value at once, then one per transaction of changes")
@MainActor
struct ObservationsTests {
    private func brew(notes: String = "first", rating: Int? = nil) -> Brew {
        Brew(rating: rating, notes: notes, date: Date(timeIntervalSince1970: 0))
    }

    @Test("the first value comes at once")
    func initialValue() async {
        let brew = brew()
        var values = Observations<String, Never> { brew.notes }.makeAsyncIterator()
        #expect(await values.next() == "first")
    }

    @Test("a change made while the consumer waits is the next value")
    func changeWhileWaiting() async {
        let brew = brew()
        var values = Observations<String, Never> { brew.notes }.makeAsyncIterator()
        #expect(await values.next() == "first")
        Task { brew.notes = "second" }
        #expect(await values.next() == "second")
    }

    @Test("changes to several properties in one piece of synchronous work are one value")
    func transactionOfSeveralProperties() async {
        let brew = brew()
        var values = Observations<String, Never> { "\(brew.notes):\(brew.rating ?? 0)" }.makeAsyncIterator()
        #expect(await values.next() == "first:0")
        Task {
            brew.notes = "updated"
            brew.rating = 5
        }
        #expect(await values.next() == "updated:5")
    }

    @Test("rapid changes are coalesced into the last, and are not given again")
    func rapidChangesCoalesce() async {
        let brew = brew(rating: 0)
        var values = Observations<Int?, Never> { brew.rating }.makeAsyncIterator()
        #expect(await values.next() == 0)
        Task {
            for rating in 1...5 { brew.rating = rating }
        }
        #expect(await values.next() == 5)
        Task { brew.rating = 3 }
        #expect(await values.next() == 3)
    }

    @Test("changes made before the consumer asks again are coalesced too")
    func changesWhileBusyCoalesce() async {
        let brew = brew(rating: 0)
        var values = Observations<Int?, Never> { brew.rating }.makeAsyncIterator()
        #expect(await values.next() == 0)
        brew.rating = 1
        brew.rating = 2
        #expect(await values.next() == 2)
        Task { brew.rating = 4 }
        #expect(await values.next() == 4)
    }

    @Test("a change to a property the expression did not read gives no value")
    func unreadPropertyIsIgnored() async {
        let brew = brew(rating: 0)
        var values = Observations<Int?, Never> { brew.rating }.makeAsyncIterator()
        #expect(await values.next() == 0)
        brew.notes = "not read"
        Task { brew.rating = 1 }
        #expect(await values.next() == 1)
    }

    @Test("the expression reads the store: the streak is a value of its own")
    func storeExpression() async throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-28T08:00:00Z")])
        var values = Observations<Int, Never> { store.streak }.makeAsyncIterator()
        #expect(await values.next() == 1)
        Task { store.recordBrew(at: stamp("2026-11-29T08:00:00Z")) }
        #expect(await values.next() == 2)
    }

    @Test("two iterators are independent: each has its own first value and its own pending change")
    func independentIterators() async {
        let brew = brew(rating: 0)
        let observations = Observations<Int?, Never> { brew.rating }
        var first = observations.makeAsyncIterator()
        var second = observations.makeAsyncIterator()
        #expect(await first.next() == 0)
        #expect(await second.next() == 0)
        brew.rating = 1
        #expect(await first.next() == 1)
        brew.rating = 2
        #expect(await first.next() == 2)
        #expect(await second.next() == 2)
    }

    @Test("concurrent iterators in their own tasks each see every transaction")
    func concurrentIterators() async {
        let brew = brew(rating: 0)
        let observations = Observations<Int?, Never> { brew.rating }
        let (received, reporter) = AsyncStream<Int?>.makeStream()
        let consumers = (0..<2).map { _ in
            Task { () -> [Int?] in
                var iterator = observations.makeAsyncIterator()
                var values: [Int?] = []
                for _ in 0..<3 {
                    guard let value = await iterator.next() else { break }
                    values.append(value)
                    reporter.yield(value)
                }
                return values
            }
        }
        var reports = received.makeAsyncIterator()
        for next in [100, 200] {
            // Both consumers hold the value before this one is written, so none is coalesced.
            _ = await reports.next()
            _ = await reports.next()
            brew.rating = next
        }
        for consumer in consumers {
            #expect(await consumer.value == [0, 100, 200])
        }
    }

    @Test("cancelling the task ends the sequence, even while it waits for a change")
    func cancellationEnds() async {
        let brew = brew(rating: 0)
        let observations = Observations<Int?, Never> { brew.rating }
        let (started, starter) = AsyncStream<Void>.makeStream()
        let consumer = Task { () -> [Int?] in
            var iterator = observations.makeAsyncIterator()
            var values: [Int?] = []
            if let value = await iterator.next() { values.append(value) }
            starter.yield()
            while let value = await iterator.next() { values.append(value) }
            return values
        }
        var signals = started.makeAsyncIterator()
        _ = await signals.next()
        consumer.cancel()
        #expect(await consumer.value == [0])
    }

    @Test("an iterator whose task is cancelled before it starts gives nothing")
    func cancelledBeforeStart() async {
        let brew = brew()
        let observations = Observations<String, Never> { brew.notes }
        let consumer = Task { () -> String? in
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = observations.makeAsyncIterator()
            return await iterator.next()
        }
        #expect(await consumer.value == nil)
    }

    @Test("an error from the expression is thrown once, and ends the sequence")
    func errorEnds() async throws {
        let brew = brew()
        var values = Observations<String, ObservationFailure> { () throws(ObservationFailure) -> String in
            if brew.notes == "boom" { throw ObservationFailure() }
            return brew.notes
        }.makeAsyncIterator()
        #expect(try await values.next() == "first")
        Task { brew.notes = "boom" }
        await #expect(throws: ObservationFailure.self) { try await values.next() }
        brew.notes = "calm again"
        #expect(try await values.next() == nil)
    }
}
