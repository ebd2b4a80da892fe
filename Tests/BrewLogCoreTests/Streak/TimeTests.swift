import Foundation
import Testing
@testable import BrewLogCore

@Suite("Timestamps, calendar days and brew times")
struct TimeTests {
    @Test("RFC 3339 round trips with its offset", arguments: [
        "2026-11-29T07:15:00+01:00", "2026-11-29T00:30:00+09:00", "1999-12-31T23:59:59-05:30",
        "2028-02-29T12:00:00+00:00", "2026-11-29T07:15:00.25+01:00",
    ])
    func roundTrip(text: String) {
        #expect(Timestamp(rfc3339: text)?.description == text)
    }

    @Test("Z is read as +00:00")
    func zulu() {
        #expect(Timestamp(rfc3339: "2026-11-29T07:15:00Z")?.description == "2026-11-29T07:15:00+00:00")
    }

    @Test("malformed timestamps are refused", arguments: [
        "", "2026-11-29", "2026-11-29T07:15:00", "2026-02-30T07:15:00Z", "2026-11-29T24:00:00Z",
        "2026-11-29T07:15:00+1:00", "2026-11-29T07:15:00Zjunk", "2026-11-29T07:15:00.+01:00",
    ])
    func refused(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("calendar days convert both ways across eras", arguments: [
        "1970-01-01", "1969-12-31", "2000-02-29", "2026-11-29", "0001-01-01", "9999-12-31",
    ])
    func days(text: String) {
        #expect(CalendarDay(parsing: text)?.description == text)
    }

    @Test("1970-01-01 was a Thursday")
    func weekday() {
        #expect(CalendarDay(daysSinceEpoch: 0).weekdayFromMonday == 3)
        #expect(CalendarDay(parsing: "2026-11-30")?.weekdayFromMonday == 0)
    }

    @Test("brew times parse in every documented form", arguments: [
        ("165", 165), ("165s", 165), ("2:45", 165), ("1h2m3s", 3723), ("1:02:03", 3723), ("3m", 180), ("1h", 3600),
        ("90m", 5400), ("90:00", 5400), ("1m59s", 119), ("1h59m59s", 7199), ("25h", 90000),
    ])
    func brewTimes(text: String, seconds: Int) {
        #expect(BrewTime.parse(text) == seconds)
    }

    @Test("bad brew times are refused", arguments: [
        "", "abc", "2:5", "2:75", "1m2h", "3x", "1h2", "-5", "2:60", "1m60s", "1h60m", "1h0m60s", " 165", "165 ", "2:45\n",
    ])
    func badBrewTimes(text: String) {
        #expect(BrewTime.parse(text) == nil)
    }

    @Test("brew times format as m:ss or h:mm:ss")
    func formatting() {
        #expect(BrewTime.format(165) == "2:45")
        #expect(BrewTime.format(3723) == "1:02:03")
    }

    @Test("a fraction of a second may have any number of digits, as RFC 3339 allows")
    func longFractions() throws {
        let long = try #require(Timestamp(rfc3339: "2026-11-29T07:15:00.123456789012345678901+01:00"))
        let short = try #require(Timestamp(rfc3339: "2026-11-29T07:15:00.123456789+01:00"))
        #expect(long == short)
    }
}
