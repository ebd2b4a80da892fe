/// One unbroken run of brew days: from its first brew day to its last, with the rest and skip
/// days between them bridging it.
public struct StreakRun: Hashable, Sendable {
    /// The first brew day of the run.
    public let firstDay: CalendarDay
    /// The last brew day of the run.
    public let lastDay: CalendarDay
    /// How many brew days it holds (rest and skip days without a brew do not count).
    public let days: Int

    /// A run from `firstDay` to `lastDay` holding `days` brew days.
    public init(firstDay: CalendarDay, lastDay: CalendarDay, days: Int) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.days = days
    }
}

/// What one day was for the streak.
public enum StreakDayStatus: Hashable, Sendable {
    /// The day has a brew (also on a rest or skip day): it adds one to the run.
    case brew
    /// A rest weekday without a brew: it bridges the run.
    case rest
    /// A skip day without a brew: it bridges the run.
    case skip
    /// A day before today with none of these: it ends a run.
    case missed
    /// Today, with no brew yet and neither a rest nor a skip day: the streak is still alive.
    case open
}

/// The weekly streak: consecutive weeks with at least ``target`` brew days.
public struct WeeklyStreak: Hashable, Sendable {
    /// Brew days a week needs.
    public let target: Int
    /// Consecutive weeks that met the target, ending with this week if it already has, else with
    /// the week before (the weekly streak is alive until this week ends).
    public let current: Int
    /// The most consecutive weeks that met the target.
    public let longest: Int
    /// Brew days so far this week.
    public let daysThisWeek: Int
    /// Whether this week has met the target already.
    public var metThisWeek: Bool { daysThisWeek >= target }

    /// A weekly streak with the given values.
    public init(target: Int, current: Int, longest: Int, daysThisWeek: Int) {
        self.target = target
        self.current = current
        self.longest = longest
        self.daysThisWeek = daysThisWeek
    }
}
