@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

/// The cron lines the scripting guide (docs/scripting-and-cron.md), the manual page and `streak --help` give, run as cron runs them:
/// `/bin/sh -c`, an empty environment but for HOME, a bare PATH and SHELL, and the binary
/// installed where the README installs it.
@Suite("the cron recipes work under cron's environment")
struct CronRecipeTests {
    /// The lines of the scripting guide's `cron` block, schedule included.
    static let readmeLines: [String] = {
        let readme = repositoryRoot
            .appendingPathComponent("docs/scripting-and-cron.md")
        let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
        guard let start = text.range(of: "```cron\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            .map(String.init)
    }()

    /// The manual page, as roff.
    static let manPage = Sandbox().ok(["help", "--man"])

    /// `streak --help`, wide enough that no line is wrapped.
    static let streakHelp = Sandbox().ok(["streak", "--help"], env: ["COLUMNS": "1000"])

    /// The manual page's text with the escapes it uses undone (`\-`, `\e`, `\&`).
    static var manPageText: String {
        manPage.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
    }

    /// The reminder lines of the manual page: its EXAMPLES and the streak section.
    static var manPageReminders: [String] {
        manPageText.split(separator: "\n").map(String.init).filter { $0.contains("streak --check") && $0.contains("notify-send") }
    }

    /// The reminder lines of `streak --help`.
    static var helpReminders: [String] {
        streakHelp.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("streak --check") && $0.contains("notify-send") }
    }

    /// Where a reminder line is shown.
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case readme = "the scripting guide", manPage = "the manual page", help = "streak --help"

        var testDescription: String { rawValue }

