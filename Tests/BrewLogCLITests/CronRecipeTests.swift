import Foundation
import Testing

/// The README's cron lines, run as cron runs them: `/bin/sh -c`, an empty environment but for
/// HOME, a bare PATH and SHELL, and the binary installed where the README installs it.
@Suite("the README's cron recipes work under cron's environment")
struct CronRecipeTests {
    /// The commands of the README's `cron` block, without their five schedule fields.
    static let recipes: [String] = {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
        guard let start = text.range(of: "```cron\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            .map { line in line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last.map(String.init) ?? "" }
    }()

    /// A fresh HOME with brewlog in `~/.local/bin`, where the README's install lines put it. It
    /// is a symbolic link, not a copy: a copy is a file open for writing for a moment, and a
    /// process another test forks in that moment keeps it open, so running the copy can fail
    /// with "Text file busy".
    private func home(journal: String? = nil) throws -> Sandbox {
        let sandbox = Sandbox(journal: journal)
        let bin = sandbox.home + "/.local/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/brewlog", withDestinationPath: brewlogBinary)
        return sandbox
    }

    /// Runs `line` as cron would; the notifier becomes a marker on standard output.
    private func cron(_ line: String, in sandbox: Sandbox) -> RunResult {
        let command = line.replacingOccurrences(of: "notify-send", with: "echo REMINDED")
        return runProcess("/usr/bin/env", ["-i", "HOME=\(sandbox.home)", "PATH=/usr/bin:/bin", "SHELL=/bin/sh",
                                           "BREWLOG_NOW=2026-11-29T07:30:00+01:00", "TZ=Europe/Berlin", "/bin/sh", "-c", command],
                          environment: [:], directory: sandbox.home)
    }

    @Test("the README has the two recipes: the morning log and the evening reminder")
    func found() {
        #expect(CronRecipeTests.recipes.count == 2)
        #expect(CronRecipeTests.recipes.first?.contains("--once-per-day") == true)
        #expect(CronRecipeTests.recipes.last?.contains("streak --check") == true)
    }

    @Test("the morning log adds one brew a day and prints nothing, so cron mails nothing")
    func morningLog() throws {
        let line = try #require(CronRecipeTests.recipes.first)
        let sandbox = try home()
        for _ in 0..<2 {
            let result = cron(line, in: sandbox)
            #expect(result.status == 0)
            #expect(result.stdout == "" && result.stderr == "", "\(result)")
        }
        #expect(sandbox.journalLines.count == 1)
    }

    @Test("the reminder fires only when today has no brew, and a bad journal is mailed, not taken for 'no brew'")
    func reminder() throws {
        let line = try #require(CronRecipeTests.recipes.last)
        let brewed = try home(journal: #"{"id":"aaaa00000001","date":"2026-11-29T07:00:00+01:00"}"# + "\n")
        let quiet = cron(line, in: brewed)
        #expect(quiet.stdout == "" && quiet.stderr == "")

        let notYet = try home(journal: #"{"id":"aaaa00000001","date":"2026-11-28T07:00:00+01:00"}"# + "\n")
        #expect(cron(line, in: notYet).stdout.hasPrefix("REMINDED"))

        let broken = try home(journal: "{oops\n")
        let failed = cron(line, in: broken)
        #expect(failed.stdout == "")
        #expect(failed.stderr.contains("brewlog: error:"))
    }
}
