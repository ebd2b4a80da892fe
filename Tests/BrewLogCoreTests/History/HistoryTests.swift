import Foundation
import Testing
@testable import BrewLogCore

/// A store on an in-memory journal that records history, holding two brews, a skip day and a bag.
private func recordingStore() throws -> (BrewLogStore, InMemoryJournal) {
    let brews = [
        BrewRecord(id: BrewID(unchecked: "aaaa00000001"), timestamp: stamp("2026-11-27T08:00:00+01:00"), notes: "first"),
        BrewRecord(id: BrewID(unchecked: "bbbb00000002"), timestamp: stamp("2026-11-28T08:00:00+01:00"), notes: "second"),
    ]
    let skip = SkipDay(id: BrewID(unchecked: "skip00000001"), day: CalendarDay(year: 2026, month: 11, day: 20) ?? CalendarDay(daysSinceEpoch: 0))
    let bag = BeanBag(id: BrewID(unchecked: "bean00000001"), name: "Kenya AA")
    let journal = InMemoryJournal(brews, entries: [.skip(skip), .bean(bag)])
    journal.recording = recording("test")
    let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
    try store.load()
    return (store, journal)
}

func recording(_ command: String, keep: Int = 1_000) -> HistoryRecording {
    HistoryRecording(at: stamp("2026-11-29T12:00:00+01:00"), command: command, arguments: [command], bounds: HistoryBounds(keep: keep))
}

/// One kind of change a command makes, applied to the store.
struct ChangeKind: CustomTestStringConvertible, Sendable {
    let name: String
    let touched: Int
    let apply: @Sendable (BrewLogStore) throws -> Void
    var testDescription: String { name }
}

let changeKinds: [ChangeKind] = [
    ChangeKind(name: "add a brew", touched: 1) { store in store.recordBrew { $0.method = "V60" } },
    ChangeKind(name: "edit a brew", touched: 1) { store in try store.brew(matching: "aaaa").rating = 5 },
    ChangeKind(name: "bulk edit", touched: 2) { store in for brew in store.brews { brew.notes = "bulk" } },
    ChangeKind(name: "remove a brew (its tombstone takes its line)", touched: 1) { store in store.remove(try store.brew(matching: "bbbb")) },
    ChangeKind(name: "bulk remove", touched: 2) { store in store.remove(store.brews) },
    ChangeKind(name: "skip a day", touched: 1) { store in store.recordSkip(on: CalendarDay(year: 2026, month: 11, day: 21) ?? CalendarDay(daysSinceEpoch: 0)) },
    ChangeKind(name: "unskip a day", touched: 1) { store in store.remove(store.skipDays.map(JournalEntry.skip)) },
    ChangeKind(name: "add a bag", touched: 1) { store in _ = store.recordBean(BeanBag(id: BrewID(unchecked: "bean00000002"), name: "Ethiopia")) },
    ChangeKind(name: "edit a bag", touched: 1) { store in
        var bag = try #require(store.beanBags.first)
        bag.roaster = "Somebody"
        #expect(store.update(.bean(bag)))
    },
    ChangeKind(name: "remove a bag", touched: 1) { store in store.remove(store.beanBags.map(JournalEntry.bean)) },
    ChangeKind(name: "add, edit and remove at once", touched: 3) { store in
        store.recordBrew { $0.notes = "new" }
        try store.brew(matching: "aaaa").notes = "changed"
        store.remove(try store.brew(matching: "bbbb"))
    },
]

@Suite("Each save records one history entry, and undo puts every line back")
struct HistoryTests {
    @Test("a change records each touched record's line before and after, exactly as the journal writes it", arguments: changeKinds)
    func recorded(kind: ChangeKind) throws {
        let (store, journal) = try recordingStore()
        let before = journal.lines
        try kind.apply(store)
        try store.save()
        let after = journal.lines
        let entry = try #require(journal.history.last)
        #expect(journal.history.count == 1)
        #expect(entry.changes.count == kind.touched)
        for change in entry.changes {
            #expect(change.before == before[change.id])
            #expect(change.after == after[change.id])
            #expect(change.before != change.after)
        }
        // Every record whose line changed is in the entry.
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(Set(entry.changes.map(\.id)) == changed)
    }

