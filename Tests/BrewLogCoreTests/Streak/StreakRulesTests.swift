import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// A calendar day the test names; records an issue for a bad literal.
func day(_ text: String) -> CalendarDay {
    guard let day = CalendarDay(parsing: text) else {
        Issue.record("bad day literal \(text)")
        return CalendarDay(daysSinceEpoch: 0)
    }
    return day
}

/// Weekday numbers as the rules count them (0 = Monday ... 6 = Sunday).
enum WeekdayNumber {
    static let monday = 0, tuesday = 1, wednesday = 2, thursday = 3, friday = 4, saturday = 5, sunday = 6
}

/// One streak scenario in calendar days: brews, skip days, rest weekdays, today, and what follows.
struct RuleCase: CustomTestStringConvertible, Sendable {
    let name: String
    var brews: [String] = []
    var skips: [String] = []
    var rest: Set<Int> = []
    let today: String
    let current: Int
    let longest: Int
    /// Whether today needs no more brewing (a brew, a rest day or a skip day): `streak --check`.
    let covered: Bool

    var testDescription: String { name }

    var calendar: StreakCalendar {
        StreakCalendar(brewDays: brews.map(day), skipDays: skips.map(day), rules: StreakRules(restWeekdays: rest), today: day(today))
    }
}

@Suite("Streak rules: day start, rest and skip days, weekly targets, the traveller rule, history")
struct StreakRulesTests {
    // November 2026: the 23rd is a Monday, the 27th a Friday, the 28th and 29th a weekend.
    static let weekend: Set<Int> = [WeekdayNumber.saturday, WeekdayNumber.sunday]

