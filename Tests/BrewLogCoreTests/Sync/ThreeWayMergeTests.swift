import Testing
@testable import BrewLogCore

/// The merge driver's rules, one row each: three journals in, the merged journal and its
/// conflicts out.
@Suite("Three-way merge of journals by record id and field")
struct ThreeWayMergeTests {
    /// A brew line with `fields` after its id and date.
    private static func brew(_ id: String, _ fields: String = #""notes":"""#) -> String {
        #"{"id":"\#(id)","date":"2026-11-28T08:00:00+01:00",\#(fields)}"#
    }

    /// One rule: the three journals, what the merge writes, and the conflicts it reports.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let base: [String]
        let ours: [String]
        let theirs: [String]
        let merged: [String]
        var conflicts: [MergeConflict.Reason] = []
        var testDescription: String { name }
    }

    static let a = brew("a"), b = brew("b"), c = brew("c")
    static let marker = (ours: "<<<<<<< ours", separator: "=======", theirs: ">>>>>>> theirs")

    static let cases: [Case] = [
        Case(name: "nothing changed: every line as it was", base: [a, b], ours: [a, b], theirs: [a, b], merged: [a, b]),
        Case(name: "changed on ours only: ours", base: [a], ours: [brew("a", #""rating":4,"notes":"""#)], theirs: [a],
             merged: [brew("a", #""rating":4,"notes":"""#)]),
        Case(name: "changed on theirs only: theirs", base: [a], ours: [a], theirs: [brew("a", #""rating":4,"notes":"""#)],
             merged: [brew("a", #""rating":4,"notes":"""#)]),
        Case(name: "different fields changed on both sides: both changes",
             base: [brew("a", #""rating":3,"notes":"","method":"V60""#)],
             ours: [brew("a", #""rating":5,"notes":"","method":"V60""#)],
             theirs: [brew("a", #""rating":3,"notes":"","method":"Kalita""#)],
             merged: [brew("a", #""rating":5,"notes":"","method":"Kalita""#)]),
        Case(name: "one field changed to the same value on both sides: that value",
             base: [brew("a", #""rating":3,"notes":"""#)], ours: [brew("a", #""rating":5,"notes":"""#)],
             theirs: [brew("a", #""rating":5,"notes":"""#)], merged: [brew("a", #""rating":5,"notes":"""#)]),
        Case(name: "one field changed to different values on both sides: a conflict",
             base: [brew("a", #""rating":3,"notes":"""#), b], ours: [brew("a", #""rating":4,"notes":"""#), b],
             theirs: [brew("a", #""rating":5,"notes":"""#), b],
             merged: [marker.ours, brew("a", #""rating":4,"notes":"""#), marker.separator, brew("a", #""rating":5,"notes":"""#), marker.theirs, b],
             conflicts: [.fields(["rating"])]),
        Case(name: "a record of another kind on each side has no fields to merge: a conflict",
             base: [#"{"id":"k1","date":"2026-11-20T08:00:00+01:00","notes":"base"}"#],
             ours: [#"{"id":"k1","date":"2026-11-20T08:00:00+01:00","notes":"base","rating":3}"#],
             theirs: [#"{"id":"k1","kind":"skip","day":"2026-11-20"}"#],
             merged: [marker.ours, #"{"id":"k1","date":"2026-11-20T08:00:00+01:00","notes":"base","rating":3}"#, marker.separator,
                      #"{"id":"k1","kind":"skip","day":"2026-11-20"}"#, marker.theirs],
             conflicts: [.fields(["kind"])]),
        Case(name: "notes changed on both sides are not merged as text: a conflict",
             base: [brew("a", #""notes":"bright""#)], ours: [brew("a", #""notes":"bright, sweet""#)],
             theirs: [brew("a", #""notes":"bright\nsour""#)],
             merged: [marker.ours, brew("a", #""notes":"bright, sweet""#), marker.separator, brew("a", #""notes":"bright\nsour""#), marker.theirs],
             conflicts: [.fields(["notes"])]),
        Case(name: "a field removed on one side and another changed on the other: both changes",
             base: [brew("a", #""rating":3,"notes":"","grind":"22""#)], ours: [brew("a", #""rating":3,"notes":"""#)],
             theirs: [brew("a", #""rating":4,"notes":"","grind":"22""#)], merged: [brew("a", #""rating":4,"notes":"""#)]),
        Case(name: "a field removed on one side and changed on the other: a conflict",
             base: [brew("a", #""notes":"","grind":"22""#)], ours: [brew("a", #""notes":"""#)],
             theirs: [brew("a", #""notes":"","grind":"24""#)],
             merged: [marker.ours, brew("a", #""notes":"""#), marker.separator, brew("a", #""notes":"","grind":"24""#), marker.theirs],
             conflicts: [.fields(["grind"])]),
        Case(name: "a field only theirs added goes after the field it follows there",
             base: [brew("a", #""notes":"","method":"V60""#)], ours: [brew("a", #""notes":"x","method":"V60""#)],
             theirs: [brew("a", #""rating":4,"notes":"","method":"V60""#)], merged: [brew("a", #""rating":4,"notes":"x","method":"V60""#)]),
        Case(name: "added on each side: ours' order, then theirs' new ones in theirs' order",
             base: [a], ours: [a, b], theirs: [a, brew("d"), c], merged: [a, b, brew("d"), c]),
        Case(name: "added on both sides, identical: once", base: [a], ours: [a, b], theirs: [a, b], merged: [a, b]),
        Case(name: "added on both sides, differently: a conflict", base: [], ours: [brew("b", #""rating":2,"notes":"""#)],
             theirs: [brew("b", #""rating":5,"notes":"""#)],
             merged: [marker.ours, brew("b", #""rating":2,"notes":"""#), marker.separator, brew("b", #""rating":5,"notes":"""#), marker.theirs],
             conflicts: [.addedDifferently]),
        Case(name: "removed on ours, unchanged on theirs: removed", base: [a, b], ours: [a], theirs: [a, b], merged: [a]),
        Case(name: "removed on theirs, unchanged on ours: removed", base: [a, b], ours: [a, b], theirs: [b], merged: [b]),
        Case(name: "removed on both sides: removed", base: [a, b], ours: [b], theirs: [b], merged: [b]),
        Case(name: "removed on ours, changed on theirs: a conflict with an empty ours",
             base: [a, b], ours: [b], theirs: [brew("a", #""rating":1,"notes":"""#), b],
             merged: [b, marker.ours, marker.separator, brew("a", #""rating":1,"notes":"""#), marker.theirs],
             conflicts: [.removedByOurs]),
        Case(name: "changed on ours, removed on theirs: a conflict with an empty theirs",
             base: [a, b], ours: [brew("a", #""rating":1,"notes":"""#), b], theirs: [b],
             merged: [marker.ours, brew("a", #""rating":1,"notes":"""#), marker.separator, marker.theirs, b],
             conflicts: [.removedByTheirs]),
        Case(name: "a line spelt differently with the same values is unchanged",
             base: [#"{"id":"a","date":"2026-11-28T08:00:00+01:00","notes":"","rating":3}"#],
             ours: [#"{ "rating": 3, "id": "a", "date": "2026-11-28T08:00:00+01:00", "notes": "" }"#],
             theirs: [brew("a", #""rating":4,"notes":"""#)], merged: [brew("a", #""rating":4,"notes":"""#)]),
        Case(name: "unchanged lines stay byte for byte, spaces and all",
             base: [#"{ "id": "a", "date": "2026-11-28T08:00:00+01:00", "notes": "" }"#, b],
             ours: [#"{ "id": "a", "date": "2026-11-28T08:00:00+01:00", "notes": "" }"#, b, c],
             theirs: [#"{ "id": "a", "date": "2026-11-28T08:00:00+01:00", "notes": "" }"#, b],
             merged: [#"{ "id": "a", "date": "2026-11-28T08:00:00+01:00", "notes": "" }"#, b, c]),
        Case(name: "skip days, bean bags and unknown kinds merge by id like brews",
             base: [#"{"id":"s","kind":"skip","day":"2026-11-20"}"#, #"{"id":"g","kind":"bean","name":"Guji"}"#],
             ours: [#"{"id":"s","kind":"skip","day":"2026-11-20","notes":"flight"}"#, #"{"id":"g","kind":"bean","name":"Guji"}"#,
                    #"{"id":"u","kind":"grinder","model":"C40"}"#],
             theirs: [#"{"id":"s","kind":"skip","day":"2026-11-20"}"#, #"{"id":"g","kind":"bean","name":"Guji","finished":"2026-11-27"}"#],
             merged: [#"{"id":"s","kind":"skip","day":"2026-11-20","notes":"flight"}"#, #"{"id":"g","kind":"bean","name":"Guji","finished":"2026-11-27"}"#,
                      #"{"id":"u","kind":"grinder","model":"C40"}"#]),
        Case(name: "a line that is not a record is matched by its bytes: kept, added or removed whole",
             base: ["", a, "garbage"], ours: ["", a, "garbage"], theirs: ["", a, "more garbage"],
             merged: ["", a, "more garbage"]),
    ]

    @Test(arguments: cases)
    func rule(_ rule: Case) {
        let text = { (lines: [String]) in Array(lines.map { $0 + "\n" }.joined().utf8) }
        let result = ThreeWayMerge.merge(base: text(rule.base), ours: text(rule.ours), theirs: text(rule.theirs))
        #expect(String(decoding: result.bytes, as: UTF8.self) == rule.merged.map { $0 + "\n" }.joined())
        #expect(result.conflicts.map(\.reason) == rule.conflicts)
    }

    @Test("a conflict names its record and the line of its first marker")
    func conflictPlace() {
        let result = ThreeWayMerge.merge(base: Array((Self.a + "\n" + Self.b + "\n").utf8),
                                         ours: Array((Self.a + "\n" + Self.brew("b", #""notes":"x""#) + "\n").utf8),
                                         theirs: Array((Self.a + "\n" + Self.brew("b", #""notes":"y""#) + "\n").utf8))
        #expect(result.conflicts == [MergeConflict(id: "b", line: 2, reason: .fields(["notes"]))])
        #expect(!result.isClean)
    }

    @Test("a clean merge whose journal no command would read is reported, not passed as clean")
    func badMergedJournal() {
        let result = ThreeWayMerge.merge(base: [], ours: Array(#"{"id":"s1","kind":"skip","day":"2026-11-20"}"#.utf8 + [0x0A]),
                                         theirs: Array(#"{"id":"s2","kind":"skip","day":"2026-11-20"}"#.utf8 + [0x0A]))
        #expect(result.conflicts.isEmpty)
        #expect(result.problems.map(\.line) == [2])
        #expect(!result.isClean)
    }

    @Test("a last line without its newline merges like the others, and gets one")
    func unterminated() {
        let result = ThreeWayMerge.merge(base: Array(Self.a.utf8), ours: Array(Self.a.utf8), theirs: Array((Self.a + "\n" + Self.b).utf8))
        #expect(String(decoding: result.bytes, as: UTF8.self) == Self.a + "\n" + Self.b + "\n")
        #expect(result.isClean)
    }
}

/// How `check` recognises what merges and syncing tools leave behind.
@Suite("Merge conflict markers and conflict copies")
struct SyncLeftoversTests {
    @Test("marker lines are named as an unresolved merge conflict", arguments: ["<<<<<<< ours", "<<<<<<< HEAD", "=======", ">>>>>>> theirs", "||||||| base", ">>>>>>>"])
    func markerLine(_ line: String) {
        var copy = line
        let problem: LineProblem? = copy.withUTF8 { buffer in
            if case let .failure(problem) = checkLine(buffer, terminated: true, first: false) { return problem }
            return nil
        }
        #expect(problem?.reason.hasPrefix(MergeConflictMarker.problemPrefix) == true)
    }

    @Test("lines that only look a little like markers are not", arguments: ["<<<<<<", "========x", "<<<<<<<x"])
    func notMarker(_ line: String) {
        var copy = line
        #expect(copy.withUTF8 { MergeConflictMarker($0) } == nil)
    }

    @Test("a conflict is one problem at its first marker, naming its records by kind")
    func grouping() {
        let text = [
            #"{"id":"a","date":"2026-11-28T08:00:00+01:00","notes":""}"#,
            "<<<<<<< ours", #"{"id":"b","date":"2026-11-28T08:00:00+01:00","notes":"x"}"#, "=======",
            #"{"id":"b","date":"2026-11-28T08:00:00+01:00","notes":"y"}"#, ">>>>>>> theirs",
            "<<<<<<< ours", "=======", #"{"id":"s","kind":"skip","day":"2026-11-20"}"#, ">>>>>>> theirs",
        ].map { $0 + "\n" }.joined()
        let bytes = Array(text.utf8)
        let problems = MergeConflictBlock.grouping(JournalReader(bytes, firstProblemOnly: false).problems, in: bytes)
        #expect(problems.map(\.line) == [2, 7])
        #expect(problems.map(\.reason) == [
            "an unresolved merge conflict (brew b) on lines 2–6: keep one version and delete the marker lines",
            "an unresolved merge conflict (skip day s) on lines 7–10: keep one version and delete the marker lines",
        ])
    }

    @Test("each tool's conflict copy is recognised from the journal's name", arguments: [
        ("journal.sync-conflict-20261129-091500-ABCDEFG.jsonl", "journal.jsonl", ConflictCopy.Tool.syncthing),
        ("journal (Anna's conflicted copy 2026-11-29).jsonl", "journal.jsonl", .dropbox),
        ("journal (conflicted copy 2026-11-29 091500).jsonl", "journal.jsonl", .dropbox),
        ("journal_conflict-20261129-091500.jsonl", "journal.jsonl", .nextcloud),
        ("brews.sync-conflict-20261129-091500-ABCDEFG", "brews", .syncthing),
    ])
    func copyNames(_ name: String, _ journal: String, _ tool: ConflictCopy.Tool) {
        #expect(ConflictCopy(name: name, journalName: journal)?.tool == tool)
    }

    @Test("other files beside the journal are not conflict copies", arguments: [
        "journal.jsonl", "journal.jsonl.lock", "journal.jsonl.rejected", "other.sync-conflict-20261129-091500-ABCDEFG.jsonl",
        "journal.sync-conflict-20261129-091500-ABCDEFG.csv", "journal (copy).jsonl", "journal_backup.jsonl",
    ])
    func notCopies(_ name: String) {
        #expect(ConflictCopy(name: name, journalName: "journal.jsonl") == nil)
    }
}
