import BrewLogCore

/// The month labels under a chart of the report's weeks: each month named at the first week
/// that starts in it.
enum ReportWindowAxis {
    /// The index of each week that starts a month (and the first week), with the month's name;
    /// January's name carries its year.
    static func monthLabels(firstWeek: CalendarDay, weeks: Int) -> [(index: Int, text: String)] {
        (0..<weeks).compactMap { week in
            let start = firstWeek.adding(days: 7 * week)
            guard week == 0 || start.components.month != start.adding(days: -7).components.month else { return nil }
            let month = start.components.month
            return (week, Heatmap.monthNames[month - 1] + (month == 1 || week == 0 ? " \(start.components.year)" : ""))
        }
    }
}
