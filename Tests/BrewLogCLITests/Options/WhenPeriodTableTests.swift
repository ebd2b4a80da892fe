import BrewLogCore
import Foundation
import Testing
@testable import BrewLogCLI
import BrewLogTestSupport

/// One row of the period table: what was typed, at which now, in which zone, with weeks starting
/// on which day, and what it must name, written out by hand: a period as `FIRST..LAST`, a day as
/// `YYYY-MM-DD`, a moment as RFC 3339 with its offset.
struct PeriodRow: Sendable, CustomTestStringConvertible {
    let now: String
    let zone: String
    let weekStart: StreakRules.WeekStart
    let text: String
    let expected: String

    init(_ now: String, _ zone: String, _ weekStart: StreakRules.WeekStart, _ text: String, _ expected: String) {
        self.now = now
        self.zone = zone
        self.weekStart = weekStart
        self.text = text
        self.expected = expected
    }

    var testDescription: String { "'\(text)' at \(now) in \(zone), weeks from \(weekStart), is \(expected)" }
}

@Suite("WHEN periods: weeks from Monday and from Sunday, months and 'last monday' at month and year ends and across daylight-saving weeks")
struct WhenPeriodTableTests {
    static let berlin = "Europe/Berlin", newYork = "America/New_York", tonga = "Pacific/Tongatapu", utc = "Etc/UTC"

    /// New Year's Eve, 23:30 in Berlin: a Thursday.
    static let yearEnd = "2026-12-31T23:30:00+01:00"
    /// Ten minutes into 2027 in Berlin (a Friday); still Thursday 18:10 in New York.
    static let newYear = "2027-01-01T00:10:00+01:00"
    /// Sunday 29 November 2026, the README's morning.
    static let sunday = "2026-11-29T09:15:00+01:00"
    /// The last minute of November (a Monday) and the first minutes of December (a Tuesday).
    static let monthEnd = "2026-11-30T23:59:00+01:00", monthStart = "2026-12-01T00:05:00+01:00"
    /// The day after a leap February, in Tonga (+13:00): a Wednesday.
    static let afterLeapDay = "2028-03-01T10:00:00+13:00"
    /// The Tuesday after Berlin sprang forward (Sunday 29 March), and the first hour of summer time.
    static let afterSpring = "2026-03-31T12:00:00+02:00", inSpring = "2026-03-29T03:30:00+02:00"
    /// The Tuesday after Berlin fell back (Sunday 25 October), and the second 02:30 of that night.
    static let afterAutumn = "2026-10-27T12:00:00+01:00", inAutumn = "2026-10-25T02:30:00+01:00"
    /// Noon on the Sunday New York fell back.
    static let newYorkAutumn = "2026-11-01T12:00:00-05:00"
    /// The ends of the calendar.
    static let lastDays = "9999-12-30T12:00:00Z", firstDays = "0001-01-02T12:00:00Z"

