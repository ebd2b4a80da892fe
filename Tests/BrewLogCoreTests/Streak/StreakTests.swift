import Foundation
import Testing
@testable import BrewLogCore

/// One streak scenario: brews (RFC 3339 with the offset they were recorded in), now, and the reader's zone.
struct StreakCase: CustomTestStringConvertible, Sendable {
    let name: String
    let brews: [String]
    let now: String
    var timeZone = "UTC"
    let current: Int
    let longest: Int
    let brewedToday: Bool

    var testDescription: String { name }
}

/// Twelve o'clock local on each day from `first` for `count` days in `zoneID`, with that day's offset.
func middays(from first: String, count: Int, in zoneID: String) -> [String] {
    guard let start = CalendarDay(parsing: first) else { return [] }
    let tz = zone(zoneID)
    return (0..<count).map { index in
        let day = start.adding(days: index)
        let naiveNoon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + 12 * 3600))
        let offset = tz.secondsFromGMT(for: naiveNoon)
        return Timestamp(date: naiveNoon.addingTimeInterval(Double(-offset)), utcOffsetSeconds: offset).description
    }
}

@Suite("Streaks count calendar days")
struct StreakTests {
    static let cases: [StreakCase] = [
        StreakCase(name: "no brews", brews: [], now: "2026-11-29T12:00:00Z", current: 0, longest: 0, brewedToday: false),
        StreakCase(name: "three consecutive days ending today",
                   brews: ["2026-11-27T08:00:00Z", "2026-11-28T08:00:00Z", "2026-11-29T08:00:00Z"],
                   now: "2026-11-29T12:00:00Z", current: 3, longest: 3, brewedToday: true),
        StreakCase(name: "several brews a day count once",
                   brews: ["2026-11-28T08:00:00Z", "2026-11-28T09:00:00Z", "2026-11-29T07:00:00Z", "2026-11-29T20:00:00Z"],
                   now: "2026-11-29T21:00:00Z", current: 2, longest: 2, brewedToday: true),
        StreakCase(name: "alive until today ends: yesterday's run still counts",
                   brews: ["2026-11-27T08:00:00Z", "2026-11-28T08:00:00Z"],
                   now: "2026-11-29T23:59:59Z", current: 2, longest: 2, brewedToday: false),
        StreakCase(name: "broken after a missed day",
                   brews: ["2026-11-26T08:00:00Z", "2026-11-27T08:00:00Z"],
                   now: "2026-11-29T08:00:00Z", current: 0, longest: 2, brewedToday: false),
        StreakCase(name: "longest elsewhere in history",
                   brews: ["2026-01-01T08:00:00Z", "2026-01-02T08:00:00Z", "2026-01-03T08:00:00Z", "2026-01-04T08:00:00Z",
                           "2026-11-28T08:00:00Z", "2026-11-29T08:00:00Z"],
                   now: "2026-11-29T12:00:00Z", current: 2, longest: 4, brewedToday: true),
        StreakCase(name: "future brews are ignored",
                   brews: ["2026-11-29T08:00:00Z", "2026-11-30T08:00:00Z", "2026-12-01T08:00:00Z"],
                   now: "2026-11-29T12:00:00Z", current: 1, longest: 1, brewedToday: true),
        StreakCase(name: "unsorted input",
                   brews: ["2026-11-29T08:00:00Z", "2026-11-27T08:00:00Z", "2026-11-28T08:00:00Z"],
                   now: "2026-11-29T12:00:00Z", current: 3, longest: 3, brewedToday: true),
        StreakCase(name: "a brew at 00:30 in Tokyo counts for that Tokyo date when read in New York",
                   brews: ["2026-03-09T00:30:00+09:00", "2026-03-10T00:30:00+09:00"],
                   now: "2026-03-10T10:00:00-04:00", timeZone: "America/New_York",
                   current: 2, longest: 2, brewedToday: true),
        StreakCase(name: "today is the reader's local date, not UTC's",
                   brews: ["2026-11-28T20:00:00-08:00"],
                   now: "2026-11-29T05:00:00Z", timeZone: "America/Los_Angeles",
                   current: 1, longest: 1, brewedToday: true),
        StreakCase(name: "Europe/Berlin spring-forward week is unbroken",
                   brews: middays(from: "2026-03-26", count: 6, in: "Europe/Berlin"),
                   now: "2026-03-31T18:00:00+02:00", timeZone: "Europe/Berlin", current: 6, longest: 6, brewedToday: true),
        StreakCase(name: "Europe/Berlin fall-back week is unbroken",
                   brews: middays(from: "2026-10-22", count: 6, in: "Europe/Berlin"),
                   now: "2026-10-27T18:00:00+01:00", timeZone: "Europe/Berlin", current: 6, longest: 6, brewedToday: true),
        StreakCase(name: "America/New_York spring-forward week is unbroken",
                   brews: middays(from: "2026-03-05", count: 6, in: "America/New_York"),
                   now: "2026-03-10T18:00:00-04:00", timeZone: "America/New_York", current: 6, longest: 6, brewedToday: true),
        StreakCase(name: "America/New_York fall-back week is unbroken",
                   brews: middays(from: "2026-10-29", count: 6, in: "America/New_York"),
                   now: "2026-11-03T18:00:00-05:00", timeZone: "America/New_York", current: 6, longest: 6, brewedToday: true),
        StreakCase(name: "across 29 February",
                   brews: ["2028-02-28T08:00:00Z", "2028-02-29T08:00:00Z", "2028-03-01T08:00:00Z"],
                   now: "2028-03-01T12:00:00Z", current: 3, longest: 3, brewedToday: true),
        StreakCase(name: "28 February to 1 March in a common year is consecutive",
                   brews: ["2026-02-28T08:00:00Z", "2026-03-01T08:00:00Z"],
                   now: "2026-03-01T12:00:00Z", current: 2, longest: 2, brewedToday: true),
        StreakCase(name: "31 December to 1 January",
                   brews: ["2026-12-30T08:00:00Z", "2026-12-31T23:00:00Z", "2027-01-01T00:10:00Z"],
                   now: "2027-01-01T09:00:00Z", current: 3, longest: 3, brewedToday: true),
    ]

