import Foundation
import Testing
import BrewLogTestSupport

/// The config file reads as `git config -f FILE` reads it, and what `config set` writes reads
/// back as meant: each case states the answer, and where git is installed, checks git agrees.
@Suite("the config file follows git's rules, and what config set writes reads back")
struct ConfigGitConformanceTests {
    private func sandbox(config: String) -> (Sandbox, String) {
        let sandbox = Sandbox()
        let path = sandbox.home + "/config"
        _ = FileManager.default.createFile(atPath: path, contents: Data(config.utf8))
        sandbox.environment["BREWLOG_CONFIG"] = path
        return (sandbox, path)
    }

    private func text(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The trait of the tests that ask git how it reads the same file.
    static let needsGit = ConditionTrait.enabled(if: ExternalTool.git.isInstalled, "needs git to compare how it reads the file")

    /// What `git config -f path key` prints (its final line break removed) and its status; an
    /// issue is recorded when git does not run. The sandbox holding `path` must outlive the call.
    private func git(_ path: String, _ key: String, sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, value: String) {
        let result = runProcess(ExternalTool.git.executable, ["config", "-f", path, key],
                                environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"], directory: "/")
        #expect(result.status >= 0, "git did not run: \(result.stderr)", sourceLocation: sourceLocation)
        return (result.status, result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout)
    }

    /// Config files and the value of `add.method` in each.
    static let readings: [(config: String, expected: String)] = [
        ("[add]\n\tmethod = \u{0C}a\u{0C}b\u{0B}\n", "\u{0C}a\u{0C}b\u{0B}"),
        ("[add]\n\tmethod = a\u{0B}b\n", "a\u{0B}b"),
        ("[add]\n\tmethod = a \t b \r\n", "a   b"),
        ("[add]\n\tmethod = x\\", "x"),
        ("[add]\n\tmethod = x \\\n", "x "),
        ("[add]\r\n\tmethod = \"a;b\" # c\r\n", "a;b"),
    ]

    @Test("values and bare keys read as git reads them", arguments: readings)
    func values(config: String, expected: String) {
        let (sandbox, _) = self.sandbox(config: config)
        let result = sandbox.run(["config", "get", "add.method"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == expected + "\n")
    }

    @Test("git reads those values the same", ConfigGitConformanceTests.needsGit, arguments: readings)
    func valuesAsGit(config: String, expected: String) {
        let (sandbox, path) = self.sandbox(config: config)
        withExtendedLifetime(sandbox) {
            let git = git(path, "add.method")
            #expect(git.status == 0 && git.value == expected, "git read \(git)")
        }
    }

    /// Config files git refuses, at their second line.
    static let refused = [
        "[add]\n\tmethod # c\n",
        "[add]\n\tmethod ; c\n",
        "[add]\n\tmethod\u{0B}\n",
        "[add]\n\u{0B}method = a\n",
    ]

    @Test("a file git refuses is refused with its PATH:LINE (78)", arguments: refused)
    func refusals(config: String) {
        let (sandbox, path) = self.sandbox(config: config)
        let result = sandbox.run(["config", "get", "add.method"])
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains(path + ":2:"), "\(result.stderr)")
    }

    @Test("git refuses those files too", ConfigGitConformanceTests.needsGit, arguments: refused)
    func refusalsAsGit(config: String) {
        let (sandbox, path) = self.sandbox(config: config)
        withExtendedLifetime(sandbox) {
            let git = git(path, "add.method")
            #expect(git.status != 0 && git.status != 1, "git read \(git)")
        }
    }

    /// Config files whose last value is continued into the end of the file.
    static let continued = ["[add]\n\tgrind = 20 \\\n", "[add]\r\n\tgrind = 20 \\\r\n", "[add]\n\tgrind = 20 \\"]

    /// A sandbox whose config file was `config`, after `config set`, `recipe save` and an alias wrote to it.
    private func written(after config: String) -> (Sandbox, String) {
        let (sandbox, path) = self.sandbox(config: config)
        sandbox.ok(["config", "set", "add.method", "V60"])
        sandbox.ok(["recipe", "save", "morning", "--dose", "15"])
        sandbox.ok(["config", "set", "alias.today", "list --since today"])
        sandbox.ok(["config", "set", "add.grind", "22"])
        return (sandbox, path)
    }

    @Test("config set, recipe save and an alias after a value continued into the end of the file add their own line", arguments: continued)
    func afterContinuation(config: String) {
        let (sandbox, path) = written(after: config)
        #expect(sandbox.ok(["config", "get", "add.method"]) == "V60\n", "\(text(path))")
        #expect(sandbox.ok(["config", "get", "add.grind"]) == "22\n", "\(text(path))")
        #expect(sandbox.ok(["config", "get", "recipe.morning.dose"]) == "15\n", "\(text(path))")
        #expect(sandbox.ok(["config", "get", "alias.today"]) == "list --since today\n", "\(text(path))")
    }

    @Test("git reads what they wrote the same", ConfigGitConformanceTests.needsGit, arguments: continued)
    func afterContinuationAsGit(config: String) {
        let (sandbox, path) = written(after: config)
        withExtendedLifetime(sandbox) {
            #expect(git(path, "add.method").value == "V60", "\(text(path))")
            #expect(git(path, "add.grind").value == "22", "\(text(path))")
        }
    }

    @Test("config set refuses to grow the file past what BrewLog reads; the repair commands keep working")
    func sizeLimit() {
        let filler = "# " + String(repeating: "x", count: 4 * 1024 * 1024 - 100) + "\n"
        let (sandbox, path) = self.sandbox(config: "[add]\n\tmethod = V60\n" + filler)
        let before = text(path)
        let result = sandbox.run(["config", "set", "alias.long", "list " + String(repeating: "--reverse ", count: 20)])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("MiB") && result.stderr.contains("nothing written"), "\(result.stderr)")
        #expect(text(path) == before)
        #expect(sandbox.ok(["config", "get", "add.method"]) == "V60\n")
        sandbox.ok(["config", "unset", "add.method"])
        #expect(sandbox.run(["config", "get", "add.method"]).status == 1)
    }
}

@Suite("config writes: names, columns and a lock file that is not BrewLog's")
struct ConfigWriteEdgeTests {
    @Test("ui.list-columns takes names in any case, as --columns does")
    func columnsAnyCase() {
        let sandbox = Sandbox(journal: sampleJournal)
        sandbox.ok(["config", "set", "ui.list-columns", "ID,Date"])
        #expect(sandbox.ok(["list"]).hasPrefix("ID            DATE"))
    }

