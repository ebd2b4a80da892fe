import BrewLogCore
import BrewLogTestSupport
import Foundation
import Testing
@testable import BrewLogCLI

@Suite("WHEN fuzz: any text either is refused with a reason or means a moment, a day or a period inside 0001–9999")
struct WhenFuzzTests {
    /// Pieces WHEN is built of, and pieces it is not, so random joins hit the parser's edges.
    static let pieces = [
        "now", "today", "yesterday", "mon", "sunday", "tue", "-", "+", ":", ".", " ", "\t", "am", "pm", "noon", "midnight",
        "ago", "days", "day", "week", "month", "last", "this", "nov", "december", "hours", "minutes", "d", "w", "h", "m", "t", "z", "0", "1", "2", "9", "12", "23", "24",
        "59", "60", "99", "0000", "0001", "2026", "9999", "-11", "-11-29", "-02-29", "T", "Z", "+13:00", "-23:59", "99999999999999999999",
        "9223372036854775807", "é", "\u{0}", "\u{1B}", "٣", "🙂", "\n",
    ]

    @Test("10,000 seeded random texts, in Berlin, Tonga and New York, near the ends of the calendar too", arguments: [
        (UInt64(1), "Europe/Berlin", "2026-11-29T09:15:00+01:00"),
        (UInt64(2), "Pacific/Tongatapu", "0001-01-02T12:00:00Z"),
        (UInt64(3), "America/New_York", "9999-12-30T12:00:00Z"),
    ])
    func fuzz(seed: UInt64, zoneName: String, nowText: String) throws {
        var random = SeededRandomGenerator(seed: seed)
        let zone = try #require(TimeZone(identifier: zoneName))
        let now = try #require(Timestamp(rfc3339: nowText)).date
        var accepted = 0
        for _ in 0..<10_000 {
            let text = (0..<Int.random(in: 1...5, using: &random)).map { _ in WhenFuzzTests.pieces.randomElement(using: &random) ?? "" }.joined()
            guard let when = try? When.parse(text, now: now, timeZone: zone) else { continue }
            accepted += 1
            switch when {
            case let .day(day):
                #expect(WhenRange.contains(day), "\(text.debugDescription) → \(day)")
            case let .moment(moment):
                #expect(WhenRange.contains(moment.day), "\(text.debugDescription) → \(moment)")
                #expect(Timestamp(rfc3339: moment.description) != nil, "\(text.debugDescription) → \(moment)")
            }
            _ = when.recordingMoment(now: now, timeZone: zone)
        }
        #expect(accepted > 100, "the pieces should make some valid WHENs")
        var periods = 0
        for index in 0..<10_000 {
            let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in WhenFuzzTests.pieces.randomElement(using: &random) ?? "" }.joined()
            let weekStart: StreakRules.WeekStart = index % 2 == 0 ? .monday : .sunday
            guard case let .days(days)? = try? WhenSpan.parse(text, now: now, timeZone: zone, weekStart: weekStart) else { continue }
            periods += 1
            #expect(WhenRange.contains(days.lowerBound) && WhenRange.contains(days.upperBound), "\(text.debugDescription) → \(days)")
            #expect((7...31).contains(days.dayCount), "\(text.debugDescription) → \(days)")
        }
        #expect(periods > 0, "the pieces should make some periods")
    }
}
