import Foundation
import Testing
import BrewLogTestSupport

@Suite("Inputs read strictly: standard input, raw arguments and variables, locations, limits")
struct InputTests {
    @Test("import - with standard input closed or a folder is refused, exit 66", arguments: [
        (#""$B" import - <&-"#, "brewlog: error: cannot read standard input: it is closed\n"),
        (#""$B" import - < /"#, "brewlog: error: cannot read standard input: it is a folder\n"),
        (#""$B" import "$HOME" < /dev/null"#, "brewlog: error: cannot read "),
    ])
    func unreadableImport(script: String, message: String) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(script)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("notes read from standard input that is closed, a folder or not UTF-8 are refused, and nothing is written", arguments: [
        (#""$B" add --notes - <&-"#, 66, "brewlog: error: cannot read standard input: it is closed\n"),
        (#""$B" add --notes - < /"#, 66, "brewlog: error: cannot read standard input: it is a folder\n"),
        (#"printf 'caf\351\n' | "$B" add --notes -"#, 65, "brewlog: error: standard input is not valid UTF-8\n"),
        (#""$B" edit last --notes - <&-"#, 66, "brewlog: error: cannot read standard input: it is closed\n"),
        (#"printf '\377' | "$B" edit last --notes -"#, 65, "brewlog: error: standard input is not valid UTF-8\n"),
        (#""$B" edit last --append-notes - <&-"#, 66, "brewlog: error: cannot read standard input: it is closed\n"),
        (#""$B" edit last --append-notes - < /"#, 66, "brewlog: error: cannot read standard input: it is a folder\n"),
        (#"printf 'caf\351' | "$B" edit last --append-notes -"#, 65, "brewlog: error: standard input is not valid UTF-8\n"),
    ] as [(String, Int32, String)])
    func unreadableNotes(script: String, status: Int32, message: String) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(script)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("an import line longer than 16 MiB is refused as it streams, exit 65")
    func endlessImport() {
        let sandbox = Sandbox(journal: sampleJournal)
        // The memory limit only keeps a regression from taking the machine's memory.
        let result = sandbox.shell(#"ulimit -v 4000000; timeout 120 "$B" import /dev/zero"#)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("brewlog: error: /dev/zero: line 1 is longer than 16 MiB\n"), "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("an argument that is not UTF-8 is refused with its position, exit 64", arguments: [
        (#""$B" --file "$(printf 'j\377.jsonl')" add"#, 2),
        (#""$B" add --notes "$(printf 'caf\351')""#, 3),
        (#""$B" add --tag "$(printf 'caf\351')""#, 3),
    ])
    func invalidArgument(script: String, position: Int) throws {
        let sandbox = Sandbox()
        let result = sandbox.shell(script)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("brewlog: error: argument \(position) is not valid UTF-8: "), "\(result.stderr)")
        #expect(result.stderr.contains("hint: brewlog reads its arguments as UTF-8; give the value in UTF-8"), "\(result.stderr)")
        #expect(!result.stderr.contains("UTF-8 path"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
    }

    @Test("a location variable that is not UTF-8 is refused, exit 78", arguments: ["BREWLOG_FILE", "XDG_DATA_HOME", "HOME"])
    func invalidVariable(name: String) throws {
        let sandbox = Sandbox()
        let result = sandbox.shell(#"export \#(name)="$HOME/$(printf 'x\377')"; "$B" add"#)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("brewlog: error: \(name) is not valid UTF-8: "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
    }

    @Test("BREWLOG_LOCK_TIMEOUT past a day, or not a plain decimal, is refused, exit 78", arguments: [
        ("1e308", 78), ("86401", 78), ("1e18", 78), ("0x10", 78), ("+5", 78), ("inf", 78), ("86400", 0), ("0.5", 0),
    ])
    func lockTimeout(value: String, status: Int32) {
        let sandbox = Sandbox()
        let result = sandbox.run(["add"], env: ["BREWLOG_LOCK_TIMEOUT": value])
        #expect(result.status == status, "\(result.stderr)")
        if status == 78 {
            #expect(result.stderr.hasPrefix("brewlog: error: BREWLOG_LOCK_TIMEOUT is not a number of seconds from 0 to 86400: '\(value)'"))
        }
    }

    @Test("a relative HOME is not used; a journal path ending in / is refused", arguments: [
        (["add"], ["HOME": "relative/home"], 78, "brewlog: error: cannot tell where the journal is: HOME is not an absolute path: 'relative/home'\n"),
        (["add", "--file", "folder/"], [:], 64, "brewlog: error: --file names a folder, not a journal file: 'folder/'\n"),
        (["add"], ["BREWLOG_FILE": "folder/"], 78, "brewlog: error: BREWLOG_FILE names a folder, not a journal file: 'folder/'\n"),
    ] as [([String], [String: String], Int32, String)])
    func location(arguments: [String], env: [String: String], status: Int32, message: String) throws {
        let sandbox = Sandbox()
        let result = sandbox.run(arguments, env: env)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
    }
}

@Suite("Small strictnesses")
struct SmallStrictnessTests {
    @Test("notes from standard input lose one final line break of either kind", arguments: [
        ("x\n", "x"), ("x\r\n", "x"), ("x\n\n", "x\\n"),
    ])
    func finalLineBreak(input: String, stored: String) {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", "-"], stdin: input)
        #expect(sandbox.journal?.contains(#""notes":"\#(stored)""#) == true, "\(sandbox.journal ?? "")")
    }

    @Test("--limit takes digits only", arguments: ["+2", "-1", "1.0", " 2"])
    func limitDigitsOnly(value: String) {
        let sandbox = Sandbox(journal: sampleJournal)
        #expect(sandbox.run(["list", "--limit", value]).status == 64)
    }
}
