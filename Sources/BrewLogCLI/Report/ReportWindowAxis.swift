import BrewLogCore

/// The month labels under a chart of the report's weeks: each month named at the first week
/// that starts in it.
enum ReportWindowAxis {
    /// The index of each week that starts a month, with the month's name; the first week's
    /// month too when the next month starts three weeks or more later (a label of a month
    /// barely shown would push out the next one). The first name and January's carry the year.
    static func monthLabels(firstWeek: CalendarDay, weeks: Int) -> [(index: Int, text: String)] {
        let starts = (0..<weeks).filter { week in
            week == 0 || firstWeek.adding(days: 7 * week).components.month != firstWeek.adding(days: 7 * week - 7).components.month
        }
        let kept = starts.count > 1 && starts[1] < 3 ? Array(starts.dropFirst()) : starts
        return kept.enumerated().map { position, week in
            let start = firstWeek.adding(days: 7 * week)
            let month = start.components.month
            return (week, Heatmap.monthNames[month - 1] + (month == 1 || position == 0 ? " \(start.components.year)" : ""))
        }
    }
}
