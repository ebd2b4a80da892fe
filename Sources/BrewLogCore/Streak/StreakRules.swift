#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a journal's brews make a streak: when a day starts, which weekdays are rest days, and the
/// optional weekly target. A value the store is given (the executable builds it from its
/// configuration); the core never reads a configuration itself.
public struct StreakRules: Hashable, Sendable {
    /// The first day of a week, for weekly targets and calendars.
    public enum WeekStart: String, CaseIterable, Hashable, Sendable {
        case monday, sunday

        /// The weekday it names, 0 = Monday ... 6 = Sunday (``CalendarDay/weekdayFromMonday``).
        public var weekdayFromMonday: Int { self == .monday ? 0 : 6 }
    }

    /// Minutes after midnight at which a day starts (0..<1440): a brew before it counts for the day before.
    public let dayStartMinutes: Int
    /// Weekdays (0 = Monday ... 6 = Sunday) that bridge a streak without adding to it.
    public let restWeekdays: Set<Int>
    /// Brew days a week must have to meet the weekly target (1...7), or `nil` for no target.
    public let weeklyTarget: Int?
    /// The first day of a week.
    public let weekStart: WeekStart

    /// Midnight day start, no rest days, no weekly target, weeks from Monday.
    public static let standard = StreakRules()

    /// Rules with the given values; each is clamped to its range (a day start into 00:00...23:59,
    /// weekdays into 0...6, a target into 1...7), so no value can make a day or a week ill-defined.
    public init(dayStartMinutes: Int = 0, restWeekdays: Set<Int> = [], weeklyTarget: Int? = nil, weekStart: WeekStart = .monday) {
        self.dayStartMinutes = min(max(dayStartMinutes, 0), 1439)
        self.restWeekdays = Set(restWeekdays.filter { (0...6).contains($0) })
        self.weeklyTarget = weeklyTarget.map { min(max($0, 1), 7) }
        self.weekStart = weekStart
    }

    /// The streak day of `timestamp`: the calendar date of its moment minus the day start, on the
    /// clock it was recorded with (a brew at 00:40 with a 04:00 day start counts for the day before).
    public func day(of timestamp: Timestamp) -> CalendarDay {
        CalendarDay(date: timestamp.date.addingTimeInterval(-Double(dayStartMinutes * 60)), utcOffsetSeconds: timestamp.utcOffsetSeconds)
    }

    /// Whether `day` is a rest day.
    public func isRestDay(_ day: CalendarDay) -> Bool {
        restWeekdays.contains(day.weekdayFromMonday)
    }

    /// The first day of the week holding `day`.
    public func weekStart(of day: CalendarDay) -> CalendarDay {
        day.adding(days: -((day.weekdayFromMonday - weekStart.weekdayFromMonday + 7) % 7))
    }
}
