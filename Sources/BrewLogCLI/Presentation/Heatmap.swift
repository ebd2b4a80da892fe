import BrewLogCore

/// A GitHub-style calendar of the weeks of a range of days: weeks as columns (starting on the
/// rules' week start), weekdays as rows, month labels above, a legend below; intensity by brews
/// per streak day, and rest and skip days without a brew marked as such from the journal's first
/// brew day. The legend names the marks the calendar shows.
struct Heatmap {
    /// Brews per streak day (the day start applied).
    let brewsPerDay: DayCounts
    /// The days drawn; the other days of their first and last weeks are left blank, so a week
    /// cut by `--since` or `--until` shows no day it did not count as brewless.
    let range: ClosedRange<CalendarDay>
    let style: Style
    /// The day start, rest days and week start.
    var rules = StreakRules.standard
    /// The skip days.
    var skipDays: Set<CalendarDay> = []
    /// The journal's first brew day: a day before it (or any day, when there is none) is
    /// drawn without a brew and unmarked, since no streak was kept yet.
    var firstBrewDay: CalendarDay?

    /// Characters for 0, 1, 2, 3 and 4+ brews when there is no colour.
    static let glyphs = ["·", "░", "▒", "▓", "█"]
    /// 256-colour greens for the same levels.
    static let colors = [237, 22, 28, 34, 40]
    /// The marks of a rest day and a skip day without a brew.
    static let restGlyph = "-", skipGlyph = "~"
    /// The most weeks drawn: half a year, which fits 80 columns.
    static let maxWeeks = 26
    /// The width of the weekday labels before the first column.
    private static let labelWidth = 4

    /// The days whose weeks to draw for brews filtered to `since`...`until` (either open): from
    /// `since`, or from `earliestBrewDay` when that is earlier (a brew after midnight
    /// counts for the day before when the day starts later), to `until`, never past `today`; at
    /// most ``maxWeeks`` weeks, the last ones kept.
    static func range(since: CalendarDay?, until: CalendarDay?, earliestBrewDay: CalendarDay?, today: CalendarDay,
                      rules: StreakRules) -> ClosedRange<CalendarDay> {
        let end = min(until ?? today, today)
        let earliest = rules.weekStart(of: end).adding(days: -7 * (maxWeeks - 1))
        let start = since.map { since in earliestBrewDay.map { min($0, since) } ?? since } ?? earliest
        return min(max(start, earliest), end)...end
    }

    /// The first day of the first week drawn.
    private var firstColumn: CalendarDay { rules.weekStart(of: range.lowerBound) }

    /// How many weeks are drawn.
    private var weeks: Int {
        (rules.weekStart(of: range.upperBound).daysSinceEpoch - firstColumn.daysSinceEpoch) / 7 + 1
    }

    var lines: [String] {
        var lines = [monthLine]
        var marks: Set<String> = []
        for row in 0..<7 {
            let weekday = (rules.weekStart.weekdayFromMonday + row) % 7
            let label = row % 2 == 0 ? StreakText.weekdayNames[weekday] : ""
            var line = BrewFormatting.padded(label, to: Heatmap.labelWidth)
            for week in 0..<weeks {
                let day = firstColumn.adding(days: 7 * week + row)
                guard range.contains(day) else {
                    line += "  "
                    continue
                }
                let drawn = cell(day)
                if let mark = drawn.mark { marks.insert(mark) }
                line += drawn.cell + " "
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        let legend = (0...4).map(cellLevel).joined(separator: " ")
        var legendLine = String(repeating: " ", count: Heatmap.labelWidth) + "Less " + legend + " More"
        if marks.contains(Heatmap.restGlyph) { legendLine += "  " + mark(Heatmap.restGlyph) + " rest" }
        if marks.contains(Heatmap.skipGlyph) { legendLine += "  " + mark(Heatmap.skipGlyph) + " skip" }
        lines.append(legendLine)
        return lines
    }

    /// The month names above the columns, each at the first week that starts in its month. A
    /// name that would touch the one before moves right, within its month; when its month has no
    /// column to spare (a range of two weeks, the second starting a month), the first name moves
    /// left into the weekday labels' margin instead. No month goes unnamed.
    private var monthLine: String {
        var months: [(month: Int, first: Int, last: Int)] = []
        for week in 0..<weeks {
            let month = firstColumn.adding(days: 7 * week).components.month
            if let last = months.last, last.month == month {
                months[months.count - 1].last = week
            } else {
                months.append((month, week, week))
            }
        }
        let position = { (week: Int) in Heatmap.labelWidth + 2 * week }
        var labels: [(start: Int, text: String)] = []
        for month in months {
            var start = position(month.first)
            if let previous = labels.last {
                let overlap = previous.start + previous.text.count + 1 - start
                if overlap > 0, labels.count == 1, start + overlap > position(month.last), overlap <= previous.start {
                    labels[0].start -= overlap
                } else {
                    start += max(0, overlap)
                }
            }
            labels.append((start, Heatmap.monthNames[month.month - 1]))
        }
        var line = ""
        for label in labels {
            line += String(repeating: " ", count: label.start - line.count) + label.text
        }
        return line
    }

    /// A day's cell, and the mark it carries (rest or skip), if any.
    private func cell(_ day: CalendarDay) -> (cell: String, mark: String?) {
        let count = brewsPerDay[day]
        guard count == 0, let firstBrewDay, day >= firstBrewDay else { return (cellLevel(min(count, 4)), nil) }
        if skipDays.contains(day) { return (mark(Heatmap.skipGlyph), Heatmap.skipGlyph) }
        if rules.isRestDay(day) { return (mark(Heatmap.restGlyph), Heatmap.restGlyph) }
        return (cellLevel(0), nil)
    }

    private func mark(_ glyph: String) -> String {
        style.enabled ? "\u{1B}[38;5;\(Heatmap.colors[0])m\(glyph)\u{1B}[0m" : glyph
    }

    private func cellLevel(_ level: Int) -> String {
        style.enabled ? "\u{1B}[38;5;\(Heatmap.colors[level])m■\u{1B}[0m" : Heatmap.glyphs[level]
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
