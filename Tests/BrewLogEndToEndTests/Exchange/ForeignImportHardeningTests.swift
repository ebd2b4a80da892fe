import Foundation
import Testing
import BrewLogTestSupport

/// Runs `script` under bash (which reads `$'…'`, as zsh and ksh do) in the sandbox's home with
/// its environment and the binary as `$BREWLOG`; `timeout` ends it (exit 124) if it hangs.
private func shell(_ sandbox: Sandbox, _ script: String) -> RunResult {
    var environment = sandbox.environment
    environment["BREWLOG"] = brewlogBinary
    return runProcess("/bin/bash", ["-c", script], environment: environment, directory: sandbox.home)
}

@Suite("import --from through the binary: endless input ends, hints paste safely, nothing blocks")
struct ForeignImportHardeningTests {
    @Test("random bytes and endless streams of bad records end at once with 65, as plain import does", arguments: [
        "timeout 20 \"$BREWLOG\" import --from jrnl /dev/urandom",
        "timeout 20 \"$BREWLOG\" import --from beanconqueror /dev/urandom",
        "timeout 20 \"$BREWLOG\" import --from loop /dev/urandom",
        #"{ echo '{"entries":['; yes '{"title":"a walk","date":"2026-13-01","time":"10:00"},'; } | timeout 20 "$BREWLOG" import --from jrnl -"#,
        #"{ echo '{"BREWS":['; yes '{"config":{"uuid":"u","unix_timestamp":1795156200}},'; } | timeout 20 "$BREWLOG" import --from beanconqueror -"#,
        #"{ echo 'Date,Coffee,'; yes '2026-11-01,YES_MANUAL,'; } | timeout 20 "$BREWLOG" import --from loop -"#,
        #"yes '{"id":"aaaaaaaaaaaa","date":"2026-11-01T10:00:00+01:00","notes":""}' | timeout 20 "$BREWLOG" import -"#,
        #"{ echo 'id,date'; yes 'x,2026-11-01 10:00'; } | timeout 20 "$BREWLOG" import --format csv -"#,
    ])
    func endlessInput(script: String) {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "V60"])
        let before = sandbox.journal
        let result = shell(sandbox, script)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("nothing imported"), "\(result.stderr)")
        #expect(sandbox.journal == before)
    }

    @Test("a zip's name reaches the unzip hint shell-quoted: pasted, it names the file and runs nothing else", arguments: [
        "a'b; touch PWN #.zip", "q'$(touch PWN)'.zip", "e\u{1B}[31mred.zip", "two\nlines.zip", "plain.zip",
    ])
    func zipHint(name: String) throws {
        let sandbox = Sandbox()
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]))
        for (tool, before, after) in [("beanconqueror", "unzip -d beanconqueror ", " && "), ("loop", "unzip -o ", " Checkmarks.csv")] {
            let result = sandbox.run(["import", "--from", tool, path])
            #expect(result.status == 65, "\(result)")
            let hint = result.stderr.components(separatedBy: "\n").first { $0.hasPrefix("hint: ") } ?? ""
            let word = try #require(hint.components(separatedBy: before).last?.components(separatedBy: after).first)
            #expect(!word.unicodeScalars.contains { $0.value < 0x20 }, "a control character reached the terminal: \(hint)")
            let pasted = shell(sandbox, "printf '%s' " + word)
            #expect(pasted.stdout == path, "\(word) reads back as \(pasted.stdout)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/PWN"))
        }
    }

    @Test("the zip hint imports into the journal the command was given, and makes a name that starts with '-' a path")
    func zipHintFileAndDash() {
        let sandbox = Sandbox()
        let journal = sandbox.home + "/mine.jsonl"
        _ = FileManager.default.createFile(atPath: sandbox.home + "/-dash.zip", contents: Data([0x50, 0x4B, 0x03, 0x04]))
        let result = sandbox.run(["--file", journal, "import", "--from", "beanconqueror", "--", "-dash.zip"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("unzip -d beanconqueror ./-dash.zip && brewlog --file \(journal) import --from beanconqueror"), "\(result.stderr)")
    }

    @Test("an import file that cannot be read (a loop of links) is no input, exit 66", arguments: ["", "--from jrnl", "--from loop"])
    func unreadable(from: String) {
        let sandbox = Sandbox()
        #expect(symlink("loopy", sandbox.home + "/loopy") == 0)
        let result = sandbox.run(["import"] + from.split(separator: " ").map(String.init) + [sandbox.home + "/loopy"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("cannot read"))
    }

    @Test("ids and notes on standard input are read up to a limit, so an endless stream ends with 65", arguments: [
        "yes aaaa0001 | timeout 60 \"$BREWLOG\" rm -",
        "yes aaaa0001 | timeout 60 \"$BREWLOG\" edit - -r 3",
        "yes 'a note' | timeout 60 \"$BREWLOG\" add -n -",
    ])
    func endlessStandardInput(script: String) {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "V60"])
        let before = sandbox.journal
        let result = shell(sandbox, script)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("MiB; stopped reading"), "\(result.stderr)")
        #expect(sandbox.journal == before)
    }

    @Test("a chunk file beside Beanconqueror.json that is a FIFO is refused at once (66), never waited on")
    func fifoChunk() {
        let sandbox = Sandbox()
        let main = sandbox.home + "/Beanconqueror.json"
        _ = FileManager.default.createFile(atPath: main, contents: Data(ForeignExportFixtures.beanconqueror.utf8))
        #expect(mkfifo(sandbox.home + "/Beanconqueror_Beans_1.json", 0o600) == 0)
        let result = shell(sandbox, "timeout 20 \"$BREWLOG\" import --from beanconqueror Beanconqueror.json")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("Beanconqueror_Beans_1.json is not a regular file"))
        #expect(sandbox.journal == nil)
    }

    @Test("import --dry-run --json lists the ids it would add, and counts a brew removed here as already removed")
    func dryRunIDs() {
        let sandbox = Sandbox()
        let kept = sandbox.add(["-m", "V60"])
        let removed = sandbox.add(["-m", "AeroPress"])
        let copy = sandbox.home + "/copy.jsonl"
        _ = FileManager.default.createFile(atPath: copy, contents: Data((sandbox.journal ?? "").utf8))
        let other = Sandbox(journal: (sandbox.journalLines.first ?? "") + "\n")
        #expect(other.ok(["import", copy, "--dry-run", "--json"])
            == #"{"added":1,"skipped":1,"replaced":0,"removed":0,"already_removed":0,"conflicts":[],"added_ids":["\#(removed)"]}"# + "\n")
        #expect(other.journalLines.count == 1 && other.journalLines[0].contains(kept))
        sandbox.ok(["rm", removed])
        let journal = sandbox.journal
        #expect(sandbox.ok(["import", copy, "--dry-run", "--json"])
            == #"{"added":0,"skipped":1,"replaced":0,"removed":0,"already_removed":1,"conflicts":[],"added_ids":[]}"# + "\n")
        #expect(sandbox.journal == journal)
    }

    @Test("a journal line of year 0000 is a problem check names (65), as every date option refuses it")
    func yearZeroInJournal() {
        let sandbox = Sandbox(journal: #"{"id":"aaaaaaaaaaaa","date":"0000-06-01T12:00:00+00:00","notes":""}"# + "\n")
        let result = sandbox.run(["check"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(":1:") || result.stdout.contains(":1:"), "\(result)")
    }
}
