import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

/// A journal of brews, one line each, with the given ids and dates.
func brewLines(_ brews: [(id: String, date: String)]) -> String {
    brews.map { #"{"id":"\#($0.id)","date":"\#($0.date)","notes":""}"# + "\n" }.joined()
}

/// The ids `list -q` prints, in order.
func listed(_ sandbox: Sandbox, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    sandbox.ok(["list", "-q"] + arguments, sourceLocation: sourceLocation).split(separator: "\n").map(String.init)
}

@Suite("--on and periods in --since and --until: the days a brew is kept on, weeks from ui.week-start")
struct PeriodFilterTests {
    static let mondayWeeks = "", sundayWeeks = "[ui]\nweek-start = sunday\n"

    /// The week Berlin sprang forward (Sunday 29 March 2026), and the days around it.
    static let spring = brewLines([
        ("sp0322000001", "2026-03-22T08:00:00+01:00"), ("sp0323000001", "2026-03-23T08:00:00+01:00"),
        ("sp0329a00001", "2026-03-29T01:30:00+01:00"), ("sp0329b00001", "2026-03-29T03:30:00+02:00"),
        ("sp0330000001", "2026-03-30T00:30:00+02:00"),
    ])

    @Test("the week Berlin springs forward: last week, this week and last sunday with Monday and Sunday weeks", arguments: [
        (mondayWeeks, "last week", ["sp0323000001", "sp0329a00001", "sp0329b00001"]),
        (sundayWeeks, "last week", ["sp0322000001", "sp0323000001"]),
        (mondayWeeks, "this week", ["sp0330000001"]),
        (sundayWeeks, "this week", ["sp0329a00001", "sp0329b00001", "sp0330000001"]),
        (mondayWeeks, "last sun", ["sp0329a00001", "sp0329b00001"]),
        (sundayWeeks, "2026-03", ["sp0322000001", "sp0323000001", "sp0329a00001", "sp0329b00001", "sp0330000001"]),
        (mondayWeeks, "march", ["sp0322000001", "sp0323000001", "sp0329a00001", "sp0329b00001", "sp0330000001"]),
        (mondayWeeks, "last month", []),
        (mondayWeeks, "2026-03-29", ["sp0329a00001", "sp0329b00001"]),
    ])
    func spring(config: String, on: String, expected: [String]) {
        let sandbox = Sandbox(now: "2026-03-31T12:00:00+02:00", journal: PeriodFilterTests.spring, runner: .inProcess)
        sandbox.writeConfig(config)
        #expect(listed(sandbox, ["--on", on]) == expected)
        // --since takes a period's first day and --until its last: together, the same days.
        #expect(listed(sandbox, ["--since", on, "--until", on]) == expected)
    }

    @Test("the night Berlin falls back: both 02:30s are on Sunday 25 October, in last week from Monday, in this week from Sunday",
          arguments: [(mondayWeeks, "last week", ["au0225a00001", "au0225b00001"]), (sundayWeeks, "last week", []),
                      (sundayWeeks, "this week", ["au0225a00001", "au0225b00001", "au1026000001"]), (mondayWeeks, "this week", ["au1026000001"])])
    func autumn(config: String, on: String, expected: [String]) {
        let journal = brewLines([("au0225a00001", "2026-10-25T02:30:00+02:00"), ("au0225b00001", "2026-10-25T02:30:00+01:00"),
                                 ("au1026000001", "2026-10-26T00:10:00+01:00")])
        let sandbox = Sandbox(now: "2026-10-27T12:00:00+01:00", journal: journal, runner: .inProcess)
        sandbox.writeConfig(config)
        #expect(listed(sandbox, ["--on", on]) == expected)
    }

    /// Around the turn of 2027, read on Monday 4 January: a brew logged at 23:30 on New Year's
    /// Eve in New York is on 31 December, its own date, though it was 2027 in Berlin (and `list`,
    /// in moment order, shows it after the brew at 00:10 in Berlin).
    static let yearEnd = brewLines([
        ("ye1227000001", "2026-12-27T10:00:00+01:00"), ("ye1231000001", "2026-12-31T23:30:00+01:00"),
        ("ye1231ny0001", "2026-12-31T23:30:00-05:00"), ("ye0101000001", "2027-01-01T00:10:00+01:00"),
        ("ye0103000001", "2027-01-03T10:00:00+01:00"),
    ])

    @Test("across a year end, with and without a 04:00 day start (which moves no brew's day for the filters)", arguments: [
        (mondayWeeks, "last week", ["ye1231000001", "ye0101000001", "ye1231ny0001", "ye0103000001"]),
        (sundayWeeks, "last week", ["ye1227000001", "ye1231000001", "ye0101000001", "ye1231ny0001"]),
        (mondayWeeks, "last month", ["ye1227000001", "ye1231000001", "ye1231ny0001"]),
        (sundayWeeks, "dec", ["ye1227000001", "ye1231000001", "ye1231ny0001"]),
        (mondayWeeks, "2026-12", ["ye1227000001", "ye1231000001", "ye1231ny0001"]),
        (mondayWeeks, "this month", ["ye0101000001", "ye0103000001"]),
        (sundayWeeks, "january", ["ye0101000001", "ye0103000001"]),
        (mondayWeeks, "last sun", ["ye0103000001"]),
        (mondayWeeks, "last friday", ["ye0101000001"]),
        (mondayWeeks, "2027-01-01", ["ye0101000001"]),
    ], ["", "[streak]\nday-starts = 04:00\n"])
    func yearEnd(case: (config: String, on: String, expected: [String]), dayStart: String) {
        let sandbox = Sandbox(now: "2027-01-04T09:00:00+01:00", journal: PeriodFilterTests.yearEnd, runner: .inProcess)
        sandbox.writeConfig(`case`.config + dayStart)
        #expect(listed(sandbox, ["--on", `case`.on]) == `case`.expected)
    }

    @Test("--since a period starts on its first day, --until a period ends on its last; with --on, all of them apply")
    func sinceUntilOn() {
        let sandbox = Sandbox(now: "2027-01-04T09:00:00+01:00", journal: PeriodFilterTests.yearEnd, runner: .inProcess)
        #expect(listed(sandbox, ["--since", "this month"]) == ["ye0101000001", "ye0103000001"])
        #expect(listed(sandbox, ["--until", "dec"]) == ["ye1227000001", "ye1231000001", "ye1231ny0001"])
        #expect(listed(sandbox, ["--since", "last week"]) == ["ye1231000001", "ye0101000001", "ye1231ny0001", "ye0103000001"])
        #expect(listed(sandbox, ["--on", "last week", "--until", "2026-12-31"]) == ["ye1231000001", "ye1231ny0001"])
        #expect(listed(sandbox, ["--on", "2026-12", "--since", "2026-12-31T23:00:00+01:00"]) == ["ye1231000001", "ye1231ny0001"])
    }

    @Test("stats and export keep the brews --on keeps; export's skip days too; the heatmap draws the weeks of --on")
    func statsAndExport() throws {
        let sandbox = Sandbox(now: "2027-01-04T09:00:00+01:00", journal: PeriodFilterTests.yearEnd, runner: .inProcess)
        sandbox.ok(["skip", "2026-12-24"])
        sandbox.ok(["skip", "2027-01-02"])
        #expect(sandbox.ok(["stats", "--json", "--on", "last week"]).hasPrefix(#"{"brews":4,"brew_days":3,"#))
        let exported = sandbox.ok(["export", "--on", "last week"])
        #expect(exported.components(separatedBy: "\n").filter { $0.contains(#""kind":"skip""#) }.map { $0.contains("2027-01-02") } == [true])
        #expect(exported.split(separator: "\n").filter { $0.contains(#""date""#) }.count == 4)
        let stats = sandbox.ok(["stats", "--on", "dec"], env: ["COLUMNS": nil])
        // December 2026 starts on a Tuesday: the weeks of 30 November to 3 January are the map's
        // columns, and Monday 30 November, outside December, is blank.
        let monday = try #require(stats.split(separator: "\n").first { $0.hasPrefix("Mon ") })
        #expect(monday == "Mon   · · · ·", "\(stats)")
    }

    @Test("--on a moment is refused: it takes a day, a week or a month", arguments: ["now", "7:30", "2026-11-28 08:00", "-3h", "yesterday 23:40"])
    func onMoment(text: String) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        for command in ["list", "stats", "export"] {
            let result = sandbox.run([command, "--on", text])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("brewlog: error: '--on' takes a day, a week or a month, not a moment ('\(text)')\nhint: give a day or a period"),
                    "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("filters that leave no day, and malformed periods, are usage errors naming what is wrong", arguments: [
        (["--since", "nov", "--until", "oct"], "brewlog: error: '--since' is after '--until': no brew can match\nhint: swap them, or check the dates (--since 2026-11-01, --until 2026-10-31)"),
        (["--on", "nov", "--since", "2026-12-01"], "brewlog: error: '--since' is after the last day of '--on': no brew can match"),
        (["--on", "last week", "--until", "2026-11-15"], "brewlog: error: '--until' is before the first day of '--on': no brew can match"),
        (["--on", "2026-13"], "brewlog: error: invalid value '2026-13' for '--on': no such date\nhint: use now, today, yesterday, mon, last mon, -3d, 2 weeks ago, this week"),
        (["--since", "next week"], "brewlog: error: invalid value 'next week' for '--since': not a date or time BrewLog reads\nhint: use now"),
        (["--until", "last week 8am"], "brewlog: error: invalid value 'last week 8am' for '--until': not a date or time BrewLog reads"),
    ])
    func filterRefusals(arguments: [String], message: String) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let result = sandbox.run(["list"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test("a period given where one day is wanted is a usage error with the hint, and nothing is written", arguments: [
        ["add", "--date", "last week"], ["add", "--date", "nov"], ["edit", "last", "--date", "2026-11"], ["add", "--date", "this month"],
        ["bean", "add", "Kenya", "--roasted", "last month"], ["bean", "add", "Kenya", "--opened", "this week"],
    ])
    func periodForOneDay(arguments: [String]) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(": a week or a month, not one day\nhint: a period names several days; give one day, e.g. 'last monday' or '2026-11-03'\n"),
                "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("'last monday' is one day: --date records its noon, --on keeps that day only")
    func lastMonday() throws {
        let sandbox = Sandbox(runner: .inProcess)
        let id = sandbox.add(["--date", "last monday"])
        let line = try #require(sandbox.journalLines.first)
        #expect(line.contains(#""date":"2026-11-23T12:00:00+01:00""#), "\(line)")
        #expect(listed(sandbox, ["--on", "last mon"]) == [id])
        #expect(listed(sandbox, ["--on", "mon"]) == [id])
        #expect(listed(sandbox, ["--on", "last sun"]).isEmpty)
    }
}
