import Foundation
import Testing
import BrewLogTestSupport

/// The journal's promises, each attacked through the real binary: symbolic links, lock and
/// rejected files that are not what they seem, files that block, another program's writes.
@Suite("The journal's promises hold against links, special files and other programs")
struct JournalPromiseTests {
    static let brew = #"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","rating":3,"notes":"first"}"#

    /// A folder `real/` holding the journal and a folder `link/` whose `j.jsonl` is a relative link to it.
    func linkedJournal(_ sandbox: Sandbox) throws -> (real: String, link: String) {
        let real = sandbox.home + "/real/j.jsonl", link = sandbox.home + "/link/j.jsonl"
        try FileManager.default.createDirectory(atPath: sandbox.home + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sandbox.home + "/link", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: real, contents: Data((Self.brew + "\n").utf8))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/j.jsonl")
        return (real, link)
    }

    @Test("an edit through a symbolic link writes through it: the link stays a link")
    func editThroughLink() throws {
        let sandbox = Sandbox()
        let (real, link) = try linkedJournal(sandbox)
        sandbox.ok(["edit", "aaaa", "--rating", "5", "--file", link])
        let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/j.jsonl")
        #expect(String(decoding: FileManager.default.contents(atPath: real) ?? Data(), as: UTF8.self).contains(#""rating":5"#))
        #expect(!FileManager.default.fileExists(atPath: link + ".lock"), "the lock belongs beside the real file")
        #expect(FileManager.default.fileExists(atPath: real + ".lock"))
    }

