import Testing
@testable import BrewLogCore

/// What a sync counts between two journals, and how it names and settles merge conflicts.
@Suite("sync: changes counted by record, conflicts named and settled")
struct SyncRecordsTests {
    private static func bytes(_ lines: String...) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    @Test("added, edited and removed records are counted by kind; a respelt record is no change; a tombstone is a removal")
    func delta() {
        let old = Self.bytes(#"{"id":"b1","rating":3}"#, #"{"id":"b2","notes":"x"}"#, #"{"kind":"skip","id":"s1","day":"2026-11-20"}"#,
                             #"{"id":"b4","rating":1}"#)
        let new = Self.bytes(#"{"rating":3,"id":"b1"}"#, #"{"id":"b2","notes":"y"}"#, #"{"id":"b3"}"#, #"{"kind":"bean","id":"k1","name":"Guji"}"#,
                             #"{"kind":"removed","id":"b4","at":"2026-11-29T09:00:00Z","was":"h"}"#)
        let delta = JournalDelta(from: old, to: new)
        #expect(delta.counts[.brew] == JournalDelta.Counts(added: 1, edited: 1, removed: 1))
        #expect(delta.counts[.skip] == JournalDelta.Counts(added: 0, edited: 0, removed: 1))
        #expect(delta.counts[.bean] == JournalDelta.Counts(added: 1, edited: 0, removed: 0))
        #expect(JournalDelta(from: old, to: old).isEmpty)
        #expect((delta + delta).counts[.brew]?.added == 2)
    }

    @Test("lines shared at the start and the end are skipped whole, never cut mid-line", arguments: [
        ("{\"id\":\"b1\",\"r\":1}\n", "{\"id\":\"b1\",\"r\":1}\n{\"id\":\"b2\"}\n", JournalDelta.Counts(added: 1, edited: 0, removed: 0)),
        ("{\"id\":\"b1\",\"r\":11}\n{\"id\":\"b9\"}\n", "{\"id\":\"b1\",\"r\":1}\n{\"id\":\"b9\"}\n", JournalDelta.Counts(added: 0, edited: 1, removed: 0)),
        ("{\"id\":\"a\"}\n{\"id\":\"b\"}\n{\"id\":\"c\"}\n", "{\"id\":\"a\"}\n{\"id\":\"c\"}\n", JournalDelta.Counts(added: 0, edited: 0, removed: 1)),
        ("{\"id\":\"x1\"}\n", "{\"id\":\"x1\"}", JournalDelta.Counts()),
    ])
    func sharedEnds(old: String, new: String, brews: JournalDelta.Counts) {
        #expect(JournalDelta(from: Array(old.utf8), to: Array(new.utf8)).counts[.brew] ?? JournalDelta.Counts() == brews)
    }

    private static let base = bytes(#"{"id":"b1","rating":3,"notes":"a","coffee":"Kenya"}"#)
    private static let conflicted = bytes(
        #"{"id":"b0"}"#,
        "<<<<<<< ours", #"{"id":"b1","rating":5,"notes":"mine","coffee":"Kenya"}"#, "=======",
        #"{"id":"b1","rating":3,"notes":"theirs","coffee":"Guji"}"#, ">>>>>>> theirs",
        "<<<<<<< ours", "=======", #"{"id":"b2","notes":"changed there"}"#, ">>>>>>> theirs")

    @Test("each conflict is named by its id and the fields both sides changed (against the base)")
    func named() {
        let conflicts = JournalConflict.all(in: Self.conflicted, base: Self.base + Self.bytes(#"{"id":"b2"}"#))
        #expect(conflicts.map(\.id) == ["b1", "b2"])
        #expect(conflicts.map(\.line) == [2, 7])
        #expect(conflicts[0].fields == ["notes"])
        #expect(conflicts[1].ours == nil && conflicts[1].fields.isEmpty)
        // Without a base, every field whose values differ.
        #expect(JournalConflict.all(in: Self.conflicted).first?.fields == ["rating", "notes", "coffee"])
    }

    @Test("taking a side keeps the other side's changes to other fields, and leaves the other conflicts", arguments: JournalConflict.Side.allCases)
    func taking(side: JournalConflict.Side) {
        let settled = JournalConflict.taking(side, ids: ["b1"], in: Self.conflicted, base: Self.base)
        let text = String(decoding: settled, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == #"{"id":"b0"}"#)
        #expect(lines[1] == (side == .ours ? #"{"id":"b1","rating":5,"notes":"mine","coffee":"Guji"}"# : #"{"id":"b1","rating":5,"notes":"theirs","coffee":"Guji"}"#))
        #expect(JournalConflict.all(in: settled).map(\.id) == ["b2"])
        let removed = JournalConflict.taking(side, ids: ["b2"], in: settled)
        #expect(String(decoding: removed, as: UTF8.self).contains("changed there") == (side == .theirs))
        #expect(MergeConflictMarker.firstLine(in: removed) == nil)
    }
}
