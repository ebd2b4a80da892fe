import Foundation
import Testing
import BrewLogTestSupport

/// A removed brew stays removed: through a conflict copy, an import of an old backup, and a git
/// merge, run through the binary.
@Suite("removals travel: rm leaves a tombstone that imports, conflict copies and merges respect")
struct TombstoneTravelTests {
    private static let brewA = #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","rating":4,"notes":"bright","method":"V60"}"#
    private static let brewB = #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","notes":"","method":"Kalita"}"#
    private static let journal = brewA + "\n" + brewB + "\n"

    /// What `printf '%s' LINE | sha256sum` prints for ``brewA``.
    private static let brewAHash = "2b52d86fafe22648a537eba5d36fbdb33d8d7eacb0d8150988a8114591cbb163"

    @Test("rm leaves the tombstone in the brew's place: same id, when, and the SHA-256 of the removed line; readers pass over it")
    func rmLeavesTombstone() {
        let sandbox = Sandbox(journal: Self.journal)
        #expect(sandbox.ok(["rm", "aaaa"]).contains("Removed aaaa00000001"))
        let lines = sandbox.journalLines
        #expect(lines.count == 2 && lines[1] == Self.brewB)
        #expect(lines[0] == #"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:15:00+01:00","was":"\#(Self.brewAHash)"}"#)
        #expect(sandbox.ok(["list", "-q"]) == "bbbb00000002\n")
        #expect(sandbox.ok(["stats", "--json"]).contains(#""brews":1"#))
        #expect(sandbox.run(["show", "aaaa00000001"]).status == 1)
        #expect(sandbox.run(["rm", "aaaa00000001"]).status == 1)
        #expect(sandbox.ok(["check"]).contains("1 brew, 1 tombstone of removed records, no problems"))
        #expect(sandbox.ok(["check", "--json"]).contains(#""bean_bags":0,"removed":1,"#))
        // An export carries it, so a backup holds its removals too.
        #expect(sandbox.ok(["export"]) == Self.brewB + "\n" + lines[0] + "\n")
    }

