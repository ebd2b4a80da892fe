import Foundation
import Testing
import BrewLogTestSupport

/// Every way `brewlog sync` refuses: a clear message, its own exit code, and nothing lost.
@Suite("brewlog sync refuses what it cannot do safely", .enabled(if: ExternalTool.git.isInstalled, "needs git to make the repositories"))
struct SyncFaultTests {
    @Test("no git on PATH: in a repository a clear error (69); in a plain folder the folder mode needs none")
    func noGit() {
        let pair = SyncPair()
        pair.start()
        let empty = pair.b.home + "/empty-bin"
        try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = pair.b.run(["sync"], env: ["PATH": empty])
        #expect(result.status == 69)
        #expect(result.stderr.contains("git is not installed, or not on PATH"), "\(result.stderr)")
        #expect(pair.b.run(["sync", "init"], env: ["PATH": empty]).status == 69)
        let plain = Sandbox()
        _ = plain.add(["-m", "V60"])
        #expect(plain.run(["sync"], env: ["PATH": empty]).stdout == "Nothing to merge: no conflict copies beside the journal.\n")
    }

    @Test("a journal inside another project's repository is refused (78), and nothing is committed there")
    func anotherProject() {
        let pair = SyncPair()
        let project = pair.a.home + "/project"
        try? FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        pair.git(pair.a, ["init", "-q"], in: project)
        _ = FileManager.default.createFile(atPath: project + "/README.md", contents: Data("hello\n".utf8))
        pair.git(pair.a, ["add", "README.md"], in: project)
        pair.git(pair.a, ["commit", "-q", "-m", "project"], in: project)
        let journal = project + "/data/journal.jsonl"
        pair.a.ok(["--file", journal, "add", "-m", "V60"])
        for arguments in [["sync", "init"], ["sync"], ["sync", "--status"]] {
            let result = pair.a.run(["--file", journal] + arguments)
            #expect(result.status == 78, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("inside the git repository"), "\(result.stderr)")
        }
        #expect(pair.git(pair.a, ["rev-list", "--count", "HEAD"], in: project).stdout == "1\n")
        #expect(pair.git(pair.a, ["config", "--get", "merge.brewlog.driver"], in: project, expecting: 1).status == 1)
    }

    @Test("a detached HEAD is refused (78), the journal unchanged")
    func detached() {
        let pair = SyncPair()
        pair.start()
        pair.git(pair.b, ["checkout", "-q", "--detach"])
        _ = pair.b.add(["-m", "Espresso"])
        let journal = pair.b.journal
        let result = pair.b.run(["sync"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("HEAD is detached"), "\(result.stderr)")
        #expect(pair.b.journal == journal)
    }

    @Test("a remote that is gone: 69 with git's own words, the brew committed here and still in the journal")
    func remoteGone() throws {
        let pair = SyncPair()
        pair.start()
        let id = pair.b.add(["-m", "Espresso"])
        try FileManager.default.moveItem(atPath: pair.origin, toPath: pair.origin + ".moved")
        let result = pair.b.run(["sync"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("cannot reach the remote 'origin'"), "\(result.stderr)")
        #expect(result.stderr.contains("fatal:"), "git's own output is missing: \(result.stderr)")
        #expect(pair.b.ok(["list", "-q"]).contains(id))
        #expect(pair.git(pair.b, ["status", "--porcelain"]).stdout.isEmpty)
    }

    @Test("staged changes to other files are refused (78): nothing committed, the index as it was")
    func dirtyIndex() {
        let pair = SyncPair()
        pair.start()
        _ = FileManager.default.createFile(atPath: pair.folder(pair.b) + "/notes.txt", contents: Data("x\n".utf8))
        pair.git(pair.b, ["add", "notes.txt"])
        _ = pair.b.add(["-m", "Espresso"])
        let before = pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout
        let result = pair.b.run(["sync"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("staged changes to other files (notes.txt)"), "\(result.stderr)")
        #expect(pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout == before)
        #expect(pair.git(pair.b, ["diff", "--cached", "--name-only"]).stdout == "notes.txt\n")
    }

    @Test("the journal's lock held by another brewlog: sync waits, then gives up (75) having committed nothing")
    func lockHeld() {
        let pair = SyncPair()
        pair.start()
        _ = pair.b.add(["-m", "Espresso"])
        let before = pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout
        let fd = open(pair.b.journalPath + ".lock", O_RDWR)
        defer { close(fd) }
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let result = pair.b.run(["sync"], env: ["BREWLOG_LOCK_TIMEOUT": "0.2"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(pair.git(pair.b, ["rev-list", "--count", "HEAD"]).stdout == before)
    }

    @Test("init --clone over a journal that holds brews, or from a remote that cannot be reached, changes nothing")
    func cloneRefusals() {
        let pair = SyncPair()
        pair.start()
        let third = Sandbox()
        let mine = third.add(["-m", "Espresso"])
        let over = third.run(["sync", "init", "--clone", pair.origin])
        #expect(over.status == 78 && over.stderr.contains("a journal already exists"), "\(over.stderr)")
        #expect(third.ok(["list", "-q"]) == mine + "\n")
        #expect(!FileManager.default.fileExists(atPath: third.home + "/.local/share/brewlog/.git"))
        let again = pair.b.run(["sync", "init", "--clone", pair.origin])
        #expect(again.status == 78 && again.stderr.contains("is already in the git repository"), "\(again.stderr)")
        let fresh = Sandbox()
        let gone = fresh.run(["sync", "init", "--clone", fresh.home + "/nowhere.git"])
        #expect(gone.status == 69, "\(gone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.home + "/.local/share/brewlog/.git"))
    }

    @Test("sync and its options refuse what does not go together (64)", arguments: [
        ["sync", "--json"], ["sync", "extra"], ["sync", "--take", "ours"], ["sync", "--status", "--take", "ours", "x"],
        ["sync", "--with-config"], ["sync", "init", "a", "b"], ["sync", "init", "--status"],
    ])
    func usage(arguments: [String]) {
        let result = Sandbox(runner: .inProcess).run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }
}
