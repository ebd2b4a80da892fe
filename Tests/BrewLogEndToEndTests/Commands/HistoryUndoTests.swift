import BrewLogTestSupport
import Foundation
import Testing

/// The sandbox's history file.
private func historyPath(_ sandbox: Sandbox) -> String { sandbox.journalPath + ".history" }

private func historyText(_ sandbox: Sandbox) -> String? {
    FileManager.default.contents(atPath: historyPath(sandbox)).map { String(decoding: $0, as: UTF8.self) }
}

/// The journal's lines as a set: undo puts lines back, not always in their old place.
private func lineSet(_ sandbox: Sandbox) -> Set<String> { Set(sandbox.journalLines) }

/// One command whose change undo takes back.
struct UndoCase: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    var standardInput: String?
    var testDescription: String { name }
}

let importedBrews = [
    #"{"id":"dddd00000001","date":"2026-11-20T08:00:00+01:00","notes":"imported one"}"#,
    #"{"id":"dddd00000002","date":"2026-11-21T08:00:00+01:00","notes":"imported two"}"#,
    #"{"id":"dddd00000003","kind":"skip","day":"2026-11-22"}"#,
].joined(separator: "\n") + "\n"

let undoCases: [UndoCase] = [
    UndoCase(name: "add", arguments: ["add", "-m", "Chemex", "-r", "4"]),
    UndoCase(name: "edit", arguments: ["edit", "aaaa", "-r", "5", "--untag", "morning"]),
    UndoCase(name: "bulk edit", arguments: ["edit", "aaaa", "bbbb00000002", "cccc", "--append-notes", "bulk"]),
    UndoCase(name: "rm", arguments: ["rm", "bbbb00000002"]),
    UndoCase(name: "bulk rm", arguments: ["rm", "aaaa", "bbbb00000002", "bbbb00000004", "cccc"]),
    UndoCase(name: "import", arguments: ["import", "-"], standardInput: importedBrews),
    UndoCase(name: "skip", arguments: ["skip", "2026-11-26"]),
    UndoCase(name: "bean add", arguments: ["bean", "add", "Kenya AA", "--roasted", "2026-11-20"]),
]