    @Test("config set refuses a recipe name recipe save would refuse", arguments: [" x", "x ", "-x", String(repeating: "n", count: 65)])
    func recipeNames(name: String) {
        let sandbox = Sandbox()
        let result = sandbox.run(["config", "set", "recipe.\(name).dose", "15"])
        #expect(result.status == 64, "\(result)")
        #expect(sandbox.config == nil)
    }

    @Test("a config.lock that is not BrewLog's is named with how to fix it, and config edit keeps the text it could not write")
    func foreignLock() throws {
        let sandbox = Sandbox()
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let lock = sandbox.configPath + ".lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data("my notes\n".utf8))
        let set = sandbox.run(["config", "set", "ui.color", "never"])
        #expect(set.status == 74, "\(set)")
        #expect(set.stderr.contains("move that file away"), "\(set.stderr)")
        let editor = shellCommand(running: "printf '[ui]\\n\\tcolor = always\\n' > \"$1\"", at: sandbox.home + "/editor.sh")
        let edit = sandbox.run(["config", "edit"], env: ["VISUAL": editor])
        #expect(edit.status == 74, "\(edit)")
        #expect(edit.stderr.contains("your edited text is saved in"), "\(edit.stderr)")
        #expect(sandbox.config == "[ui]\n\tcolor = auto\n")
        let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/.config/brewlog").filter { $0.hasPrefix("config.edited-") }
        #expect(kept.count == 1)
        #expect(FileManager.default.contents(atPath: lock) == Data("my notes\n".utf8))
    }
}
