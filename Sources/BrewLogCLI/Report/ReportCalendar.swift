import BrewLogCore

/// The calendar heatmap of the report's 53 weeks: a column per week, a row per weekday, each
/// day shaded by its brews; from the journal's first brew day, rest and skip days without a brew
/// drawn as an outline (a skip day crossed), so they read in black and white too.
enum ReportCalendar {
    private static let cell = 13.0, gap = 3.0, left = 34.0, top = 20.0

    static func section(_ data: ReportData) -> ReportSection {
        let first = data.rules.weekStart(of: data.window.lowerBound)
        let weeks = ReportData.weeks
        let pitch = cell + gap
        var canvas = SVGCanvas(width: left + Double(weeks) * pitch + 4, height: top + 7 * pitch + 30)
        var rows: [[String]] = []
        for week in 0..<weeks {
            let start = first.adding(days: 7 * week)
            let x = left + Double(week) * pitch
            var row = ["\(start)"]
            for weekday in 0..<7 {
                let day = start.adding(days: weekday)
                guard day <= data.window.upperBound else {
                    row.append("")
                    continue
                }
                let (style, word) = kind(of: day, data)
                let y = top + Double(weekday) * pitch
                let title = "\(day) \(StreakText.weekdayNames[day.weekdayFromMonday]): " + word
                canvas.rect(x: x, y: y, width: cell, height: cell, style: style, title: title)
                if style == "skip" { canvas.line(x + 2, y + cell - 2, x + cell - 2, y + 2, style: "skip-cross") }
                row.append(style == "rest" ? "rest" : style == "skip" ? "skip" : String(data.brewsPerDay[day] ?? 0))
            }
            rows.append(row)
        }
        let months = ReportWindowAxis.monthLabels(firstWeek: first, weeks: weeks).map { (left + Double($0.index) * pitch, $0.text) }
        ChartAxis.horizontal(&canvas, labels: months, y: top - 18, left: left, right: canvas.width, anchor: .start, ticks: false)
        for weekday in [0, 2, 4, 6] {
            let name = StreakText.weekdayNames[(data.rules.weekStart.weekdayFromMonday + weekday) % 7]
            canvas.text(name, x: left - 6, y: top + Double(weekday) * pitch + cell - 2, anchor: .end, style: "tick")
        }
        legend(&canvas, y: top + 7 * pitch + 10)
        let weekdays = (0..<7).map { StreakText.weekdayNames[(data.rules.weekStart.weekdayFromMonday + $0) % 7] }
        let table = HTMLTable(caption: "Brews per day, by week (rest and skip days without a brew named)", header: ["Week of"] + weekdays,
                              rows: rows.reversed(), numeric: Set(1...7))
        var section = ReportSection(id: "calendar", title: "Calendar",
                                    intro: "The last 53 weeks, a square a day: the stronger the colour, the more brews. Rest and skip days are marked from the journal's first brew on.")
        section.pairs = [ReportSection.pair(caption: "Brews per day, \(data.window.lowerBound) to \(data.window.upperBound)",
                                            chart: canvas.svg(label: "Calendar of brews per day"), tables: [table], wide: true)]
        return section
    }

    /// A day's class (`h0` to `h4` by brews, `rest`, `skip`) and what its title says.
    private static func kind(of day: CalendarDay, _ data: ReportData) -> (style: String, word: String) {
        let count = data.brewsPerDay[day] ?? 0
        if count == 0, let firstBrewDay = data.firstBrewDay, day >= firstBrewDay {
            if data.skipDays.contains(day) { return ("skip", "skip day") }
            if data.rules.isRestDay(day) { return ("rest", "rest day") }
        }
        return ("h\(min(count, 4))", count == 1 ? "1 brew" : "\(count) brews")
    }

    /// Less ▢▢▢▢▢ More, then the rest and skip marks.
    private static func legend(_ canvas: inout SVGCanvas, y: Double) {
        canvas.text("Less", x: left, y: y + cell - 2, style: "tick")
        var x = left + 32
        for level in 0...4 {
            canvas.rect(x: x, y: y, width: cell, height: cell, style: "h\(level)",
                        title: level == 4 ? "4 or more brews" : level == 1 ? "1 brew" : "\(level) brews")
            x += cell + gap
        }
        canvas.text("More", x: x + 2, y: y + cell - 2, style: "tick")
        x += 52
        canvas.rect(x: x, y: y, width: cell, height: cell, style: "rest", title: "rest day")
        canvas.text("rest day", x: x + cell + 5, y: y + cell - 2, style: "tick")
        x += cell + 70
        canvas.rect(x: x, y: y, width: cell, height: cell, style: "skip", title: "skip day")
        canvas.line(x + 2, y + cell - 2, x + cell - 2, y + 2, style: "skip-cross")
        canvas.text("skip day", x: x + cell + 5, y: y + cell - 2, style: "tick")
    }
}
