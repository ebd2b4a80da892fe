import BrewLogCore

/// A period of whole days named as one in a WHEN, as typed: a month (`2026-11`, `november`,
/// `nov`, `this month`, `last month`) or a week (`this week`, `last week`). ``WhenSpan`` places
/// it on the calendar, which takes today and the day weeks start on.
enum WhenPeriod: Equatable, Sendable {
    /// `2026-11`: that month of that year.
    case month(year: Int, month: Int)
    /// `november`, `nov` (1 = January): the latest such month on or before this month.
    case monthNamed(Int)
    /// `this month` (0), `last month` (1): that many months before this one.
    case monthsAgo(Int)
    /// `this week` (0), `last week` (1): that many weeks before this one.
    case weeksAgo(Int)

    /// The months' full names, January first.
    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]

    /// The period that all of `words` name (lowercased), `nil` when they name none; an error for
    /// a month written out that the calendar lacks (`2026-13`).
    static func parse(_ words: [Substring]) throws(WhenError) -> WhenPeriod? {
        switch words.count {
        case 1:
            // A month's name or its first three letters or more, as weekdays are read.
            if words[0].count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(words[0]) }) { return .monthNamed(index + 1) }
            return try written(words[0])
        case 2:
            let ago: Int
            switch words[0] {
            case "this": ago = 0
            case "last": ago = 1
            default: return nil
            }
            switch words[1] {
            case "week": return .weeksAgo(ago)
            case "month": return .monthsAgo(ago)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `YYYY-MM`: `nil` when `word` is not written so, an error for a month 00 or past 12.
    private static func written(_ word: Substring) throws(WhenError) -> WhenPeriod? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let year = WhenDigits.number(parts[0], digits: 4...4),
              let month = WhenDigits.number(parts[1], digits: 2...2) else { return nil }
        guard (1...12).contains(month) else { throw .noSuchDate }
        return .month(year: year, month: month)
    }

    /// The period's first and last day when today is `today` and weeks start on `weekStart`; an
    /// error when either day lies outside the years 0001–9999.
    func days(today: CalendarDay, weekStart: StreakRules.WeekStart) throws(WhenError) -> ClosedRange<CalendarDay> {
        let (thisYear, thisMonth, _) = today.components
        let days: ClosedRange<CalendarDay>?
        switch self {
        case let .month(year, month):
            days = WhenPeriod.days(year: year, month: month)
        case let .monthNamed(month):
            days = WhenPeriod.days(year: month <= thisMonth ? thisYear : thisYear - 1, month: month)
        case let .monthsAgo(count):
            // Months counted from January of year 0; today is at least in year 1, so never negative.
            let index = thisYear * 12 + thisMonth - 1 - count
            days = WhenPeriod.days(year: index / 12, month: index % 12 + 1)
        case let .weeksAgo(count):
            let start = StreakRules(weekStart: weekStart).weekStart(of: today).adding(days: -7 * count)
            days = start...start.adding(days: 6)
        }
        guard let days, WhenRange.contains(days.lowerBound), WhenRange.contains(days.upperBound) else { throw .outOfRange }
        return days
    }

    /// The days of `month` in `year`; `nil` when the calendar has no such year.
    private static func days(year: Int, month: Int) -> ClosedRange<CalendarDay>? {
        guard let first = CalendarDay(year: year, month: month, day: 1) else { return nil }
        // December has 31 days, and the month after December 9999 is not in the calendar.
        let next = month == 12 ? nil : CalendarDay(year: year, month: month + 1, day: 1)
        return first...(next?.adding(days: -1) ?? first.adding(days: 30))
    }
}
