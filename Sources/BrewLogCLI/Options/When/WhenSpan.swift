import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a WHEN names where a period is welcome too (the filters, `skip` and `unskip`): one day or
/// moment, or a period of whole days (a week, a month).
///
/// `--since` takes a period's first day and `--until` its last; `--on` keeps the days of a day
/// or a period. Where one day or moment is wanted (`--date`), ``When/parse(_:now:timeZone:)``
/// refuses a period instead.
enum WhenSpan: Equatable, Sendable {
    /// A day or a moment.
    case when(When)
    /// The days of a period, first to last.
    case days(ClosedRange<CalendarDay>)

    /// The forms a usage error's hint lists.
    static let forms = "now, today, yesterday, mon, last mon, -3d, 2 weeks ago, this week, last week, this month, last month, "
        + "nov, YYYY-MM, 7:30, yesterday 23:40, -3h, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]"

    /// Parses `text` relative to `now` in `timeZone`, weeks starting on `weekStart`, or says why
    /// it is not a WHEN. A period is placed on the local calendar (today is the local date now),
    /// as every day a WHEN names is.
    static func parse(_ text: String, now: Date, timeZone: any UTCOffsetSource, weekStart: StreakRules.WeekStart) throws(WhenError) -> WhenSpan {
        let phrase = try WhenPhrase(parsing: text)
        guard case let .period(period) = phrase else { return .when(try When.resolve(phrase, now: now, timeZone: timeZone)) }
        return .days(try period.days(today: Timestamp(date: now, timeZone: timeZone).day, weekStart: weekStart))
    }

    /// Where it starts: the day or moment, or a period's first day (what `--since` takes).
    var first: When {
        switch self {
        case let .when(when): when
        case let .days(days): .day(days.lowerBound)
        }
    }

    /// Where it ends: the day or moment, or a period's last day (what `--until` takes).
    var last: When {
        switch self {
        case let .when(when): when
        case let .days(days): .day(days.upperBound)
        }
    }

    /// The whole days it names: a day alone, or a period's; `nil` for a moment.
    var days: ClosedRange<CalendarDay>? {
        switch self {
        case let .when(.day(day)): day...day
        case .when(.moment): nil
        case let .days(days): days
        }
    }
}
