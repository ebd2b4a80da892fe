import Foundation
import Testing
import BrewLogTestSupport

/// The pager, driven through a real terminal: `script(1)` runs brewlog on a pseudo-terminal.
@Suite("long output on a terminal goes through the pager",
       .enabled(if: ExternalTool.script.isInstalled, "script(1) gives the pager a terminal (install bsdutils)"))
struct PagerTests {
    /// A sandbox whose journal has enough brews for a long list.
    private func sandbox() -> Sandbox {
        let lines = (1...40).map { day in
            #"{"id":"b\#(String(format: "%011d", day))","date":"2026-10-\#(String(format: "%02d", day % 28 + 1))T08:00:00+01:00","notes":"brew \#(day)"}"#
        }
        return Sandbox(journal: lines.joined(separator: "\n") + "\n")
    }

    /// Runs `arguments` on a pseudo-terminal with `pager` as `$PAGER` (`nil`: unset).
    private func onTerminal(_ sandbox: Sandbox, _ arguments: [String], pager: String?, extra: [String: String] = [:]) -> RunResult {
        let quoted = ([brewlogBinary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var environment = sandbox.environment.merging(extra) { $1 }
        environment["PAGER"] = pager
        environment["TERM"] = "dumb"
        return runProcess(ExternalTool.script.executable, ["-qec", quoted, "/dev/null"], environment: environment, directory: sandbox.home)
    }


    @Test("list, show, stats and help go through $PAGER on a terminal", arguments: [["list"], ["show", "last"], ["stats"], ["help", "add"], ["add", "--help"]])
    func paged(arguments: [String]) throws {
        let sandbox = self.sandbox()
        let capture = sandbox.home + "/paged"
        let result = onTerminal(sandbox, arguments, pager: "tee \(capture) >/dev/null")
        #expect(result.status == 0, "\(result)")
        let paged = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(!paged.isEmpty)
        #expect(paged == sandbox.ok(arguments), "the pager gets exactly what a pipe would")
    }

    @Test("--no-pager, ui.pager = cat or empty, and PAGER=cat or empty turn it off", arguments: [
        (["--no-pager"], "tee PAGED", nil),
        ([], "cat", nil),
        ([], "", nil),
        ([], "tee PAGED", "cat"),
        ([], "tee PAGED", ""),
    ] as [([String], String, String?)])
    func off(flags: [String], pager: String, configured: String?) throws {
        let sandbox = self.sandbox()
        if let configured { sandbox.ok(["config", "set", "ui.pager", configured]) }
        let capture = sandbox.home + "/paged"
        let result = onTerminal(sandbox, ["list"] + flags, pager: pager.replacingOccurrences(of: "PAGED", with: capture))
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: capture))
        #expect(result.stdout.contains("brew 40"))
    }

    @Test("ui.pager wins over $PAGER")
    func configuredWins() throws {
        let sandbox = self.sandbox()
        let capture = sandbox.home + "/configured"
        sandbox.ok(["config", "set", "ui.pager", "tee \(capture) >/dev/null"])
        _ = onTerminal(sandbox, ["list"], pager: "false")
        #expect(FileManager.default.fileExists(atPath: capture))
    }

    @Test("output that is not a terminal is never paged")
    func notTerminal() {
        let sandbox = self.sandbox()
        let capture = sandbox.home + "/paged"
        let result = sandbox.run(["list"], env: ["PAGER": "tee \(capture)"])
        #expect(result.status == 0 && result.stdout.contains("brew 40"))
        #expect(!FileManager.default.fileExists(atPath: capture))
    }

    @Test("a pager that quits early is a closed pipe: exit 0, no error")
    func quitsEarly() throws {
        let sandbox = self.sandbox()
        let result = onTerminal(sandbox, ["list"], pager: "head -c 10")
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("error"))
    }

    @Test("writing commands and errors are never paged")
    func notForWrites() throws {
        let sandbox = self.sandbox()
        let capture = sandbox.home + "/paged"
        #expect(onTerminal(sandbox, ["add", "-r", "4"], pager: "tee \(capture)").status == 0)
        #expect(onTerminal(sandbox, ["show", "nothing"], pager: "tee \(capture)").status == 1)
        #expect(!FileManager.default.fileExists(atPath: capture))
    }

    @Test("a pager that cannot run or fails is an I/O error naming it, not output silently lost", arguments: ["false", "/nonexistent-pager"])
    func failingPager(pager: String) throws {
        let sandbox = self.sandbox()
        let result = onTerminal(sandbox, ["list"], pager: pager)
        #expect(result.status == 74, "\(result)")
        #expect(result.stdout.contains("brewlog: error: the pager '\(pager)'"))
        #expect(result.stdout.contains("--no-pager"))
    }

    /// A stand-in `less` in the sandbox that writes its arguments to `args` and its input to `paged`.
    private func standInLess(_ sandbox: Sandbox) throws -> String {
        let folder = sandbox.home + "/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/less"
        // Written by a /bin/sh child, so running it never fails with "Text file busy".
        installStandIn(#"printf '%s\n' "$*" > "$HOME/args"; cat > "$HOME/paged""#, at: path)
        return path
    }

    @Test("a plain list opens less at the end, where the newest brews are; --limit, --sort, --reverse and other commands do not", arguments: [
        (["list"], "-R +G"), (["list", "--limit", "5"], "-R"), (["list", "--sort", "rating"], "-R"), (["list", "--reverse"], "-R"),
        (["show", "last"], "-R"), (["stats"], "-R"),
    ])
    func atTheEnd(arguments: [String], expected: String) throws {
        let sandbox = self.sandbox()
        let less = try standInLess(sandbox)
        let result = onTerminal(sandbox, arguments, pager: less + " -R")
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: sandbox.home + "/args", encoding: .utf8) == expected + "\n")
        #expect(try String(contentsOfFile: sandbox.home + "/paged", encoding: .utf8) == sandbox.ok(arguments), "the text is what a pipe gets")
    }

    @Test("ui.list-order = newest lists the newest first on a terminal, and a pipe still gets the oldest first")
    func newestFirst() throws {
        let sandbox = self.sandbox()
        sandbox.ok(["config", "set", "ui.list-order", "newest"])
        let less = try standInLess(sandbox)
        _ = onTerminal(sandbox, ["list"], pager: less)
        let paged = try String(contentsOfFile: sandbox.home + "/paged", encoding: .utf8).split(separator: "\n")
        let piped = sandbox.ok(["list"]).split(separator: "\n")
        #expect(paged.first == piped.first && Array(paged.dropFirst()) == Array(piped.dropFirst().reversed()))
        #expect(try String(contentsOfFile: sandbox.home + "/args", encoding: .utf8) == "\n")
        #expect(sandbox.run(["config", "set", "ui.list-order", "latest"]).status == 64)
    }
}