    static let rows: [PeriodRow] = [
        // The year's last half hour: the week runs into the new year.
        PeriodRow(yearEnd, berlin, .monday, "this week", "2026-12-28..2027-01-03"),
        PeriodRow(yearEnd, berlin, .monday, "last week", "2026-12-21..2026-12-27"),
        PeriodRow(yearEnd, berlin, .sunday, "This Week", "2026-12-27..2027-01-02"),
        PeriodRow(yearEnd, berlin, .sunday, "last week", "2026-12-20..2026-12-26"),
        PeriodRow(yearEnd, berlin, .monday, "this month", "2026-12-01..2026-12-31"),
        PeriodRow(yearEnd, berlin, .sunday, "last month", "2026-11-01..2026-11-30"),
        PeriodRow(yearEnd, berlin, .monday, "december", "2026-12-01..2026-12-31"),
        PeriodRow(yearEnd, berlin, .monday, "Jan", "2026-01-01..2026-01-31"),
        PeriodRow(yearEnd, berlin, .monday, "2027-01", "2027-01-01..2027-01-31"),
        PeriodRow(yearEnd, berlin, .monday, "last thu", "2026-12-24"),
        PeriodRow(yearEnd, berlin, .sunday, "last fri", "2026-12-25"),
        PeriodRow(yearEnd, berlin, .monday, "last wednesday", "2026-12-30"),
        PeriodRow(yearEnd, berlin, .monday, "last sun 23:00", "2026-12-27T23:00:00+01:00"),
        // Just after midnight on New Year's Day: this month and the month before are in two years.
        PeriodRow(newYear, berlin, .monday, "this week", "2026-12-28..2027-01-03"),
        PeriodRow(newYear, berlin, .monday, "last week", "2026-12-21..2026-12-27"),
        PeriodRow(newYear, berlin, .sunday, "this week", "2026-12-27..2027-01-02"),
        PeriodRow(newYear, berlin, .sunday, "last week", "2026-12-20..2026-12-26"),
        PeriodRow(newYear, berlin, .monday, "this month", "2027-01-01..2027-01-31"),
        PeriodRow(newYear, berlin, .monday, "last month", "2026-12-01..2026-12-31"),
        PeriodRow(newYear, berlin, .monday, "dec", "2026-12-01..2026-12-31"),
        PeriodRow(newYear, berlin, .monday, "January", "2027-01-01..2027-01-31"),
        PeriodRow(newYear, berlin, .monday, "NOV", "2026-11-01..2026-11-30"),
        PeriodRow(newYear, berlin, .monday, "last friday", "2026-12-25"),
        PeriodRow(newYear, berlin, .monday, "last thu", "2026-12-31"),
        PeriodRow(newYear, berlin, .monday, "LAST Sat 8am", "2026-12-26T08:00:00+01:00"),
        // The same moment in New York, where it is still 2026: periods follow the local date.
        PeriodRow(newYear, newYork, .monday, "this month", "2026-12-01..2026-12-31"),
        PeriodRow(newYear, newYork, .monday, "last month", "2026-11-01..2026-11-30"),
        PeriodRow(newYear, newYork, .monday, "january", "2026-01-01..2026-01-31"),
        PeriodRow(newYear, newYork, .sunday, "this week", "2026-12-27..2027-01-02"),
        PeriodRow(newYear, newYork, .monday, "last thu", "2026-12-24"),
        // A Sunday: the last day of a Monday week, the first of a Sunday week.
        PeriodRow(sunday, berlin, .monday, "this week", "2026-11-23..2026-11-29"),
        PeriodRow(sunday, berlin, .monday, "last week", "2026-11-16..2026-11-22"),
        PeriodRow(sunday, berlin, .sunday, "this week", "2026-11-29..2026-12-05"),
        PeriodRow(sunday, berlin, .sunday, "last week", "2026-11-22..2026-11-28"),
        PeriodRow(sunday, berlin, .monday, "last sunday", "2026-11-22"),
        PeriodRow(sunday, berlin, .monday, "last sat", "2026-11-28"),
        PeriodRow(sunday, berlin, .monday, "november", "2026-11-01..2026-11-30"),
        PeriodRow(sunday, berlin, .monday, "Nov", "2026-11-01..2026-11-30"),
        PeriodRow(sunday, berlin, .monday, "sept", "2026-09-01..2026-09-30"),
        PeriodRow(sunday, berlin, .monday, "december", "2025-12-01..2025-12-31"),
        PeriodRow(sunday, berlin, .monday, "2026-11", "2026-11-01..2026-11-30"),
        // A month's last minute and the next month's first.
        PeriodRow(monthEnd, berlin, .monday, "this week", "2026-11-30..2026-12-06"),
        PeriodRow(monthEnd, berlin, .sunday, "this week", "2026-11-29..2026-12-05"),
        PeriodRow(monthEnd, berlin, .monday, "this month", "2026-11-01..2026-11-30"),
        PeriodRow(monthEnd, berlin, .monday, "last month", "2026-10-01..2026-10-31"),
        PeriodRow(monthEnd, berlin, .monday, "last monday", "2026-11-23"),
        PeriodRow(monthStart, berlin, .monday, "this month", "2026-12-01..2026-12-31"),
        PeriodRow(monthStart, berlin, .monday, "last month", "2026-11-01..2026-11-30"),
        PeriodRow(monthStart, berlin, .monday, "last week", "2026-11-23..2026-11-29"),
        PeriodRow(monthStart, berlin, .sunday, "last week", "2026-11-22..2026-11-28"),
        PeriodRow(monthStart, berlin, .monday, "last mon", "2026-11-30"),
        // February in a leap year and in common ones.
        PeriodRow(afterLeapDay, tonga, .monday, "feb", "2028-02-01..2028-02-29"),
        PeriodRow(afterLeapDay, tonga, .monday, "last month", "2028-02-01..2028-02-29"),
        PeriodRow(afterLeapDay, tonga, .monday, "2026-02", "2026-02-01..2026-02-28"),
        PeriodRow(afterLeapDay, tonga, .monday, "2000-02", "2000-02-01..2000-02-29"),
        PeriodRow(afterLeapDay, tonga, .monday, "1900-02", "1900-02-01..1900-02-28"),
        PeriodRow(afterLeapDay, tonga, .monday, "mar", "2028-03-01..2028-03-31"),
        PeriodRow(afterLeapDay, tonga, .monday, "april", "2027-04-01..2027-04-30"),
        PeriodRow(afterLeapDay, tonga, .sunday, "last week", "2028-02-20..2028-02-26"),
        PeriodRow(afterLeapDay, tonga, .monday, "last week", "2028-02-21..2028-02-27"),
        PeriodRow(afterLeapDay, tonga, .monday, "last tue", "2028-02-29"),
        // Berlin springs forward on Sunday 29 March: a week of 167 hours is still seven days.
        PeriodRow(afterSpring, berlin, .monday, "last week", "2026-03-23..2026-03-29"),
        PeriodRow(afterSpring, berlin, .monday, "this week", "2026-03-30..2026-04-05"),
        PeriodRow(afterSpring, berlin, .sunday, "last week", "2026-03-22..2026-03-28"),
        PeriodRow(afterSpring, berlin, .sunday, "this week", "2026-03-29..2026-04-04"),
        PeriodRow(afterSpring, berlin, .monday, "last sun", "2026-03-29"),
        PeriodRow(afterSpring, berlin, .monday, "last month", "2026-02-01..2026-02-28"),
        PeriodRow(afterSpring, berlin, .monday, "this month", "2026-03-01..2026-03-31"),
        PeriodRow(inSpring, berlin, .monday, "this week", "2026-03-23..2026-03-29"),
        PeriodRow(inSpring, berlin, .sunday, "this week", "2026-03-29..2026-04-04"),
        PeriodRow(inSpring, berlin, .monday, "last sun 2:30", "2026-03-22T02:30:00+01:00"),
        // Berlin falls back on Sunday 25 October: a week of 169 hours.
        PeriodRow(afterAutumn, berlin, .monday, "last week", "2026-10-19..2026-10-25"),
        PeriodRow(afterAutumn, berlin, .sunday, "last week", "2026-10-18..2026-10-24"),
        PeriodRow(afterAutumn, berlin, .sunday, "this week", "2026-10-25..2026-10-31"),
        PeriodRow(afterAutumn, berlin, .monday, "last sunday", "2026-10-25"),
        PeriodRow(afterAutumn, berlin, .monday, "oct", "2026-10-01..2026-10-31"),
        PeriodRow(inAutumn, berlin, .monday, "this week", "2026-10-19..2026-10-25"),
        PeriodRow(inAutumn, berlin, .sunday, "this week", "2026-10-25..2026-10-31"),
        PeriodRow(inAutumn, berlin, .monday, "last sun 2:30", "2026-10-18T02:30:00+02:00"),
        PeriodRow(newYorkAutumn, newYork, .monday, "this week", "2026-10-26..2026-11-01"),
        PeriodRow(newYorkAutumn, newYork, .sunday, "this week", "2026-11-01..2026-11-07"),
        PeriodRow(newYorkAutumn, newYork, .monday, "last month", "2026-10-01..2026-10-31"),
        // The ends of the calendar: December 9999 and the first week of year 1.
        PeriodRow(lastDays, utc, .monday, "this month", "9999-12-01..9999-12-31"),
        PeriodRow(lastDays, utc, .monday, "dec", "9999-12-01..9999-12-31"),
        PeriodRow(lastDays, utc, .monday, "last week", "9999-12-20..9999-12-26"),
        PeriodRow(firstDays, utc, .monday, "this week", "0001-01-01..0001-01-07"),
        PeriodRow(firstDays, utc, .monday, "this month", "0001-01-01..0001-01-31"),
        PeriodRow(firstDays, utc, .sunday, "jan", "0001-01-01..0001-01-31"),
        PeriodRow(firstDays, utc, .monday, "last mon", "0001-01-01"),
    ]

