import BrewLogCore
import Foundation
import Testing
@testable import BrewLogCLI
import BrewLogTestSupport

/// One row of the WHEN table: what was typed, at which now, in which zone, and what it must mean,
/// written out by hand (a day as `YYYY-MM-DD`, a moment as RFC 3339 with its offset).
struct WhenRow: Sendable, CustomTestStringConvertible {
    let now: String
    let zone: String
    let text: String
    let expected: String

    init(_ now: String, _ zone: String, _ text: String, _ expected: String) {
        self.now = now
        self.zone = zone
        self.text = text
        self.expected = expected
    }

    var testDescription: String { "'\(text)' at \(now) in \(zone) is \(expected)" }
}

@Suite("WHEN: every form at month, year and leap-day ends, across daylight-saving changes and in +13:00")
struct WhenTableTests {
    static let berlin = "Europe/Berlin", newYork = "America/New_York", tonga = "Pacific/Tongatapu", gmtMinus13 = "Etc/GMT-13", apia = "Pacific/Apia"

    /// New Year's Eve, 23:30 in Berlin: a Thursday.
    static let yearEnd = "2026-12-31T23:30:00+01:00"
    /// Ten minutes into 2027 in Berlin: a Friday.
    static let newYear = "2027-01-01T00:10:00+01:00"
    /// The last day of February 2026 in New York: a Saturday.
    static let februaryEnd = "2026-02-28T09:00:00-05:00"
    /// A leap day in Tonga (+13:00 all year): a Tuesday.
    static let leapDay = "2028-02-29T10:00:00+13:00"
    /// Noon on the days the clocks change.
    static let berlinSpring = "2026-03-29T12:00:00+02:00", berlinAutumn = "2026-10-25T12:00:00+01:00"
    static let newYorkSpring = "2026-03-08T12:00:00-04:00", newYorkAutumn = "2026-11-01T12:00:00-05:00"

