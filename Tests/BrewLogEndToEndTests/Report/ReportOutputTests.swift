import BrewLogTestSupport
import Foundation
import Testing

@Suite("report -o never replaces the journal or the config, whatever the path")
struct ReportOutputTests {
    @Test("a path through a folder that does not exist yet, an empty path, a folder or a device is refused, and nothing changes",
          arguments: ["missing/../.local/share/brewlog/journal.jsonl", "missing/../.config/brewlog/config", "", ".", "/dev/null"])
    func refused(path: String) {
        let sandbox = Sandbox(journal: sampleJournal)
        sandbox.writeConfig("[ui]\n\tcolor = never\n")
        let before = (sandbox.journal, sandbox.config)
        let result = sandbox.run(["report", "-o", path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(sandbox.journal == before.0 && sandbox.config == before.1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/missing"))
    }

    @Test("-o - is standard output")
    func dash() {
        let sandbox = Sandbox(journal: sampleJournal)
        #expect(sandbox.ok(["report", "-o", "-"]) == sandbox.ok(["report"]))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/-"))
    }
}