    @Test("each form names the days or moment written beside it", arguments: rows)
    func row(_ row: PeriodRow) throws {
        let zone = try #require(TimeZone(identifier: row.zone))
        let now = try #require(Timestamp(rfc3339: row.now)).date
        let span = try WhenSpan.parse(row.text, now: now, timeZone: zone, weekStart: row.weekStart)
        let ends = row.expected.components(separatedBy: "..")
        if ends.count == 2 {
            let first = try #require(CalendarDay(parsing: ends[0])), last = try #require(CalendarDay(parsing: ends[1]))
            #expect(span == .days(first...last), "got \(span)")
            #expect(span.first == .day(first) && span.last == .day(last), "--since takes the first day, --until the last")
            // A period is never one day: --date refuses it.
            #expect(throws: WhenError.period) { try When.parse(row.text, now: now, timeZone: zone) }
        } else if row.expected.count == 10 {
            let day = try #require(CalendarDay(parsing: row.expected))
            #expect(span == .when(.day(day)), "got \(span)")
            #expect(try When.parse(row.text, now: now, timeZone: zone) == .day(day), "a day is one day for --date too")
        } else {
            let moment = try #require(Timestamp(rfc3339: row.expected))
            #expect(span == .when(.moment(moment)), "got \(span)")
            #expect(span.days == nil, "--on refuses a moment")
        }
    }