    @Test("undo puts every line back as it was, and undo of the undo redoes", arguments: changeKinds)
    func undoAndRedo(kind: ChangeKind) throws {
        let (store, journal) = try recordingStore()
        let before = journal.lines
        try kind.apply(store)
        try store.save()
        let after = journal.lines

        let undo = try UndoPlan(newestFirst: journal.history.reversed(), current: journal.lines, force: false)
        #expect(undo.conflicts.isEmpty)
        let undone = try #require(try journal.restore(undo, recording: recording("undo")))
        #expect(journal.lines == before)
        #expect(undone.undoes == journal.history.first?.id)

        let redo = try UndoPlan(newestFirst: journal.history.reversed(), current: journal.lines, force: false)
        #expect(redo.target == undone)
        try journal.restore(redo, recording: recording("undo"))
        #expect(journal.lines == after)
        #expect(journal.history.count == 3)
    }

    @Test("a save that changes no line records nothing")
    func nothingChanged() throws {
        let (store, journal) = try recordingStore()
        let brew = try store.brew(matching: "aaaa")
        brew.notes = brew.notes
        try store.save()
        #expect(journal.history.isEmpty)
    }

    @Test("undo refuses when a record it would put back changed since, naming it; --force puts it back all the same")
    func refusedAfterLaterChange() throws {
        let (store, journal) = try recordingStore()
        try store.brew(matching: "aaaa").rating = 3
        store.recordBrew { $0.notes = "kept" }
        try store.save()
        let first = try #require(journal.history.last)
        let original = try #require(first.changes.first { $0.id.rawValue == "aaaa00000001" }?.before)
        // A later change outside the history (another machine, say).
        let later = journal.lines
        let changed = try BrewLineCodec.decode(try #require(later[BrewID(unchecked: "aaaa00000001")]))
        var newer = changed
        newer.rating = 1
        let plan = try UndoPlan(newestFirst: [first], current: later.merging([changed.id: BrewLineCodec.encode(newer)]) { $1 }, force: false)
        #expect(plan.isRefused)
        #expect(plan.conflicts.map(\.id) == [changed.id])

        let forced = try UndoPlan(newestFirst: [first], current: later.merging([changed.id: BrewLineCodec.encode(newer)]) { $1 }, force: true)
        #expect(!forced.isRefused)
        #expect(forced.restorations.first { $0.id == changed.id }?.after == original)
        #expect(forced.restorations.count == 2)
    }

    @Test("nothing to undo in an empty history, and a change too large to keep cannot be undone")
    func refusals() throws {
        #expect(throws: UndoPlan.Refusal.nothingToUndo) { try UndoPlan(newestFirst: [], current: [:], force: true) }
        let huge = String(repeating: "x", count: 4096)
        let changes = (0..<4).map { HistoryEntry.Change(id: BrewID(unchecked: "id\($0)"), before: nil, after: huge) }
        let small = HistoryRecording(at: stamp("2026-11-29T12:00:00+01:00"), command: "import", arguments: [],
                                     bounds: HistoryBounds(keep: 10, maxBytes: 8192))
        let entry = try #require(small.entry(touching: changes))
        #expect(entry.linesOmitted)
        #expect(entry.changes.map(\.id) == changes.map(\.id))
        #expect(throws: UndoPlan.Refusal.linesOmitted(entry: entry)) { try UndoPlan(newestFirst: [entry], current: [:], force: true) }
    }
}

@Suite("History lines read back exactly, and a damaged or foreign history is read around, never trusted blindly")
struct HistoryCodecTests {
    @Test("an entry survives encoding: control characters, quotes, non-ASCII and nulls for missing lines")
    func roundTrip() throws {
        let entry = HistoryEntry(at: stamp("2026-11-29T07:41:00+01:00"), command: "bean edit",
                                 arguments: ["edit", "--notes", "tab\there \"quoted\" \u{1B}[31m ☕ e\u{301}"], undoes: "00000000000000ff",
                                 changes: [.init(id: BrewID(unchecked: "aaaa"), before: nil, after: lineA),
                                           .init(id: BrewID(unchecked: "bbbb"), before: lineB, after: nil)],
                                 journalBefore: .file(JournalFingerprint(device: UInt64.max, inode: 1 << 62, size: 123, modified: -5)))
        let line = HistoryCodec.encode(entry)
        #expect(!line.contains("\n"))
        #expect(try HistoryCodec.decode(line) == entry)
    }