    static let rows: [WhenRow] = [
        // The year's last half hour.
        WhenRow(yearEnd, berlin, "now", "2026-12-31T23:30:00+01:00"),
        WhenRow(yearEnd, berlin, "today", "2026-12-31"),
        WhenRow(yearEnd, berlin, "Yesterday", "2026-12-30"),
        WhenRow(yearEnd, berlin, "thu", "2026-12-31"),
        WhenRow(yearEnd, berlin, "Friday", "2026-12-25"),
        WhenRow(yearEnd, berlin, "-1d", "2026-12-30"),
        WhenRow(yearEnd, berlin, "1 day ago", "2026-12-30"),
        WhenRow(yearEnd, berlin, "-2w", "2026-12-17"),
        WhenRow(yearEnd, berlin, "23:00", "2026-12-31T23:00:00+01:00"),
        WhenRow(yearEnd, berlin, "11pm", "2026-12-31T23:00:00+01:00"),
        WhenRow(yearEnd, berlin, "midnight", "2026-12-31T00:00:00+01:00"),
        WhenRow(yearEnd, berlin, "-1h", "2026-12-31T22:30:00+01:00"),
        WhenRow(yearEnd, berlin, "-90m", "2026-12-31T22:00:00+01:00"),
        WhenRow(yearEnd, berlin, "yesterday 23:40", "2026-12-30T23:40:00+01:00"),
        WhenRow(yearEnd, berlin, "2026-12-31T23:30:00.123456+01:00", "2026-12-31T23:30:00.123456+01:00"),
        WhenRow(yearEnd, berlin, "2026-12-31 23:29:59.5", "2026-12-31T23:29:59.5+01:00"),
        WhenRow(yearEnd, berlin, "2026-12-31T22:00:00Z", "2026-12-31T22:00:00+00:00"),
        WhenRow(yearEnd, berlin, "2026-12-31t23:59:60", "2026-12-31T23:59:59+01:00"),
        WhenRow(yearEnd, berlin, "0001-01-01", "0001-01-01"),
        WhenRow(yearEnd, berlin, "9999-12-31T23:59:59-23:59", "9999-12-31T23:59:59-23:59"),
        // Just after midnight on New Year's Day.
        WhenRow(newYear, berlin, "today", "2027-01-01"),
        WhenRow(newYear, berlin, "yesterday", "2026-12-31"),
        WhenRow(newYear, berlin, "-1h", "2026-12-31T23:10:00+01:00"),
        WhenRow(newYear, berlin, "20 minutes ago", "2026-12-31T23:50:00+01:00"),
        WhenRow(newYear, berlin, "1 minute ago", "2027-01-01T00:09:00+01:00"),
        WhenRow(newYear, berlin, "mon", "2026-12-28"),
        WhenRow(newYear, berlin, "FRI", "2027-01-01"),
        WhenRow(newYear, berlin, "sat 8am", "2026-12-26T08:00:00+01:00"),
        WhenRow(newYear, berlin, "12am", "2027-01-01T00:00:00+01:00"),
        WhenRow(newYear, berlin, "12pm", "2027-01-01T12:00:00+01:00"),
        WhenRow(newYear, berlin, "12:30am", "2027-01-01T00:30:00+01:00"),
        WhenRow(newYear, berlin, "1 week ago", "2026-12-25"),
        WhenRow(newYear, berlin, "-1d 23:59:59", "2026-12-31T23:59:59+01:00"),
        WhenRow(newYear, berlin, "3 days ago  7:30", "2026-12-29T07:30:00+01:00"),
        // The end of February in a common year.
        WhenRow(februaryEnd, newYork, "yesterday", "2026-02-27"),
        WhenRow(februaryEnd, newYork, "2 days ago", "2026-02-26"),
        WhenRow(februaryEnd, newYork, "-3w", "2026-02-07"),
        WhenRow(februaryEnd, newYork, "8:30pm", "2026-02-28T20:30:00-05:00"),
        WhenRow(februaryEnd, newYork, "8:30 PM", "2026-02-28T20:30:00-05:00"),
        WhenRow(februaryEnd, newYork, "noon", "2026-02-28T12:00:00-05:00"),
        WhenRow(februaryEnd, newYork, "-24h", "2026-02-27T09:00:00-05:00"),
        WhenRow(februaryEnd, newYork, "sun", "2026-02-22"),
        WhenRow(februaryEnd, newYork, "sat", "2026-02-28"),
        WhenRow(februaryEnd, newYork, "wednesday noon", "2026-02-25T12:00:00-05:00"),
        // A leap day thirteen hours east of UTC.
        WhenRow(leapDay, tonga, "today", "2028-02-29"),
        WhenRow(leapDay, tonga, "yesterday", "2028-02-28"),
        WhenRow(leapDay, tonga, "-1w", "2028-02-22"),
        WhenRow(leapDay, tonga, "52 weeks ago", "2027-03-02"),
        WhenRow(leapDay, tonga, "-10h", "2028-02-29T00:00:00+13:00"),
        WhenRow(leapDay, tonga, "11 hours ago", "2028-02-28T23:00:00+13:00"),
        WhenRow(leapDay, tonga, "7:30", "2028-02-29T07:30:00+13:00"),
        WhenRow(leapDay, tonga, "wed", "2028-02-23"),
        WhenRow(leapDay, tonga, "2028-02-29 08:15", "2028-02-29T08:15:00+13:00"),
        WhenRow(leapDay, tonga, "2028-02-29t08:15:00.5z", "2028-02-29T08:15:00.5+00:00"),
        WhenRow(leapDay, gmtMinus13, "yesterday midnight", "2028-02-28T00:00:00+13:00"),
        WhenRow(leapDay, gmtMinus13, "-600m", "2028-02-29T00:00:00+13:00"),
        WhenRow(leapDay, apia, "yesterday 23:59", "2028-02-28T23:59:00+13:00"),
        // Samoa skipped 2011-12-30 altogether (-10:00 to +14:00): a time that day moves on a whole day.
        WhenRow("2012-01-01T12:00:00+14:00", apia, "2011-12-30 12:00", "2011-12-31T12:00:00+14:00"),
        WhenRow("2012-01-01T12:00:00+14:00", apia, "2011-12-29 23:59", "2011-12-29T23:59:00-10:00"),
        WhenRow("2012-01-01T12:00:00+14:00", apia, "-2d", "2011-12-30"),
        // Berlin springs forward: 02:00 becomes 03:00; a time in the gap moves forward by an hour.
        WhenRow(berlinSpring, berlin, "02:30", "2026-03-29T03:30:00+02:00"),
        WhenRow(berlinSpring, berlin, "2:00", "2026-03-29T03:00:00+02:00"),
        WhenRow(berlinSpring, berlin, "01:59:59", "2026-03-29T01:59:59+01:00"),
        WhenRow(berlinSpring, berlin, "03:00", "2026-03-29T03:00:00+02:00"),
        WhenRow(berlinSpring, berlin, "2026-03-29 02:30", "2026-03-29T03:30:00+02:00"),
        WhenRow(berlinSpring, berlin, "2026-03-29T02:59:59.25", "2026-03-29T03:59:59.25+02:00"),
        WhenRow(berlinSpring, berlin, "-12h", "2026-03-28T23:00:00+01:00"),
        WhenRow(berlinSpring, berlin, "-1d 2:30", "2026-03-28T02:30:00+01:00"),
        WhenRow(berlinSpring, berlin, "yesterday", "2026-03-28"),
        // Berlin falls back: 03:00 becomes 02:00; a time seen twice is the first one.
        WhenRow(berlinAutumn, berlin, "02:30", "2026-10-25T02:30:00+02:00"),
        WhenRow(berlinAutumn, berlin, "01:59", "2026-10-25T01:59:00+02:00"),
        WhenRow(berlinAutumn, berlin, "03:00", "2026-10-25T03:00:00+01:00"),
        WhenRow(berlinAutumn, berlin, "-10h", "2026-10-25T02:00:00+01:00"),
        WhenRow(berlinAutumn, berlin, "-11h", "2026-10-25T02:00:00+02:00"),
        WhenRow(berlinAutumn, berlin, "2026-10-25T02:30", "2026-10-25T02:30:00+02:00"),
        WhenRow(berlinAutumn, berlin, "2026-10-25T02:30+01:00", "2026-10-25T02:30:00+01:00"),
        // New York springs forward at 02:00 and falls back at 02:00.
        WhenRow(newYorkSpring, newYork, "2:30am", "2026-03-08T03:30:00-04:00"),
        WhenRow(newYorkSpring, newYork, "1:59am", "2026-03-08T01:59:00-05:00"),
        WhenRow(newYorkSpring, newYork, "3am", "2026-03-08T03:00:00-04:00"),
        WhenRow(newYorkSpring, newYork, "midnight", "2026-03-08T00:00:00-05:00"),
        WhenRow(newYorkSpring, newYork, "-10h", "2026-03-08T01:00:00-05:00"),
        WhenRow(newYorkSpring, newYork, "yesterday 2:30am", "2026-03-07T02:30:00-05:00"),
        WhenRow(newYorkAutumn, newYork, "1:30am", "2026-11-01T01:30:00-04:00"),
        WhenRow(newYorkAutumn, newYork, "2am", "2026-11-01T02:00:00-05:00"),
        WhenRow(newYorkAutumn, newYork, "12:59:59am", "2026-11-01T00:59:59-04:00"),
        WhenRow(newYorkAutumn, newYork, "-11h", "2026-11-01T01:00:00-05:00"),
        WhenRow(newYorkAutumn, newYork, "-12h", "2026-11-01T01:00:00-04:00"),
        WhenRow(newYorkAutumn, newYork, "sun 1:30 am", "2026-11-01T01:30:00-04:00"),
    ]