    @Test("a period that would reach past the years 0001–9999 is refused, whichever day weeks start on", arguments: [
        (lastDays, StreakRules.WeekStart.monday, "this week"), (lastDays, .sunday, "this week"),
        (firstDays, .sunday, "this week"), (firstDays, .monday, "last week"), (firstDays, .monday, "last month"),
        (firstDays, .monday, "dec"), (firstDays, .monday, "last tue"), (firstDays, .monday, "0000-12"),
    ])
    func outOfRange(now: String, weekStart: StreakRules.WeekStart, text: String) throws {
        let instant = try #require(Timestamp(rfc3339: now)).date
        #expect(throws: WhenError.outOfRange) { try WhenSpan.parse(text, now: instant, timeZone: TimeZone.gmt, weekStart: weekStart) }
    }
}

@Suite("WHEN periods refused: malformed, misplaced, or given where one day is wanted")
struct WhenPeriodRefusalTests {
    /// 09:15 on 2026-11-29 in Berlin (+01:00), a Sunday.
    static let now = Date(timeIntervalSince1970: 1_795_940_100)

    @Test("not a period, each with its reason", arguments: [
        ("2026-13", WhenError.noSuchDate), ("2026-00", .noSuchDate), ("2026-1", .unrecognised), ("202-11", .unrecognised),
        ("10000-01", .unrecognised), ("2026-11-", .unrecognised), ("2026-11T08:00", .unrecognised), ("2026-11 08:00", .unrecognised),
        ("no", .unrecognised), ("novembers", .unrecognised), ("this", .unrecognised), ("last", .unrecognised),
        ("this year", .unrecognised), ("next week", .unrecognised), ("this monday", .unrecognised), ("last mo", .unrecognised),
        ("last nov", .unrecognised), ("last week 8am", .unrecognised), ("nov 8am", .unrecognised), ("last week ago", .unrecognised),
        ("last -3d", .unrecognised), ("last last monday", .unrecognised), ("last mondays", .unrecognised), ("weeks", .unrecognised),
    ])
    func refused(text: String, reason: WhenError) throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(throws: reason) { try WhenSpan.parse(text, now: WhenPeriodRefusalTests.now, timeZone: zone, weekStart: .monday) }
        #expect(throws: reason) { try When.parse(text, now: WhenPeriodRefusalTests.now, timeZone: zone) }
    }

    @Test("every period form is refused where one day is wanted, with a hint that names one day",
          arguments: ["2026-11", "november", "nov", "this week", "last week", "this month", "last month"])
    func periodForOneDay(text: String) throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(throws: WhenError.period) { try When.parse(text, now: WhenPeriodRefusalTests.now, timeZone: zone) }
        #expect(WhenError.period.hint == "a period names several days; give one day, e.g. 'last monday' or '2026-11-03'")
        #expect(WhenError.outOfRange.hint == nil)
    }
}
