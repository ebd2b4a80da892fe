import Foundation
import Testing
import BrewLogTestSupport

/// One failing invocation: what it is, its documented exit status, and the start of its message.
struct Failure: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let status: Int32
    let message: String
    var env: [String: String?] = [:]
    var stdin: String?
    /// Whether it needs the binary (standard input, or an editor run as a child process).
    var testDescription: String { "\(name) exits \(status)" }
}

@Suite("Every error: its message on standard error, its exit code, and an unchanged journal")
struct ExitCodeTests {
    static let failures: [Failure] = [
        Failure(name: "streak --check with no brew today", arguments: ["streak", "--check", "-q"], status: 1, message: "",
                env: ["BREWLOG_NOW": "2026-11-30T09:00:00+01:00"]),
        Failure(name: "an id that matches nothing", arguments: ["show", "0123456789"], status: 1, message: "brewlog: error: no brew with id '0123456789'\nhint: "),
        Failure(name: "edit of a missing id", arguments: ["edit", "ffff", "--rating", "2"], status: 1, message: "brewlog: error: no brew with id 'ffff'"),
        Failure(name: "the editor fails", arguments: ["edit", "aaaa", "--editor"], status: 1,
                message: "brewlog: error: the editor 'false' exited with status 1", env: ["VISUAL": "false"]),
        Failure(name: "unknown command", arguments: ["lsit"], status: 64, message: "brewlog: error: unknown command 'lsit'\nhint: did you mean 'list'?\n"),
        Failure(name: "unknown option", arguments: ["add", "--ratng", "3"], status: 64, message: "brewlog: error: unknown option '--ratng'\nhint: did you mean '--rating'?\nUsage: brewlog add"),
        Failure(name: "unknown short option", arguments: ["list", "-x"], status: 64, message: "brewlog: error: unknown option '-x'"),
        Failure(name: "missing value", arguments: ["add", "--rating"], status: 64, message: "brewlog: error: missing value for '--rating'"),
        Failure(name: "flag given a value", arguments: ["add", "--once-per-day=yes"], status: 64, message: "brewlog: error: option '--once-per-day' takes no value"),
        Failure(name: "rating 0", arguments: ["add", "--rating", "0"], status: 64, message: "brewlog: error: rating must be 1...5 (got 0)"),
        Failure(name: "rating 6", arguments: ["edit", "aaaa", "--rating", "6"], status: 64, message: "brewlog: error: rating must be 1...5 (got 6)"),
        Failure(name: "rating not a number", arguments: ["add", "--rating", "four"], status: 64, message: "brewlog: error: invalid value 'four' for '--rating'"),
        Failure(name: "negative dose", arguments: ["add", "--dose", "-3"], status: 64, message: "brewlog: error: dose must be more than 0 and at most 1000 grams (got -3)"),
        Failure(name: "hot water", arguments: ["add", "--temp", "120"], status: 64, message: "brewlog: error: temperature must be 0...100 °C (got 120)"),
        Failure(name: "bad brew time", arguments: ["add", "--time", "2:99"], status: 64, message: "brewlog: error: invalid value '2:99' for '--time'"),
        Failure(name: "tag with a space", arguments: ["add", "--tag", "two words"], status: 64, message: "brewlog: error: tag 'two words' must not contain"),
        Failure(name: "empty method", arguments: ["add", "--method", ""], status: 64, message: "brewlog: error: '--method' must not be empty"),
        Failure(name: "future date", arguments: ["add", "--date", "2026-11-30"], status: 64, message: "brewlog: error: '2026-11-30' is in the future"),
        Failure(name: "future time today", arguments: ["add", "--date", "23:00"], status: 64, message: "brewlog: error: '23:00' is in the future"),
        Failure(name: "bad WHEN", arguments: ["list", "--since", "next tuesday"], status: 64, message: "brewlog: error: invalid value 'next tuesday' for '--since'"),
        Failure(name: "a period for one day", arguments: ["add", "--date", "last week"], status: 64, message: "brewlog: error: invalid value 'last week' for '--date': a week or a month, not one day"),
        Failure(name: "a moment for --on", arguments: ["list", "--on", "now"], status: 64, message: "brewlog: error: '--on' takes a day, a week or a month, not a moment"),
        Failure(name: "a range backwards", arguments: ["skip", "2026-12-31..2026-12-01"], status: 64, message: "brewlog: error: the range '2026-12-31..2026-12-01' starts after it ends"),
        Failure(name: "a range over 366 days", arguments: ["skip", "2026-01-01..2027-01-02"], status: 64, message: "brewlog: error: the range '2026-01-01..2027-01-02' has 367 days"),
        Failure(name: "unskip of a range without skip days", arguments: ["unskip", "last week"], status: 1, message: "brewlog: error: no day from 2026-11-16 to 2026-11-22 is a skip day"),
        Failure(name: "ambiguous id", arguments: ["rm", "bbbb"], status: 64, message: "brewlog: error: id prefix 'bbbb' matches 2 brews"),
        Failure(name: "too short a prefix", arguments: ["show", "aa"], status: 64, message: "brewlog: error: id prefix 'aa' is too short"),
        Failure(name: "extra argument", arguments: ["show", "aaaa", "bbbb"], status: 64, message: "brewlog: error: unexpected argument 'bbbb'"),
        Failure(name: "missing argument", arguments: ["show"], status: 64, message: "brewlog: error: missing <id>"),
        Failure(name: "nothing to edit", arguments: ["edit", "aaaa"], status: 64, message: "brewlog: error: nothing to change"),
        Failure(name: "unset of id", arguments: ["edit", "aaaa", "--unset", "id"], status: 64, message: "brewlog: error: cannot unset 'id'"),
        Failure(name: "unset and set", arguments: ["edit", "aaaa", "--unset", "rating", "--rating", "2"], status: 64, message: "brewlog: error: '--unset rating' and '--rating' contradict"),
        Failure(name: "untag of a missing tag", arguments: ["edit", "aaaa", "--untag", "nope"], status: 64, message: "brewlog: error: brew aaaa00000001 has no tag 'nope'"),
        Failure(name: "bad --color", arguments: ["list", "--color", "sometimes"], status: 64, message: "brewlog: error: invalid value 'sometimes' for '--color'"),
        Failure(name: "bad --limit", arguments: ["list", "--limit", "-1"], status: 64, message: "brewlog: error: invalid value '-1' for '--limit'"),
        Failure(name: "bad --format", arguments: ["export", "--format", "xml"], status: 64, message: "brewlog: error: invalid value 'xml' for '--format'"),
        Failure(name: "unknown shell", arguments: ["completion", "bsh"], status: 64, message: "brewlog: error: unknown shell 'bsh'\nhint: did you mean 'bash'?"),
        Failure(name: "import file missing", arguments: ["import", "/nonexistent/brews.jsonl"], status: 66, message: "brewlog: error: no such file: /nonexistent/brews.jsonl"),
        Failure(name: "no journal location", arguments: ["list"], status: 78, message: "brewlog: error: cannot tell where the journal is", env: ["HOME": nil]),
        Failure(name: "bad BREWLOG_NOW", arguments: ["add"], status: 78, message: "brewlog: error: BREWLOG_NOW is not an RFC 3339 time: 'tomorrow'", env: ["BREWLOG_NOW": "tomorrow"]),
        Failure(name: "bad BREWLOG_LOCK_TIMEOUT", arguments: ["add"], status: 78, message: "brewlog: error: BREWLOG_LOCK_TIMEOUT", env: ["BREWLOG_LOCK_TIMEOUT": "soon"]),
    ]