    @Test("a bad entry line is refused with a reason", arguments: [
        "{}", "[1]", #"{"id":"x","at":"yesterday","command":"add","arguments":[],"changes":[]}"#,
        #"{"id":"x","at":"2026-11-29T07:41:00+01:00","command":"add","arguments":[1],"changes":[]}"#,
        #"{"id":"x","at":"2026-11-29T07:41:00+01:00","command":"add","arguments":[],"changes":[{"id":"a","before":null,"after":null}]}"#,
        #"{"id":"x","at":"2026-11-29T07:41:00+01:00","command":"add","arguments":[],"changes":[{"id":"a","after":"1"},{"id":"a","after":"2"}]}"#,
        #"{"id":"x","at":"2026-11-29T07:41:00+01:00","command":"add","arguments":[],"changes":[{"id":"no spaces","after":"1"}]}"#,
        #"{"id":"x","at":"2026-11-29T07:41:00+01:00","command":"add","arguments":[],"journal_before":{"device":"1","inode":"2","size":"1e300","modified":"0"},"changes":[]}"#,
    ])
    func refused(line: String) {
        #expect(throws: LineProblem.self) { try HistoryCodec.decode(line) }
    }

    @Test("a damaged line is skipped and named; an unfinished last line is not part of the history")
    func damaged() throws {
        let entry = HistoryCodec.encode(HistoryEntry(at: stamp("2026-11-29T07:41:00+01:00"), command: "add", arguments: [],
                                                     changes: [.init(id: BrewID(unchecked: "aaaa"), before: nil, after: lineA)]))
        let text = HistoryCodec.header + "\n" + entry + "\n{garbage\n" + entry + "\n" + String(entry.prefix(20))
        let log = HistoryLog(Array(text.utf8))
        #expect(log.entries.count == 2)
        #expect(!log.isForeign)
        #expect(log.problems.count == 2)
        #expect(log.problems.first?.hasPrefix("line 3:") == true)
        #expect(log.wholeLength == text.utf8.count - 20)
    }

    @Test("a file without the header is foreign: nothing in it is read", arguments: ["hello\n", "{\"id\":\"x\"}\n", "\u{FEFF}" + HistoryCodec.header + "\n"])
    func foreign(text: String) {
        let log = HistoryLog(Array(text.utf8))
        #expect(log.isForeign)
        #expect(log.entries.isEmpty)
    }

    @Test("the bounds keep the newest entries that fit in both the count and the size")
    func bounds() {
        #expect(HistoryBounds(keep: 3).keptCount([10, 10, 10, 10, 10]) == 3)
        let header = HistoryCodec.header.utf8.count + 1
        #expect(HistoryBounds(keep: 100, maxBytes: 1024).keptCount([500, 400, 300, 200]) == 3)
        #expect(HistoryBounds(keep: 100, maxBytes: 1024).keptCount([500, 400, 600, 300]) == 2)
        #expect(HistoryBounds(keep: 100, maxBytes: 1024).keptCount([1024 - header]) == 0)
        #expect(HistoryBounds(keep: 0).keep == 1)
    }
}
