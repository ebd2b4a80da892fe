import Foundation
import Testing
@testable import BrewLogCore

func fixedRecord(_ id: String, _ date: String, notes: String = "") -> BrewRecord {
    BrewRecord(id: BrewID(id) ?? .random(), timestamp: stamp(date), notes: notes)
}

@Suite("BrewLogStore keeps the exact change set for the journal")
struct StoreChangeSetTests {
    @Test("a recorded brew is an insert, and an insert alone can be appended")
    func insertIsAppendOnly() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z")
        let brew = store.recordBrew { $0.rating = 4 }
        brew.notes = "edited after recording"
        let changes = store.pendingChanges
        #expect(changes.inserted.map(\.id) == [brew.id])
        #expect(changes.inserted.first?.notes == "edited after recording")
        #expect(changes.updated.isEmpty)
        #expect(changes.isAppendOnly)
    }

    @Test("editing a loaded brew records which fields changed")
    func editRecordsFields() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let brew = try store.brew(matching: "aaaa")
        brew.notes = "new"
        brew.rating = 5
        brew.rating = 5
        let changes = store.pendingChanges
        #expect(changes.updated.map(\.id) == [brew.id])
        #expect(changes.changedFields[brew.id] == [.notes, .rating])
        #expect(!changes.isAppendOnly)
    }

    @Test("an equal write leaves nothing to save")
    func equalWriteIsNoChange() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z", notes: "x")])
        store.brews[0].notes = "x"
        #expect(store.pendingChanges.isEmpty)
    }

    @Test("removing a loaded brew is a removal; removing a new one leaves nothing")
    func removals() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let loaded = store.brews[0]
        loaded.notes = "edited, then removed"
        store.remove(loaded)
        let fresh = store.recordBrew()
        store.remove(fresh)
        let changes = store.pendingChanges
        #expect(changes.removed == [loaded.id])
        #expect(changes.inserted.isEmpty)
        #expect(changes.updated.isEmpty)
        #expect(store.brews.isEmpty)
    }

    @Test("removing many brews at once removes exactly those, keeps the rest in order, and saves once")
    func bulkRemoval() throws {
        let records = (0..<3_000).map { fixedRecord(String(format: "%012x", 0xabc000000000 + $0), "2026-11-28T08:00:00Z") }
        let journal = InMemoryJournal(records)
        let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        let doomed = store.brews.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        store.remove(doomed.reversed() + doomed.prefix(10))
        #expect(store.pendingChanges.removed == doomed.reversed().map(\.id))
        try store.save()
        #expect(journal.saveCount == 1)
        #expect(journal.records.map(\.id) == records.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.id))
    }

    @Test("save writes the change set to the journal and clears it")
    func saveClears() throws {
        let journal = InMemoryJournal([fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z"),
                                       fixedRecord("bbbb11112222", "2026-11-28T09:00:00Z")])
        let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        store.brews[0].notes = "edited"
        let added = store.recordBrew()
        try store.save()
        #expect(journal.records.map(\.id.rawValue) == ["aaaa11112222", "bbbb11112222", added.id.rawValue])
        #expect(journal.records[0].notes == "edited")
        #expect(store.pendingChanges.isEmpty)
        try store.save()
        #expect(journal.saveCount == 1)
    }

    @Test("a field written again after a save is pending again, and saved")
    func fieldWrittenAgainAfterSave() throws {
        let journal = InMemoryJournal([fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        let brew = store.brews[0]
        brew.notes = "first"
        brew.notes = "second"
        #expect(store.pendingChanges.changedFields[brew.id] == [.notes])
        try store.save()
        brew.notes = "third"
        #expect(store.pendingChanges.changedFields[brew.id] == [.notes])
        try store.save()
        #expect(journal.records[0].notes == "third")
        #expect(journal.saveCount == 2)
    }

    @Test("a field written again after the store reloads, or after the brew is removed and put back, is pending again")
    func fieldWrittenAgainAfterReloadOrReinsert() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let brew = store.brews[0]
        brew.rating = 2
        try store.reload()
        #expect(store.pendingChanges.isEmpty)
        brew.rating = 3
        #expect(store.pendingChanges.changedFields[brew.id] == [.rating])
        // Taken out without a tombstone (which would keep its id), so it can be put back.
        store.discard([brew])
        store.insert(brew)
        brew.rating = 4
        #expect(store.pendingChanges.inserted.first?.rating == 4)
    }

    @Test("every date change, not only the first, is a streak input")
    func everyDateChangeMovesTheStreak() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z",
                                  records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z"),
                                            fixedRecord("bbbb11112222", "2026-11-29T08:00:00Z")])
        #expect(store.streak == 2)
        let brew = try store.brew(matching: "aaaa")
        brew.date = stamp("2026-11-20T08:00:00Z").date
        #expect(store.streak == 1)
        brew.date = stamp("2026-11-28T09:00:00Z").date
        #expect(store.streak == 2)
        brew.utcOffsetSeconds = 3600
        brew.date = stamp("2026-11-21T08:00:00Z").date
        #expect(store.streak == 1)
    }

    @Test("a brew's noted fields hold every field apart, for one generation of the change log")
    func notedFieldsHoldEveryField() {
        var noted = NotedFields()
        for field in BrewField.allCases {
            #expect(!noted.contains(field, generation: 7))
            noted = noted.adding(field, generation: 7)
        }
        #expect(BrewField.allCases.allSatisfy { noted.contains($0, generation: 7) })
        #expect(!BrewField.allCases.contains { noted.contains($0, generation: 8) })
        #expect(!noted.adding(.notes, generation: 8).contains(.rating, generation: 8))
    }

    @Test("a brew removed from the store is no longer watched")
    func removedBrewNotWatched() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [fixedRecord("aaaa11112222", "2026-11-28T08:00:00Z")])
        let brew = store.brews[0]
        store.remove(brew)
        try store.save()
        brew.notes = "after removal"
        #expect(store.pendingChanges.isEmpty)
    }
}

