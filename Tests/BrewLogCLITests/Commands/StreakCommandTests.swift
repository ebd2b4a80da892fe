import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCLI

/// The streaks guide (docs/streaks.md): its configuration, its journal and its `brewlog streak`
/// commands with the output it shows for each.
struct ReadmeStreakExample {
    let config: String
    let journal: String
    let commands: [(arguments: [String], output: String)]

    static let loaded: ReadmeStreakExample? = {
        let guide = repositoryRoot
            .appendingPathComponent("docs/streaks.md")
        guard let section = try? String(contentsOf: guide, encoding: .utf8) else { return nil }
        func blocks(_ language: String) -> [String] {
            section.components(separatedBy: "```" + language + "\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        }
        guard let config = blocks("ini").first, let journal = blocks("jsonl").first else { return nil }
        var commands: [(arguments: [String], output: String)] = []
        for block in blocks("console") {
            for chunk in block.components(separatedBy: "$ ").dropFirst() {
                let lines = chunk.components(separatedBy: "\n")
                let words = lines[0].split(separator: " ").map(String.init)
                guard words.first == "brewlog", words.dropFirst().first == "streak" else { continue }
                commands.append((Array(words.dropFirst()), lines.dropFirst().joined(separator: "\n")))
            }
        }
        return ReadmeStreakExample(config: config, journal: journal, commands: commands)
    }()
}

@Suite("brewlog streak, skip and unskip")
struct StreakCommandTests {
    /// Friday 27 November 2026, 22:00 in Berlin: when the streaks guide's examples are read.
    static let readmeNow = "2026-11-27T22:00:00+01:00"

    @Test("the streaks guide's examples print exactly what it shows (--explain among them)")
    func readmeExamples() throws {
        let example = try #require(ReadmeStreakExample.loaded)
        #expect(example.commands.contains { $0.arguments == ["streak", "--explain"] })
        #expect(example.commands.count >= 5)
        let sandbox = Sandbox(now: StreakCommandTests.readmeNow, journal: example.journal, runner: .inProcess)
        sandbox.writeConfig(example.config)
        for command in example.commands {
            let result = sandbox.run(command.arguments)
            #expect(result.status == 0, "\(command.arguments): \(result.stderr)")
            #expect(result.stdout == command.output, "\(command.arguments)")
        }
    }

    @Test("the streaks guide's journal on Saturday noon: the Tokyo brew counts for its own date, so Friday ends the run, as the guide says")
    func readmeExampleNextDay() throws {
        let example = try #require(ReadmeStreakExample.loaded)
        let sandbox = Sandbox(now: "2026-11-28T12:00:00+01:00", journal: example.journal, runner: .inProcess)
        sandbox.writeConfig(example.config)
        #expect(sandbox.ok(["streak"]).hasPrefix("1-day streak, today included. Longest: 5 days."))
    }

    @Test("with a 04:00 day start, at 02:00 on Saturday today is still Friday: --check and --once-per-day agree",
          arguments: [("[streak]\nday-starts = 04:00\n", Int32(0), false), ("", Int32(1), true)])
    func dayStartAgreement(_ config: String, _ checkStatus: Int32, _ adds: Bool) {
        let sandbox = Sandbox(now: "2026-11-28T02:00:00+01:00", runner: .inProcess)
        sandbox.writeConfig(config)
        _ = sandbox.add(["--date", "2026-11-27 21:00"])
        #expect(sandbox.run(["streak", "--check"]).status == checkStatus)
        let once = sandbox.run(["add", "--once-per-day", "-q"])
        #expect(once.status == 0)
        #expect(once.stdout.isEmpty == !adds)
        #expect(sandbox.journalLines.count == (adds ? 2 : 1))
        #expect(sandbox.run(["streak", "--check"]).status == 0)
    }

    @Test("streak --check exits 0 on a rest day and on a skip day, 1 on a day that still needs a brew",
          arguments: [("2026-11-28T12:00:00+01:00", "[streak]\nrest-days = sat,sun\n", false, 0),
                      ("2026-11-28T12:00:00+01:00", "", true, 0),
                      ("2026-11-28T12:00:00+01:00", "", false, 1),
                      ("2026-11-30T12:00:00+01:00", "[streak]\nrest-days = sat,sun\n", false, 1)])
    func checkOnRestAndSkipDays(_ now: String, _ config: String, _ skipToday: Bool, _ status: Int32) {
        let sandbox = Sandbox(now: now, runner: .inProcess)
        sandbox.writeConfig(config)
        _ = sandbox.add(["--date", "2026-11-27 08:00"])
        if skipToday { sandbox.ok(["skip"]) }
        #expect(sandbox.run(["streak", "--check"]).status == status)
    }

    @Test("the sentence says what today is: a rest day, a skip day, or a day that still needs a brew before it ends",
          arguments: [("[streak]\nrest-days = sun\n", false, "2-day streak; today is a rest day, so it needs no brew.", "Streak 2 days (today is a rest day), longest 2."),
                      ("", true, "2-day streak; today is a skip day, so it needs no brew.", "Streak 2 days (today is a skip day), longest 2."),
                      ("", false, "2-day streak, but no brew yet today: log one before midnight to keep it.", "Streak 2 days, no brew yet today; longest 2."),
                      ("[streak]\nday-starts = 04:30\n", false, "2-day streak, but no brew yet today: log one before the day ends at 04:30 to keep it.",
                       "Streak 2 days, no brew yet today; longest 2.")])
    func sentence(_ config: String, _ skipToday: Bool, _ expected: String, _ short: String) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig(config)
        _ = sandbox.add(["--date", "2026-11-27 12:00"])
        if skipToday { sandbox.ok(["skip"]) }
        // add would say the same in a few words, but a back-dated brew's line leaves it out to fit 80 columns.
        let added = sandbox.ok(["add", "--date", "2026-11-28 12:00"])
        #expect(DisplayWidth.of("Logged 0f3a9c2e71d4 at 2026-11-28 12:00. " + short) > 80)
        #expect(added.hasSuffix(". Streak 2 days, longest 2.\n"), "\(added)")
        #expect(sandbox.ok(["streak"]).hasPrefix(expected))
    }

    @Test("skip marks today, says so when the day is skipped already, and -q prints the id")
    func skip() throws {
        let sandbox = Sandbox(runner: .inProcess)
        let first = sandbox.ok(["skip", "--notes", "ill"])
        #expect(first.hasPrefix("Skipped 2026-11-29 ("))
        let line = try #require(sandbox.journalLines.last)
        #expect(line.contains(#""kind":"skip","day":"2026-11-29","notes":"ill""#))
        let again = sandbox.run(["skip"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("2026-11-29 is already a skip day"))
        #expect(sandbox.journalLines.count == 1)
        let id = sandbox.ok(["skip", "-q"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.contains(#"{"id":"\#(id)""#))
    }

    @Test("skip and unskip read a WHEN, a dash and a digit included, as a positional",
          arguments: [("-3d", "2026-11-26"), ("-2w", "2026-11-15"), ("yesterday", "2026-11-28"), ("2026-12-24", "2026-12-24"),
                      ("mon", "2026-11-23"), ("yesterday 23:40", "2026-11-28"), ("-90m", "2026-11-29"), ("today", "2026-11-29")])
    func skipWhen(_ when: String, _ expected: String) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["skip", when])
        #expect(sandbox.journal?.contains(#""day":"\#(expected)""#) == true, "\(sandbox.journal ?? "")")
        #expect(sandbox.ok(["unskip", when]).hasPrefix("Unskipped \(expected) ("))
        #expect(sandbox.liveJournalLines.isEmpty && sandbox.journalLines.count == 1)
    }

    @Test("a dash and a digit stays an option for commands without positionals, and -- still ends options")
    func dashDigitElsewhere() {
        let sandbox = Sandbox(runner: .inProcess)
        let list = sandbox.run(["list", "-3d"])
        #expect(list.status == 64)
        #expect(list.stderr.contains("unknown option '-3'"))
        #expect(sandbox.run(["skip", "-q", "--", "-3d"]).status == 0)
        #expect(sandbox.run(["skip", "-x"]).status == 64)
    }

    @Test("unskip of a day that is not skipped exits 1 and writes nothing; bad days are usage errors",
          arguments: [(["unskip", "yesterday"], Int32(1)), (["unskip"], Int32(64)), (["skip", "someday"], Int32(64)),
                      (["unskip", "2026-02-30"], Int32(64)), (["skip", "1", "2"], Int32(64))])
    func unskipErrors(_ arguments: [String], _ status: Int32) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("brewlog: error: "))
        #expect(result.stdout.isEmpty)
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("rm removes a skip day by id or prefix, beside brews, all or none")
    func removeSkip() throws {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let id = sandbox.ok(["skip", "-q", "-5d"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let failed = sandbox.run(["rm", String(id.prefix(6)), "nosuchid"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("brewlog: error: no brew, skip day or bean bag with id 'nosuchid'\n"))
        #expect(sandbox.journal?.contains(id) == true)
        let removed = sandbox.ok(["rm", String(id.prefix(6)), "aaaa"])
        #expect(removed.contains("Removed \(id) (skip day 2026-11-24)."))
        #expect(removed.contains("Removed aaaa00000001"))
        #expect(sandbox.journalWithoutTombstones?.contains(id) == false)
    }

    @Test("--history lists the longest runs of Loop Habit Tracker's fixture, ties the more recent first")
    func historyOfLoopHabitTracker() {
        let today = "2026-11-29"
        let sandbox = Sandbox(now: today + "T20:00:00+01:00", runner: .inProcess)
        var lines: [String] = []
        for (index, ago) in loopHabitDaysAgo.enumerated() {
            lines.append(#"{"id":"lht\#(index)","date":"\#(daysBefore(today, ago))T12:00:00+01:00","notes":""}"#)
        }
        sandbox.writeJournal(lines.joined(separator: "\n") + "\n")
        let json = sandbox.ok(["streak", "--history", "--json"])
        let expected = [(75, 70), (54, 50), (10, 7), (28, 26), (91, 89)].map { run in
            #"{"first_day":"\#(daysBefore(today, run.0))","last_day":"\#(daysBefore(today, run.1))","days":\#(run.0 - run.1 + 1)}"#
        }
        #expect(json == "[" + expected.joined(separator: ",") + "]\n")
        let all = sandbox.ok(["streak", "--history", "100"])
        #expect(all.split(separator: "\n").count == 1 + 22)
        #expect(sandbox.ok(["streak", "--json"]).hasPrefix(#"{"current":2,"longest":6,"brewed_today":true"#))
        #expect(sandbox.ok(["streak", "--history", "99999999999999999999999", "--json"]).components(separatedBy: "first_day").count == 23)
    }

    @Test("streak usage errors", arguments: [["streak", "3"], ["streak", "--history", "0"], ["streak", "--history", "-1"],
                                             ["streak", "--history", "x"], ["streak", "--history", "--explain"], ["streak", "--history", "1", "2"]])
    func usageErrors(_ arguments: [String]) {
        let result = Sandbox(runner: .inProcess).run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("brewlog: error: "))
    }

    @Test("explain escapes a skip day's notes and shows only their first line")
    func explainEscapes() {
        let sandbox = Sandbox(runner: .inProcess)
        _ = sandbox.add(["--date", "2026-11-27 08:00"])
        sandbox.ok(["skip", "yesterday", "--notes", "\u{1B}]0;owned\u{07}away\nsecond line"])
        _ = sandbox.add([])
        let output = sandbox.ok(["streak", "--explain"])
        #expect(output.contains(#"2026-11-28  Sat  skip    \e]0;owned\x07away"#), "\(output)")
        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("second line"))
        #expect(output.hasSuffix("2026-11-29  Sun  brew    day 2\n"))
    }

    @Test("explain without a current streak starts at the last missed day and shows today as still open")
    func explainWithoutStreak() {
        let sandbox = Sandbox(runner: .inProcess)
        _ = sandbox.add(["--date", "2026-11-20 08:00"])
        #expect(sandbox.ok(["streak", "--explain"]) == """
            No current streak. Last brew: 2026-11-20.
            2026-11-28  Sat  missed
            2026-11-29  Sun  today   no brew yet

            """)
        #expect(sandbox.ok(["streak", "--explain", "--json"]) == #"{"current":0,"days":[{"day":"2026-11-28","status":"missed"},{"day":"2026-11-29","status":"today"}]}"# + "\n")
    }

    @Test("the weekly streak appears in --json and in the sentence only when a target is set")
    func weeklyOnlyWithTarget() {
        let sandbox = Sandbox(runner: .inProcess)
        _ = sandbox.add(["--date", "2026-11-28 08:00"])
        _ = sandbox.add([])
        #expect(!sandbox.ok(["streak", "--json"]).contains("weekly"))
        #expect(!sandbox.ok(["streak"]).contains("Weekly"))
        sandbox.writeConfig("[streak]\nweekly-target = 2\n[ui]\nweek-start = sunday\n")
        // With Sunday weeks, Saturday the 28th and Sunday the 29th are in different weeks.
        #expect(sandbox.ok(["streak", "--json"]).contains(#""weekly":{"target":2,"current":0,"longest":0,"met_this_week":false}"#))
        sandbox.writeConfig("[streak]\nweekly-target = 2\n")
        #expect(sandbox.ok(["streak", "--json"]).contains(#""weekly":{"target":2,"current":1,"longest":1,"met_this_week":true}"#))
        #expect(sandbox.ok(["streak"]).contains("Weekly: 1 week in a row with 2+ brew days (this week: 2 of 2; longest: 1 week)."))
    }

    @Test("the heatmap starts its weeks on ui.week-start and marks rest and skip days")
    func heatmap() throws {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[streak]\nrest-days = wed\n[ui]\nweek-start = sunday\n")
        _ = sandbox.add(["--date", "2026-11-24 08:00"])
        sandbox.ok(["skip", "2026-11-27"])
        let lines = sandbox.ok(["stats"], env: ["COLUMNS": nil]).split(separator: "\n").suffix(9).map(String.init)
        #expect(lines[1].hasPrefix("Sun "))
        #expect(lines[3].hasPrefix("Tue "))
        #expect(lines[3].hasSuffix("░"))
        #expect(lines[4].hasSuffix("-"))
        #expect(lines[6].hasSuffix("~"))
        #expect(lines[8].hasSuffix("More  - rest  ~ skip"))
    }

    @Test("check counts skip days and records of kinds it does not know, and keeps them")
    func checkCountsKinds() {
        let journal = sampleJournal + #"{"id":"bean1","kind":"grinder","name":"Kenya"}"# + "\n" + #"{"id":"skip1","kind":"skip","day":"2026-11-20"}"# + "\n"
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        #expect(sandbox.ok(["check"]).hasSuffix(": 4 brews, 1 skip day, 1 record of a kind this BrewLog does not know (kept as they are), no problems.\n"))
        #expect(sandbox.ok(["check", "--json"]).contains(#""brews":4,"skip_days":1,"bean_bags":0,"removed":0,"unknown_kinds":1,"problems":[]"#))
        sandbox.ok(["rm", "aaaa"])
        #expect(sandbox.journal?.contains(#"{"id":"bean1","kind":"grinder","name":"Kenya"}"#) == true)
        let clash = Sandbox(journal: sampleJournal + #"{"id":"aaaa00000001","kind":"skip","day":"2026-11-20"}"# + "\n", runner: .inProcess)
        let result = clash.run(["streak"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(":5: duplicate id 'aaaa00000001' (first on line 1)"))
    }

    @Test("export and import carry skip days (JSON Lines and JSON), merged by id")
    func exchange() throws {
        let source = Sandbox(journal: sampleJournal, runner: .inProcess)
        source.ok(["skip", "-3d", "--notes", "travel"])
        for format in ["jsonl", "json"] {
            let exported = source.ok(["export", "--format", format])
            #expect(exported.contains(#""kind":"skip","day":"2026-11-26","notes":"travel""#))
            let target = Sandbox(runner: .inProcess)
            let file = target.home + "/in." + format
            _ = FileManager.default.createFile(atPath: file, contents: Data(exported.utf8))
            target.ok(["import", file])
            #expect(target.ok(["check", "--json"]).contains(#""brews":4,"skip_days":1"#))
            #expect(target.ok(["import", file, "--json"]) == #"{"added":0,"skipped":5,"replaced":0,"removed":0,"already_removed":0,"conflicts":[],"added_ids":[]}"# + "\n")
        }
        #expect(!source.ok(["export", "--format", "csv"]).contains("skip"))
        #expect(!source.ok(["export", "--method", "V60"]).contains("skip"))
        let target = Sandbox(runner: .inProcess)
        let file = target.home + "/kinds.jsonl"
        _ = FileManager.default.createFile(atPath: file, contents: Data((#"{"kind":"grinder","name":"x"}"# + "\n").utf8))
        let result = target.run(["import", file])
        #expect(result.status == 0)
        #expect(result.stderr == "brewlog: 1 record of a kind this BrewLog does not know left out of the import\n")
    }
}

/// Loop Habit Tracker's fixture for its daily streak list: brews this many days ago.
let loopHabitDaysAgo: [Int] = [0, 1, 3, 5] + Array(7...10) + [12, 14, 15, 17, 19, 20] + Array(26...28) + Array(50...54)
    + [58, 60, 63, 65] + Array(70...75) + [80, 81, 83] + Array(89...91) + [95, 102, 103, 108, 109, 120]

/// The date `count` days before `day` (both `YYYY-MM-DD`), by the calendar.
func daysBefore(_ day: String, _ count: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    guard let date = formatter.date(from: day), let earlier = calendar.date(byAdding: .day, value: -count, to: date) else { return day }
    return formatter.string(from: earlier)
}
