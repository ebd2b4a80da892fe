import BrewLogCore

extension Configuration {
    /// The streak rules the configuration sets (`streak.day-starts`, `streak.rest-days`,
    /// `streak.weekly-target`, `ui.week-start`), each already validated when the file was read;
    /// the standard rules where a key is not set.
    var streakRules: StreakRules {
        StreakRules(
            dayStartMinutes: streakDayStarts ?? 0,
            restWeekdays: Set(streakRestDays.map { $0.rawValue - 1 }),
            weeklyTarget: streakWeeklyTarget,
            weekStart: weekStart == .sunday ? .sunday : .monday)
    }
}
