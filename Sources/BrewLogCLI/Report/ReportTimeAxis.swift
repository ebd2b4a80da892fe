import BrewLogCore

/// The labels under a chart of weeks (the calendar, the weekly charts, the streak runs): a span
/// of a year or so names each month at the first week that starts in it; a longer span names
/// each year at its first week, so years of history read as years.
enum ReportTimeAxis {
    /// The most weeks a span may have for its months to be named.
    static let monthsUpTo = 80

    /// The index of each week that starts a month (or a year, past ``monthsUpTo`` weeks), with
    /// its name; the first week's month too when the next month starts three weeks or more
    /// later (a label of a month barely shown would push out the next one). January is named by
    /// its year alone (`2026`): as short as a month's name, so it never pushes February's label
    /// out; without a January, the first name carries the year. `withYear: false` names every
    /// month by its name alone (a calendar of one year, whose caption says the year).
    static func labels(firstWeek: CalendarDay, weeks: Int, withYear: Bool = true) -> [(index: Int, text: String)] {
        let month = { (week: Int) in firstWeek.adding(days: 7 * week).components }
        guard weeks <= monthsUpTo || !withYear else {
            let starts = (0..<weeks).filter { $0 == 0 || month($0).year != month($0 - 1).year }
            // The first year is named at the first week only when its January is not long gone.
            let kept = starts.count > 1 && starts[1] < 20 ? Array(starts.dropFirst()) : starts
            return kept.map { ($0, "\(month($0).year)") }
        }
        let starts = (0..<weeks).filter { $0 == 0 || month($0).month != month($0 - 1).month }
        let kept = starts.count > 1 && starts[1] < 3 ? Array(starts.dropFirst()) : starts
        guard withYear else { return kept.map { ($0, Heatmap.monthNames[month($0).month - 1]) } }
        // The year is said once: by a January's label when the span has one, else by the first.
        let hasJanuary = kept.contains { month($0).month == 1 }
        return kept.enumerated().map { position, week in
            let start = month(week)
            if start.month == 1 { return (week, "\(start.year)") }
            return (week, Heatmap.monthNames[start.month - 1] + (position == 0 && !hasJanuary ? " \(start.year)" : ""))
        }
    }
}
