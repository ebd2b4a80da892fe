import Foundation
import Testing
import BrewLogTestSupport

/// Two machines, each its own HOME, syncing one journal through a bare remote with `brewlog sync`.
final class SyncPair {
    let a = Sandbox(), b = Sandbox()
    var origin: String { a.home + "/origin.git" }

    init() {
        for machine in [a, b] {
            machine.environment["GIT_CONFIG_NOSYSTEM"] = "1"
            let name = machine === a ? "laptop" : "desktop"
            _ = FileManager.default.createFile(atPath: machine.home + "/.gitconfig",
                                               contents: Data("[user]\n\tname = \(name)\n\temail = \(name)@example.com\n[init]\n\tdefaultBranch = main\n".utf8))
        }
        git(a, ["init", "-q", "--bare", origin], in: a.home)
    }

    /// The journal's folder on `machine`: the repository.
    func folder(_ machine: Sandbox) -> String { machine.home + "/.local/share/brewlog" }

    /// Runs git on `machine` (in its repository unless `folder` says otherwise).
    @discardableResult
    func git(_ machine: Sandbox, _ arguments: [String], in folder: String? = nil, expecting status: Int32? = 0,
             sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
        let result = runProcess(ExternalTool.git.executable, arguments, environment: machine.environment, directory: folder ?? self.folder(machine))
        if let status {
            #expect(result.status == status, "git \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// The first machine set up with one brew pushed, the second cloned; returns the brew's id.
    @discardableResult
    func start(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let id = a.add(["-m", "V60", "-r", "4", "-n", "first"], sourceLocation: sourceLocation)
        a.ok(["sync", "init", origin], sourceLocation: sourceLocation)
        b.ok(["sync", "init", "--clone", origin], sourceLocation: sourceLocation)
        return id
    }

    /// The origin's commits on main.
    var pushedCommits: Int { Int(git(a, ["rev-list", "--count", "main"], in: origin).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
}

@Suite("brewlog sync over real git: two machines, one remote", .enabled(if: ExternalTool.git.isInstalled, "needs git to make the repositories"))
struct SyncGitTests {
    @Test("both machines brew the same day and each syncs: both brews on both, git silent, the commit says what and where")
    func sameDay() {
        let pair = SyncPair()
        let first = pair.start()
        #expect(pair.b.journalLines.count == 1)
        let laptop = pair.a.add(["-m", "AeroPress"]), desktop = pair.b.add(["-m", "Espresso"])
        let outA = pair.a.run(["sync"])
        #expect(outA.status == 0 && outA.stderr.isEmpty, "\(outA.stderr)")
        #expect(outA.stdout == "Synced with origin/main: in: nothing; out: 1 brew added.\n")
        let outB = pair.b.run(["sync"])
        #expect(outB.status == 0 && outB.stderr.isEmpty, "\(outB.stderr)")
        #expect(outB.stdout == "Synced with origin/main: in: 1 brew added; out: 1 brew added.\n")
        pair.a.ok(["sync"])
        for machine in [pair.a, pair.b] {
            let ids = Set(machine.ok(["list", "-q"]).split(separator: "\n").map(String.init))
            #expect(ids == [first, laptop, desktop])
        }
        let message = pair.git(pair.b, ["log", "-1", "--format=%s", "HEAD^2"]).stdout
        #expect(message.hasPrefix("brewlog: 1 brew added on "), "\(message)")
        let driver = pair.git(pair.b, ["config", "merge.brewlog.driver"]).stdout
        #expect(driver == shellQuoted(brewlogBinary) + " merge-driver %O %A %B %P\n" || driver == "'" + brewlogBinary + "' merge-driver %O %A %B %P\n")
        let mode = (try? FileManager.default.attributesOfItem(atPath: pair.b.journalPath)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600, "the merge left the journal \(String(mode, radix: 8))")
    }

    @Test("different fields of one brew edited on both machines are both kept")
    func differentFields() {
        let pair = SyncPair()
        let id = pair.start()
        pair.a.ok(["edit", id, "--rating", "5"])
        pair.b.ok(["edit", id, "--coffee", "Kenya AA"])
        pair.a.ok(["sync"])
        pair.b.ok(["sync"])
        pair.a.ok(["sync"])
        for machine in [pair.a, pair.b] {
            let line = machine.journalLines.joined()
            #expect(line.contains(#""rating":5"#) && line.contains(#""coffee":"Kenya AA""#), "\(line)")
        }
    }

    @Test("the same field edited on both stops the sync before pushing, names brew and field, and --take settles it")
    func sameField() {
        let pair = SyncPair()
        let id = pair.start()
        pair.a.ok(["edit", id, "--notes", "laptop"])
        pair.b.ok(["edit", id, "--notes", "desktop", "--rating", "2"])
        pair.a.ok(["sync"])
        let pushed = pair.pushedCommits
        let stopped = pair.b.run(["sync"])
        #expect(stopped.status == 1)
        #expect(stopped.stdout == "conflict: \(id) was changed on both machines (notes), line 1\n")
        #expect(stopped.stderr.contains("sync stopped on 1 conflict; nothing was pushed"))
        #expect(!stopped.stderr.contains("CONFLICT"), "git's own output reached standard error: \(stopped.stderr)")
        #expect(pair.pushedCommits == pushed)
        #expect(pair.b.run(["check"]).stdout.contains("an unresolved merge conflict (brew \(id))"))
        let status = pair.b.ok(["sync", "--status", "--json"])
        #expect(status.contains(#""conflicts":[{"id":"\#(id)","fields":["notes"]"#), "\(status)")
        #expect(pair.b.run(["sync", "--take", "sideways", id]).status == 64)
        #expect(pair.b.run(["sync", "--take", "ours", "ffff0000"]).status == 1)
        let taken = pair.b.run(["sync", "--take", "theirs", String(id.prefix(6))])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.hasPrefix("Kept theirs of \(id).\n"))
        pair.a.ok(["sync"])
        for machine in [pair.a, pair.b] {
            let line = machine.journalLines.joined()
            // Theirs' notes, and the desktop's own rating, which only it changed.
            #expect(line.contains(#""notes":"laptop""#) && line.contains(#""rating":2"#), "\(line)")
        }
        #expect(pair.b.run(["sync", "--take", "ours", id]).status == 1)
    }

    @Test("a removal on one machine and no change on the other: removed on both")
    func removal() {
        let pair = SyncPair()
        let id = pair.start()
        let kept = pair.b.add(["-m", "Espresso"])
        pair.b.ok(["sync"])
        pair.a.ok(["sync"])
        pair.a.ok(["rm", id])
        pair.a.ok(["sync"])
        pair.b.ok(["sync"])
        #expect(pair.b.ok(["list", "-q"]) == kept + "\n")
        #expect(pair.a.ok(["list", "-q"]) == kept + "\n")
    }

    @Test("a push that races: the other machine pushes between this one's merge and its push; one more merge, then the push")
    func pushRace() {
        let pair = SyncPair()
        pair.start()
        _ = pair.a.add(["-m", "AeroPress"])
        let desktop = pair.b.add(["-m", "Espresso"])
        // B's pre-push hook makes A sync first, once: B's push is then refused as behind.
        let marker = pair.b.home + "/raced"
        let hook = """
            [ -e \(shellQuoted(marker)) ] && exit 0
            : > \(shellQuoted(marker))
            unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_PREFIX
            HOME=\(shellQuoted(pair.a.home)) \(shellQuoted(brewlogBinary)) sync > /dev/null 2>&1
            """
        installStandIn(hook, at: pair.folder(pair.b) + "/.git/hooks/pre-push")
        let raced = pair.b.run(["sync"])
        #expect(raced.status == 0, "\(raced.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the hook never ran: nothing raced")
        #expect(raced.stdout == "Synced with origin/main: in: 1 brew added; out: 1 brew added.\n")
        pair.a.ok(["sync"])
        #expect(pair.a.ok(["list", "-q"]).contains(desktop))
        #expect(pair.a.journalLines.count == 3 && pair.b.journalLines.count == 3)
    }

    @Test("sync with nothing to do says so and makes no commit; with no remote it only commits")
    func nothingToDo() {
        let pair = SyncPair()
        pair.start()
        let before = pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout
        #expect(pair.b.ok(["sync"]) == "Already in sync with origin/main: nothing changed here or there.\n")
        #expect(pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout == before)
        let alone = Sandbox()
        alone.environment["GIT_CONFIG_NOSYSTEM"] = "1"
        _ = FileManager.default.createFile(atPath: alone.home + "/.gitconfig", contents: Data("[user]\n\tname = A\n\temail = a@example.com\n".utf8))
        _ = alone.add(["-m", "V60"])
        alone.ok(["sync", "init"])
        _ = alone.add(["-m", "V60"])
        #expect(alone.ok(["sync"]) == "Committed 1 brew added (no remote: nothing pushed).\n")
        #expect(alone.ok(["sync"]) == "Nothing to sync: the journal has not changed since the last commit, and there is no remote.\n")
    }

    @Test("the shared config travels: init --with-config moves recipes and aliases, the clone includes them, machine keys stay")
    func configTravels() {
        let pair = SyncPair()
        pair.a.writeConfig("[ui]\n\tcolor = never\n[recipe \"Morning\"]\n\tdose = 15\n[alias]\n\ttoday = list --since today\n")
        _ = pair.a.add(["-m", "V60"])
        pair.a.ok(["sync", "init", pair.origin, "--with-config"])
        #expect(pair.a.config?.contains("color = never") == true)
        #expect(pair.a.config?.contains("dose") == false)
        #expect(pair.a.ok(["config", "get", "recipe.Morning.dose"]) == "15\n")
        pair.b.ok(["sync", "init", "--clone", pair.origin, "--with-config"])
        #expect(pair.b.ok(["config", "get", "recipe.Morning.dose"]) == "15\n")
        #expect(pair.b.run(["config", "get", "ui.color"]).status == 1)
        pair.b.ok(["config", "set", "ui.pager", "cat"])
        #expect(pair.b.config?.contains("pager = cat") == true)
    }

    @Test("a binary in a folder with a space and a quote, and a journal named with spaces: the driver still merges")
    func oddPaths() throws {
        let pair = SyncPair()
        let folder = pair.a.home + "/my 'brew' tools"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let binary = folder + "/brewlog"
        try FileManager.default.copyItem(atPath: brewlogBinary, toPath: binary)
        func run(_ machine: Sandbox, _ arguments: [String]) -> RunResult {
            runProcess(binary, ["--file", machine.home + "/brews/my brews.jsonl"] + arguments, environment: machine.environment, directory: machine.home)
        }
        let id = run(pair.a, ["add", "-q", "-m", "V60"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(pair.a, ["sync", "init", pair.origin]).status == 0)
        #expect(run(pair.b, ["sync", "init", "--clone", pair.origin]).status == 0)
        #expect(run(pair.a, ["edit", id, "--rating", "5"]).status == 0)
        #expect(run(pair.b, ["edit", id, "--coffee", "Kenya AA"]).status == 0)
        #expect(run(pair.a, ["sync"]).status == 0)
        let merged = run(pair.b, ["sync"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let line = run(pair.b, ["export"]).stdout
        #expect(line.contains(#""rating":5"#) && line.contains("Kenya AA"), "\(line)")
        let driver = pair.git(pair.b, ["config", "merge.brewlog.driver"], in: pair.b.home + "/brews").stdout
        #expect(driver == "'" + binary.replacingOccurrences(of: "'", with: "'\\''") + "' merge-driver %O %A %B %P\n")
        let attributes = try String(contentsOfFile: pair.b.home + "/brews/.gitattributes", encoding: .utf8)
        #expect(attributes == "\"/my brews.jsonl\" merge=brewlog\n")
    }
}