        var lines: [String] {
            switch self {
            case .readme: CronRecipeTests.readmeLines.filter { $0.contains("streak --check") }
            case .manPage: CronRecipeTests.manPageReminders
            case .help: CronRecipeTests.helpReminders
            }
        }
    }

    /// A line's command, without its five schedule fields.
    static func command(of line: String) -> String {
        line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last.map(String.init) ?? ""
    }

    /// A fresh HOME with brewlog in `~/.local/bin`, where the README's install lines put it, and a
    /// stand-in `notify-send` in `~/stand-ins`, which prints `REMINDED`, its arguments and the bus
    /// address it was given. brewlog is a symbolic link to the built binary, which no test wrote;
    /// the stand-in is written by a child process (see `installStandIn`).
    private func home(journal: String? = nil) throws -> Sandbox {
        let sandbox = Sandbox(journal: journal)
        let bin = sandbox.home + "/.local/bin", standIns = sandbox.home + "/stand-ins"
        for folder in [bin, standIns] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: bin + "/brewlog", withDestinationPath: brewlogBinary)
        installStandIn(#"printf 'REMINDED %s|%s|%s\n' "$1" "$2" "${DBUS_SESSION_BUS_ADDRESS-unset}""#, at: standIns + "/notify-send")
        return sandbox
    }

    /// Runs `command` as cron would, with the stand-ins' folder before cron's PATH (it holds
    /// only `notify-send`: brewlog is not found by name). There is no `TZ`, as under cron: the
    /// line must set its own.
    private func cron(_ command: String, in sandbox: Sandbox) -> RunResult {
        runProcess("/usr/bin/env", ["-i", "HOME=\(sandbox.home)", "PATH=\(sandbox.home)/stand-ins:/usr/bin:/bin", "SHELL=/bin/sh",
                                    "BREWLOG_NOW=2026-11-29T06:30:00Z", "/bin/sh", "-c", command],
                   environment: [:], directory: sandbox.home)
    }

    @Test("the scripting guide has the two recipes: the morning log and the evening reminder")
    func found() {
        #expect(CronRecipeTests.readmeLines.count == 2)
        #expect(CronRecipeTests.readmeLines.first?.contains("--once-per-day") == true)
        #expect(CronRecipeTests.readmeLines.last?.contains("streak --check") == true)
    }

    @Test("the manual page and streak --help give the scripting guide's reminder line, which crontab takes as it is")
    func sameReminderEverywhere() throws {
        let readme = try #require(Place.readme.lines.first)
        #expect(Place.readme.lines.count == 1)
        #expect(!readme.contains("%"), "crontab turns % into a line break")
        #expect(readme.hasPrefix("0 20 * * * TZ=Europe/Berlin \"$HOME/.local/bin/brewlog\" "), "cron's PATH does not find brewlog by name, and cron sets no TZ")
        #expect(Place.manPage.lines.count == 2, "EXAMPLES and the streak section")
        #expect(Place.help.lines.count == 1)
        for place in [Place.manPage, .help] {
            for line in place.lines {
                #expect(line == readme, "\(place.rawValue): \(line)")
            }
        }
        #expect(StreakCommand.cronReminder == readme)
        // `||` also fires on an error (65, 75, 78), and `brewlog` alone is not on cron's PATH.
        for text in [CronRecipeTests.manPageText, CronRecipeTests.streakHelp] {
            #expect(!text.contains("brewlog streak --check -q ||"))
            #expect(!text.contains("|| notify-send"))
        }
    }

    @Test("the manual page shows the reminder line as written once formatted", ManPageTests.needsMan)
    func manRendersTheLine() throws {
        let readme = try #require(Place.readme.lines.first)
        let text = ManPageTests.rendered(Sandbox())
        let plain = text.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        #expect(plain.contains(readme), "\(plain)")
    }

    @Test("the morning log adds one brew a day and prints nothing, so cron mails nothing")
    func morningLog() throws {
        let line = try #require(CronRecipeTests.readmeLines.first)
        let sandbox = try home()
        for _ in 0..<2 {
            let result = cron(Self.command(of: line), in: sandbox)
            #expect(result.status == 0)
            #expect(result.stdout == "" && result.stderr == "", "\(result)")
        }
        #expect(sandbox.journalLines.count == 1)
        // The line's TZ places the brew on the local clock, though cron passes none.
        #expect(sandbox.journalLines.first?.contains(#""date":"2026-11-29T07:30:00+01:00""#) == true, "\(sandbox.journalLines)")
    }

    @Test("the morning log never links its brew to a default bag of another coffee")
    func morningLogTakesItsCoffeesBag() throws {
        let line = try #require(CronRecipeTests.readmeLines.first)
        let sandbox = try home()
        sandbox.ok(["bean", "add", "Onyx Geometry", "-q"])
        let house = sandbox.ok(["bean", "add", "House blend", "-q"]).trimmingCharacters(in: .whitespacesAndNewlines)
        sandbox.ok(["config", "set", "add.bean", "onyx"])
        let result = cron(Self.command(of: line), in: sandbox)
        #expect(result.status == 0 && result.stdout == "" && result.stderr == "", "\(result)")
        let brew = try #require(sandbox.journalLines.last)
        #expect(!brew.contains(#""bean""#), "\(brew)")
        #expect(sandbox.ok(["list", "--json", "--columns", "bean"]).contains(house))
    }

    @Test("cron's environment does not find brewlog by name, so a line must give its path")
    func notOnPath() throws {
        let result = cron("command -v brewlog", in: try home())
        #expect(result.status != 0 && result.stdout == "", "\(result)")
    }

    @Test("the reminder fires only on status 1 (no brew today), with the D-Bus session; a bad journal or configuration is mailed instead",
          arguments: Place.allCases)
    func reminder(place: Place) throws {
        try #require(!place.lines.isEmpty, "no reminder line in \(place.rawValue)")
        for line in place.lines {
            try expectReminder(Self.command(of: line))
        }
    }

    private func expectReminder(_ command: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let brewed = try home(journal: #"{"id":"aaaa00000001","date":"2026-11-29T07:00:00+01:00"}"# + "\n")
        let quiet = cron(command, in: brewed)
        #expect(quiet.stdout == "" && quiet.stderr == "", "\(command): \(quiet)", sourceLocation: sourceLocation)

        let notYet = try home(journal: #"{"id":"aaaa00000001","date":"2026-11-28T07:00:00+01:00"}"# + "\n")
        let reminded = cron(command, in: notYet)
        #expect(reminded.stdout == "REMINDED BrewLog|Brew today to keep your streak|unix:path=/run/user/\(getuid())/bus\n",
                "\(command): \(reminded)", sourceLocation: sourceLocation)
        #expect(reminded.stderr == "", "\(command): \(reminded)", sourceLocation: sourceLocation)

        let broken = try home(journal: "{oops\n")
        #expect(broken.run(["streak", "--check", "-q"]).status == 65)
        let failed = cron(command, in: broken)
        #expect(failed.stdout == "" && failed.stderr.contains("brewlog: error:"), "\(command): \(failed)", sourceLocation: sourceLocation)

        let misconfigured = try home(journal: #"{"id":"aaaa00000001","date":"2026-11-28T07:00:00+01:00"}"# + "\n")
        misconfigured.writeConfig("[streak\n")
        #expect(misconfigured.run(["streak", "--check", "-q"]).status == 78)
        let refused = cron(command, in: misconfigured)
        #expect(refused.stdout == "" && refused.stderr.contains("brewlog: error:"), "\(command): \(refused)", sourceLocation: sourceLocation)
    }
}
