import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The days a WHEN may name: the years 0001–9999, the years a journal's `YYYY` can hold
/// (year 0000 is refused too, as `date(1)` and most tools refuse it).
enum WhenRange {
    /// 0001-01-01, 719,162 days before 1970-01-01.
    static let firstDay = CalendarDay(daysSinceEpoch: -719_162)
    /// 9999-12-31.
    static let lastDay = CalendarDay(daysSinceEpoch: 2_932_896)
    /// Days from the first to the last: no count of days ago larger than this can stay inside.
    static let spanInDays = lastDay.daysSinceEpoch - firstDay.daysSinceEpoch

    /// Whether `day` is inside the range.
    static func contains(_ day: CalendarDay) -> Bool {
        firstDay <= day && day <= lastDay
    }

    /// Whether `date` is within two days of the range in UTC: far enough inside that asking a
    /// time zone about it is safe (no clock arithmetic overflows), close enough that its local
    /// day still has to be checked with ``contains(_:)``.
    static func isNear(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= Double(firstDay.daysSinceEpoch - 2) * 86_400 && seconds <= Double(lastDay.daysSinceEpoch + 3) * 86_400
    }
}
