import Foundation
import Synchronization
import Testing
import BrewLogTestSupport

@Suite("Robustness: random arguments, concurrent writers, killed writers")
struct RobustnessTests {
    static let words = [
        "add", "list", "show", "edit", "rm", "streak", "stats", "export", "import", "check", "completion", "help",
        "--rating", "--notes", "--method", "--coffee", "--dose", "--water", "--grind", "--temp", "--time", "--tag",
        "--date", "--once-per-day", "--json", "-q", "--quiet", "--since", "--until", "--limit", "--untag", "--unset",
        "--append-notes", "--check", "--repair", "--format", "--prefer", "--dry-run", "--color", "--help", "-h", "--version",
        "--", "-", "last", "aaaa", "bbbb", "cccc00000003", "0", "6", "3", "-1", "1e999", "nan", "2:45", "99:99", "today",
        "yesterday", "2026-11-30", "2026-02-30", "24:00", "V60", "", " ", "☕️", "a,b", "--rating=", "--notes=x", "-qh",
        "tags", "rating", "csv", "json", "bash", "\u{0}", "--file", "--file=/dev/null",
    ]

    @Test("hundreds of random argument lists never crash and never change the journal when they fail", arguments: 0..<4)
    func fuzz(seed: UInt64) {
        var rng = SeededRandomGenerator(seed: seed)
        let sandbox = Sandbox()
        let documented: Set<Int32> = [0, 1, 64, 65, 66, 73, 74, 75, 78]
        for _ in 0..<75 {
            sandbox.writeJournal(sampleJournal)
            let count = Int.random(in: 0...6, using: &rng)
            let arguments = (0..<count).map { _ in Self.words.randomElement(using: &rng) ?? "" }
                .filter { !$0.contains("\u{0}") && !$0.contains("--editor") }
            let result = sandbox.run(arguments, stdin: "from stdin\n", env: ["BREWLOG_LOCK_TIMEOUT": "1"])
            #expect(documented.contains(result.status), "seed \(seed): brewlog \(arguments) exited \(result.status): \(result.stderr)")
            if result.status != 0 {
                #expect(sandbox.journal == sampleJournal, "seed \(seed): brewlog \(arguments) failed but changed the journal")
                #expect(result.stderr.hasPrefix("brewlog: error: ") || result.status == 1, "seed \(seed): \(arguments): \(result.stderr)")
            }
            #expect(FileManager.default.fileExists(atPath: sandbox.journalPath), "seed \(seed): brewlog \(arguments) removed the journal")
        }
    }

    @Test("twenty adds started at once leave exactly twenty new brews")
    func concurrentAdds() async {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        let environment = sandbox.environment, home = sandbox.home
        let ids = await withTaskGroup(of: RunResult.self) { group in
            for index in 0..<20 {
                group.addTask {
                    runProcess(brewlogBinary, ["add", "-q", "--notes", "writer \(index)"], environment: environment, directory: home)
                }
            }
            var ids: [String] = []
            for await result in group {
                #expect(result.status == 0, "\(result.stderr)")
                ids.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return ids
        }
        #expect(sandbox.run(["check"]).status == 0)
        let listed = Set(sandbox.ok(["list", "-q"]).split(separator: "\n").map(String.init))
        #expect(listed.count == 24)
        #expect(Set(ids).isSubset(of: listed))
    }

    @Test("adds and edits mixed concurrently lose nothing")
    func concurrentAddsAndEdits() async {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        let environment = sandbox.environment, home = sandbox.home
        await withTaskGroup(of: RunResult.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let arguments = index % 2 == 0 ? ["add", "--notes", "writer \(index)"]
                                                   : ["edit", "aaaa", "--append-notes", "edit \(index)"]
                    return runProcess(brewlogBinary, arguments, environment: environment, directory: home)
                }
            }
            for await result in group {
                #expect(result.status == 0, "\(result.stderr)")
            }
        }
        #expect(sandbox.ok(["list", "-q"]).split(separator: "\n").count == 10)
        let notes = sandbox.ok(["show", "aaaa", "--json"])
        for index in stride(from: 1, to: 12, by: 2) {
            #expect(notes.contains("edit \(index)"))
        }
    }

    @Test("writers killed with SIGKILL never leave a journal that fails to load, nor lose a reported brew")
    func killedWriters() async throws {
        let sandbox = Sandbox()
        // A journal big enough that rewrites take a while, so kills land mid-write.
        let filler = (0..<5_000).map { #"{"id":"fill\#($0)","date":"2026-01-01T08:00:00+01:00","notes":"filler line to make rewrites slow"}"# }
        sandbox.writeJournal(sampleJournal + filler.joined(separator: "\n") + "\n")
        let environment = sandbox.environment, home = sandbox.home
        // Spread the kills over a whole run, so some land while the file is being written.
        let started = Date()
        sandbox.ok(["edit", "cccc", "--append-notes", "timing run"])
        let runtime = UInt32(min(2, Date().timeIntervalSince(started)) * 1_000_000)
        var rng = SeededRandomGenerator(seed: 42)
        var confirmed: [String] = []
        var kills = 0
        for round in 0..<24 {
            let isEdit = round % 2 == 0
            let arguments = isEdit ? ["edit", "cccc", "--append-notes", "round \(round)"] : ["add", "-q", "--notes", "round \(round)"]
            let delay = UInt32.random(in: runtime / 3...runtime + runtime / 5, using: &rng)
            let result = runProcess(brewlogBinary, arguments, environment: environment, directory: home, killAfterMicroseconds: delay)
            if result.status == 128 + SIGKILL { kills += 1 }
            if !isEdit, result.status == 0, !result.stdout.isEmpty {
                confirmed.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let check = sandbox.run(["check"])
            #expect(check.status == 0, "round \(round): after a kill at \(delay) µs the journal fails to load: \(check.stdout)")
        }
        #expect(kills > 0, "no writer was killed; the test proved nothing")
        sandbox.ok(["add"])
        let folder = (sandbox.journalPath as NSString).deletingLastPathComponent
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.contains(".tmp-") } ?? []
        #expect(leftovers.isEmpty, "temporary files of killed writers were not cleaned up: \(leftovers)")
        let listed = Set(sandbox.ok(["list", "-q"]).split(separator: "\n").map(String.init))
        for id in confirmed {
            #expect(listed.contains(id), "brew \(id) was reported written but is gone")
        }
        #expect(listed.isSuperset(of: ["aaaa00000001", "bbbb00000002", "bbbb00000004", "cccc00000003", "fill0", "fill4999"]))
    }
}
