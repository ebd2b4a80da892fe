import Foundation
import Testing
@testable import BrewLogCore

/// A store watched row by row, as a live view watches it: every brew's row a tracking scope of
/// its own, the list and the streak each a scope; each scope re-installed when it fires.
private final class WatchedStore {
    let store: BrewLogStore
    let rows: [BrewID: CallCounter]
    let list = CallCounter()
    let streak = CallCounter()

    init(_ store: BrewLogStore) {
        self.store = store
        var rows: [BrewID: CallCounter] = [:]
        for brew in store.brews {
            let calls = CallCounter()
            rows[brew.id] = calls
            _ = withTracking { brew.record } onChange: { calls.increment() }
        }
        self.rows = rows
        let list = self.list, streak = self.streak
        _ = withTracking { store.count } onChange: { list.increment() }
        _ = withTracking { store.streakSummary } onChange: { streak.increment() }
    }

    /// The ids of the rows whose scope fired.
    var firedRows: [BrewID] { rows.filter { $0.value.value > 0 }.map(\.key) }
}

/// A thousand brews, one a day up to the day before `now`.
private func thousandBrews() -> [BrewRecord] {
    let start = stamp("2024-01-01T08:00:00Z").date
    return (0..<1_000).map { day in
        BrewRecord(id: .random(), timestamp: Timestamp(date: start.addingTimeInterval(Double(day) * 86_400), utcOffsetSeconds: 0), notes: "brew \(day)")
    }
}

private let reloadNow = "2026-11-29T12:00:00Z"

@Suite("A reload updates the live store in place: only what changed is told")
struct StoreReloadTests {
    @Test("another writer's notes edit fires exactly that brew's row, and not the list or the streak")
    func notesEditInMemory() throws {
        let journal = InMemoryJournal(thousandBrews())
        let live = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try live.load()
        let watched = WatchedStore(live)
        let objects = live.brews

        let writer = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try writer.load()
        let edited = writer.brews[617]
        edited.notes = "changed elsewhere"
        try writer.save()

        try live.reload()
        #expect(watched.firedRows == [edited.id])
        #expect(watched.list.value == 0)
        #expect(watched.streak.value == 0)
        let same = zip(live.brews, objects).allSatisfy { $0 === $1 }
        #expect(same && live.count == objects.count)
        #expect(live.brews[617].notes == "changed elsewhere")
        #expect(live.pendingChanges.isEmpty)
    }

    @Test("a brew added elsewhere is an insert: the list fires, no row does")
    func insertInMemory() throws {
        let journal = InMemoryJournal(thousandBrews())
        let live = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try live.load()
        let watched = WatchedStore(live)

        let writer = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try writer.load()
        let added = writer.recordBrew { $0.notes = "new" }
        try writer.save()

        try live.reload()
        #expect(watched.firedRows.isEmpty)
        #expect(watched.list.value == 1)
        #expect(live.count == 1_001)
        #expect(live.brews.last?.id == added.id)
        #expect(live.pendingChanges.isEmpty)
    }

    @Test("a reload that changes nothing tells nobody")
    func unchangedReload() throws {
        let journal = InMemoryJournal(thousandBrews())
        let live = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try live.load()
        let watched = WatchedStore(live)
        try live.reload()
        #expect(watched.firedRows.isEmpty)
        #expect(watched.list.value == 0)
        #expect(watched.streak.value == 0)
    }

    @Test("a removed brew leaves the list, and its date change reaches the streak")
    func removalAndDateChange() throws {
        let records = [record("2026-11-27T08:00:00Z"), record("2026-11-28T08:00:00Z"), record("2026-11-29T08:00:00Z")]
        let journal = InMemoryJournal(records)
        let live = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try live.load()
        #expect(live.streak == 3)
        let watched = WatchedStore(live)

        let writer = BrewLogStore(journal: journal, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        try writer.load()
        writer.brews[1].date = stamp("2026-11-20T08:00:00Z").date
        try writer.save()
        try live.reload()
        #expect(watched.firedRows == [records[1].id])
        #expect(watched.streak.value == 1)
        #expect(live.streak == 1)

        writer.remove(writer.brews[0])
        try writer.save()
        try live.reload()
        #expect(watched.list.value == 1)
        #expect(live.brews.map(\.id) == [records[1].id, records[2].id])
    }

    @Test("a file journal edited by another writer: one row fires, then an added line is an insert")
    func fileJournal() throws {
        let folder = TemporaryFolder()
        let path = folder.file("journal.jsonl")
        let file = FileJournal(path: path)
        try file.writing(timeout: 1) { locked throws(JournalError) in
            let seed = BrewLogStore(journal: locked, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
            try seed.load()
            for record in thousandBrews() { seed.insert(Brew(record: record)) }
            try seed.save()
        }
        let live = BrewLogStore(journal: InMemoryJournal(), clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
        live.reload(from: try file.reading(timeout: 1) { locked throws(JournalError) in try locked.load() })
        let watched = WatchedStore(live)

        let edited = try file.writing(timeout: 1) { locked throws(JournalError) -> BrewID in
            let writer = BrewLogStore(journal: locked, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
            try writer.load()
            let brew = writer.brew(at: 333)
            brew.notes = "changed by another process"
            try writer.save()
            return brew.id
        }
        live.reload(from: try file.reading(timeout: 1) { locked throws(JournalError) in try locked.load() })
        #expect(watched.firedRows == [edited])
        #expect(watched.list.value == 0)
        #expect(live.brews[333].notes == "changed by another process")

        try file.writing(timeout: 1) { locked throws(JournalError) in
            let writer = BrewLogStore(journal: locked, clock: .fixed(stamp(reloadNow).date), timeZone: zone("UTC"))
            try writer.load()
            writer.recordBrew { $0.notes = "added" }
            try writer.save()
        }
        live.reload(from: try file.reading(timeout: 1) { locked throws(JournalError) in try locked.load() })
        #expect(watched.firedRows == [edited])
        #expect(watched.list.value == 1)
        #expect(live.count == 1_001)
        #expect(live.brews.last?.notes == "added")
    }
}