@Suite("Validating mutations refuse bad values and change nothing")
struct StoreValidationTests {
    @Test("recording with an invalid field throws and records nothing",
          arguments: [
              (BrewField.rating, { @Sendable (r: inout BrewRecord) in r.rating = 6 }),
              (.rating, { @Sendable (r: inout BrewRecord) in r.rating = 0 }),
              (.dose, { @Sendable (r: inout BrewRecord) in r.doseGrams = 0 }),
              (.water, { @Sendable (r: inout BrewRecord) in r.waterGrams = -1 }),
              (.temperature, { @Sendable (r: inout BrewRecord) in r.temperatureCelsius = 100.5 }),
              (.brewTime, { @Sendable (r: inout BrewRecord) in r.brewTimeSeconds = 0 }),
              (.tags, { @Sendable (r: inout BrewRecord) in r.tags = ["two words"] }),
              (.tags, { @Sendable (r: inout BrewRecord) in r.tags = ["a,b"] }),
              (.tags, { @Sendable (r: inout BrewRecord) in r.tags = [""] }),
          ] as [(BrewField, @Sendable (inout BrewRecord) -> Void)])
    func invalidRecord(field: BrewField, configure: @Sendable (inout BrewRecord) -> Void) throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z")
        #expect(throws: InvalidFieldError.self) {
            try store.recordValidatedBrew(configure)
        }
        do {
            try store.recordValidatedBrew(configure)
        } catch {
            #expect(error.field == field)
        }
        #expect(store.brews.isEmpty)
        #expect(store.pendingChanges.isEmpty)
    }

    @Test("a validated update is all or nothing")
    func updateIsAtomic() throws {
        let brew = Brew(rating: 3, notes: "keep", date: .now)
        #expect(throws: InvalidFieldError.self) {
            try brew.update { $0.notes = "lost"; $0.rating = 9 }
        }
        #expect(brew.notes == "keep")
        #expect(brew.rating == 3)
        try brew.update { $0.notes = "kept"; $0.rating = 5 }
        #expect(brew.notes == "kept")
        #expect(brew.rating == 5)
    }
}

