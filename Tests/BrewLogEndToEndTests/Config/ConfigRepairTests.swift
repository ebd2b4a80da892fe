import Foundation
import Testing
import BrewLogTestSupport

@Suite("a broken config is always reported and repairable; config set refuses what would break later")
struct ConfigRepairTests {
    private func sandbox(config: [UInt8]) -> Sandbox {
        let sandbox = Sandbox()
        let folder = sandbox.home + "/.config/brewlog"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/config", contents: Data(config))
        return sandbox
    }

    private func config(_ sandbox: Sandbox) -> String {
        (try? String(contentsOfFile: sandbox.home + "/.config/brewlog/config", encoding: .utf8)) ?? ""
    }

    @Test("config edit that changes nothing still reports the file's problem (78)", arguments: ["[ui\n", "[ui]\n\tcolor = nevr\n"])
    func editUnchanged(text: String) {
        let sandbox = Sandbox()
        _ = sandbox.ok(["config", "set", "ui.pager", "cat"])
        _ = FileManager.default.createFile(atPath: sandbox.home + "/.config/brewlog/config", contents: Data(text.utf8))
        let result = sandbox.run(["config", "edit"], env: ["EDITOR": "true", "VISUAL": nil])
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains("config:"))
    }

    @Test("a config that is not UTF-8 is refused with a hint that can fix it")
    func notUTF8() {
        let sandbox = self.sandbox(config: Array("[ui]\n\tpager = caf".utf8) + [0xE9, 0x0A])
        let result = sandbox.run(["list"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("not valid UTF-8") && result.stderr.contains("iconv"))
        #expect(!result.stderr.contains("config edit"))
    }

    @Test("config set refuses values that would break a later command", arguments: [
        ["journal.file", "x.jsonl.lock"],
        ["journal.file", "brews.rejected"],
        ["journal.file", "."],
        ["journal.file", "a/.."],
        ["alias.foo", "15"],
        ["alias.foo", "foo --limit 2"],
        ["recipe.a\u{1B}[2Jb.dose", "15"],
    ])
    func setRefusals(arguments: [String]) {
        let sandbox = self.sandbox(config: Array("# mine\n".utf8))
        let result = sandbox.run(["config", "set"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(config(sandbox) == "# mine\n")
    }

    @Test("an alias may run another alias that is set")
    func aliasOfAlias() {
        let sandbox = self.sandbox(config: Array("[alias]\n\tls = list\n".utf8))
        sandbox.ok(["config", "set", "alias.l", "ls --limit 1"])
        #expect(sandbox.run(["l"]).status == 0)
    }

    @Test("an alias chain longer than 50 is refused at once, however long the file makes it")
    func longChain() {
        var text = "[alias]\n"
        for index in 0..<2_000 { text += "\ta\(index) = a\(index + 1)\n" }
        text += "\ta2000 = list\n"
        let sandbox = self.sandbox(config: Array(text.utf8))
        let result = sandbox.run(["a0"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("more than 50 aliases"))
        #expect(sandbox.run(["a1960"]).status == 0)
    }

    @Test("recipe save refuses control characters in a value; a name with spaces is fine")
    func recipeText() {
        let sandbox = self.sandbox(config: Array("# mine\n".utf8))
        #expect(sandbox.run(["recipe", "save", "r", "-m", "\u{1B}]0;PWNED\u{07}"]).status == 64)
        #expect(config(sandbox) == "# mine\n")
        sandbox.ok(["recipe", "save", "Morning V60", "--dose", "15"])
        #expect(config(sandbox).contains("[recipe \"Morning V60\"]"))
        #expect(sandbox.ok(["recipe", "list", "-q"]) == "Morning V60\n")
        #expect(sandbox.run(["recipe", "save", " padded", "--dose", "15"]).status == 64)
    }

    @Test("completion scripts and their values work whatever the config holds")
    func completionIgnoresBadConfig() {
        let sandbox = self.sandbox(config: Array("[ui]\n\tcolor = nevr\n".utf8))
        #expect(sandbox.run(["completion", "bash"]).status == 0)
        #expect(sandbox.run(["__complete", "methods"]).status == 0)
        #expect(sandbox.run(["list"]).status == 78)
    }
}

/// A repair hint's command is pasted into a shell: it must name the real key, however strange.
@Suite("a repair hint's command works when pasted")
struct RepairHintTests {
    @Test("the hint for a bad value under any recipe name removes exactly that entry when bash runs it", arguments: [
        "\u{1B}]0;T\u{07}", "Morning V60", "it's", "a\\b", "\u{202E}rtl", "café",
    ])
    func pastedHintWorks(name: String) {
        let sandbox = Sandbox()
        let folder = sandbox.home + "/.config/brewlog"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let config = "[recipe \"\(quoted)\"]\n\tdose = lots\n[recipe \"keep\"]\n\tdose = 15\n"
        _ = FileManager.default.createFile(atPath: folder + "/config", contents: Data(config.utf8))
        let failed = sandbox.run(["list"])
        #expect(failed.status == 78)
        let hint = failed.stderr.split(separator: "\n").first { $0.hasPrefix("hint:") } ?? ""
        let marker = "remove it with: brewlog "
        guard let range = hint.range(of: marker) else {
            Issue.record("no command in \(failed.stderr)")
            return
        }
        #expect(rawControlCharacters(in: String(hint)).isEmpty && rawBidiControls(in: String(hint)).isEmpty, "\(hint.debugDescription)")
        // Pasted where no locale is set, as in cron: the quoting must not depend on one.
        let pasted = sandbox.shell(#""$B" "# + String(hint[range.upperBound...]), env: ["LANG": "C", "LC_ALL": "C"])
        #expect(pasted.status == 0, "\(pasted)")
        #expect(sandbox.run(["list"]).status == 0)
        #expect(sandbox.ok(["config", "get", "recipe.keep.dose"]) == "15\n")
    }
}

/// Hints that name a path or a journal print commands that act on exactly that path or journal.
@Suite("a hint's command names the path and the journal it is about")
struct HintPathTests {
    @Test("the iconv hint for a config that is not UTF-8 converts that file, whatever its path holds, and runs nothing else")
    func iconvHint() throws {
        let sandbox = Sandbox()
        let folder = sandbox.home + "/a'$(touch PWNED)'b c"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = folder + "/config"
        _ = FileManager.default.createFile(atPath: config, contents: Data(Array("[add]\n\tmethod = caf".utf8) + [0xE9, 0x0A]))
        sandbox.environment["BREWLOG_CONFIG"] = config
        let failed = sandbox.run(["list"])
        #expect(failed.status == 78)
        let hint = failed.stderr.split(separator: "\n").first { $0.hasPrefix("hint: convert it, e.g. ") } ?? ""
        let command = hint.dropFirst("hint: convert it, e.g. ".count).components(separatedBy: ", or fix that line").first ?? ""
        let pasted = sandbox.shell(command)
        #expect(pasted.status == 0, "\(command): \(pasted)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/PWNED"))
        #expect(sandbox.ok(["config", "get", "add.method"]) == "café\n")
    }

    @Test("a hint after --file suggests commands with the same --file, so pasting one repairs that journal", arguments: ["mine.jsonl", "my journal.jsonl"])
    func fileCarried(name: String) {
        let sandbox = Sandbox()
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data((journalLine(id: "a1a1a1a1") + "bad\n").utf8))
        let failed = sandbox.run(["--file", path, "list"])
        #expect(failed.status == 65)
        let hint = failed.stderr.split(separator: "\n").first { $0.hasPrefix("hint:") } ?? ""
        guard let start = hint.range(of: "'brewlog ", options: .backwards), let end = hint.range(of: " check --repair'") else {
            Issue.record("no repair command in \(hint)")
            return
        }
        let command = String(hint[hint.index(after: start.lowerBound)..<hint.index(before: end.upperBound)])
        let pasted = sandbox.shell(#""$B""# + command.dropFirst("brewlog".count))
        #expect(pasted.status == 0, "\(command): \(pasted)")
        #expect(sandbox.run(["--file", path, "check"]).status == 0)
    }
}