    static let ruleCases: [RuleCase] = [
        RuleCase(name: "brew Friday, rest Saturday and Sunday, brew Monday: a 2-day streak, unbroken",
                 brews: ["2026-11-20", "2026-11-23"], rest: weekend, today: "2026-11-23", current: 2, longest: 2, covered: true),
        RuleCase(name: "rest days at the start of a run add nothing",
                 brews: ["2026-11-23", "2026-11-24"], rest: weekend, today: "2026-11-24", current: 2, longest: 2, covered: true),
        RuleCase(name: "a rest day in the middle of a run bridges it",
                 brews: ["2026-11-23", "2026-11-24", "2026-11-26"], rest: [WeekdayNumber.wednesday], today: "2026-11-26",
                 current: 3, longest: 3, covered: true),
        RuleCase(name: "rest days at the end of a run keep it alive through today",
                 brews: ["2026-11-26", "2026-11-27"], rest: weekend, today: "2026-11-29", current: 2, longest: 2, covered: true),
        RuleCase(name: "a rest day today needs no brew",
                 brews: ["2026-11-27"], rest: weekend, today: "2026-11-28", current: 1, longest: 1, covered: true),
        RuleCase(name: "a rest day with a brew counts as a brew day",
                 brews: ["2026-11-27", "2026-11-28", "2026-11-29"], rest: weekend, today: "2026-11-29", current: 3, longest: 3, covered: true),
        RuleCase(name: "a missed weekday breaks the run, rest days or not",
                 brews: ["2026-11-20", "2026-11-24"], rest: weekend, today: "2026-11-24", current: 1, longest: 1, covered: true),
        RuleCase(name: "a weekday without a brew is still open today, not a rest day",
                 brews: ["2026-11-26"], rest: weekend, today: "2026-11-27", current: 1, longest: 1, covered: false),
        RuleCase(name: "a skip day bridges a run",
                 brews: ["2026-11-25", "2026-11-27"], skips: ["2026-11-26"], today: "2026-11-27", current: 2, longest: 2, covered: true),
        RuleCase(name: "skip days next to rest days bridge a long weekend",
                 brews: ["2026-11-26", "2026-12-01"], skips: ["2026-11-27", "2026-11-30"], rest: weekend, today: "2026-12-01",
                 current: 2, longest: 2, covered: true),
        RuleCase(name: "a day that is both a skip and a rest day bridges once",
                 brews: ["2026-11-28", "2026-11-30"], skips: ["2026-11-29"], rest: [WeekdayNumber.sunday], today: "2026-11-30",
                 current: 2, longest: 2, covered: true),
        RuleCase(name: "a skip day today needs no brew",
                 brews: ["2026-11-28"], skips: ["2026-11-29"], today: "2026-11-29", current: 1, longest: 1, covered: true),
        RuleCase(name: "a skip day with a brew counts as a brew day",
                 brews: ["2026-11-28", "2026-11-29"], skips: ["2026-11-29"], today: "2026-11-29", current: 2, longest: 2, covered: true),
        RuleCase(name: "skip days alone make no run",
                 skips: ["2026-11-27", "2026-11-28"], today: "2026-11-29", current: 0, longest: 0, covered: false),
        RuleCase(name: "a missed yesterday ends the streak even when today is a skip day",
                 brews: ["2026-11-27"], skips: ["2026-11-29"], today: "2026-11-29", current: 0, longest: 1, covered: true),
        RuleCase(name: "a week of travel is bridged by its skip days",
                 brews: ["2026-11-20", "2026-11-28"],
                 skips: ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"],
                 today: "2026-11-28", current: 2, longest: 2, covered: true),
        RuleCase(name: "every weekday a rest day: nothing breaks a run",
                 brews: ["2026-11-01", "2026-11-29"], rest: Set(0...6), today: "2026-11-29", current: 2, longest: 2, covered: true),
        RuleCase(name: "rest days across a month end",
                 brews: ["2026-07-31", "2026-08-03"], rest: weekend, today: "2026-08-03", current: 2, longest: 2, covered: true),
        RuleCase(name: "a skip day across the year end",
                 brews: ["2026-12-31", "2027-01-02"], skips: ["2027-01-01"], today: "2027-01-02", current: 2, longest: 2, covered: true),
        RuleCase(name: "a skip day across a leap day",
                 brews: ["2028-02-28", "2028-03-01"], skips: ["2028-02-29"], today: "2028-03-01", current: 2, longest: 2, covered: true),
        RuleCase(name: "skip days after today do not extend a run",
                 brews: ["2026-11-26", "2026-11-27"], skips: ["2026-11-28", "2026-11-29"], today: "2026-11-27",
                 current: 2, longest: 2, covered: true),
        RuleCase(name: "a longer run earlier is the longest, bridged by a rest day",
                 brews: ["2026-11-05", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-28"], rest: weekend, today: "2026-11-29",
                 current: 1, longest: 4, covered: true),
    ]

    @Test("rest and skip days bridge a streak without adding to it", arguments: ruleCases)
    func rules(_ scenario: RuleCase) {
        let summary = scenario.calendar.summary
        #expect(summary.current == scenario.current)
        #expect(summary.longest == scenario.longest)
        #expect(summary.todayIsCovered == scenario.covered)
        #expect(summary.brewedToday == scenario.brews.contains(scenario.today))
    }

    @Test("the sum of the runs' brew days is the number of brew days, and no two runs touch",
          arguments: ruleCases)
    func runsPartitionTheBrewDays(_ scenario: RuleCase) {
        let calendar = scenario.calendar
        let brewDays = Set(scenario.brews.map(day).filter { $0 <= day(scenario.today) })
        #expect(calendar.runs.map(\.days).reduce(0, +) == brewDays.count)
        for (earlier, later) in zip(calendar.runs, calendar.runs.dropFirst()) {
            #expect(earlier.lastDay < later.firstDay)
            // Between two runs lies at least one missed day.
            let gap = (earlier.lastDay.daysSinceEpoch + 1..<later.firstDay.daysSinceEpoch).map(CalendarDay.init(daysSinceEpoch:))
            #expect(gap.contains { calendar.status(of: $0) == .missed })
        }
    }

    /// (moment, day start in minutes, the streak day it counts for)
    static let dayStartCases: [(String, Int, String)] = [
        ("2026-11-09T23:59:00+01:00", 240, "2026-11-09"),
        ("2026-11-10T00:00:00+01:00", 240, "2026-11-09"),
        ("2026-11-10T00:40:00+01:00", 240, "2026-11-09"),
        ("2026-11-10T03:59:00+01:00", 240, "2026-11-09"),
        ("2026-11-10T04:00:00+01:00", 240, "2026-11-10"),
        ("2026-11-09T23:59:00+01:00", 0, "2026-11-09"),
        ("2026-11-10T00:00:00+01:00", 0, "2026-11-10"),
        ("2026-11-10T03:59:00+01:00", 0, "2026-11-10"),
        ("2026-11-10T04:00:00+01:00", 0, "2026-11-10"),
        ("2026-03-01T02:00:00+00:00", 240, "2026-02-28"),
        ("2028-03-01T02:00:00+00:00", 240, "2028-02-29"),
        ("2027-01-01T03:00:00-05:00", 240, "2026-12-31"),
        ("2026-11-10T23:58:00+09:00", 1439, "2026-11-09"),
        ("2026-11-10T23:59:00+09:00", 1439, "2026-11-10"),
        ("2026-10-25T02:30:00+01:00", 180, "2026-10-24"),
        ("2026-10-25T03:30:00+01:00", 180, "2026-10-25"),
    ]

    @Test("a brew before the day start counts for the day before, on the clock it was recorded with", arguments: dayStartCases)
    func dayStart(_ moment: String, _ minutes: Int, _ expected: String) {
        #expect(StreakRules(dayStartMinutes: minutes).day(of: stamp(moment)) == day(expected))
    }

    @Test("today follows the day start too, so a late-night brew is today's and --once-per-day finds it",
          arguments: [("2026-11-10T02:00:00+01:00", true), ("2026-11-10T05:00:00+01:00", false)])
    func todayFollowsTheDayStart(_ now: String, _ stillYesterday: Bool) throws {
        let store = BrewLogStore(journal: InMemoryJournal([record("2026-11-09T21:00:00+01:00")]), clock: .fixed(stamp(now).date),
                                 timeZone: zone("Europe/Berlin"), rules: StreakRules(dayStartMinutes: 240))
        try store.load()
        #expect(store.today == (stillYesterday ? day("2026-11-09") : day("2026-11-10")))
        #expect(store.streakSummary.brewedToday == stillYesterday)
        #expect((store.brew(on: store.streakDay(of: store.nowTimestamp)) != nil) == stillYesterday)
        #expect(store.streak == 1)
    }

    /// (brews as moments, skip days, rules, now, current, longest, today covered)
    static let combinedCases: [([String], [String], StreakRules, String, Int, Int, Bool)] = [
        // A 00:30 brew on Saturday counts for Friday; Saturday and Sunday are rest days; Monday brews.
        (["2026-11-26T09:00:00+01:00", "2026-11-28T00:30:00+01:00", "2026-11-30T09:00:00+01:00"], [],
         StreakRules(dayStartMinutes: 240, restWeekdays: StreakRulesTests.weekend), "2026-11-30T12:00:00+01:00", 3, 3, true),
        // The same without the day start: Friday is missed, Saturday's brew starts a new run.
        (["2026-11-26T09:00:00+01:00", "2026-11-28T00:30:00+01:00", "2026-11-30T09:00:00+01:00"], [],
         StreakRules(restWeekdays: StreakRulesTests.weekend), "2026-11-30T12:00:00+01:00", 2, 2, true),
        // At 03:00 on Monday with a 04:00 day start, today is still Sunday, a rest day.
        (["2026-11-27T09:00:00+01:00"], [], StreakRules(dayStartMinutes: 240, restWeekdays: StreakRulesTests.weekend),
         "2026-11-30T03:00:00+01:00", 1, 1, true),
        // A skip day on Friday and a Tokyo brew on Saturday, read in Berlin on Friday evening: the
        // brew counts as today, which is also a skip day.
        (["2026-11-26T09:00:00+01:00", "2026-11-28T05:00:00+09:00"], ["2026-11-27"], StreakRules(dayStartMinutes: 240),
         "2026-11-27T22:00:00+01:00", 2, 2, true),
        // Skip days and rest days around a day-start brew, across the month end.
        (["2026-11-30T09:00:00+01:00", "2026-12-05T02:00:00+01:00", "2026-12-07T09:00:00+01:00"], ["2026-12-01", "2026-12-02", "2026-12-03"],
         StreakRules(dayStartMinutes: 180, restWeekdays: StreakRulesTests.weekend), "2026-12-07T12:00:00+01:00", 3, 3, true),
    ]

    @Test("the rules combined: day start, rest days, skip days and the traveller rule", arguments: combinedCases)
    func combined(_ brews: [String], _ skips: [String], _ rules: StreakRules, _ now: String, _ current: Int, _ longest: Int, _ covered: Bool) throws {
        let entries = skips.map { JournalEntry.skip(SkipDay(id: .random(), day: day($0))) }
        let store = BrewLogStore(journal: InMemoryJournal(brews.map { record($0) }, entries: entries), clock: .fixed(stamp(now).date),
                                 timeZone: zone("Europe/Berlin"), rules: rules)
        try store.load()
        let summary = store.streakSummary
        #expect(summary.current == current)
        #expect(summary.longest == longest)
        #expect(summary.todayIsCovered == covered)
    }

    /// Recording offsets in seconds, from -12:00 to +14:00, the odd quarter hours included.
    static let offsets: [Int] = Array(-12...14).map { $0 * 3600 } + [-9 * 3600 - 1800, 5 * 3600 + 2700, 12 * 3600 + 2700]

    @Test("the traveller rule: a brew that has happened counts (as today when its own date is later), one still to come does not",
          arguments: offsets)
    func traveller(_ offset: Int) throws {
        // Read at noon on 29 November in UTC-12, the last place the day is still the 29th.
        let now = stamp("2026-11-29T12:00:00-12:00")
        let past = Timestamp(date: now.date.addingTimeInterval(-3600), utcOffsetSeconds: offset)
        let future = Timestamp(date: now.date.addingTimeInterval(3600), utcOffsetSeconds: offset)
        let brews = [past, future].map { BrewRecord(id: .random(), timestamp: $0) }
        let store = BrewLogStore(journal: InMemoryJournal(brews), clock: .fixed(now.date), timeZone: TimeZone(secondsFromGMT: -12 * 3600) ?? .current)
        try store.load()
        let summary = store.streakSummary
        #expect(summary.today == day("2026-11-29"))
        #expect(summary.brewedToday)
        #expect(summary.current == 1)
        #expect(summary.lastBrewDay == summary.today)
        #expect(past.day >= summary.today, "the past brew's own date is the 29th or later in every offset from -12:00")
    }

    @Test("a brew logged in Tokyo on the 30th, read in New York on the 29th, counts for today there")
    func tokyoToNewYork() throws {
        let store = try makeStore(now: "2026-11-29T19:30:00-05:00", timeZone: "America/New_York",
                                  records: [record("2026-11-28T08:00:00-05:00"), record("2026-11-30T09:00:00+09:00")])
        let summary = store.streakSummary
        #expect(summary.brewedToday)
        #expect(summary.current == 2)
    }

    /// (target, week start, brew days, today, current, longest, met this week)
    static let weeklyCases: [(Int, StreakRules.WeekStart, [String], String, Int, Int, Bool)] = [
        (3, .monday, ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"],
         "2026-11-30", 2, 2, false),
        (3, .monday, ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02"],
         "2026-12-02", 3, 3, true),
        (3, .monday, ["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-16", "2026-11-17", "2026-11-23", "2026-11-24", "2026-11-25"],
         "2026-11-29", 1, 1, true),
        (3, .monday, ["2026-11-22", "2026-11-23", "2026-11-24"], "2026-11-24", 0, 0, false),
        (3, .sunday, ["2026-11-22", "2026-11-23", "2026-11-24"], "2026-11-24", 1, 1, true),
        (3, .sunday, ["2026-11-22", "2026-11-23", "2026-11-24"], "2026-11-29", 1, 1, false),
        (2, .monday, ["2026-12-21", "2026-12-22", "2026-12-31", "2027-01-01"], "2027-01-03", 2, 2, true),
        (4, .monday, ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"],
         "2026-12-03", 2, 2, true),
        (1, .monday, ["2026-11-02", "2026-11-15", "2026-11-16"], "2026-11-22", 3, 3, true),
        (7, .monday, ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"], "2026-11-29", 0, 0, false),
        (1, .monday, ["2026-11-02", "2026-11-16"], "2026-11-20", 1, 1, true),
        (1, .monday, ["2026-11-02", "2026-11-09"], "2026-11-20", 2, 2, false),
        (1, .monday, ["2026-11-02"], "2026-11-20", 0, 1, false),
    ]

    @Test("the weekly streak: consecutive weeks with the target met, alive until this week ends", arguments: weeklyCases)
    func weekly(_ target: Int, _ start: StreakRules.WeekStart, _ brews: [String], _ today: String,
                _ current: Int, _ longest: Int, _ met: Bool) throws {
        let rules = StreakRules(weeklyTarget: target, weekStart: start)
        let weekly = try #require(StreakCalendar(brewDays: brews.map(day), skipDays: [], rules: rules, today: day(today)).summary.weekly)
        #expect(weekly.target == target)
        #expect(weekly.current == current)
        #expect(weekly.longest == longest)
        #expect(weekly.metThisWeek == met)
    }

    @Test("weeks across the daylight-saving ends count calendar days",
          arguments: [("Europe/Berlin", "2026-10-25"), ("America/New_York", "2026-11-01")])
    func weeklyAcrossDaylightSaving(_ zoneID: String, _ changeDay: String) throws {
        // Saturday and Sunday of the week the clocks go back, then Monday and Tuesday after it.
        let change = day(changeDay)
        let days = [change.adding(days: -1), change, change.adding(days: 1), change.adding(days: 2)]
        let moments = days.flatMap { middays(from: "\($0)", count: 1, in: zoneID) }
        let now = try #require(middays(from: "\(change.adding(days: 2))", count: 1, in: zoneID).first)
        let store = BrewLogStore(journal: InMemoryJournal(moments.map { record($0) }), clock: .fixed(stamp(now).date.addingTimeInterval(3600)),
                                 timeZone: zone(zoneID), rules: StreakRules(weeklyTarget: 2))
        try store.load()
        let weekly = try #require(store.streakSummary.weekly)
        #expect(weekly.current == 2)
        #expect(weekly.daysThisWeek == 2)
        #expect(store.streak == 4)
    }

    @Test("no weekly streak without a target")
    func noTarget() {
        #expect(StreakCalendar(brewDays: [day("2026-11-29")], skipDays: [], rules: .standard, today: day("2026-11-29")).summary.weekly == nil)
    }

    /// Loop Habit Tracker's fixture for its daily streak list: brews this many days ago.
    static let loopHabitDaysAgo: [Int] = [0, 1, 3, 5] + Array(7...10) + [12, 14, 15, 17, 19, 20] + Array(26...28) + Array(50...54)
        + [58, 60, 63, 65] + Array(70...75) + [80, 81, 83] + Array(89...91) + [95, 102, 103, 108, 109, 120]

    @Test("Loop Habit Tracker's streak fixture: 22 runs, current 2, longest 6, and the history's order")
    func loopHabitTracker() {
        let today = day("2026-11-29")
        let ago = { (count: Int) in today.adding(days: -count) }
        let calendar = StreakCalendar(brewDays: StreakRulesTests.loopHabitDaysAgo.map(ago), skipDays: [], rules: .standard, today: today)
        #expect(calendar.runs.count == 22)
        #expect(calendar.summary.current == 2)
        #expect(calendar.summary.longest == 6)
        let expected = [(75, 70), (54, 50), (10, 7), (28, 26), (91, 89)].map { StreakRun(firstDay: ago($0.0), lastDay: ago($0.1), days: $0.0 - $0.1 + 1) }
        #expect(calendar.longestRuns(5) == expected)
        #expect(calendar.longestRuns(100).count == 22)
        #expect(calendar.longestRuns(0).isEmpty)
    }

    @Test("the longest runs, picked without sorting every run, are the first of every run sorted longest first, the more recent first among equals",
          arguments: [0, 1, 3, 40, 1000])
    func longestRunsPicked(count: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(count) + 11)
        let today = day("2026-11-29")
        // Runs of one to four days with gaps, so many runs share a length.
        let days = (0..<600).filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }.map { today.adding(days: -$0) }
        let calendar = StreakCalendar(brewDays: days, skipDays: [], rules: .standard, today: today)
        let sorted = calendar.runs.sorted { ($0.days, $0.lastDay) > ($1.days, $1.lastDay) }
        #expect(calendar.runs.count > 100)
        #expect(calendar.longestRuns(count) == Array(sorted.prefix(count)))
    }

