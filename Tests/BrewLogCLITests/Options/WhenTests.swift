import BrewLogCore
import Foundation
import Testing
@testable import BrewLogCLI
import BrewLogTestSupport

@Suite("WHEN arguments: refusals, recording moments and the phrase a hint is built on")
struct WhenTests {
    /// 09:15 on 2026-11-29 in Berlin (+01:00), a Sunday.
    static let now = Date(timeIntervalSince1970: 1_795_940_100)

    func parse(_ text: String) throws(WhenError) -> When {
        try When.parse(text, now: WhenTests.now, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    }

    @Test("refused, each with its reason", arguments: [
        ("", WhenError.unrecognised), ("   ", .unrecognised), ("tomorrow", .unrecognised), ("now now", .unrecognised),
        ("today yesterday", .unrecognised), ("yesterday junk", .unrecognised), ("-3d 7:30 extra", .unrecognised),
        ("7", .unrecognised), ("+3d", .unrecognised), ("3 days", .unrecognised), ("3 days hence", .unrecognised),
        ("-3x", .unrecognised), ("-3.5h", .unrecognised), ("-h", .unrecognised), ("--3d", .unrecognised), ("-3 d", .unrecognised),
        ("1:5", .unrecognised), ("007:30", .unrecognised), ("mo", .unrecognised), ("mondays", .unrecognised),
        ("2026-11-29T", .unrecognised), ("2026-11-29T08", .unrecognised), ("2026-11-29X08:30", .unrecognised),
        ("2026-11-29T08:30Zjunk", .unrecognised), ("yesterday 08:30Z", .unrecognised), ("8:30am+01:00", .unrecognised),
        ("08:30+01:00", .unrecognised), ("2026-11-29T8am", .unrecognised), ("10000-01-01", .unrecognised),
        ("\u{663}:\u{663}\u{660}", .unrecognised), ("-\u{FF13}d", .unrecognised), ("yesterday\n", .unrecognised),
        ("2026-11-29T08:30:00.", .unrecognised), ("2026-11-29T08:30:00.5.5", .unrecognised), ("am", .unrecognised),
        ("2026-02-30", .noSuchDate), ("2027-02-29 08:00", .noSuchDate), ("2026-13-01", .noSuchDate),
        ("25:00", .noSuchTime("hours run 00–23 (1–12 with am or pm)")), ("24:00", .noSuchTime("hours run 00–23 (1–12 with am or pm)")),
        ("13pm", .noSuchTime("hours run 1–12 with am or pm")), ("0am", .noSuchTime("hours run 1–12 with am or pm")),
        ("00:30am", .noSuchTime("hours run 1–12 with am or pm")), ("7:60", .noSuchTime("minutes run 00–59")),
        ("07:30:61", .noSuchTime("seconds run 00–59")), ("2026-11-29T08:30+24:00", .noSuchTime("offsets run from -23:59 to +23:59")),
        ("-0d", .zeroCount), ("0 hours ago", .zeroCount), ("-000m", .zeroCount), ("0 weeks ago 8am", .zeroCount),
        ("-99999999999999d", .outOfRange), ("99999999999999999999 days ago", .outOfRange), ("-9999999999999999h", .outOfRange),
        ("-3000000d", .outOfRange), ("-2000000w", .outOfRange), ("-99999999999m", .outOfRange), ("0000-12-31", .outOfRange),
        ("0000-12-31T23:30-01:00", .outOfRange), ("0000-06-01 12:00", .outOfRange), ("-1000000000000000000w", .outOfRange),
    ])
    func refused(text: String, reason: WhenError) {
        #expect(throws: reason) { try parse(text) }
        #expect(When(text, now: WhenTests.now, timeZone: TimeZone.gmt) == nil)
    }

    @Test("a brew logged today is recorded now, an earlier day at 12:00 local, a later one not at all")
    func recordingMoment() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        func recorded(_ text: String) throws -> Timestamp? {
            try parse(text).recordingMoment(now: WhenTests.now, timeZone: berlin)
        }
        #expect(try recorded("today") == Timestamp(rfc3339: "2026-11-29T09:15:00+01:00"))
        #expect(try recorded("sun") == Timestamp(rfc3339: "2026-11-29T09:15:00+01:00"))
        #expect(try recorded("2026-07-01") == Timestamp(rfc3339: "2026-07-01T12:00:00+02:00"))
        #expect(try recorded("-2w") == Timestamp(rfc3339: "2026-11-15T12:00:00+01:00"))
        #expect(try recorded("2026-11-30") == nil)
        #expect(try recorded("9:15") == Timestamp(rfc3339: "2026-11-29T09:15:00+01:00"))
        #expect(try recorded("9:16") == nil)
        #expect(try recorded("2026-11-29T08:15:00.000001Z") == nil)
        #expect(try recorded("2026-11-29T08:15:00Z") == Timestamp(rfc3339: "2026-11-29T08:15:00+00:00"))
    }

    @Test("only a time of day with no day omits the day", arguments: [
        ("7:30", true), ("8 pm", true), ("noon", true), ("today 7:30", false), ("yesterday 7:30", false),
        ("2026-11-29 07:30", false), ("-3h", false), ("now", false), ("mon", false),
    ])
    func omitsDay(text: String, omits: Bool) throws {
        #expect(try WhenPhrase(parsing: text).omitsDay == omits)
    }

    @Test("filters: a day covers all of it, a moment is exact")
    func filters() throws {
        let day = try parse("2026-11-28"), moment = try parse("2026-11-28T08:15:00.5+01:00")
        let first = try #require(Timestamp(rfc3339: "2026-11-28T00:00:00+01:00"))
        let last = try #require(Timestamp(rfc3339: "2026-11-28T23:59:59.999+01:00"))
        let exact = try #require(Timestamp(rfc3339: "2026-11-28T07:15:00.5Z"))
        let before = try #require(Timestamp(rfc3339: "2026-11-28T07:15:00.499Z"))
        #expect(day.bound.startsOnOrBefore(first) && day.bound.endsOnOrAfter(last))
        #expect(!day.bound.startsOnOrBefore(try #require(Timestamp(rfc3339: "2026-11-27T23:59:59+01:00"))))
        #expect(moment.bound.startsOnOrBefore(exact) && moment.bound.endsOnOrAfter(exact))
        #expect(!moment.bound.startsOnOrBefore(before) && moment.bound.endsOnOrAfter(before))
    }
}
