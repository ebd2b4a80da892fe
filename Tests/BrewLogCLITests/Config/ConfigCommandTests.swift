import Foundation
import Testing
import BrewLogTestSupport

@Suite("brewlog config get, set, unset, list")
struct ConfigCommandTests {
    @Test("set creates the file 0600 in a 0700 folder; get reads it back; reading created nothing before")
    func setAndGet() throws {
        let sandbox = Sandbox(runner: .inProcess)
        #expect(sandbox.run(["config", "get", "ui.color"]).status == 1)
        #expect(sandbox.run(["config", "list"]).stdout == "")
        sandbox.ok(["list"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config"))
        sandbox.ok(["config", "set", "ui.color", "never"])
        #expect(sandbox.config == "[ui]\n\tcolor = never\n")
        let file = try FileManager.default.attributesOfItem(atPath: sandbox.configPath)
        let folder = try FileManager.default.attributesOfItem(atPath: (sandbox.configPath as NSString).deletingLastPathComponent)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(sandbox.ok(["config", "get", "UI.Color"]) == "never\n")
    }

    @Test("get of a key that is not set exits 1 and prints nothing")
    func getMissing() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\ncolor = never\n")
        let result = sandbox.run(["config", "get", "ui.pager"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test("unset removes the key; unset of a key that is not set says so and exits 1")
    func unset() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("# mine\n[ui]\ncolor = never\npager = less\n")
        sandbox.ok(["config", "unset", "ui.color"])
        #expect(sandbox.config == "# mine\n[ui]\npager = less\n")
        let again = sandbox.run(["config", "unset", "ui.color"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("'ui.color' is not set"))
        let none = Sandbox(runner: .inProcess)
        #expect(none.run(["config", "unset", "ui.color"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: none.home + "/.config"))
    }

    @Test("list prints every entry in file order, like git config --list; --json the values that count")
    func list() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[UI]\nColor = auto\n[alias]\nls = list\n[ui]\ncolor = never\n[recipe \"Morning\"]\ndose = 15\nx\n")
        #expect(sandbox.run(["config", "list"]).stdout == "ui.color=auto\nalias.ls=list\nui.color=never\nrecipe.Morning.dose=15\nrecipe.Morning.x\n")
        #expect(sandbox.run(["config", "list", "--json"]).stdout
            == #"{"ui.color":"never","alias.ls":"list","recipe.Morning.dose":"15","recipe.Morning.x":null}"# + "\n")
    }

    @Test("list shows control characters escaped; get prints the value exactly")
    func controlCharacters() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\npager = \"a\\nb\u{1B}[31m\"\n")
        #expect(sandbox.run(["config", "list"]).stdout == "ui.pager=a\\nb\\e[31m\n")
        #expect(sandbox.run(["config", "get", "ui.pager"]).stdout == "a\nb\u{1B}[31m\n")
    }

    @Test("set of an unknown key or a bad value is a usage error and writes nothing", arguments: [
        ["ui.colour", "never"], ["ui.color", "sometimes"], ["add.dose", "0"], ["add.dose", "15 g"], ["add.water", "1e9"],
        ["add.temp", "101"], ["add.time", "2:60"], ["add.tags", "a b"], ["add.method", " "], ["ui.week-start", "friday"],
        ["ui.list-columns", "date,date"], ["ui.list-columns", "date,colour"], ["streak.day-starts", "24:00"],
        ["streak.rest-days", "sat,caturday"], ["streak.rest-days", "mon,tue,wed,thu,fri,sat,sun"], ["streak.weekly-target", "8"],
        ["alias.ls", "!ls -l"], ["alias.ls", "list 'x"], ["alias.ls", ""], ["alias.list", "show"], ["journal.file", "~bob/j"],
        ["journal.file", "/tmp/"], ["recipe.x.colour", "1"], ["ui..color", "x"], ["ui.pager", "a\u{1B}b"], ["add.yield", "-1"],
    ])
    func badSet(arguments: [String]) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let result = sandbox.run(["config", "set"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("brewlog: error: "), "\(result.stderr)")
        #expect(sandbox.config == "[ui]\n\tcolor = auto\n")
    }

    @Test("good values of every known key are accepted", arguments: [
        ["journal.file", "~/brews.jsonl"], ["ui.color", "always"], ["ui.pager", ""], ["ui.week-start", "sunday"],
        ["ui.list-columns", "date, rating,notes"], ["add.method", "V60"], ["add.dose", "15.5g"], ["add.water", "250"],
        ["add.yield", "36"], ["add.grind", "22 clicks"], ["add.temp", "94C"], ["add.time", "2:45"], ["add.tags", "morning,home"],
        ["recipe.Morning V60.dose", "15"], ["streak.day-starts", "4:00"], ["streak.rest-days", "Sat,sunday"],
        ["streak.weekly-target", "5"], ["alias.t", "list --since today"],
    ])
    func goodSet(arguments: [String]) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["config", "set"] + arguments)
        #expect(sandbox.ok(["config", "get", arguments[0]]) == arguments[1] + "\n")
        sandbox.ok(["list"])
    }

    @Test("wrong arguments are usage errors", arguments: [
        ["config"], ["config", "gte", "ui.color"], ["config", "get"], ["config", "set", "ui.color"],
        ["config", "list", "extra"], ["config", "get", "ui.color", "--json"], ["config", "get", "color"],
    ])
    func usage(arguments: [String]) {
        let result = Sandbox(runner: .inProcess).run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test("a syntax error is PATH:LINE, exit 78, for every command; config edit still runs")
    func syntaxError() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\n# fine\ncolor = \"never\n")
        for arguments in [["list"], ["config", "get", "ui.color"], ["config", "set", "ui.pager", "x"], ["ls"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 78, "\(arguments)")
            #expect(result.stderr.hasPrefix("brewlog: error: \(sandbox.configPath):3: unterminated quoted value"), "\(result.stderr)")
        }
        #expect(sandbox.run(["--version"]).status == 0)
        #expect(sandbox.run(["help", "list"]).status == 0)
    }

    @Test("a bad value in the file stops every command but config, which can repair it")
    func badValueInFile() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[add]\n\tdose = lots\n")
        let result = sandbox.run(["list"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(sandbox.configPath):2: invalid value 'lots' for 'add.dose'"), "\(result.stderr)")
        #expect(result.stderr.contains("brewlog config unset add.dose"))
        #expect(sandbox.ok(["config", "get", "add.dose"]) == "lots\n")
        sandbox.ok(["config", "set", "add.dose", "15"])
        sandbox.ok(["list"])
    }

    @Test("an unknown key in the file is a warning on standard error, not an error")
    func unknownKeyWarning() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\ncolor = never\n[x]\n\ty = 1\n")
        let result = sandbox.run(["list"])
        #expect(result.status == 0)
        #expect(result.stderr == "brewlog: warning: \(sandbox.configPath):4: unknown key 'x.y'\n")
        sandbox.ok(["config", "unset", "x.y"])
        #expect(sandbox.run(["list"]).stderr.isEmpty)
        sandbox.writeConfig("[ui]\ncolour = never\n")
        #expect(sandbox.run(["list"]).stderr == "brewlog: warning: \(sandbox.configPath):2: unknown key 'ui.colour' (did you mean 'ui.color'?)\n")
    }

    @Test("the location: BREWLOG_CONFIG, else an absolute XDG_CONFIG_HOME, else HOME")
    func location() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["config", "set", "ui.color", "never"], env: ["BREWLOG_CONFIG": sandbox.home + "/custom"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/custom"))
        sandbox.ok(["config", "set", "ui.color", "never"], env: ["XDG_CONFIG_HOME": sandbox.home + "/xdg"])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/xdg/brewlog/config"))
        sandbox.ok(["config", "set", "ui.color", "always"], env: ["XDG_CONFIG_HOME": "relative"])
        #expect(sandbox.config == "[ui]\n\tcolor = always\n")
        #expect(sandbox.run(["config", "get", "ui.color"], env: ["BREWLOG_CONFIG": sandbox.home + "/"]).status == 78)
        #expect(sandbox.run(["config", "set", "ui.color", "never"], env: ["HOME": "rel"]).status == 78)
        #expect(sandbox.run(["config", "get", "ui.color"], env: ["BREWLOG_CONFIG": sandbox.home]).status == 78)
        // A file where a folder of the path should be means no config, as for git; writing it cannot.
        _ = FileManager.default.createFile(atPath: sandbox.home + "/file", contents: Data())
        sandbox.ok(["list"], env: ["XDG_CONFIG_HOME": sandbox.home + "/file"])
        #expect(sandbox.run(["config", "set", "ui.color", "never"], env: ["XDG_CONFIG_HOME": sandbox.home + "/file"]).status == 73)
    }
}
