import Foundation
import Testing
import BrewLogTestSupport

/// `brewlog sync` in a folder Syncthing, Dropbox or Nextcloud carries: conflict copies merged by
/// the import rules and moved into `JOURNAL.merged/`.
@Suite("brewlog sync in a synced folder: conflict copies")
struct SyncFolderTests {
    static let copyNames = [
        "journal.sync-conflict-20261129-091500-ABCDEFG.jsonl",
        "journal (Anna's conflicted copy 2026-11-29).jsonl",
        "journal_conflict-20261129-091500.jsonl",
        "journal (conflicted copy 2026-11-29 091500).jsonl",
    ]

    private func folder(_ sandbox: Sandbox) -> String { sandbox.home + "/.local/share/brewlog" }

    /// Writes `text` as the conflict copy `name` beside the journal.
    private func writeCopy(_ sandbox: Sandbox, _ name: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: folder(sandbox) + "/" + name, contents: Data(text.utf8))
    }

    @Test("a copy with a brew this machine lacks is merged and moved into JOURNAL.merged/", arguments: copyNames)
    func merged(name: String) {
        let sandbox = Sandbox()
        sandbox.writeJournal(journalLine(id: "aaaa00000001"))
        writeCopy(sandbox, name, journalLine(id: "aaaa00000001") + journalLine(id: "bbbb00000002", #""method":"V60""#))
        let result = sandbox.run(["sync"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Merged 1 conflict copy: 1 new record; moved 1 to \(folder(sandbox))/journal.jsonl.merged/.\n")
        #expect(sandbox.journalLines.count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder(sandbox) + "/" + name))
        #expect(FileManager.default.fileExists(atPath: folder(sandbox) + "/journal.jsonl.merged/" + name))
        #expect(sandbox.ok(["sync"]) == "Nothing to merge: no conflict copies beside the journal.\n")
    }

    @Test("a copy that differs in a brew stops the sync (1), stays beside the journal, and --take settles it", arguments: [false, true])
    func conflict(takeTheirs: Bool) {
        let sandbox = Sandbox()
        let name = Self.copyNames[0]
        sandbox.writeJournal(journalLine(id: "aaaa00000001", #""notes":"here""#))
        writeCopy(sandbox, name, journalLine(id: "aaaa00000001", #""notes":"there""#) + journalLine(id: "cccc00000003"))
        let stopped = sandbox.run(["sync"])
        #expect(stopped.status == 1)
        #expect(stopped.stdout.hasPrefix("conflict: aaaa00000001 differs in notes (the journal against \(name))\n"))
        #expect(stopped.stderr.contains("sync stopped on 1 conflict"))
        #expect(FileManager.default.fileExists(atPath: folder(sandbox) + "/" + name))
        // The copy's new record is in, its conflict is not.
        #expect(sandbox.journalLines.count == 2 && sandbox.journal?.contains("here") == true)
        #expect(sandbox.ok(["sync", "--status"]).contains("conflict copies waiting: 1"))
        let taken = sandbox.run(["sync", "--take", takeTheirs ? "theirs" : "ours", "aaaa"])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(sandbox.journal?.contains(takeTheirs ? "there" : "here") == true)
        #expect(!FileManager.default.fileExists(atPath: folder(sandbox) + "/" + name))
        #expect(sandbox.journalLines.count == 2)
    }

    @Test("a copy with bad lines is left where it is (65) and merges nothing")
    func badCopy() {
        let sandbox = Sandbox()
        sandbox.writeJournal(journalLine(id: "aaaa00000001"))
        let name = Self.copyNames[2]
        writeCopy(sandbox, name, journalLine(id: "bbbb00000002") + "not json\n")
        let result = sandbox.run(["sync"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(sandbox.journalLines.count == 1)
        #expect(FileManager.default.fileExists(atPath: folder(sandbox) + "/" + name))
    }

    @Test("a JOURNAL.merged that is a link is refused, and the copy stays")
    func mergedFolderIsALink() throws {
        let sandbox = Sandbox()
        sandbox.writeJournal(journalLine(id: "aaaa00000001"))
        let name = Self.copyNames[0]
        writeCopy(sandbox, name, journalLine(id: "bbbb00000002"))
        try FileManager.default.createSymbolicLink(atPath: folder(sandbox) + "/journal.jsonl.merged", withDestinationPath: sandbox.home)
        let result = sandbox.run(["sync"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder(sandbox) + "/" + name))
    }

    @Test("a conflict copy holding a brew removed here: it stays removed")
    func removedStaysRemoved() {
        let sandbox = Sandbox()
        let id = sandbox.add(["-m", "V60"])
        _ = sandbox.add(["-m", "AeroPress"])
        writeCopy(sandbox, Self.copyNames[0], sandbox.journal ?? "")
        sandbox.ok(["rm", id])
        sandbox.ok(["sync"])
        #expect(!sandbox.ok(["list", "-q"]).contains(id))
    }
}