    @Test("explain: the current run day by day, back to the missed day that ended the run before")
    func explanation() {
        let calendar = StreakCalendar(brewDays: ["2026-11-19", "2026-11-20", "2026-11-23", "2026-11-25"].map(day),
                                      skipDays: [day("2026-11-24")], rules: StreakRules(restWeekdays: StreakRulesTests.weekend),
                                      today: day("2026-11-26"))
        let rows = calendar.explanation
        #expect(rows.map(\.day) == (18...26).map { day("2026-11-\($0)") })
        #expect(rows.map(\.status) == [.missed, .brew, .brew, .rest, .rest, .brew, .skip, .brew, .open])
        #expect(calendar.summary.currentStart == day("2026-11-19"))
    }

    @Test("explain starts at the last missed day, and ends today",
          arguments: [
            (["2026-11-20"], [String](), "2026-11-29", "2026-11-28"),
            ([String](), [String](), "2026-11-29", "2026-11-28"),
            (["2026-11-29"], ["2026-11-27", "2026-11-28"], "2026-11-29", "2026-11-29"),
            (["2026-11-25", "2026-11-29"], ["2026-11-26", "2026-11-27", "2026-11-28"], "2026-11-29", "2026-11-24"),
          ])
    func explanationBounds(_ brews: [String], _ skips: [String], _ today: String, _ first: String) {
        let rows = StreakCalendar(brewDays: brews.map(day), skipDays: skips.map(day), rules: .standard, today: day(today)).explanation
        #expect(rows.first?.day == day(first))
        #expect(rows.last?.day == day(today))
        #expect(rows.dropFirst().allSatisfy { $0.status != .missed })
    }

