import Foundation
import Testing
import BrewLogTestSupport

/// `[include] path = FILE` in the config file, read exactly as `git config --includes` reads the
/// same files.
@Suite("config includes, held to git config --includes")
struct ConfigIncludeTests {
    /// A sandbox whose config folder holds `files` (relative names), the main one being `config`.
    private func sandbox(_ files: [String: String]) -> Sandbox {
        let sandbox = Sandbox()
        for (name, text) in files {
            let path = sandbox.home + "/" + name
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
        return sandbox
    }

    static let layouts: [[String: String]] = [
        // Relative to the including file, which may be in another folder.
        [".config/brewlog/config": "[ui]\n\tcolor = never\n[include]\n\tpath = shared/brewlog.config\n",
         ".config/brewlog/shared/brewlog.config": "[add]\n\tdose = 15\n[include]\n\tpath = ../more\n",
         ".config/brewlog/more": "[alias]\n\ttoday = list --since today\n"],
        // `~/` and a missing file ignored, later keys winning over included ones.
        [".config/brewlog/config": "[add]\n\tdose = 12\n[include]\n\tpath = ~/sync/brewlog.config\n\tpath = nowhere\n[add]\n\twater = 250\n",
         "sync/brewlog.config": "[add]\n\tdose = 18\n\twater = 300\n[Include]\n\tPath = \"~/sync/extra\"\n",
         "sync/extra": "[streak]\n\trest-days = sat,sun\n"],
        // Ten files included one inside another: as deep as git goes.
        Dictionary(uniqueKeysWithValues: (0...10).map { level in
            (level == 0 ? ".config/brewlog/config" : ".config/brewlog/f\(level)",
             "[add]\n\tdose = \(level + 1)\n" + (level < 10 ? "[include]\n\tpath = f\(level + 1)\n" : ""))
        }),
    ]

    @Test("config list and get read the included files as git config --includes does", arguments: 0..<layouts.count)
    func sameAsGit(layout: Int) {
        let sandbox = sandbox(Self.layouts[layout])
        let listed = sandbox.ok(["config", "list"])
        #expect(listed.contains("include.path="))
        #expect(!listed.isEmpty)
        for key in ["add.dose", "add.water", "ui.color", "alias.today", "streak.rest-days"] {
            let ours = sandbox.run(["config", "get", key])
            guard ExternalTool.git.isInstalled else { continue }
            let theirs = runProcess(ExternalTool.git.executable, ["config", "--file", sandbox.configPath, "--includes", "--get", key],
                                    environment: sandbox.environment, directory: sandbox.home)
            #expect(ours.stdout == theirs.stdout && (ours.status == 0) == (theirs.status == 0), "\(key): \(ours) against git's \(theirs)")
        }
        if ExternalTool.git.isInstalled {
            let theirs = runProcess(ExternalTool.git.executable, ["config", "--file", sandbox.configPath, "--includes", "--list"],
                                    environment: sandbox.environment, directory: sandbox.home)
            #expect(listed == theirs.stdout, "git lists:\n\(theirs.stdout)")
        }
    }

    @Test("an include loop, or an eleventh file deep, is refused (78) naming the line, as git refuses it", arguments: [true, false])
    func refused(loop: Bool) {
        var files: [String: String]
        if loop {
            files = [".config/brewlog/config": "[include]\n\tpath = a\n", ".config/brewlog/a": "[include]\n\tpath = config\n"]
        } else {
            files = Dictionary(uniqueKeysWithValues: (0...11).map { level in
                (level == 0 ? ".config/brewlog/config" : ".config/brewlog/f\(level)", level < 11 ? "[include]\n\tpath = f\(level + 1)\n" : "[add]\n\tdose = 1\n")
            })
        }
        let sandbox = sandbox(files)
        let result = sandbox.run(["list"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(loop ? "an include loop" : "includes nest more than 10 files deep"), "\(result.stderr)")
        #expect(result.stderr.contains(":2: "), "no PATH:LINE in \(result.stderr)")
        // `config` still runs, so the file can be repaired.
        #expect(sandbox.run(["config", "set", "ui.color", "never"]).status == 0)
        if ExternalTool.git.isInstalled {
            let theirs = runProcess(ExternalTool.git.executable, ["config", "--file", sandbox.configPath, "--includes", "--list"],
                                    environment: sandbox.environment, directory: sandbox.home)
            #expect(theirs.status != 0)
        }
    }

    @Test("an include.path without a value, or an empty one, is refused (78), as git refuses both here", arguments: ["\tpath\n", "\tpath =\n"])
    func emptyPath(line: String) {
        let sandbox = sandbox([".config/brewlog/config": "[include]\n" + line])
        let result = sandbox.run(["list"])
        #expect(result.status == 78 && result.stderr.contains("config:2: "), "\(result.stderr)")
        if ExternalTool.git.isInstalled {
            let theirs = runProcess(ExternalTool.git.executable, ["config", "--file", sandbox.configPath, "--includes", "--list"],
                                    environment: sandbox.environment, directory: sandbox.home)
            #expect(theirs.status != 0)
        }
    }

    @Test("a bad value in an included file is named by that file's path and line")
    func badValueInIncluded() {
        let sandbox = sandbox([".config/brewlog/config": "[include]\n\tpath = shared\n", ".config/brewlog/shared": "[ui]\n\n\tcolor = purple\n"])
        let result = sandbox.run(["list"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(sandbox.home + "/.config/brewlog/shared:3: invalid value 'purple'"), "\(result.stderr)")
    }

    @Test("config set writes the main file, never an included one")
    func setWritesMain() {
        let sandbox = sandbox([".config/brewlog/config": "[include]\n\tpath = shared\n", ".config/brewlog/shared": "[add]\n\tdose = 15\n"])
        sandbox.ok(["config", "set", "add.dose", "16"])
        #expect(sandbox.ok(["config", "get", "add.dose"]) == "16\n")
        #expect(String(decoding: FileManager.default.contents(atPath: sandbox.home + "/.config/brewlog/shared") ?? Data(), as: UTF8.self) == "[add]\n\tdose = 15\n")
        #expect(sandbox.config?.contains("dose = 16") == true)
        sandbox.ok(["config", "unset", "add.dose"])
        let unset = sandbox.run(["config", "unset", "add.dose"])
        #expect(unset.status == 1 && unset.stderr.contains("is set in the included file"), "\(unset.stderr)")
        #expect(sandbox.ok(["config", "get", "add.dose"]) == "15\n")
    }
}
