import BrewLogCore

/// A GitHub-style calendar of the last weeks: weeks as columns (starting on the rules' week
/// start), weekdays as rows, month labels above, a legend below; intensity by brews per streak
/// day, and rest and skip days without a brew marked as such.
struct Heatmap {
    /// Brews per streak day (the day start applied).
    let brewsPerDay: [CalendarDay: Int]
    /// Today's streak day.
    let today: CalendarDay
    var weeks = 26
    let style: Style
    /// The day start, rest days and week start.
    var rules = StreakRules.standard
    /// The skip days.
    var skipDays: Set<CalendarDay> = []

    /// Characters for 0, 1, 2, 3 and 4+ brews when there is no colour.
    static let glyphs = ["·", "░", "▒", "▓", "█"]
    /// 256-colour greens for the same levels.
    static let colors = [237, 22, 28, 34, 40]
    /// The marks of a rest day and a skip day without a brew.
    static let restGlyph = "-", skipGlyph = "~"

    var lines: [String] {
        let firstDay = rules.weekStart(of: today).adding(days: -7 * (weeks - 1))
        let labelWidth = 4
        var monthLine = String(repeating: " ", count: labelWidth)
        var previousMonth = 0
        for week in 0..<weeks {
            let month = firstDay.adding(days: 7 * week).components.month
            let used = monthLine.count
            let column = labelWidth + 2 * week
            if month != previousMonth && used <= column {
                monthLine += String(repeating: " ", count: column - used) + Heatmap.monthNames[month - 1]
            }
            previousMonth = month
        }
        var lines = [monthLine]
        for row in 0..<7 {
            let weekday = (rules.weekStart.weekdayFromMonday + row) % 7
            let label = row % 2 == 0 ? StreakText.weekdayNames[weekday] : ""
            var line = BrewFormatting.padded(label, to: labelWidth)
            for week in 0..<weeks {
                let day = firstDay.adding(days: 7 * week + row)
                line += day > today ? "  " : cell(day) + " "
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        let legend = (0...4).map(cellLevel).joined(separator: " ")
        var legendLine = String(repeating: " ", count: labelWidth) + "Less " + legend + " More"
        if !rules.restWeekdays.isEmpty { legendLine += "  " + mark(Heatmap.restGlyph) + " rest" }
        if !skipDays.isEmpty { legendLine += "  " + mark(Heatmap.skipGlyph) + " skip" }
        lines.append(legendLine)
        return lines
    }

    private func cell(_ day: CalendarDay) -> String {
        let count = brewsPerDay[day] ?? 0
        if count == 0, skipDays.contains(day) { return mark(Heatmap.skipGlyph) }
        if count == 0, rules.isRestDay(day) { return mark(Heatmap.restGlyph) }
        return cellLevel(min(count, 4))
    }

    private func mark(_ glyph: String) -> String {
        style.enabled ? "\u{1B}[38;5;\(Heatmap.colors[0])m\(glyph)\u{1B}[0m" : glyph
    }

    private func cellLevel(_ level: Int) -> String {
        style.enabled ? "\u{1B}[38;5;\(Heatmap.colors[level])m■\u{1B}[0m" : Heatmap.glyphs[level]
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
