import Foundation
import Testing
import BrewLogTestSupport

@Suite("Where the journal is, colour, pipes, help and version")
struct EnvironmentTests {
    @Test("location precedence: --file > BREWLOG_FILE > XDG_DATA_HOME > HOME")
    func precedence() {
        let sandbox = Sandbox()
        let file = sandbox.home + "/option.jsonl", env = sandbox.home + "/env.jsonl", xdg = sandbox.home + "/xdg"
        sandbox.ok(["add", "--file", file], env: ["BREWLOG_FILE": env, "XDG_DATA_HOME": xdg])
        sandbox.ok(["--file=\(file)", "add"], env: ["BREWLOG_FILE": env, "XDG_DATA_HOME": xdg])
        sandbox.ok(["add"], env: ["BREWLOG_FILE": env, "XDG_DATA_HOME": xdg])
        sandbox.ok(["add"], env: ["XDG_DATA_HOME": xdg])
        sandbox.ok(["add"])
        let count = { (path: String) in
            (FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "").split(separator: "\n").count
        }
        #expect(count(file) == 2)
        #expect(count(env) == 1)
        #expect(count(xdg + "/brewlog/journal.jsonl") == 1)
        #expect(count(sandbox.journalPath) == 1)
    }

    @Test("an empty --file is a usage error, never the default journal; an empty BREWLOG_FILE is unset",
          arguments: [["--file", "", "add"], ["--file=", "add"], ["list", "--file="]])
    func emptyFileOption(arguments: [String]) {
        let sandbox = Sandbox()
        let result = sandbox.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("brewlog: error: --file must not be empty\n"), "\(result.stderr)")
        #expect(sandbox.journal == nil)
        sandbox.ok(["add"], env: ["BREWLOG_FILE": ""])
        #expect(sandbox.journalLines.count == 1)
    }

    @Test("colour: auto never colours a pipe or with NO_COLOR; always and never win")
    func colour() {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        let escape = "\u{1B}["
        #expect(!sandbox.ok(["list"]).contains(escape))
        #expect(!sandbox.ok(["streak"]).contains(escape))
        #expect(sandbox.ok(["list", "--color", "always"]).contains(escape))
        #expect(sandbox.ok(["--color=always", "streak"], env: ["NO_COLOR": "1"]).contains(escape))
        #expect(!sandbox.ok(["list", "--color", "never"], env: ["TERM": "xterm-256color"]).contains(escape))
        #expect(!sandbox.ok(["stats"], env: ["NO_COLOR": "1"]).contains(escape))
    }

    @Test("colour auto on a terminal, except with NO_COLOR or TERM=dumb",
          .enabled(if: ExternalTool.script.isInstalled, "needs script(1) to give brewlog a terminal (install bsdutils)"), arguments: [
        ([:], true), (["NO_COLOR": "1"], false), (["NO_COLOR": ""], true), (["TERM": "dumb"], false),
    ] as [([String: String], Bool)])
    func colourOnTerminal(env: [String: String], coloured: Bool) throws {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        var environment = sandbox.environment.merging(["TERM": "xterm"]) { $1 }
        environment.merge(env) { $1 }
        // script(1) gives brewlog a pseudo-terminal as standard output.
        let result = runProcess(ExternalTool.script.executable, ["-qec", "\(brewlogBinary) streak", "/dev/null"], environment: environment, directory: sandbox.home)
        try #require(result.status == 0, "script(1) unavailable: \(result.stderr)")
        #expect(result.stdout.contains("\u{1B}[") == coloured)
    }

    @Test("writing to a closed pipe ends quietly")
    func closedPipe() throws {
        let sandbox = Sandbox()
        let lines = (0..<5000).map { #"{"id":"id\#($0)","date":"2026-11-28T08:00:00+01:00","notes":"a note long enough to fill the pipe buffer quickly"}"# }
        sandbox.writeJournal(lines.joined(separator: "\n") + "\n")
        let result = runProcess("/bin/bash", ["-c", "set -o pipefail; \"\(brewlogBinary)\" list | head -1; echo \"status=$?\" >&2"],
                                environment: sandbox.environment, directory: sandbox.home)
        #expect(result.stdout.hasPrefix("ID"))
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr == "status=0\n")
    }

    @Test("help: 'brewlog help CMD' equals 'brewlog CMD --help', in swift-argument-parser's layout",
          arguments: ["add", "list", "show", "edit", "rm", "streak", "stats", "export", "import", "check", "completion"])
    func help(command: String) {
        let sandbox = Sandbox()
        let viaHelp = sandbox.ok(["help", command])
        #expect(viaHelp == sandbox.ok([command, "--help"]))
        #expect(viaHelp == sandbox.ok([command, "-h"]))
        #expect(viaHelp.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.contains("\nUSAGE: brewlog \(command)"))
        #expect(viaHelp.contains("\nOPTIONS:\n"))
        #expect(viaHelp.contains("  -h, --help              Show help information.\n"))
    }

    @Test("top-level help lists the subcommands; no arguments shows it too")
    func topLevelHelp() {
        let sandbox = Sandbox()
        let help = sandbox.ok(["--help"])
        #expect(help.contains("SUBCOMMANDS:\n  add                     Record a brew.\n"))
        #expect(sandbox.ok([]) == help)
        #expect(sandbox.ok(["help"]) == help)
        #expect(sandbox.ok(["help", "help"]) == help)
    }

    @Test("--version")
    func version() {
        #expect(Sandbox().ok(["--version"]) == "brewlog 0.1.0\n")
    }

    @Test("-- ends options: what follows is an argument")
    func doubleDash() {
        let sandbox = Sandbox()
        sandbox.writeJournal(#"{"id":"-odd-id","date":"2026-11-28T08:00:00+01:00","notes":""}"# + "\n")
        #expect(sandbox.ok(["show", "--json", "--", "-odd-id"]).hasPrefix(#"{"id":"-odd-id""#))
    }
}
