import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A WHEN argument placed on the calendar: the one date grammar of `--date`, `--since`,
/// `--until` and `--on`. ``WhenPhrase`` reads the forms; this resolves the ones that name one
/// day or moment against now and the local time zone (``WhenSpan`` adds the periods).
///
/// A day alone (`yesterday`, `mon`, `last mon`, `-3d`, `2026-11-28`) is a whole calendar day;
/// everything else (`now`, `7:30`, `yesterday 23:40`, `-3h`, `2026-11-28T08:15:00.5+01:00`) is a
/// moment. Without an offset a time is read on the local clock and recorded with the offset in
/// force then (``WhenLocalClock`` says how daylight-saving gaps and overlaps are settled). Every
/// result lies in the years 0001–9999.
enum When: Equatable, Sendable {
    /// A whole calendar day.
    case day(CalendarDay)
    /// One moment, with the offset it was given in (or the local one).
    case moment(Timestamp)

    /// The forms a usage error's hint lists.
    static let forms = "now, today, yesterday, mon, last mon, -3d, 2 weeks ago, 7:30, 8pm, noon, yesterday 23:40, -3h, "
        + "90 minutes ago, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]"

    /// Parses `text` relative to `now` in `timeZone`; `nil` when it is not a WHEN.
    init?(_ text: String, now: Date, timeZone: any UTCOffsetSource) {
        guard let when = try? When.parse(text, now: now, timeZone: timeZone) else { return nil }
        self = when
    }

    /// Parses `text` relative to `now` in `timeZone`, or says why it is not a WHEN; a period
    /// (`last week`, `nov`) is refused, since it names several days (``WhenSpan`` reads those).
    static func parse(_ text: String, now: Date, timeZone: any UTCOffsetSource) throws(WhenError) -> When {
        try resolve(WhenPhrase(parsing: text), now: now, timeZone: timeZone)
    }

    /// Places `phrase` on the calendar relative to `now` in `timeZone`; a period is refused.
    static func resolve(_ phrase: WhenPhrase, now: Date, timeZone: any UTCOffsetSource) throws(WhenError) -> When {
        let current = Timestamp(date: now, timeZone: timeZone)
        let when: When
        switch phrase {
        case .now:
            when = .moment(current)
        case let .before(seconds):
            let instant = now - TimeInterval(seconds)
            guard WhenRange.isNear(instant) else { throw .outOfRange }
            when = .moment(Timestamp(date: instant, timeZone: timeZone))
        case let .fixed(day, clock, offset):
            guard WhenRange.contains(day) else { throw .outOfRange }
            let local = day.daysSinceEpoch * 86_400 + clock.secondOfDay
            when = .moment(Timestamp(date: Date(timeIntervalSince1970: Double(local - offset) + clock.fraction), utcOffsetSeconds: offset))
        case let .local(day, clock):
            let date = day.resolved(today: current.day)
            guard WhenRange.contains(date) else { throw .outOfRange }
            when = clock.map { .moment(WhenLocalClock.moment(on: date, at: $0, in: timeZone)) } ?? .day(date)
        case let .timeToday(clock):
            when = .moment(WhenLocalClock.moment(on: current.day, at: clock, in: timeZone))
        case .period:
            throw .period
        }
        // A gap can move a moment past 9999-12-31, an offset before 0001-01-01.
        guard WhenRange.contains(when.firstDay) else { throw .outOfRange }
        return when
    }

    /// The moment a brew logged for this WHEN is recorded at: `today` is now, an earlier day is
    /// 12:00 local; `nil` when that moment is after `now` (future moments are refused).
    func recordingMoment(now: Date, timeZone: any UTCOffsetSource) -> Timestamp? {
        switch self {
        case let .moment(timestamp):
            return timestamp.date > now ? nil : timestamp
        case let .day(day):
            let current = Timestamp(date: now, timeZone: timeZone)
            if day == current.day { return current }
            if day > current.day { return nil }
            // Noon of a day the local clock skipped (Samoa's 2011-12-30) is moved past the gap,
            // which can land after now: refused like any other future moment.
            let noon = WhenLocalClock.moment(on: day, at: WhenClock(hour: 12, minute: 0, second: 0), in: timeZone)
            return noon.date > now ? nil : noon
        }
    }

    /// The day this WHEN falls on, in its own offset.
    private var firstDay: CalendarDay {
        switch self {
        case let .day(day): day
        case let .moment(moment): moment.day
        }
    }
}
