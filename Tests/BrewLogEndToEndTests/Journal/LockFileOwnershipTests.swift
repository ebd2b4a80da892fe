import Foundation
import Testing
import BrewLogTestSupport

/// A file at `PATH.lock` that BrewLog did not write is someone's: refused, never overwritten.
@Suite("a lock file holding anything but BrewLog's own record is refused and left as it is")
struct LockFileOwnershipTests {
    static let brew = #"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","rating":3,"notes":"first"}"# + "\n"

    @Test("writers and readers refuse it, naming it; neither it nor the journal changes", arguments: [
        "my notes about locks\n",
        String(repeating: "x", count: 90) + "\n",
        "idle" + String(repeating: " ", count: 86) + "\n" + "more",
        "append 1 2 3 4\n",
    ], [["add", "--rating", "4"], ["edit", "last", "--rating", "5"], ["rm", "aaaa"], ["list"]])
    func refused(content: String, arguments: [String]) {
        let sandbox = Sandbox(journal: Self.brew)
        let lock = sandbox.journalPath + ".lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data(content.utf8))
        let result = sandbox.run(arguments)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("journal.jsonl.lock") && result.stderr.contains("did not write"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: lock) == Data(content.utf8))
        #expect(sandbox.journal == Self.brew)
    }

    @Test("the lock file BrewLog left behind (empty, or its idle record) is used again")
    func ownRecordReused() {
        let sandbox = Sandbox(journal: Self.brew)
        let lock = sandbox.journalPath + ".lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data())
        _ = sandbox.add(["--rating", "4"])
        let record = FileManager.default.contents(atPath: lock)
        #expect(record?.count == 91)
        _ = sandbox.add(["--rating", "5"])
        sandbox.ok(["edit", "last", "--rating", "2"])
        #expect(sandbox.journalLines.count == 3)
    }
}