@Suite("brewlog undo takes back the newest change as a new change, and history lists them")
struct HistoryUndoTests {
    @Test("undo puts back every line the change touched, byte for byte; a second undo redoes it", arguments: undoCases)
    func undoAndRedo(change: UndoCase) throws {
        let sandbox = Sandbox(journal: sampleJournal)
        let before = lineSet(sandbox)
        sandbox.ok(change.arguments, stdin: change.standardInput)
        let after = lineSet(sandbox)
        #expect(after != before)

        let undo = sandbox.run(["undo", "--yes"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("Undo: 2026-11-29 09:15  \(change.arguments[0])"), "\(undo.stdout)")
        #expect(lineSet(sandbox) == before)

        let redo = sandbox.run(["undo", "--yes"])
        #expect(redo.status == 0, "\(redo.stderr)")
        #expect(redo.stdout.hasPrefix("Redo (undo the undo): 2026-11-29 09:15  undo"), "\(redo.stdout)")
        #expect(lineSet(sandbox) == after)
        #expect(sandbox.run(["check"]).status == 0)
    }

    @Test("history lists the changes newest first, one line each; a bulk change with its count")
    func listed() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        let id = sandbox.add(["-m", "V60", "--coffee", "Kenya AA"])
        sandbox.ok(["edit", "aaaa", "bbbb00000002", "--tag", "x"])
        sandbox.ok(["skip", "2026-11-26"])
        let listed = sandbox.ok(["history"])
        #expect(listed == "2026-11-29 09:15  skip  \(skipID(sandbox))  skip day 2026-11-26\n2026-11-29 09:15  edit  2 brews\n"
            + "2026-11-29 09:15  add   \(id)  V60 Kenya AA\n")
        #expect(sandbox.ok(["history", "--limit", "1"]).hasSuffix("skip day 2026-11-26\n"))
        #expect(sandbox.ok(["history", "--limit", "0"]) == "")
        #expect(sandbox.ok(["history", "-q"]).split(separator: "\n").count == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["history", "--json"]).utf8)) as? [[String: Any]])
        #expect(json.map { $0["command"] as? String } == ["skip", "edit", "add"])
        #expect((json.last?["arguments"] as? [String]) == ["add", "-q", "-m", "V60", "--coffee", "Kenya AA"])
        let added = try #require((json.last?["changes"] as? [[String: Any]])?.first)
        #expect(added["before"] is NSNull)
        #expect((added["after"] as? String).map { sandbox.journalLines.contains($0) } == true)
        #expect(sandbox.run(["history", "--limit", "x"]).status == 64)
    }

    @Test("undo refuses, naming the brew, when a record it would put back changed since; --force puts it back")
    func refusedAfterLaterChange() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        sandbox.ok(["edit", "cccc", "-r", "2"])
        // A change the history does not hold: a sync tool or a git pull rewrote the journal.
        let edited = (sandbox.journal ?? "").replacingOccurrences(of: #""rating":2"#, with: #""rating":1"#)
        sandbox.writeJournal(edited)
        let refused = sandbox.run(["undo", "--yes"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("brewlog: error: cannot undo: a record was changed since: cccc00000003  Espresso Brazil"), "\(refused.stderr)")
        #expect(refused.stderr.contains("undo --force"))
        #expect(sandbox.journal == edited)

        let forced = sandbox.run(["undo", "--force", "--yes"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(lineSet(sandbox) == Set(sampleJournal.split(separator: "\n").map(String.init)))
    }

    @Test("--dry-run shows the plan and changes nothing, the history included")
    func dryRun() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        sandbox.ok(["rm", "aaaa", "cccc"])
        let journal = sandbox.journal, history = historyText(sandbox)
        let shown = sandbox.run(["undo", "--dry-run"])
        #expect(shown.status == 0)
        #expect(shown.stdout == """
            Undo: 2026-11-29 09:15  rm  2 brews
              bring back   aaaa00000001  V60 Kenya AA
              bring back   cccc00000003  Espresso Brazil

            """)
        #expect(shown.stderr == "Dry run: nothing was changed.\n")
        #expect(sandbox.journal == journal)
        #expect(historyText(sandbox) == history)
    }

    @Test("undo refuses to bring back a skip day another skip record holds now, --force or not, and changes nothing")
    func skipDayHeldSince() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        sandbox.ok(["skip", "2026-11-25", "-n", "one"])
        sandbox.ok(["undo", "--yes"])
        // Another program (a sync, an editor) gives the day to a skip record of its own.
        sandbox.writeJournal((sandbox.journal ?? "") + #"{"id":"eeee00000001","kind":"skip","day":"2026-11-25","notes":"theirs"}"# + "\n")
        let before = sandbox.journal
        for force in [false, true] {
            let result = sandbox.run(["undo", "--yes"] + (force ? ["--force"] : []))
            #expect(result.status == 1)
            #expect(result.stderr.contains("cannot undo: it would bring back the skip day 2026-11-25"), "\(result.stderr)")
            #expect(result.stderr.contains("eeee00000001"))
            #expect(sandbox.journal == before)
        }
        #expect(sandbox.run(["list"]).status == 0)
    }

    @Test("nothing to undo is exit 1 and changes nothing")
    func nothingToUndo() {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.run(["undo", "--yes"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("brewlog: error: nothing to undo: the history holds no change\n"))
        #expect(sandbox.journal == sampleJournal)
        #expect(historyText(sandbox) == nil)
        #expect(sandbox.ok(["history"]) == "")
    }

    @Test("history.keep bounds the history; older entries are dropped whole")
    func bounded() throws {
        let sandbox = Sandbox()
        sandbox.ok(["config", "set", "history.keep", "3"])
        let ids = (0..<6).map { sandbox.add(["--notes", "brew \($0)"]) }
        #expect(sandbox.ok(["history", "-q"]).split(separator: "\n").count == 3)
        #expect(historyText(sandbox)?.split(separator: "\n").count == 4)
        #expect(sandbox.ok(["history"]).contains(ids[5]))
        #expect(!sandbox.ok(["history"]).contains(ids[2]))
        let refused = sandbox.run(["config", "set", "history.keep", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("give a whole number of changes from 1 to 1000000"), "\(refused.stderr)")
    }

    @Test("a damaged, truncated or foreign history is never an error and never changes an answer")
    func damagedIgnored() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        _ = sandbox.add()
        let list = sandbox.ok(["list"])
        let handle = try #require(FileHandle(forWritingAtPath: historyPath(sandbox)))
        handle.seekToEndOfFile()
        handle.write(Data("{broken\n\u{FF}\u{FE}garbage\n{\"id\":\"half".utf8))
        handle.closeFile()
        #expect(sandbox.ok(["list"]) == list)
        let history = sandbox.run(["history"])
        #expect(history.status == 0)
        #expect(history.stdout.split(separator: "\n").count == 1)
        #expect(history.stderr.contains("brewlog: warning: history: line 3:"), "\(history.stderr)")
        // The next change still records, and drops what it could not read.
        _ = sandbox.add()
        #expect(sandbox.run(["history"]).stderr == "")
        #expect(sandbox.ok(["history", "-q"]).split(separator: "\n").count == 2)

        _ = FileManager.default.createFile(atPath: historyPath(sandbox), contents: Data("my notes\n".utf8))
        let added = sandbox.run(["add"])
        #expect(added.status == 0)
        #expect(added.stderr.contains("is not BrewLog's history, so it is left alone"), "\(added.stderr)")
        #expect(historyText(sandbox) == "my notes\n")
        #expect(sandbox.run(["check"]).status == 0)
    }

    @Test("the history is not a journal: --file, import and conflict-copy listing refuse or skip it")
    func notAJournal() throws {
        let sandbox = Sandbox(journal: sampleJournal)
        _ = sandbox.add()
        let file = sandbox.run(["--file", historyPath(sandbox), "list"])
        #expect(file.status == 78, "\(file.stderr)")
        #expect(file.stderr.contains("BrewLog's own history file"))
        let imported = sandbox.run(["import", historyPath(sandbox)])
        #expect(imported.status == 65)
        #expect(imported.stderr.contains("is BrewLog's history of changes"))
        let copy = (sandbox.journalPath as NSString).deletingLastPathComponent + "/journal.sync-conflict-20261129-ABCDEF.jsonl.history"
        _ = FileManager.default.createFile(atPath: copy, contents: Data("x\n".utf8))
        #expect(!sandbox.ok(["check"]).contains("conflict"))
        #expect(!(sandbox.ok(["export"]).contains("brewlog\":\"history")))
    }

    @Test("a command line's control characters reach the terminal escaped")
    func escaped() throws {
        // A line written by another program, with escapes BrewLog would refuse to take as typed text.
        let evil = #"{"id":"eeee00000001","date":"2026-11-28T08:00:00+01:00","notes":"","method":"V60\u001b[2J","coffee":"\u202eevil"}"#
        let sandbox = Sandbox(journal: sampleJournal + evil + "\n", runner: .inProcess)
        sandbox.ok(["edit", "eeee", "-r", "3"])
        sandbox.ok(["rm", "eeee"])
        let listed = sandbox.ok(["history"])
        #expect(listed.contains("eeee00000001"))
        #expect(!listed.unicodeScalars.contains { $0.value == 0x202E }, "\(listed)")
        #expect(!listed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(listed)")
    }

    private func skipID(_ sandbox: Sandbox) -> String {
        sandbox.journalLines.first { $0.contains(#""kind":"skip""#) }.flatMap { line in
            line.split(separator: "\"").dropFirst(3).first.map(String.init)
        } ?? ""
    }
}

@Suite("Writers killed with SIGKILL leave the journal and its history agreeing")
struct HistoryKillTests {
    @Test("every brew in the journal has its entry, every entry's change is in the journal")
    func killedWriters() throws {
        let sandbox = Sandbox()
        let filler = (0..<5_000).map { #"{"id":"fill\#($0)","date":"2026-01-01T08:00:00+01:00","notes":"filler line to make rewrites slow"}"# }
        sandbox.writeJournal(sampleJournal + filler.joined(separator: "\n") + "\n")
        let started = Date()
        sandbox.ok(["edit", "cccc", "--append-notes", "timing run"])
        let runtime = UInt32(min(2, Date().timeIntervalSince(started)) * 1_000_000)
        var rng = SeededRandomGenerator(seed: 7)
        var kills = 0
        for round in 0..<24 {
            let arguments = round % 2 == 0 ? ["edit", "cccc", "--append-notes", "round \(round)"] : ["add", "-q", "--notes", "round \(round)"]
            let delay = UInt32.random(in: runtime / 3...runtime + runtime / 5, using: &rng)
            let result = runProcess(brewlogBinary, arguments, environment: sandbox.environment, directory: sandbox.home, killAfterMicroseconds: delay)
            if result.status == 128 + SIGKILL { kills += 1 }
        }
        #expect(kills > 0, "no writer was killed; the test proved nothing")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["history", "--json"]).utf8)) as? [[String: Any]])
        let lines = Set(sandbox.journalLines)
        let added = Set(sandbox.journalLines.filter { $0.contains("round ") && !$0.contains("cccc00000003") })
        var recordedAdds: Set<String> = []
        var newestC: String?
        for entry in entries {
            let changes = entry["changes"] as? [[String: Any]] ?? []
            for change in changes {
                let after = change["after"] as? String
                if entry["command"] as? String == "add", let after { recordedAdds.insert(after) }
                if change["id"] as? String == "cccc00000003", newestC == nil { newestC = after }
            }
        }
        // No change without its entry, no entry without its change.
        #expect(added == recordedAdds)
        #expect(recordedAdds.isSubset(of: lines))
        #expect(newestC.map(lines.contains) == true)
        #expect(sandbox.run(["check"]).status == 0)
    }
}