    @Test("rules are clamped to their ranges")
    func clamped() {
        #expect(StreakRules(dayStartMinutes: -5).dayStartMinutes == 0)
        #expect(StreakRules(dayStartMinutes: 5000).dayStartMinutes == 1439)
        #expect(StreakRules(weeklyTarget: 9).weeklyTarget == 7)
        #expect(StreakRules(weeklyTarget: 0).weeklyTarget == 1)
        #expect(StreakRules(restWeekdays: [-1, 3, 7]).restWeekdays == [3])
    }

    @Test("a gap of centuries costs no more than a week's look")
    func longGap() {
        let calendar = StreakCalendar(brewDays: [day("0001-01-01"), day("9999-12-30")], skipDays: [],
                                      rules: StreakRules(restWeekdays: [0, 1, 2, 3, 4, 5]), today: day("9999-12-31"))
        #expect(calendar.runs.count == 2)
        #expect(calendar.summary.current == 1)
    }
}

@Suite("Brew days in any order")
struct BrewDayOrderTests {
    @Test("the calendar's days are the same whether the journal is in date order or not", arguments: 0..<4)
    func anyOrder(seed: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(seed))
        let days = (0..<300).map { _ in Int.random(in: 19_000...19_400, using: &rng) }
        let expected = Array(Set(days)).sorted()
        #expect(StreakCalendar.uniqueSorted(days) == expected)
        #expect(StreakCalendar.uniqueSorted(days.sorted()) == expected)
        #expect(StreakCalendar.uniqueSorted(days.sorted().reversed()) == expected)
    }
}