    @Test("a Syncthing conflict copy from before the removal brings nothing back; one edited there is a conflict --prefer settles")
    func conflictCopy() throws {
        let sandbox = Sandbox(journal: Self.journal)
        sandbox.ok(["rm", "aaaa00000001"])
        let folder = (sandbox.journalPath as NSString).deletingLastPathComponent
        let copy = folder + "/journal.sync-conflict-20261129-091500-ABCDEFG.jsonl"
        try Self.journal.write(toFile: copy, atomically: true, encoding: .utf8)
        #expect(sandbox.ok(["check"]).contains("a conflict copy Syncthing left beside the journal"))
        let before = sandbox.journal
        #expect(sandbox.ok(["import", copy]) == "Imported 0 new brews, skipped 1 already present and 1 already removed.\n")
        #expect(sandbox.journal == before)
        #expect(sandbox.ok(["import", copy, "--json"]).contains(#""removed":0,"already_removed":1,"#))

        let edited = Self.brewA.replacingOccurrences(of: #""rating":4"#, with: #""rating":2"#)
        try (edited + "\n" + Self.brewB + "\n").write(toFile: copy, atomically: true, encoding: .utf8)
        let conflict = sandbox.run(["import", copy])
        #expect(conflict.status == 1)
        #expect(conflict.stdout.contains("conflict: aaaa00000001 removed here, changed there; kept it removed"), "\(conflict.stdout)")
        #expect(sandbox.run(["import", copy, "--json"]).stdout.contains(#"{"id":"aaaa00000001","fields":[],"removed":"here"}"#))
        #expect(sandbox.journal == before)
        #expect(sandbox.run(["import", copy, "--prefer", "existing"]).status == 0)
        #expect(sandbox.journal == before)
        #expect(sandbox.ok(["import", copy, "--prefer", "incoming"]).contains("replaced 1"))
        #expect(sandbox.ok(["show", "aaaa00000001", "--json"]).contains(#""rating":2"#))
        #expect(sandbox.run(["check", "-q"]).status == 0)
    }

    @Test("an old backup, exported before the removal, in each format that carries brews, brings nothing back", arguments: ["jsonl", "json", "csv"])
    func oldBackup(format: String) throws {
        let sandbox = Sandbox(journal: Self.journal)
        let backup = sandbox.home + "/backup." + format
        try sandbox.ok(["export", "--format", format]).write(toFile: backup, atomically: true, encoding: .utf8)
        sandbox.ok(["rm", "aaaa00000001", "bbbb"])
        let before = sandbox.journal
        let result = sandbox.run(["import", backup, "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""added":0,"skipped":0,"replaced":0,"removed":0,"already_removed":2,"conflicts":[]"#), "\(result.stdout)")
        #expect(sandbox.journal == before)
        #expect(sandbox.ok(["list", "-q"]) == "")
    }

    @Test("a backup holding a removal removes the brew in another journal where it is unchanged, and names it where it changed")
    func removalTravelsByImport() throws {
        let laptop = Sandbox(journal: Self.journal)
        laptop.ok(["rm", "aaaa00000001"])
        let backup = laptop.home + "/backup.jsonl"
        try laptop.ok(["export"]).write(toFile: backup, atomically: true, encoding: .utf8)

        let desktop = Sandbox(journal: Self.journal)
        #expect(desktop.ok(["import", backup]) == "Imported 0 new records, removed 1, skipped 1 already present.\n")
        #expect(desktop.ok(["list", "-q"]) == "bbbb00000002\n")
        #expect(desktop.journal == laptop.journal)

        let edited = Sandbox(journal: Self.journal)
        edited.ok(["edit", "aaaa00000001", "-r", "5"])
        let before = edited.journal
        let conflict = edited.run(["import", backup])
        #expect(conflict.status == 1)
        #expect(conflict.stdout.contains("conflict: aaaa00000001 removed there, changed here; kept the journal's"), "\(conflict.stdout)")
        #expect(edited.journal == before)
        edited.ok(["import", backup, "--prefer", "incoming"])
        #expect(edited.ok(["list", "-q"]) == "bbbb00000002\n")
    }

    @Test("bean rm and unskip leave tombstones too, and a copy from before brings neither back")
    func bagsAndSkipDays() throws {
        let sandbox = Sandbox(journal: Self.journal)
        sandbox.ok(["bean", "add", "Guji", "--roasted", "2026-11-20"])
        sandbox.ok(["skip", "2026-11-26"])
        let backup = sandbox.home + "/backup.jsonl"
        try sandbox.ok(["export"]).write(toFile: backup, atomically: true, encoding: .utf8)
        sandbox.ok(["bean", "rm", "Guji"])
        sandbox.ok(["unskip", "2026-11-26"])
        #expect(sandbox.journalLines.filter { $0.contains(#""kind":"removed""#) }.count == 2)
        #expect(sandbox.ok(["import", backup]).contains("skipped 2 already present and 2 already removed"))
        #expect(!sandbox.ok(["bean", "list", "--all"]).contains("Guji"))
        let exported = sandbox.ok(["export"])
        #expect(!exported.contains(#""kind":"skip""#) && !exported.contains(#""kind":"bean""#))
    }

    @Test("check --compact drops tombstones older than sync.keep-removed in one rewrite; a bad value is refused")
    func compact() {
        let old = #"{"id":"dddd00000001","kind":"removed","at":"2025-06-01T08:00:00+02:00","was":"\#(String(repeating: "a", count: 64))"}"#
        let recent = #"{"id":"dddd00000002","kind":"removed","at":"2026-11-01T08:00:00+01:00","was":"\#(String(repeating: "b", count: 64))"}"#
        let sandbox = Sandbox(journal: old + "\n" + Self.brewA + "\n" + recent + "\n")
        #expect(sandbox.ok(["check", "--compact"]).hasSuffix("dropped 1 tombstone older than 400 days (sync.keep-removed).\n"))
        #expect(sandbox.journalLines == [Self.brewA, recent])
        sandbox.ok(["config", "set", "sync.keep-removed", "7"])
        #expect(sandbox.ok(["check", "--compact", "--json"]).contains(#""keep_removed_days":7,"dropped":["dddd00000002"]"#))
        #expect(sandbox.journalLines == [Self.brewA])
        #expect(sandbox.run(["config", "set", "sync.keep-removed", "-1"]).status == 64)
        #expect(sandbox.run(["config", "set", "sync.keep-removed", "99999999999999999999"]).status == 64)
        #expect(sandbox.run(["check", "--compact", "--repair"]).status == 64)
    }

    @Test("check names a tombstone beside a record of its id, and a tombstone whose was is not a SHA-256", arguments: [
        (brewA + "\n" + #"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00+01:00","was":"\#(String(repeating: "a", count: 64))"}"#,
         "a tombstone beside a record with its id"),
        (#"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00+01:00","was":"deadbeef"}"#,
         "\"was\" of a removed record must be a SHA-256"),
    ])
    func checkProblems(journal: String, reason: String) {
        let sandbox = Sandbox(journal: journal + "\n")
        let result = sandbox.run(["check"])
        #expect(result.status == 65)
        #expect(result.stdout.contains(reason), "\(result.stdout)")
    }
}
