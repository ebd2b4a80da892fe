import BrewLogCore
import Foundation
import Testing
@testable import brewlog

@Suite("WHEN arguments: days, moments, offsets")
struct WhenTests {
    /// 09:15 on 2026-11-29 in Berlin (+01:00).
    static let now = Date(timeIntervalSince1970: 1_795_940_100)

    func when(_ text: String) throws -> When? {
        When(text, now: WhenTests.now, timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
    }

    func moment(_ rfc3339: String) throws -> When {
        .moment(try #require(Timestamp(rfc3339: rfc3339)))
    }

    @Test("now, today, yesterday and dates are read in the local zone", arguments: [
        ("today", "2026-11-29"), ("TODAY", "2026-11-29"), ("yesterday", "2026-11-28"), ("2026-11-01", "2026-11-01"),
    ])
    func days(text: String, day: String) throws {
        #expect(try when(text) == .day(try #require(CalendarDay(parsing: day))))
    }

    @Test("now is the moment given as now")
    func now() throws {
        #expect(try when("now") == moment("2026-11-29T09:15:00+01:00"))
    }

    @Test("times are moments, local unless an offset is given; :60 is the :59 of that minute", arguments: [
        ("07:05", "2026-11-29T07:05:00+01:00"),
        ("07:05:09", "2026-11-29T07:05:09+01:00"),
        ("2026-07-01T12:00", "2026-07-01T12:00:00+02:00"),
        ("2026-11-29T08:30+09:00", "2026-11-29T08:30:00+09:00"),
        ("2026-11-29 08:30:15Z", "2026-11-29T08:30:15+00:00"),
        ("2026-11-29t08:30-05:30", "2026-11-29T08:30:00-05:30"),
        ("2026-11-29T23:59:60", "2026-11-29T23:59:59+01:00"),
        ("2026-11-29T23:59:60+09:00", "2026-11-29T23:59:59+09:00"),
        ("23:59:60", "2026-11-29T23:59:59+01:00"),
    ])
    func moments(text: String, expected: String) throws {
        #expect(try when(text) == moment(expected))
    }

    @Test("anything else is not a WHEN", arguments: [
        "", "tomorrow", "24:00", "7:05", "+1:05", "07:05:61", "2026-02-30", "2026-11-29T08:30+25:00",
        "2026-11-29T08:30Zjunk", "2026-11-29T08", "2026-11-29X08:30",
    ])
    func refused(text: String) throws {
        #expect(try when(text) == nil)
    }

    @Test("a brew logged today is recorded now, an earlier day at 12:00 local, a later one not at all")
    func recordingMoment() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let today = try #require(try when("today"))
        let earlier = try #require(try when("2026-07-01"))
        let later = try #require(try when("2026-11-30"))
        #expect(today.recordingMoment(now: WhenTests.now, timeZone: berlin) == Timestamp(rfc3339: "2026-11-29T09:15:00+01:00"))
        #expect(earlier.recordingMoment(now: WhenTests.now, timeZone: berlin) == Timestamp(rfc3339: "2026-07-01T12:00:00+02:00"))
        #expect(later.recordingMoment(now: WhenTests.now, timeZone: berlin) == nil)
    }
}
