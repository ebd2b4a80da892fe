import Foundation
import Testing
import BrewLogTestSupport

@Suite("What reaches the terminal: control characters, failed writes, file-size limits")
struct TerminalOutputTests {
    /// Every field with a control sequence: OSC retitling, CSI clear screen and hidden text, BEL,
    /// CR, DEL and a C1 CSI.
    static let hostileJournal = journalLine(
        id: "evil0001",
        #""notes":"first\u001b[2J\r\nsecond\u009b31m\rhidden","method":"V60\u001b[8m","coffee":"Kenya\u0007","#
            + #""grind":"fine\u007f","tags":["t\u001b[1m"]"#)

    /// A journal file whose name holds OSC retitling, and whose one line is bad for a reason
    /// that echoes a tag with a C1 CSI: for `check` and `import`.
    static let hostileFile = "bad\u{1B}]0;t\u{07}.jsonl"
    static let hostileFileLine = journalLine(id: "bad0001", #""notes":"","tags":["a b\u009b8m"]"#)

    @Test("human output shows control characters from data and arguments as visible escapes; output for programs keeps them", arguments: [
        (["list"], [#"V60\e[8m"#, #"Kenya\x07"#, "first\\e[2J ⏎\n"]),
        (["list", "--method", "v60\u{1B}[8m"], [#"V60\e[8m"#]),
        (["show", "evil"], [#"fine\x7F"#, #"t\e[1m"#, "  first\\e[2J\n  second\\u{9B}31m\\rhidden"]),
        (["rm", "evil"], [#"Removed evil0001 ("#, #", V60\e[8m)."#]),
        (["show", "no\u{1B}[2Jpe"], [#"no brew with id 'no\e[2Jpe'"#]),
        (["list", "--limit", "x\u{1B}]0;t\u{07}"], [#"invalid value 'x\e]0;t\x07' for '--limit'"#]),
        (["sh\u{9B}ow"], [#"unknown command 'sh\u{9B}ow'"#]),
        (["--file", "/dev/null/\u{1B}[8m/j.jsonl", "add"], [#"/dev/null/\e[8m/j.jsonl"#]),
        (["--file", hostileFile, "check"], [#"bad\e]0;t\x07.jsonl:1: tag 'a b\u{9B}8m' must not contain"#]),
        (["--file", hostileFile, "check", "--repair"],
         [#"bad\e]0;t\x07.jsonl:1: moved to bad\e]0;t\x07.jsonl.rejected: tag 'a b\u{9B}8m'"#, #"Moved 1 bad line to bad\e]0;t\x07.jsonl.rejected."#]),
        (["--file", "new\u{1B}[8m.jsonl", "check"], [#"new\e[8m.jsonl: 0 brews, no problems."#]),
        (["stats"], ["\n" + #"V60\e[8m  "#, "\n" + #"Kenya\x07  "#]),
        (["import", hostileFile], [#"bad\e]0;t\x07.jsonl:1: tag 'a b\u{9B}8m' must not contain"#]),
        (["add", "--method", "V60", "--notes", "x\u{9B}2J"], ["Logged "]),
        (["add", "--method", "V60\u{1B}[8m"], [#"the value for '--method' contains the control character \e"#]),
        (["add", "--date", "2026-11-28", "--once-per-day"], ["2026-11-28 already has a brew (evil0001); nothing added."]),
        (["edit", "evil", "--coffee", "Kenya\u{07}"], [#"the value for '--coffee' contains the control character \x07"#]),
        (["edit", "evil", "--grind", "fine\u{1B}[2J"], [#"the value for '--grind' contains the control character \e"#]),
        // Output for programs keeps the text exactly.
        (["export", "--format", "csv"], ["V60\u{1B}[8m", "Kenya\u{07}"]),
        (["list", "--json"], [#""coffee":"Kenya\u0007""#]),
        (["show", "evil", "--json"], [#""method":"V60\u001b[8m""#]),
        (["--file", hostileFile, "check", "--json"], ["tag 'a b\u{9B}8m' must not"]),
    ] as [([String], [String])])
    func escapes(arguments: [String], expected: [String]) {
        let sandbox = Sandbox(journal: Self.hostileJournal)
        _ = FileManager.default.createFile(atPath: sandbox.home + "/" + Self.hostileFile, contents: Data(Self.hostileFileLine.utf8))
        let result = sandbox.run(arguments)
        let output = result.stdout + result.stderr
        let human = !arguments.contains { ["--json", "-q", "export"].contains($0) }
        if human { #expect(rawControlCharacters(in: output).isEmpty, "\(arguments): \(output.debugDescription)") }
        for text in expected {
            #expect(output.contains(text), "\(arguments): \(text) not in \(output.debugDescription)")
        }
    }

    @Test("one-line typed texts (method, coffee, grind, tags) refuse control characters: exit 64, nothing written", arguments: [
        ["add", "--tag", "\u{1B}[5mblink"], ["add", "--tag", "ok", "--tag", "a\tb"], ["add", "--method", "V60\r"],
        ["add", "--coffee", "K\u{9B}2J"], ["edit", "evil", "--tag", "x\u{07}"], ["add", "--grind", "fine\n2"],
    ])
    func typedControlCharacters(arguments: [String]) {
        let sandbox = Sandbox(journal: Self.hostileJournal)
        let result = sandbox.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("contains the control character"), "\(result.stderr)")
        #expect(rawControlCharacters(in: result.stderr).isEmpty, "\(result.stderr.debugDescription)")
        #expect(sandbox.journal == Self.hostileJournal)
    }

    /// A brew whose every text holds a bidirectional override or isolate.
    static let bidiJournal = journalLine(id: "bidi0001", #""notes":"a\u202eb","method":"V\u2066","coffee":"K\u202a","grind":"g\u2069","tags":["t\u202d"]"#)
        + journalLine(id: "bidi0002", #""notes":"c","method":"V\u2066","coffee":"K\u202a","rating":4"#)

    @Test("human output escapes bidirectional overrides and isolates; JSON keeps the text as the journal holds it", arguments: [
        (["list"], true), (["show", "bidi0001"], true), (["diff", "bidi0001", "bidi0002"], true), (["dial", "K\u{202A}"], true),
        (["stats"], true), (["list", "--json"], false), (["show", "bidi0001", "--json"], false), (["export"], false),
    ])
    func bidi(arguments: [String], human: Bool) {
        let sandbox = Sandbox(journal: Self.bidiJournal + #"{"id":"bidi0003","date":"2026-11-28T09:00:00+01:00","notes":"raw \#u{202E}","method":"V\#u{2066}","coffee":"K\#u{202A}"}"# + "\n")
        let result = sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        if human {
            #expect(rawBidiControls(in: result.stdout).isEmpty, "\(arguments): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains(#"\u{2066}"#), "\(result.stdout)")
        } else {
            #expect(result.stdout.contains(#""method":"V\u2066""#), "\(result.stdout)")
            if arguments[0] != "show" { #expect(result.stdout.contains("\"notes\":\"raw \u{202E}\""), "\(result.stdout)") }
        }
    }

    @Test("check shows a NUL and an escape in a bad line as the terminal rules say: \\x00 and \\e")
    func checkEscapes() {
        let sandbox = Sandbox(journal: #"{"id":"x1x1x1x1","rating":\#u{0}}"# + "\n" + #"{"id":"x2x2x2x2","notes":"\\#u{1B}"}"# + "\n")
        let result = sandbox.run(["check"])
        #expect(result.status == 65)
        #expect(result.stdout.contains(#"unexpected character '\x00'"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"invalid escape '\\e'"#), "\(result.stdout)")
    }

    @Test("a failed write to standard output is an I/O error, exit 74", arguments: [
        ["export"], ["export", "--format", "csv"], ["list"], ["show", "last"], ["--version"],
    ])
    func fullStandardOutput(arguments: [String]) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(#""$B" "$@" > /dev/full; echo "status=$?" >&2"#, arguments: arguments)
        #expect(result.stderr.hasPrefix("brewlog: error: cannot write to standard output: No space left on device\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("status=74\n"))
    }

    @Test("a write whose output fails says its change is in the journal (exit 74), so scripts do not repeat it")
    func fullStandardOutputAfterAdd() {
        let sandbox = Sandbox(journal: sampleJournal)
        let before = sandbox.journalLines.count
        let result = sandbox.shell(#""$B" "$@" > /dev/full; echo "status=$?" >&2"#, arguments: ["add", "-q"])
        #expect(result.stderr.hasPrefix("brewlog: error: cannot write to standard output: No space left on device; the journal was updated all the same\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("status=74\n"))
        #expect(sandbox.journalLines.count == before + 1)
    }

    @Test("when standard error fails too, the status still tells")
    func fullStandardError() {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(#""$B" export > /dev/full 2>/dev/full; echo "status=$?""#)
        #expect(result.stdout == "status=74\n")
    }

    @Test("a file-size limit is an I/O error, not a silent death by SIGXFSZ", arguments: [
        // The test runner may ignore SIGXFSZ, and ignored signals are inherited: restore it first.
        #"ulimit -f 1; env --default-signal=XFSZ "$B" export > out.jsonl; echo "status=$?" >&2"#,
        #"ulimit -f 1; env --default-signal=XFSZ "$B" add --notes limit; echo "status=$?" >&2"#,
    ])
    func fileSizeLimit(script: String) {
        let sandbox = Sandbox()
        let lines = (0..<40).map { journalLine(id: "id\($0)", #""notes":"a note of some length to pass one kilobyte""#) }
        sandbox.writeJournal(lines.joined())
        let result = sandbox.shell(script)
        #expect(result.stderr.hasPrefix("brewlog: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("status=74\n"))
        #expect(sandbox.journalLines.count == 40)
    }
}
