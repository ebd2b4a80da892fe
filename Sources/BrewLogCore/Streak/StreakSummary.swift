/// Where a brewing streak stands on a given day.
public struct StreakSummary: Equatable, Sendable {
    /// Brew days in the unbroken run that ends today, or that ends before today while no day
    /// between its end and today is a missed day; else 0.
    public let current: Int
    /// The most brew days in any unbroken run in the journal (up to today).
    public let longest: Int
    /// Whether today has a brew.
    public let brewedToday: Bool
    /// The first day of the current streak, `nil` when it is 0.
    public let currentStart: CalendarDay?
    /// The latest day with a brew, not after today; `nil` when there is none.
    public let lastBrewDay: CalendarDay?
    /// The day the summary was computed for.
    public let today: CalendarDay
    /// Whether today has no brew but is a rest or skip day (it needs none to keep the streak).
    public let todayIsBridged: Bool
    /// The weekly streak, when the rules set a weekly target.
    public let weekly: WeeklyStreak?
    /// What today is so far: a brew day, a rest or skip day without a brew, or still open.
    public let todayStatus: StreakDayStatus
    /// Minutes after midnight at which the rules start a day (so today ends then, tomorrow).
    public let dayStartMinutes: Int

    /// A summary with the given values.
    public init(current: Int, longest: Int, brewedToday: Bool, currentStart: CalendarDay?, lastBrewDay: CalendarDay?,
                today: CalendarDay, todayIsBridged: Bool = false, weekly: WeeklyStreak? = nil,
                todayStatus: StreakDayStatus? = nil, dayStartMinutes: Int = 0) {
        self.current = current
        self.longest = longest
        self.brewedToday = brewedToday
        self.currentStart = currentStart
        self.lastBrewDay = lastBrewDay
        self.today = today
        self.todayIsBridged = todayIsBridged
        self.weekly = weekly
        self.todayStatus = todayStatus ?? (brewedToday ? .brew : .open)
        self.dayStartMinutes = dayStartMinutes
    }

    /// The streak of brews on `days` as seen on `today`, by the standard rules (midnight day
    /// start, no rest or skip days, no weekly target).
    public init(brewDays days: some Sequence<CalendarDay>, today: CalendarDay) {
        self = StreakCalendar(brewDays: days, skipDays: [], rules: .standard, today: today).summary
    }

    /// Whether today is taken care of: it has a brew, or it is a rest or skip day
    /// (what `streak --check` answers).
    public var todayIsCovered: Bool { brewedToday || todayIsBridged }
}
