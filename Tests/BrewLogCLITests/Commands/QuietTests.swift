import Testing
import BrewLogTestSupport

@Suite("-q prints only what a script needs: ids after add, edit and rm, ids for list, nothing else")
struct QuietTests {
    @Test("reading and checking commands print nothing under -q, and their status still answers", arguments: [
        (["show", "last", "-q"], 0),
        (["stats", "-q"], 0),
        (["streak", "-q"], 0),
        (["streak", "--check", "-q"], 0),
        (["check", "-q"], 0),
        (["show", "zzzz", "-q"], 1),
    ] as [([String], Int32)])
    func silent(arguments: [String], status: Int32) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
    }

    @Test("check -q on a bad journal lists nothing on standard output and exits 65")
    func checkQuietOnBadJournal() {
        let sandbox = Sandbox(journal: sampleJournal + "{oops\n", runner: .inProcess)
        let result = sandbox.run(["check", "-q"])
        #expect(result.status == 65 && result.stdout == "")
        #expect(result.stderr.contains("1 problem"))
    }

    @Test("writing commands print the ids they touched, one per line", arguments: [
        ["edit", "aaaa", "--rating", "2", "-q"],
        ["rm", "aaaa", "-q"],
    ])
    func ids(arguments: [String]) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        #expect(sandbox.ok(arguments) == "aaaa00000001\n")
    }

    @Test("--json wins over -q: a script that asked for JSON gets it")
    func jsonWins() {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        #expect(sandbox.ok(["show", "aaaa", "--json", "-q"]).hasPrefix(#"{"id":"aaaa00000001""#))
        #expect(sandbox.ok(["streak", "--json", "-q"]).hasPrefix(#"{"current":"#))
    }
}
