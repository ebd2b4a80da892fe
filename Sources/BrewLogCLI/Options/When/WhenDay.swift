import BrewLogCore

/// The day part of a WHEN as typed: `today`, `yesterday`, `YYYY-MM-DD`, a weekday (`monday`,
/// `mon`, any first three letters or more), `last` and a weekday, `-3d` / `3 days ago`,
/// `-2w` / `2 weeks ago`.
enum WhenDay: Equatable, Sendable {
    /// The local date now.
    case today
    /// The day before today.
    case yesterday
    /// A date written out, `YYYY-MM-DD`.
    case date(CalendarDay)
    /// 0 = Monday ... 6 = Sunday: the latest such day on or before today.
    case weekday(Int)
    /// `last monday`: 0 = Monday ... 6 = Sunday, the latest such day strictly before today (a
    /// week ago when today is one).
    case lastWeekday(Int)
    /// This many days before today.
    case daysAgo(Int)

    /// The full weekday names, Monday first.
    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The day at the start of `words` and how many words it took; `nil` when they do not
    /// start with a day.
    static func parse(_ words: ArraySlice<Substring>) throws(WhenError) -> (day: WhenDay, used: Int)? {
        guard let first = words.first else { return nil }
        switch first {
        case "today": return (.today, 1)
        case "yesterday": return (.yesterday, 1)
        default: break
        }
        if let day = try date(first) { return (.date(day), 1) }
        if let index = weekday(first) { return (.weekday(index), 1) }
        if first == "last", words.count >= 2, let index = weekday(words[words.startIndex + 1]) { return (.lastWeekday(index), 2) }
        guard let relative = try WhenPhrase.relativeCount(words, units: ["d": 1, "w": 7, "day": 1, "days": 1, "week": 7, "weeks": 7]) else { return nil }
        let (days, overflow) = relative.count.multipliedReportingOverflow(by: relative.unit)
        guard !overflow else { throw .outOfRange }
        return (.daysAgo(days), relative.used)
    }

    /// The weekday `word` names, 0 = Monday: its full name or its first three letters or more.
    private static func weekday(_ word: Substring) -> Int? {
        word.count >= 3 ? weekdays.firstIndex { $0.hasPrefix(word) } : nil
    }

    /// `YYYY-MM-DD`: `nil` when `text` is not written so, an error when it is but names no
    /// date in the calendar (`2026-02-30`) or one outside the years 0001–9999 (`0000-12-31`).
    static func date(_ text: Substring) throws(WhenError) -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = WhenDigits.number(parts[0], digits: 4...4),
              let month = WhenDigits.number(parts[1], digits: 2...2), let day = WhenDigits.number(parts[2], digits: 2...2) else { return nil }
        guard year >= 1 else { throw .outOfRange }
        guard let date = CalendarDay(year: year, month: month, day: day) else { throw .noSuchDate }
        return date
    }

    /// The calendar day this names when today is `today`.
    func resolved(today: CalendarDay) -> CalendarDay {
        switch self {
        case .today: today
        case .yesterday: today.adding(days: -1)
        case let .date(day): day
        case let .weekday(weekday): today.adding(days: -((today.weekdayFromMonday - weekday + 7) % 7))
        case let .lastWeekday(weekday): today.adding(days: -((today.weekdayFromMonday - weekday + 6) % 7 + 1))
        case let .daysAgo(count): today.adding(days: -min(count, WhenRange.spanInDays))
        }
    }
}