    @Test("each form means the day or moment written beside it", arguments: rows)
    func row(_ row: WhenRow) throws {
        let zone = try #require(TimeZone(identifier: row.zone))
        let now = try #require(Timestamp(rfc3339: row.now)).date
        let when = try When.parse(row.text, now: now, timeZone: zone)
        if row.expected.count == 10 {
            #expect(when == .day(try #require(CalendarDay(parsing: row.expected))))
        } else {
            let expected = try #require(Timestamp(rfc3339: row.expected))
            #expect(when == .moment(expected), "got \(when)")
        }
    }

    @Test("every quarter hour of a day the clocks change is recorded with an offset in force then, the gap moved forward by its length",
          arguments: [(berlin, "2026-03-29"), (berlin, "2026-10-25"), (newYork, "2026-03-08"), (newYork, "2026-11-01")])
    func daylightSavingSweep(zoneName: String, day: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let now = try #require(Timestamp(rfc3339: "2027-01-01T00:00:00Z")).date
        for quarter in 0..<96 {
            let hour = quarter / 4, minute = quarter % 4 * 15
            let typed = "\(day) \(hour < 10 ? "0" : "")\(hour):\(minute == 0 ? "00" : String(minute))"
            guard case let .moment(moment) = try When.parse(typed, now: now, timeZone: zone) else {
                Issue.record("\(typed) is not a moment")
                continue
            }
            #expect(zone.secondsFromGMT(for: moment.date) == moment.utcOffsetSeconds, "\(typed) → \(moment)")
            let clock = moment.wallClock
            let shown = clock.hour * 60 + clock.minute, wanted = hour * 60 + minute
            // Only the spring gap's hour (02:00–02:59 in both zones) moves, by exactly one hour.
            let inGap = day.hasSuffix("-03-29") || day.hasSuffix("-03-08") ? hour == 2 : false
            #expect(clock.day.description == day && shown == wanted + (inGap ? 60 : 0), "\(typed) → \(moment)")
        }
    }
}
