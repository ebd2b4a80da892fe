import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

@Suite("brewlog edit, rm and check")
struct WritingCommandTests {
    func sandbox() -> Sandbox {
        Sandbox(journal: sampleJournal)
    }

    @Test("edit changes only the named fields and rewrites only that line, keeping unknown keys and order")
    func editKeepsEverythingElse() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["edit", "bbbb00000002", "--rating", "2", "--notes", "flat", "--time", "1h2m3s"])
                == "Updated bbbb00000002: rating, notes, time.\n")
        let expected = sampleJournal.replacingOccurrences(
            of: #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","notes":"","method":"AeroPress","x-scale":{"g":15.0}}"#,
            with: #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","rating":2,"notes":"flat","method":"AeroPress","time_s":3723,"x-scale":{"g":15.0}}"#)
        #expect(sandbox.journal == expected)
    }

    @Test("--tag adds, --untag removes, --unset clears, --append-notes appends a line")
    func tagsAndUnset() throws {
        let sandbox = self.sandbox()
        sandbox.ok(["edit", "aaaa", "--tag", "light", "--tag", "morning", "--untag", "morning", "--append-notes", "third line",
                    "--unset", "rating", "--unset", "coffee"])
        let line = try #require(sandbox.journalLines.first)
        #expect(line == #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","notes":"first\nsecond line\nthird line","method":"V60","dose_g":15,"water_g":250,"tags":["light"]}"#)
        sandbox.ok(["edit", "aaaa", "--unset", "tags"])
        #expect(sandbox.journalLines.first?.contains("tags") == false)
    }

    @Test("an edit that changes nothing writes nothing")
    func noChange() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["edit", "aaaa", "--rating", "3"]) == "No changes to aaaa00000001.\n")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("edit --date moves a brew, and the streak follows")
    func editDate() {
        let sandbox = self.sandbox()
        sandbox.ok(["edit", "aaaa", "--date", "2026-11-20"])
        #expect(sandbox.ok(["streak", "--json"]).contains(#""current":2,"longest":2"#))
    }

    @Test("--editor edits the notes with $VISUAL, then $EDITOR")
    func editor() throws {
        let sandbox = self.sandbox()
        let script = shellCommand(running: "printf 'from the editor\\n' > \"$1\"\n", at: sandbox.home + "/fake-editor.sh")
        sandbox.ok(["edit", "cccc", "--editor", "--rating", "4"], env: ["EDITOR": script])
        #expect(sandbox.ok(["show", "cccc", "--json"]).contains(#""rating":4,"notes":"from the editor""#))
        let unchanged = sandbox.ok(["edit", "cccc", "--editor"], env: ["VISUAL": "true", "EDITOR": script])
        #expect(unchanged == "Notes unchanged; nothing written.\n")
        let before = sandbox.journal
        let failed = sandbox.run(["edit", "cccc", "--editor"], env: ["VISUAL": "false"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("brewlog: error: the editor 'false' exited with status 1; nothing written\n"))
        #expect(sandbox.journal == before)
    }

    @Test("rm removes every named brew, all or none")
    func remove() {
        let sandbox = self.sandbox()
        let failed = sandbox.run(["rm", "aaaa", "ffff"])
        #expect(failed.status == 1)
        #expect(sandbox.journal == sampleJournal)
        #expect(sandbox.ok(["rm", "aaaa", "last", "aaaa00000001"]) ==
                "Removed aaaa00000001 (2026-11-27 08:00, V60).\nRemoved cccc00000003 (2026-11-29 07:00, Espresso).\n")
        #expect(sandbox.ok(["list", "-q"]) == "bbbb00000002\nbbbb00000004\n")
    }

    @Test("check lists every problem and exits 65; --repair sets them aside")
    func checkAndRepair() {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal + "{broken\n" + #"{"id":"zz","date":"2026-11-29T07:00:00Z","rating":7}"# + "\n")
        let check = sandbox.run(["check"])
        #expect(check.status == 65)
        #expect(check.stdout == """
            \(sandbox.journalPath):5: malformed JSON at byte 2: expected a key in double quotes
            \(sandbox.journalPath):6: rating must be 1...5 (got 7)

            """)
        #expect(check.stderr.hasPrefix("brewlog: error: 2 problems in \(sandbox.journalPath)\nhint: 'brewlog check --repair'"))
        let json = sandbox.run(["check", "--json"])
        #expect(json.status == 65)
        #expect(json.stdout == #"{"path":"\#(sandbox.journalPath)","brews":4,"skip_days":0,"bean_bags":0,"removed":0,"unknown_kinds":0,"problems":[{"line":5,"reason":"malformed JSON at byte 2: expected a key in double quotes"},{"line":6,"reason":"rating must be 1...5 (got 7)"}],"conflict_copies":[]}"# + "\n")
        let list = sandbox.run(["list"])
        #expect(list.status == 65)
        #expect(list.stderr.hasPrefix("brewlog: error: \(sandbox.journalPath):5: malformed JSON"))
        sandbox.ok(["check", "--repair"])
        #expect(sandbox.journal == sampleJournal)
        #expect(FileManager.default.contents(atPath: sandbox.journalPath + ".rejected").map { String(decoding: $0, as: UTF8.self) }
                == "{broken\n" + #"{"id":"zz","date":"2026-11-29T07:00:00Z","rating":7}"# + "\n")
        #expect(sandbox.ok(["check"]) == "\(sandbox.journalPath): 4 brews, no problems.\n")
    }

    @Test("a journal that cannot be parsed is never rewritten")
    func brokenJournalUntouched() {
        let sandbox = Sandbox()
        let broken = sampleJournal + "not json\n"
        sandbox.writeJournal(broken)
        for arguments in [["add"], ["edit", "aaaa", "--rating", "1"], ["rm", "aaaa"], ["import", "/dev/null"]] {
            #expect(sandbox.run(arguments).status == 65, "\(arguments)")
            #expect(sandbox.journal == broken)
        }
    }
}

@Suite("brewlog after an append was killed mid-write")
struct InterruptedAppendCLITests {
    @Test("readers ignore the unfinished line; the next writer removes it")
    func recovers() throws {
        let sandbox = Sandbox(journal: sampleJournal + #"{"id":"half","da"#)
        // The record an append killed mid-write leaves: this file, this offset, more bytes than made it.
        let file = try #require(try? PosixSystemCalls().lstat(sandbox.journalPath))
        let intent = AppendIntent(offset: sampleJournal.utf8.count, length: 4096, device: file.device, inode: file.inode)
        _ = FileManager.default.createFile(atPath: sandbox.journalPath + ".lock", contents: Data(intent.encoded))
        #expect(sandbox.ok(["list", "-q"]).split(separator: "\n").count == 4)
        #expect(sandbox.ok(["check"]).hasSuffix("4 brews, no problems.\n"))
        let id = sandbox.add()
        #expect(sandbox.journalLines.count == 5)
        #expect(sandbox.journal?.hasPrefix(sampleJournal + #"{"id":"\#(id)""#) == true)
    }

    @Test("without the append record, an unfinished last line is someone else's and is reported")
    func foreignTornLine() {
        let sandbox = Sandbox(journal: sampleJournal + #"{"id":"half","da"#)
        let result = sandbox.run(["list"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(":5: incomplete last line"))
    }
}