@Suite("Brews are found by id, unique prefix or 'last'")
struct StoreLookupTests {
    static func store() throws -> BrewLogStore {
        try makeStore(now: "2026-11-29T12:00:00Z", records: [
            fixedRecord("abcd00000001", "2026-11-28T08:00:00Z"),
            fixedRecord("abcd00000002", "2026-11-29T08:00:00Z"),
            fixedRecord("ffff00000003", "2026-11-27T08:00:00Z"),
            fixedRecord("x", "2026-11-20T08:00:00Z"),
        ])
    }

    @Test("lookups", arguments: [
        ("last", "abcd00000002"), ("ffff", "ffff00000003"), ("abcd00000001", "abcd00000001"),
        ("abcd00000002", "abcd00000002"), ("x", "x"),
    ])
    func found(reference: String, expected: String) throws {
        #expect(try Self.store().brew(matching: reference).id.rawValue == expected)
    }

    @Test("an ambiguous prefix lists its candidates")
    func ambiguous() throws {
        #expect(throws: BrewLookupError.ambiguous("abcd", candidates: [BrewID("abcd00000001"), BrewID("abcd00000002")].compactMap { $0 })) {
            try Self.store().brew(matching: "abcd")
        }
    }

    @Test("a prefix shorter than 4 characters is refused")
    func tooShort() throws {
        #expect(throws: BrewLookupError.prefixTooShort("abc")) { try Self.store().brew(matching: "abc") }
    }

    @Test("an unknown id is not found, and 'last' in an empty journal is not found")
    func notFound() throws {
        #expect(throws: BrewLookupError.notFound("0123")) { try Self.store().brew(matching: "0123") }
        #expect(throws: BrewLookupError.notFound("last")) { try makeStore(now: "2026-11-29T12:00:00Z").brew(matching: "last") }
    }
}

@Suite("The store makes brews into objects only when asked")
struct StoreLazinessTests {
    static func fileStore() throws -> (TemporaryFolder, BrewLogStore) {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", [
            #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","notes":"first"}"#,
            #"{"id":"cccc00000003","date":"2026-11-29T07:00:00+01:00","notes":"newest"}"#,
            #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","notes":"middle","x":1}"#,
        ].joined(separator: "\n") + "\n")
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")),
                                 clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        return (folder, store)
    }

    @Test("streak, count, newest and lookups read the snapshot; a brew asked for twice is the same object")
    func lookups() throws {
        let (_, store) = try Self.fileStore()
        #expect(store.streak == 3)
        #expect(store.count == 3)
        let newest = try #require(store.newestBrew)
        #expect(newest.notes == "newest")
        #expect(try store.brew(matching: "last") === newest)
        #expect(store.brew(on: CalendarDay(parsing: "2026-11-28")!)?.notes == "middle")
        #expect(store.brew(id: BrewID("bbbb00000002")!) === store.brews[2])
        #expect(store.brews.map(\.notes) == ["first", "newest", "middle"])
    }

    @Test("brewsByDate(limit:where:) filters and orders by date and keeps the newest")
    func byDate() throws {
        let (_, store) = try Self.fileStore()
        let day28 = try #require(CalendarDay(parsing: "2026-11-28"))
        #expect(store.brewsByDate(limit: 2) { _ in true }.map(\.notes) == ["middle", "newest"])
        #expect(store.brewsByDate(limit: nil) { $0.day <= day28 }.map(\.notes) == ["first", "middle"])
        #expect(store.brewsByDate.map(\.notes) == ["first", "middle", "newest"])
    }

    @Test("editing a brew made from the snapshot rewrites its line, keeping its unknown keys")
    func editMaterialized() throws {
        let (folder, store) = try Self.fileStore()
        try store.brew(matching: "bbbb").rating = 5
        try store.save()
        #expect(folder.text("j.jsonl")?.contains(#"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","rating":5,"notes":"middle","x":1}"#) == true)
    }

    @Test("a streak read inside withTracking still hears about a date change")
    func trackingMaterializes() throws {
        let (_, store) = try Self.fileStore()
        let calls = CallCounter()
        #expect(withTracking { store.streak } onChange: { calls.increment() } == 3)
        store.brews[0].date = stamp("2026-11-01T08:00:00+01:00").date
        #expect(calls.value == 1)
        #expect(store.streak == 2)
    }
}
