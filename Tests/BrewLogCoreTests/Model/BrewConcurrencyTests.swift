import Foundation
import Testing
@testable import BrewLogCore

/// Many tasks on one brew at once: every write is kept, every read is whole, observers and the
/// store's change log hear about every change, and nothing deadlocks.
@Suite("One brew read and written from several threads at once")
struct BrewConcurrencyTests {
    static let rounds = 2_000

    @Test("writers of different fields lose none of each other's writes, and readers never see a torn value")
    func writersOfDifferentFields() async {
        let brew = Brew(record: BrewRecord(id: .random(), timestamp: stamp("2026-11-28T08:00:00Z")))
        let rounds = Self.rounds
        let tornReads = await withTaskGroup(of: Int.self) { group in
            group.addTask { for i in 1...rounds { brew.brewTimeSeconds = i }; return 0 }
            group.addTask { for i in 1...rounds { brew.notes = Self.notes(i) }; return 0 }
            group.addTask { for i in 1...rounds { brew.tags = Self.tags(i) }; return 0 }
            group.addTask { for i in 1...rounds { brew.doseGrams = Double(i) / 4 }; return 0 }
            group.addTask {
                var torn = 0
                for _ in 1...rounds {
                    let record = brew.record
                    if !Self.isWhole(record) { torn += 1 }
                }
                return torn
            }
            return await group.reduce(0, +)
        }
        #expect(tornReads == 0)
        #expect(brew.brewTimeSeconds == rounds)
        #expect(brew.notes == Self.notes(rounds))
        #expect(brew.tags == Self.tags(rounds))
        #expect(brew.doseGrams == Double(rounds) / 4)
    }

    @Test("writers of the date and of the UTC offset, both parts of the timestamp, never undo each other")
    func writersOfTimestampParts() async {
        let start = stamp("2026-11-28T08:00:00Z")
        let brew = Brew(record: BrewRecord(id: .random(), timestamp: start))
        let rounds = Self.rounds * 50
        // Each writer alone writes its part, so it reads back what it wrote unless the other
        // writer's write of the other part put an older value of this one back.
        let undone = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                var undone = 0
                for i in 1...rounds {
                    let date = start.date.addingTimeInterval(Double(i))
                    brew.date = date
                    if brew.date != date { undone += 1 }
                }
                return undone
            }
            group.addTask {
                var undone = 0
                for i in 1...rounds {
                    brew.utcOffsetSeconds = i % 97 * 60
                    if brew.utcOffsetSeconds != i % 97 * 60 { undone += 1 }
                }
                return undone
            }
            return await group.reduce(0, +)
        }
        #expect(undone == 0)
        #expect(brew.timestamp == Timestamp(date: start.date.addingTimeInterval(Double(rounds)), utcOffsetSeconds: rounds % 97 * 60))
    }

    @Test("a validated update keeps what another thread wrote to other fields meanwhile")
    func updateKeepsOtherWriters() throws {
        let brew = Brew(record: BrewRecord(id: .random(), timestamp: stamp("2026-11-28T08:00:00Z"), rating: 2))
        try brew.update { record in
            // Another writer gets in between the update's copy and its write-back.
            brew.rating = 5
            brew.grind = "fine"
            record.notes = "bright"
        }
        #expect(brew.rating == 5)
        #expect(brew.grind == "fine")
        #expect(brew.notes == "bright")
    }

    @Test("concurrent validated updates of different fields all land")
    func concurrentUpdates() async {
        let brew = Brew(record: BrewRecord(id: .random(), timestamp: stamp("2026-11-28T08:00:00Z")))
        let rounds = Self.rounds
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for i in 1...rounds { try? brew.update { $0.brewTimeSeconds = i } } }
            group.addTask { for i in 1...rounds { try? brew.update { $0.grind = "g\(i)" } } }
            group.addTask { for i in 1...rounds { try? brew.update { $0.rating = i % 5 + 1 } } }
        }
        #expect(brew.brewTimeSeconds == rounds)
        #expect(brew.grind == "g\(rounds)")
        #expect(brew.rating == rounds % 5 + 1)
    }

    @Test("the store's change log hears every field written from every thread")
    func changeLogHearsEveryThread() async throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let brew = try store.brew(matching: "aaaa")
        let rounds = Self.rounds
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for i in 1...rounds { brew.brewTimeSeconds = i } }
            group.addTask { for i in 1...rounds { brew.coffee = "Kenya \(i)" } }
            group.addTask { for i in 1...rounds { brew.temperatureCelsius = Double(i % 100) } }
            group.addTask { for i in 1...rounds { brew.method = i.isMultiple(of: 2) ? "V60" : "AeroPress" } }
        }
        let changes = store.pendingChanges
        #expect(changes.changedFields[brew.id] == [.brewTime, .coffee, .temperature, .method])
        #expect(changes.updated.first?.brewTimeSeconds == rounds)
        #expect(changes.updated.first?.coffee == "Kenya \(rounds)")
    }

    @Test("scopes installed while other threads write are each told once, and may read the brew in onChange")
    func observersWhileWriting() async {
        let brew = Brew(record: BrewRecord(id: .random(), timestamp: stamp("2026-11-28T08:00:00Z")))
        let calls = CallCounter()
        let scopes = 200
        let rounds = Self.rounds
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for i in 1...rounds { brew.brewTimeSeconds = i } }
            group.addTask { for i in 1...rounds { brew.notes = "\(i)" } }
            group.addTask {
                for _ in 1...scopes {
                    _ = withTracking { brew.brewTimeSeconds } onChange: {
                        // Told outside the brew's lock: reading it here must not deadlock.
                        _ = brew.record
                        calls.increment()
                    }
                }
            }
        }
        // Every scope still waiting is told by one more change.
        brew.brewTimeSeconds = rounds + 1
        #expect(calls.value == scopes)
        #expect(brew.registry.observerCount == 0)
    }

    /// The notes the first test's writer writes in round `i`: a number, then `i % 40` two-byte letters.
    static func notes(_ i: Int) -> String {
        "note \(i):" + String(repeating: "é", count: i % 40)
    }

    /// The tags the first test's writer writes in round `i`: up to four, each naming the round.
    static func tags(_ i: Int) -> [String] {
        (0..<(i % 5)).map { "t\(i)-\($0)" }
    }

    /// Whether the notes and tags of `record` are each one value a writer wrote (or the start).
    static func isWhole(_ record: BrewRecord) -> Bool {
        let notes = record.notes
        let notesWhole = notes.isEmpty || notes.dropFirst(5).split(separator: ":").first.flatMap { Int($0) }.map { notes == Self.notes($0) } == true
        let round = record.tags.first.flatMap { Int($0.dropFirst().prefix { $0 != "-" }) }
        let tagsWhole = record.tags.isEmpty || round.map { record.tags == Self.tags($0) } == true
        return notesWhole && tagsWhole
    }
}
