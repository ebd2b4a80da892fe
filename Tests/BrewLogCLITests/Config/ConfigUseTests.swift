import Foundation
import Testing
import BrewLogTestSupport

@Suite("What the configuration changes: journal.file, ui.color, aliases")
struct ConfigUseTests {
    @Test("journal.file sits after --file and BREWLOG_FILE, before the XDG default")
    func journalFilePrecedence() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[journal]\n\tfile = ~/configured.jsonl\n")
        sandbox.ok(["add", "--method", "A"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/configured.jsonl"))
        #expect(sandbox.journal == nil)
        sandbox.ok(["add", "--method", "B"], env: ["BREWLOG_FILE": sandbox.home + "/env.jsonl"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/env.jsonl"))
        sandbox.ok(["add", "--method", "C", "--file", sandbox.home + "/option.jsonl"], env: ["BREWLOG_FILE": sandbox.home + "/env.jsonl"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/option.jsonl"))
        #expect(sandbox.ok(["list", "-q"]).split(separator: "\n").count == 1)
        sandbox.ok(["config", "unset", "journal.file"])
        sandbox.ok(["add", "--method", "D"], env: ["XDG_DATA_HOME": sandbox.home + "/xdg"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/xdg/brewlog/journal.jsonl"))
    }

    @Test("a relative journal.file is beside the config file")
    func relativeJournalFile() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[journal]\n\tfile = brews.jsonl\n")
        sandbox.ok(["add"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/.config/brewlog/brews.jsonl"))
    }

    @Test("ui.color is the --color default; --color wins")
    func color() {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        #expect(!sandbox.ok(["streak"]).contains("\u{1B}["))
        sandbox.writeConfig("[ui]\n\tcolor = always\n")
        #expect(sandbox.ok(["streak"]).contains("\u{1B}["))
        #expect(!sandbox.ok(["streak", "--color", "never"]).contains("\u{1B}["))
        sandbox.writeConfig("[ui]\n\tcolor = never\n")
        #expect(!sandbox.ok(["streak"]).contains("\u{1B}["))
        #expect(sandbox.ok(["streak", "--color=always"]).contains("\u{1B}["))
    }

    @Test("an alias runs its words, then the arguments given")
    func alias() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tls = list\n\tkenya = \"list --coffee 'Kenya AA' -q\"\n\tLL = ls --limit 1\n")
        let first = sandbox.add(["--coffee", "Kenya AA", "--date", "2026-11-27"])
        let second = sandbox.add(["--coffee", "Brazil", "--date", "2026-11-28"])
        #expect(sandbox.ok(["ls", "-q"]) == sandbox.ok(["list", "-q"]))
        #expect(sandbox.ok(["kenya"]) == first + "\n")
        #expect(sandbox.ok(["ll", "-q"]) == second + "\n")
        #expect(sandbox.ok(["--file", sandbox.journalPath, "ls", "-q", "--since", "2026-11-28"]) == second + "\n")
        #expect(sandbox.ok(["--color", "never", "-q", "ls"]) == first + "\n" + second + "\n")
    }

    @Test("help for an alias names what it runs, then shows the command's help")
    func aliasHelp() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tls = list\n")
        for arguments in [["help", "ls"], ["ls", "--help"], ["-h", "ls"]] {
            let output = sandbox.ok(arguments)
            #expect(output.hasPrefix("'ls' is an alias for 'list'\nOVERVIEW: "), "\(arguments): \(output)")
            #expect(output.contains("USAGE: brewlog list"))
        }
    }

    @Test("an alias loop is a clear error")
    func loop() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\ta = b\n\tb = c --quiet\n\tc = a\n")
        let result = sandbox.run(["a"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(":2: the aliases loop: 'a' → 'b' → 'c' → 'a'"), "\(result.stderr)")
    }

    @Test("an alias for config still runs when another key's value is bad, so it can repair it")
    func aliasForConfig() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tc = config\n[add]\n\tdose = lots\n")
        #expect(sandbox.run(["list"]).status == 78)
        sandbox.ok(["c", "unset", "add.dose"])
        sandbox.ok(["list"])
    }

    @Test("help for a chain of aliases names each one")
    func chainHelp() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tl = list\n\tl1 = l --limit 1\n")
        #expect(sandbox.ok(["help", "l1"]).hasPrefix("'l1' is an alias for 'l --limit 1'\n'l' is an alias for 'list'\nOVERVIEW: "))
    }

    @Test("an alias cannot shadow a command: it is ignored, with a warning")
    func shadowing() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tlist = show last\n")
        let result = sandbox.run(["list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("No brews yet"), "\(result.stdout)")
        #expect(result.stderr.contains("\(sandbox.configPath):2: alias 'list' is ignored: 'list' is a command"))
    }

    @Test("a shell alias is refused; an alias to no command says so")
    func badAliases() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tsh = !ls -l\n")
        let shell = sandbox.run(["sh"])
        #expect(shell.status == 78)
        #expect(shell.stderr.contains("shell aliases ('!...') are not supported"))
        sandbox.writeConfig("[alias]\n\tx = lsit\n")
        let typo = sandbox.run(["x"])
        #expect(typo.status == 78)
        #expect(typo.stderr.contains(":2: the alias 'x' runs 'lsit', which is neither a command nor an alias"))
    }

    @Test("an unknown command's suggestion considers aliases too")
    func suggestion() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tbrews = list\n")
        let alias = sandbox.run(["brewss"])
        #expect(alias.status == 64)
        #expect(alias.stderr.contains("unknown command 'brewss'\nhint: did you mean 'brews'?"), "\(alias.stderr)")
        let command = sandbox.run(["lst"])
        #expect(command.stderr.contains("did you mean 'list'?"))
    }

    @Test("a command never reads the aliases: a broken alias does not stop a plain command's parse")
    func commandsFirst() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[alias]\n\tls = list\n")
        #expect(sandbox.run(["--version"]).status == 0)
        #expect(sandbox.run(["help"]).status == 0)
    }
}
