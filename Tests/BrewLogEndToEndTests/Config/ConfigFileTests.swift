import Foundation
import Testing
import BrewLogTestSupport

@Suite("The config file on disk: links, locks, concurrent writers, the editor")
struct ConfigFileTests {
    @Test("a config reached through a symbolic link is written through it; the link stays a link")
    func throughSymlink() throws {
        let sandbox = Sandbox()
        let dotfiles = sandbox.home + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dotfiles + "/brewlog", contents: Data("# mine\n[ui]\ncolor = auto\n".utf8))
        chmod(dotfiles + "/brewlog", 0o640)
        try FileManager.default.createDirectory(atPath: sandbox.home + "/.config/brewlog", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.configPath, withDestinationPath: "../../dotfiles/brewlog")
        sandbox.ok(["config", "set", "ui.color", "never"])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.configPath)
        #expect(link == "../../dotfiles/brewlog")
        #expect(sandbox.config == "# mine\n[ui]\ncolor = never\n")
        let mode = try FileManager.default.attributesOfItem(atPath: dotfiles + "/brewlog")[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // The lock sits beside the file the link leads to; no temporary file is left.
        let names = try FileManager.default.contentsOfDirectory(atPath: dotfiles).sorted()
        #expect(names == ["brewlog", "brewlog.lock"])
    }

    @Test("get, set, unset and list through the binary, with their exit codes")
    func binaryExitCodes() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["config", "get", "ui.color"]).status == 1)
        #expect(sandbox.run(["config", "set", "ui.color", "never"]).status == 0)
        #expect(sandbox.run(["config", "set", "ui.colour", "never"]).status == 64)
        #expect(sandbox.run(["config", "get", "ui.color"]).stdout == "never\n")
        #expect(sandbox.run(["config", "list"]).stdout == "ui.color=never\n")
        #expect(sandbox.run(["config", "unset", "ui.color"]).status == 0)
        #expect(sandbox.run(["config", "unset", "ui.color"]).status == 1)
        #expect(sandbox.config == "")
        sandbox.writeConfig("[ui\n")
        #expect(sandbox.run(["config", "list"]).status == 78)
    }

    @Test("a writer removes the temporary files a killed writer left")
    func leftovers() throws {
        let sandbox = Sandbox()
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let folder = (sandbox.configPath as NSString).deletingLastPathComponent
        // What a writer killed mid-write leaves (named after its process), and a file of the user's
        // that only shares the prefix, which is kept.
        _ = FileManager.default.createFile(atPath: folder + "/.config.tmp-\(try deadProcessID())-42", contents: Data("half".utf8))
        _ = FileManager.default.createFile(atPath: folder + "/.config.tmp-mine", contents: Data("mine".utf8))
        sandbox.ok(["config", "set", "ui.color", "never"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".config.tmp-mine", "config", "config.lock"])
    }

    @Test("a dangling link gets its file created where it points")
    func danglingLink() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.home + "/.config/brewlog", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.configPath, withDestinationPath: sandbox.home + "/elsewhere/config")
        sandbox.ok(["config", "set", "alias.ls", "list"])
        #expect(FileManager.default.contents(atPath: sandbox.home + "/elsewhere/config").map { String(decoding: $0, as: UTF8.self) }
            == "[alias]\n\tls = list\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.configPath)) != nil)
    }

    @Test("a FIFO or a folder at the config path is refused without blocking")
    func notRegular() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.home + "/.config/brewlog", withIntermediateDirectories: true)
        mkfifo(sandbox.configPath, 0o600)
        let result = sandbox.run(["list"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("not a regular file"))
    }

    @Test("two concurrent config set both land")
    func concurrentSets() async {
        let sandbox = Sandbox()
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let keys = (0..<8).map { "alias.a\($0)" }
        let environment = sandbox.environment, home = sandbox.home
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for (index, key) in keys.enumerated() {
                group.addTask {
                    runProcess(brewlogBinary, ["config", "set", key, "list --limit \(index + 1)"], environment: environment, directory: home).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: keys.count))
        for (index, key) in keys.enumerated() {
            #expect(sandbox.ok(["config", "get", key]) == "list --limit \(index + 1)\n")
        }
    }

    @Test("a writer waits for the lock, then gives up with exit 75")
    func lockTimeout() throws {
        let sandbox = Sandbox()
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let fd = open(sandbox.configPath + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let result = sandbox.run(["config", "set", "ui.color", "never"], env: ["BREWLOG_LOCK_TIMEOUT": "0.2"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(sandbox.config == "[ui]\n\tcolor = auto\n")
    }

    @Test("config edit saves what the editor wrote and reports a syntax error with PATH:LINE")
    func edit() throws {
        let sandbox = Sandbox()
        sandbox.writeConfig("# keep\n[ui]\n\tcolor = auto\n")
        let script = sandbox.home + "/ed.sh"
        sandbox.ok(["config", "edit"], env: ["EDITOR": shellCommand(running: "sed -i 's/auto/never/' \"$1\"\n", at: script)])
        #expect(sandbox.config == "# keep\n[ui]\n\tcolor = never\n")
        let broken = sandbox.run(["config", "edit"], env: ["VISUAL": shellCommand(running: "printf '[ui\\n' >> \"$1\"\n", at: script)])
        #expect(broken.status == 78)
        #expect(broken.stderr.contains("\(sandbox.configPath):4: unterminated section header"), "\(broken.stderr)")
        // The broken file can be mended with another edit.
        sandbox.ok(["config", "edit"], env: ["VISUAL": shellCommand(running: "sed -i '$d' \"$1\"\n", at: script)])
        sandbox.ok(["list"])
    }

    @Test("config edit of a file changed meanwhile writes nothing and keeps the text")
    func editConflict() throws {
        let sandbox = Sandbox()
        sandbox.writeConfig("[ui]\n\tcolor = auto\n")
        let script = sandbox.home + "/ed.sh"
        // The "editor" changes the file through another brewlog while it has the copy open.
        let editor = shellCommand(running: "\(brewlogBinary) config set ui.pager cat\necho '# mine' >> \"$1\"\n", at: script)
        let result = sandbox.run(["config", "edit"], env: ["EDITOR": editor])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("your text is saved in"))
        #expect(sandbox.config == "[ui]\n\tcolor = auto\n\tpager = cat\n")
    }
}
