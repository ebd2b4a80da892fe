import Foundation
import Testing
import BrewLogTestSupport

/// Brews on 27, 28 and 29 November (a three-day streak, today brewed), one of 18 g from the
/// open Kenya bag (250 g), and a finished bag that `%g` must not name.
private let promptJournal = [
    #"{"id":"bag1bag1bag1","kind":"bean","name":"Old","weight_g":100,"opened":"2026-10-01","finished":"2026-10-30"}"#,
    #"{"id":"bag2bag2bag2","kind":"bean","name":"Kenya AA","weight_g":250,"opened":"2026-11-20"}"#,
    #"{"id":"aaaa00000001","date":"2026-11-20T08:00:00+01:00","rating":3}"#,
    #"{"id":"aaaa00000002","date":"2026-11-27T08:00:00+01:00","rating":4}"#,
    #"{"id":"aaaa00000003","date":"2026-11-28T08:00:00+01:00","coffee":"Kenya AA","dose_g":18}"#,
    #"{"id":"aaaa00000004","date":"2026-11-29T08:00:00+01:00","notes":"\u001b]0;pwned\u0007"}"#,
].joined(separator: "\n") + "\n"

@Suite("brewlog prompt prints one short line, or nothing and an exit status")
struct PromptCommandTests {
    @Test("the default format is the streak and today's mark")
    func defaultFormat() {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt"])
        #expect(result.status == 0)
        #expect(result.stdout == "☕3✓\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("a bad lock timeout is ignored: the prompt waits its own 50 ms at most", arguments: ["forever", "-1", "1e308"])
    func badLockTimeout(value: String) {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt"], env: ["BREWLOG_LOCK_TIMEOUT": value])
        #expect(result.status == 0)
        #expect(result.stdout == "☕3✓\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("a TZ or BREWLOG_NOW it cannot read prints nothing and exits 78: without them there is no today", arguments: [
        ["TZ": "Mars/Olympus"], ["BREWLOG_NOW": "soon"],
    ])
    func unreadableToday(settings: [String: String?]) {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt"], env: settings)
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test("completion scripts need no setting: a bad TZ, BREWLOG_NOW or lock timeout changes nothing", arguments: [
        ["TZ": "Mars/Olympus"], ["BREWLOG_NOW": "soon"], ["BREWLOG_LOCK_TIMEOUT": "forever"],
    ])
    func completionIgnoresSettings(settings: [String: String?]) {
        let sandbox = Sandbox()
        let script = sandbox.ok(["completion", "bash"])
        let result = sandbox.run(["completion", "bash"], env: settings)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == script && result.stderr.isEmpty)
    }

    @Test("each placeholder, and %% for a percent sign", arguments: [
        ("%s", "3"), ("%t", "✓"), ("%l", "3"), ("%g", "232"), ("%%", "%"),
        ("streak %s/%l, %gg left %t 100%%", "streak 3/3, 232g left ✓ 100%"),
    ])
    func placeholders(format: String, expected: String) {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt", "--format", format])
        #expect(result.status == 0)
        #expect(result.stdout == expected + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("%g follows the bag rule: of two bags opened the same day, the later roast, whichever was added last; add -c links the same one")
    func gramsOfTheBagOpenedLast() throws {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-11-25", "--opened", "2026-11-28", "--weight", "250", "-q"])
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-11-01", "--opened", "2026-11-28", "--weight", "100", "-q"])
        sandbox.ok(["add", "-c", "Kenya AA", "--dose", "18", "-q"])
        #expect(sandbox.ok(["prompt", "--format", "%g"]) == "232\n")
        let fresher = try #require(sandbox.journalLines.first.map { String($0.dropFirst(7).prefix(12)) })
        #expect(sandbox.ok(["show", "last"]).contains("Kenya AA (\(fresher))"))
    }

    @Test("a day without a brew yet gets the other mark; no open bag leaves %g empty")
    func notYetAndNoBag() {
        let sandbox = Sandbox(now: "2026-11-30T09:00:00+01:00", journal: #"{"id":"aaaa00000001","date":"2026-11-29T08:00:00+01:00"}"# + "\n")
        let result = sandbox.run(["prompt", "--format", "%s%t[%g]"])
        #expect(result.stdout == "1·[]\n")
        #expect(result.status == 0)
    }

    @Test("control characters in the format are made visible; the journal's never reach the line")
    func terminalSafe() {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt", "--format", "\u{1b}[31m%s"])
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(result.stdout.hasSuffix("[31m3\n"))
    }

    @Test("an unknown placeholder is a usage error: exit 64, nothing printed anywhere", arguments: ["%x", "100%", "%"])
    func unknownPlaceholder(format: String) {
        let sandbox = Sandbox(journal: promptJournal)
        let result = sandbox.run(["prompt", "--format", format])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("an unknown option is a usage error that prints nothing either")
    func unknownOption() {
        let result = Sandbox(journal: promptJournal).run(["prompt", "--colour"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("no journal: nothing printed, exit 66")
    func noJournal() {
        let result = Sandbox().run(["prompt"])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("a journal locked by another process: it gives up within its cap and prints nothing, exit 75")
    func lockedJournal() throws {
        let sandbox = Sandbox(journal: promptJournal)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-x", sandbox.journalPath + ".lock", "sleep", "30"]
        try holder.run()
        defer { holder.terminate() }
        // Until the holder has the lock (not a timing assertion: it only waits for the other process).
        var waited = 0
        while waited < 500, runProcess("/usr/bin/flock", ["-n", sandbox.journalPath + ".lock", "true"],
                                       environment: [:], directory: sandbox.home).status == 0 {
            usleep(10_000)
            waited += 1
        }
        let started = Date()
        let result = sandbox.run(["prompt"], env: ["BREWLOG_LOCK_TIMEOUT": "20"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 75)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        // Far from the 20 s the environment asks for: the cap holds (a generous bound, not a benchmark).
        #expect(elapsed < 5)
    }

    @Test("a command line or environment that fails before the command runs is silent too", arguments: [
        (#""$B" prompt --format "$(printf '\377%%s')""#, Int32(64)),
        (#"BREWLOG_FILE="$(printf '/tmp/\377')" "$B" prompt"#, 78),
        (#""$B" --color=x prompt"#, 64),
        (#""$B" --file j.jsonl --colour=x prompt"#, 64),
    ])
    func silentBeforeRunning(script: String, status: Int32) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(script)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
    }
}
