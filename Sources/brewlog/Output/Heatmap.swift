import BrewLogCore

/// A GitHub-style calendar of the last weeks: weeks as columns (Monday first), weekdays as rows,
/// month labels above, a legend below; intensity by brews per day.
struct Heatmap {
    let brewsPerDay: [CalendarDay: Int]
    let today: CalendarDay
    var weeks = 26
    let style: Style

    /// Characters for 0, 1, 2, 3 and 4+ brews when there is no colour.
    static let glyphs = ["·", "░", "▒", "▓", "█"]
    /// 256-colour greens for the same levels.
    static let colors = [237, 22, 28, 34, 40]

    var lines: [String] {
        let firstMonday = today.adding(days: -today.weekdayFromMonday - 7 * (weeks - 1))
        let labelWidth = 4
        var monthLine = String(repeating: " ", count: labelWidth)
        var previousMonth = 0
        for week in 0..<weeks {
            let month = firstMonday.adding(days: 7 * week).components.month
            let used = monthLine.count
            let column = labelWidth + 2 * week
            if month != previousMonth && used <= column {
                monthLine += String(repeating: " ", count: column - used) + Heatmap.monthNames[month - 1]
            }
            previousMonth = month
        }
        var lines = [monthLine]
        let dayLabels = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
        for weekday in 0..<7 {
            var line = BrewFormatting.padded(dayLabels[weekday], to: labelWidth)
            for week in 0..<weeks {
                let day = firstMonday.adding(days: 7 * week + weekday)
                line += day > today ? "  " : cell(brewsPerDay[day] ?? 0) + " "
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        let legend = (0...4).map(cellLevel).joined(separator: " ")
        lines.append(String(repeating: " ", count: labelWidth) + "Less " + legend + " More")
        return lines
    }

    private func cell(_ count: Int) -> String {
        cellLevel(min(count, 4))
    }

    private func cellLevel(_ level: Int) -> String {
        style.enabled ? "\u{1B}[38;5;\(Heatmap.colors[level])m■\u{1B}[0m" : Heatmap.glyphs[level]
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