    @Test("failures", arguments: failures)
    func failure(_ failure: Failure) {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        let result = sandbox.run(failure.arguments, stdin: failure.stdin, env: failure.env)
        #expect(result.status == failure.status)
        #expect(result.stderr.hasPrefix(failure.message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty, "stdout was: \(result.stdout)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("journal data errors exit 65 with PATH:LINE")
    func dataError() {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal + #"{"id":"x","date":"2026-11-29T07:00:00Z","dose_g":"lots"}"# + "\n")
        let result = sandbox.run(["streak"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("brewlog: error: \(sandbox.journalPath):5: \"dose_g\" must be a number, got a string\nhint: run 'brewlog check'"))
    }

    @Test("a journal that cannot be created exits 73")
    func cannotCreate() {
        let sandbox = Sandbox()
        _ = FileManager.default.createFile(atPath: sandbox.home + "/plain-file", contents: Data())
        let result = sandbox.run(["add", "--file", sandbox.home + "/plain-file/journal.jsonl"])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("brewlog: error: cannot create journal"))
    }

    @Test("a journal that is a folder exits 66 and says so")
    func journalIsAFolder() {
        let sandbox = Sandbox()
        try? FileManager.default.createDirectory(atPath: sandbox.home + "/folder.jsonl", withIntermediateDirectories: true)
        let result = sandbox.run(["list", "--file", sandbox.home + "/folder.jsonl"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("brewlog: error: journal '\(sandbox.home)/folder.jsonl' is a directory, not a regular file"))
    }

    @Test("a writer that cannot get the lock in time exits 75 and writes nothing")
    func lockTimeout() throws {
        let sandbox = Sandbox()
        sandbox.writeJournal(sampleJournal)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [sandbox.journalPath + ".lock", "sleep", "3"]
        try holder.run()
        defer { holder.terminate() }
        var waited = 0
        while waited < 300, runProcess("/usr/bin/flock", ["-n", sandbox.journalPath + ".lock", "true"],
                                       environment: [:], directory: sandbox.home).status == 0 {
            usleep(10_000)
            waited += 1
        }
        let result = sandbox.run(["add"], env: ["BREWLOG_LOCK_TIMEOUT": "0.2"])
        #expect(result.status == 75)
        #expect(result.stderr.hasPrefix("brewlog: error: journal '\(sandbox.journalPath)' is locked by another brewlog; gave up after 0.2 s"))
        #expect(sandbox.journal == sampleJournal)
    }
}