    @Test("writers through a link and through the real path share one lock: no acknowledged add is lost")
    func twoPathsOneLock() async throws {
        let sandbox = Sandbox()
        let (real, link) = try linkedJournal(sandbox)
        let writers = 12
        let environment = sandbox.environment, home = sandbox.home
        let all = await withTaskGroup(of: RunResult.self) { group in
            for index in 0..<writers * 2 {
                group.addTask {
                    let arguments = index.isMultiple(of: 2)
                        ? ["add", "-q", "--notes", "add \(index)", "--file", link]
                        : ["edit", "aaaa", "--append-notes", "edit \(index)", "--file", real]
                    return runProcess(brewlogBinary, arguments, environment: environment, directory: home)
                }
            }
            var results: [RunResult] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(all.allSatisfy { $0.status == 0 }, "\(all.filter { $0.status != 0 }.map(\.stderr))")
        let text = String(decoding: FileManager.default.contents(atPath: real) ?? Data(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1 + writers)
        for index in stride(from: 0, to: writers * 2, by: 2) {
            #expect(text.contains("add \(index)\""), "add \(index) was acknowledged but is missing")
        }
        for index in stride(from: 1, to: writers * 2, by: 2) {
            #expect(text.contains("edit \(index)"), "edit \(index) was acknowledged but is missing")
        }
    }

    @Test("a lock file that is a symbolic link is never followed: the journal it points to is untouched")
    func lockFileSymlink() throws {
        let sandbox = Sandbox(journal: Self.brew + "\n")
        try FileManager.default.createSymbolicLink(atPath: sandbox.journalPath + ".lock", withDestinationPath: "journal.jsonl")
        let result = sandbox.run(["add", "--notes", "x"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("symbolic link"))
        #expect(result.stderr.contains("hint: move that file away"))
        #expect(sandbox.journal == Self.brew + "\n")
    }

    @Test("a lock file hard-linked to the journal is refused: nothing is written into it")
    func lockFileHardLink() throws {
        let sandbox = Sandbox(journal: Self.brew + "\n")
        try FileManager.default.linkItem(atPath: sandbox.journalPath, toPath: sandbox.journalPath + ".lock")
        let result = sandbox.run(["add", "--notes", "x"])
        #expect(result.status == 74)
        #expect(sandbox.journal == Self.brew + "\n")
    }

    @Test("a rejected file that is a symbolic link is not followed by repair", .timeLimit(.minutes(10)))
    func rejectedSymlink() throws {
        let sandbox = Sandbox(journal: Self.brew + "\n{bad\n")
        let victim = sandbox.home + "/victim.txt"
        _ = FileManager.default.createFile(atPath: victim, contents: Data("precious\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: sandbox.journalPath + ".rejected", withDestinationPath: victim)
        let result = sandbox.run(["check", "--repair"])
        #expect(result.status == 74)
        #expect(String(decoding: FileManager.default.contents(atPath: victim) ?? Data(), as: UTF8.self) == "precious\n")
        #expect(sandbox.journal == Self.brew + "\n{bad\n")
    }

    @Test("a journal path naming a lock or rejected file is refused", arguments: ["j.jsonl.lock", "j.jsonl.rejected"])
    func reservedNames(name: String) {
        let sandbox = Sandbox()
        let result = sandbox.run(["add", "--file", sandbox.home + "/" + name])
        #expect(result.status == 78)
        #expect(result.stderr.contains("cannot be a journal"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/" + name))
    }

    @Test("an import with nothing in it creates no journal, folder or lock file")
    func emptyImportCreatesNothing() {
        let sandbox = Sandbox()
        sandbox.ok(["import", "-"], stdin: "\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local"))
    }

    @Test("importing a brew again with --prefer incoming, when only unknown keys differ, changes nothing and says skipped")
    func preferIncomingNoOp() {
        let sandbox = Sandbox(journal: #"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","notes":"first","x":1}"# + "\n")
        let file = sandbox.home + "/in.jsonl"
        _ = FileManager.default.createFile(atPath: file, contents: Data((#"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","notes":"first","y":2}"# + "\n").utf8))
        let before = sandbox.journal
        let output = sandbox.ok(["import", file, "--prefer", "incoming"])
        #expect(output.contains("Imported 0 new brews, skipped 1 already present."), "\(output)")
        #expect(sandbox.journal == before)
    }

    @Test("a journal path whose links loop is refused as not a regular file")
    func linkLoop() throws {
        let sandbox = Sandbox()
        try FileManager.default.createSymbolicLink(atPath: sandbox.home + "/a.jsonl", withDestinationPath: "b.jsonl")
        try FileManager.default.createSymbolicLink(atPath: sandbox.home + "/b.jsonl", withDestinationPath: "a.jsonl")
        let result = sandbox.run(["add", "--file", sandbox.home + "/a.jsonl"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("a loop of symbolic links"))
    }

    @Test("a journal that is a FIFO or a device is refused at once, by readers and writers",
          .timeLimit(.minutes(10)), arguments: ["list", "add", "streak", "check"])
    func specialFiles(command: String) throws {
        let sandbox = Sandbox()
        let fifo = sandbox.home + "/fifo.jsonl"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A run that blocks on the FIFO is killed after three seconds (and then fails).
        let result = runProcess(brewlogBinary, [command, "--file", fifo], environment: sandbox.environment,
                                directory: sandbox.home, killAfterMicroseconds: 3_000_000)
        #expect(result.status == 66)
        #expect(result.stderr.contains("FIFO"))
        let device = sandbox.run([command, "--file", "/dev/null"])
        #expect(device.status == 66)
        #expect(!FileManager.default.fileExists(atPath: "/dev/null.lock"))
    }

    @Test("a command that cannot add to a journal that does not exist creates nothing",
          arguments: [["list"], ["streak"], ["check"], ["export"], ["show", "last"], ["rm", "abcd"], ["edit", "last", "--rating", "3"],
                      ["check", "--repair"], ["import", "--dry-run", "/dev/null"]])
    func readersCreateNothing(arguments: [String]) throws {
        let sandbox = Sandbox()
        sandbox.run(arguments)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local"), "\(arguments) created the journal's folder")
        let folder = sandbox.home + "/.local/share/brewlog"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        sandbox.run(arguments)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(arguments) created a file beside a missing journal")
    }

    @Test("a UTF-8 byte order mark is removed by repair, keeping the brew after it")
    func byteOrderMarkRepair() {
        let sandbox = Sandbox(journal: "\u{FEFF}" + Self.brew + "\n")
        sandbox.ok(["check", "--repair"])
        #expect(sandbox.journal == Self.brew + "\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.journalPath + ".rejected"))
        sandbox.ok(["check"])
    }

    @Test("a byte order mark before a bad line is named, and so is what is wrong after it")
    func byteOrderMarkAndBadLine() {
        let sandbox = Sandbox(journal: "\u{FEFF}" + #"{"id":"bom1","date":"yesterday"}"# + "\n" + Self.brew + "\n")
        let result = sandbox.run(["check"])
        #expect(result.status == 65)
        #expect(result.stdout.contains(":1: the file starts with a UTF-8 byte order mark (BOM); 'brewlog check --repair' removes it; and after it: "), "\(result.stdout)")
        #expect(result.stdout.contains("RFC 3339"), "\(result.stdout)")
    }

    @Test("a rewrite keeps the journal's owner and group", .enabled(if: geteuid() == 0, "needs root to give the journal away"))
    func ownerKept() throws {
        let sandbox = Sandbox(journal: Self.brew + "\n")
        #expect(chown(sandbox.journalPath, 4321, 8765) == 0)
        sandbox.ok(["edit", "aaaa", "--rating", "4"])
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.journalPath)
        #expect(attributes[.ownerAccountID] as? Int == 4321)
        #expect(attributes[.groupOwnerAccountID] as? Int == 8765)
    }
}

@Suite("edit --editor applies the notes to the brew chosen before the editor opened")
struct EditorResolutionTests {
    /// An editor that runs `during` (with brewlog as `$BREWLOG`), then types `text`.
    func editor(in sandbox: Sandbox, during: String, text: String) -> String {
        shellCommand(running: "\(during)\nprintf '%s' '\(text)' > \"$1\"\n", at: sandbox.home + "/fake-editor.sh")
    }

    @Test("a brew added while the editor is open does not take the notes from 'last'")
    func lastResolvedOnce() {
        let sandbox = Sandbox(journal: JournalPromiseTests.brew + "\n")
        let script = editor(in: sandbox, during: #""$BREWLOG" add -q --notes "cron's own" >/dev/null"#, text: "typed notes")
        sandbox.ok(["edit", "last", "--editor"], env: ["VISUAL": script, "BREWLOG": brewlogBinary])
        let lines = sandbox.journalLines
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""notes":"typed notes""#))
        #expect(lines[1].contains(#""notes":"cron's own""#))
    }

    @Test("notes typed for a brew removed meanwhile are saved to a file whose path is printed; exit 1")
    func removedMeanwhile() throws {
        let sandbox = Sandbox(journal: JournalPromiseTests.brew + "\n")
        let script = editor(in: sandbox, during: #""$BREWLOG" rm -q aaaa00000001 >/dev/null"#, text: "precious words")
        let result = sandbox.run(["edit", "aaaa", "--editor"], env: ["VISUAL": script, "BREWLOG": brewlogBinary])
        #expect(result.status == 1)
        let saved = try #require(result.stderr.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("/") && $0.contains("brewlog-notes-") })
        let path = String(saved)
        #expect(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == "precious words")
        #expect(sandbox.journalLines.count == 1 && sandbox.journalLines[0].hasPrefix(#"{"id":"aaaa00000001","kind":"removed","#))
    }
}

@Suite("BREWLOG_NOW outside the years a journal can hold")
struct UnreadableLineTests {
    static let range = "BREWLOG_NOW must be from 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z, both included"

    @Test("a moment whose local year would be 10000 (or 0) is refused before it reaches the journal, by a message that states the range", arguments: [
        ("9999-12-31T23:59:59Z", "Europe/Berlin"),
        ("9999-12-30T23:59:59.5Z", "Europe/Berlin"),
        ("0001-01-01T23:59:59Z", "America/New_York"),
        ("0001-01-01T00:00:00Z", "America/New_York"),
    ])
    func yearOutOfRange(now: String, zone: String) {
        let sandbox = Sandbox(now: now, timeZone: zone, journal: JournalPromiseTests.brew + "\n")
        let result = sandbox.run(["add"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(Self.range), "\(result.stderr)")
        #expect(sandbox.journal == JournalPromiseTests.brew + "\n")
    }

    @Test("both ends of the range the message states are accepted", arguments: ["0001-01-02T00:00:00Z", "9999-12-30T23:59:59Z"])
    func rangeEnds(now: String) {
        let sandbox = Sandbox(now: now, timeZone: "UTC")
        let result = sandbox.run(["streak"])
        #expect(result.status == 0, "\(result)")
    }
}

@Suite("edit --editor never undoes a change made while the editor was open")
struct EditorConflictTests {
    @Test("notes changed by another command meanwhile are kept; the editor's text goes to a file; exit 1")
    func notesChangedMeanwhile() throws {
        let sandbox = Sandbox(journal: JournalPromiseTests.brew + "\n")
        let body = "\"$BREWLOG\" edit aaaa --notes 'from the command line' >/dev/null\nprintf '%s' 'from the editor' > \"$1\"\n"
        let script = shellCommand(running: body, at: sandbox.home + "/fake-editor.sh")
        let result = sandbox.run(["edit", "aaaa", "--editor"], env: ["VISUAL": script, "BREWLOG": brewlogBinary])
        #expect(result.status == 1)
        #expect(result.stderr.contains("had its notes changed by another command while the editor was open"))
        #expect(sandbox.journalLines.first?.contains(#""notes":"from the command line""#) == true)
        let saved = try #require(result.stderr.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("/") && $0.contains("brewlog-notes-") })
        #expect(String(decoding: FileManager.default.contents(atPath: String(saved)) ?? Data(), as: UTF8.self) == "from the editor")
    }
}

@Suite("edit --editor with other changes")
struct EditorWithOtherChangesTests {
    @Test("notes left as they were in the editor do not cancel the other changes asked for")
    func unchangedNotesKeepOtherChanges() {
        let sandbox = Sandbox(journal: JournalPromiseTests.brew + "\n")
        let output = sandbox.ok(["edit", "aaaa", "--editor", "--rating", "5", "--tag", "x"], env: ["VISUAL": "true"])
        #expect(output.contains("Updated aaaa00000001: rating, tags."), "\(output)")
        #expect(sandbox.journalLines.first?.contains(#""rating":5"#) == true)
    }

    @Test("--editor with --notes, --append-notes or --unset notes is a usage error; both notes options reading - too", arguments: [
        ["edit", "aaaa", "--editor", "--notes", "x"],
        ["edit", "aaaa", "--editor", "--append-notes", "x"],
        ["edit", "aaaa", "--editor", "--unset", "notes"],
        ["edit", "aaaa", "--notes", "-", "--append-notes", "-"],
    ])
    func contradictions(arguments: [String]) {
        let sandbox = Sandbox(journal: JournalPromiseTests.brew + "\n")
        let result = sandbox.run(arguments, stdin: "typed\n", env: ["VISUAL": "true"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(sandbox.journal == JournalPromiseTests.brew + "\n")
    }
}
