import BrewLogCore

/// The month labels under a chart of the report's weeks: each month named at the first week
/// that starts in it.
enum ReportWindowAxis {
    /// The index of each week that starts a month, with the month's name; the first week's
    /// month too when the next month starts three weeks or more later (a label of a month
    /// barely shown would push out the next one). January is named by its year alone (`2026`):
    /// as short as a month's name, so it never pushes February's label out; without a January,
    /// the first name carries the year.
    static func monthLabels(firstWeek: CalendarDay, weeks: Int) -> [(index: Int, text: String)] {
        let starts = (0..<weeks).filter { week in
            week == 0 || firstWeek.adding(days: 7 * week).components.month != firstWeek.adding(days: 7 * week - 7).components.month
        }
        let kept = starts.count > 1 && starts[1] < 3 ? Array(starts.dropFirst()) : starts
        // The year is said once: by a January's label when the window has one, else by the first.
        let hasJanuary = kept.contains { firstWeek.adding(days: 7 * $0).components.month == 1 }
        return kept.enumerated().map { position, week in
            let start = firstWeek.adding(days: 7 * week)
            let month = start.components.month
            if month == 1 { return (week, "\(start.components.year)") }
            return (week, Heatmap.monthNames[month - 1] + (position == 0 && !hasJanuary ? " \(start.components.year)" : ""))
        }
    }
}