    @Test("streak scenarios", arguments: cases)
    func scenario(_ scenario: StreakCase) throws {
        let store = try makeStore(now: scenario.now, timeZone: scenario.timeZone,
                                  records: scenario.brews.map { record($0) })
        let summary = store.streakSummary
        #expect(summary.current == scenario.current)
        #expect(summary.longest == scenario.longest)
        #expect(summary.brewedToday == scenario.brewedToday)
        #expect(store.streak == scenario.current)
    }

    @Test("the summary names the day the streak started and the last brew day")
    func summaryDays() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z",
                                  records: ["2026-11-20T08:00:00Z", "2026-11-27T08:00:00Z", "2026-11-28T08:00:00Z"].map { record($0) })
        let summary = store.streakSummary
        #expect(summary.currentStart?.description == "2026-11-27")
        #expect(summary.lastBrewDay?.description == "2026-11-28")
    }

    @Test("the clock is an input: a store that lives past midnight sees the streak change")
    func clockIsAnInput() throws {
        let moments = MomentSequence(["2026-11-29T23:00:00Z", "2026-12-01T00:30:00Z"].map { stamp($0).date })
        let store = BrewLogStore(journal: InMemoryJournal([record("2026-11-29T08:00:00Z")]),
                                 clock: BrewClock { moments.next() }, timeZone: zone("UTC"))
        try store.load()
        #expect(store.streak == 1)
        #expect(store.streak == 0)
    }

    @Test("the summary is memoised until a streak input changes")
    func memoised() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-29T08:00:00Z")])
        #expect(store.streak == 1)
        store.brews[0].notes = "not an input"
        #expect(store.streak == 1)
        store.recordBrew(at: stamp("2026-11-28T09:00:00Z"))
        #expect(store.streak == 2)
        store.brews[0].date = stamp("2026-11-26T08:00:00Z").date
        #expect(store.streak == 1)
        #expect(store.streakSummary.brewedToday == false)
    }
}

/// A clock that answers each moment in turn, then repeats the last.
final class MomentSequence: Sendable {
    private let moments: [Date]
    private let index = CallCounter()

    init(_ moments: [Date]) { self.moments = moments }

    func next() -> Date {
        let position = min(index.value, moments.count - 1)
        index.increment()
        return moments[position]
    }
}
