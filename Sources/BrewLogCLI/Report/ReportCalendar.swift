import BrewLogCore

/// The calendar: a heatmap per year that has brews, newest first (a column per week, a row per
/// weekday, each day shaded by its brews); from the journal's first brew day, rest and skip days
/// without a brew drawn as an outline (a skip day crossed), so they read in black and white too.
/// The newest ``fullYears`` are drawn full size, older ones compact, several to a row; a table
/// holds each year's brews per month.
enum ReportCalendar {
    /// How many of the newest years are drawn full size.
    static let fullYears = 2
    /// The most years drawn: older ones are in the table only (a journal of centuries would
    /// otherwise draw thousands of heatmaps).
    static let drawnYears = 20

    /// A heatmap's geometry: full size with the weekday names, or compact without them.
    private struct Geometry {
        let cell: Double, gap: Double, left: Double, top: Double
        var pitch: Double { cell + gap }
        static let full = Geometry(cell: 13, gap: 3, left: 34, top: 20)
        static let compact = Geometry(cell: 11, gap: 2, left: 4, top: 18)
    }

    /// The section, or `nil` when no brew kept is on a day up to today.
    static func section(_ data: ReportData) -> ReportSection? {
        // Each year's brews per month, and its brew days.
        var perYear: [Int: (months: [Int], days: Int)] = [:]
        for (day, count) in data.brewsPerDay {
            let parts = day.components
            perYear[parts.year, default: ([Int](repeating: 0, count: 12), 0)].months[parts.month - 1] += count
            perYear[parts.year, default: ([Int](repeating: 0, count: 12), 0)].days += 1
        }
        let years = perYear.keys.sorted(by: >)
        guard !years.isEmpty else { return nil }
        let figures = years.prefix(drawnYears).enumerated().map { index, year in
            heatmap(year, data, geometry: index < fullYears ? .full : .compact, legend: index == 0)
        }
        let rows = years.map { year in
            let (months, days) = perYear[year] ?? ([], 0)
            return [String(year)] + months.map { $0 == 0 ? "-" : String($0) } + [String(months.reduce(0, +)), String(days)]
        }
        let table = HTMLTable(caption: "Brews per month, a year a row", header: ["Year"] + Heatmap.monthNames + ["Brews", "Days"],
                              rows: rows, numeric: Set(1...14))
        let older = years.count > fullYears ? " Older years are drawn smaller" + (years.count > drawnYears ? " (the newest \(drawnYears); the table holds every year)." : ".") : ""
        var section = ReportSection(id: "calendar", title: "Calendar",
                                    intro: "A square a day, a year a map, newest first: the stronger the colour, the more brews. Rest and skip days are marked from the journal's first brew on." + older)
        section.groups = [ReportSection.Group(figures: figures, tables: [table], wide: true)]
        return section
    }

    /// The heatmap of `year`, from its first day to its last (or the report's last day).
    private static func heatmap(_ year: Int, _ data: ReportData, geometry g: Geometry, legend: Bool) -> ReportSection.Figure {
        let yearStart = CalendarDay(year: year, month: 1, day: 1) ?? data.end
        let yearEnd = min(CalendarDay(year: year, month: 12, day: 31) ?? data.end, data.end)
        let first = data.rules.weekStart(of: yearStart)
        let weeks = max(1, (yearEnd.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1)
        let full = data.rules.weekStart(of: CalendarDay(year: year, month: 12, day: 31) ?? yearEnd)
        // Every year's map is as wide as a whole year's, so the maps line up week under week.
        let columns = max(weeks, (full.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1)
        var canvas = SVGCanvas(width: g.left + Double(columns) * g.pitch + 4, height: g.top + 7 * g.pitch + 2)
        var brews = 0, brewDays = 0
        for week in 0..<weeks {
            let start = first.adding(days: 7 * week)
            let x = g.left + Double(week) * g.pitch
            for weekday in 0..<7 {
                let day = start.adding(days: weekday)
                guard day >= yearStart, day <= yearEnd else { continue }
                let count = data.brewsPerDay[day]
                brews += count
                brewDays += count > 0 ? 1 : 0
                let (style, word) = kind(of: day, count: count, data)
                let y = g.top + Double(weekday) * g.pitch
                canvas.rect(x: x, y: y, width: g.cell, height: g.cell, style: style, title: "\(day) \(StreakText.weekdayNames[day.weekdayFromMonday]): " + word)
                if style == "skip" { canvas.line(x + 2, y + g.cell - 2, x + g.cell - 2, y + 2, style: "skip-cross") }
            }
        }
        let months = ReportTimeAxis.labels(firstWeek: first, weeks: weeks, withYear: false).map { (g.left + Double($0.index) * g.pitch, $0.text) }
        ChartAxis.horizontal(&canvas, labels: months, y: g.top - 18, left: 0, right: canvas.width, anchor: .start, ticks: false)
        if g.left > 20 {
            for weekday in [0, 2, 4, 6] {
                let name = StreakText.weekdayNames[(data.rules.weekStart.weekdayFromMonday + weekday) % 7]
                canvas.text(name, x: g.left - 6, y: g.top + Double(weekday) * g.pitch + g.cell - 2, anchor: .end, style: "tick weekday")
            }
        }
        let caption = "\(year): \(brews) brew" + (brews == 1 ? "" : "s") + " on \(brewDays) day" + (brewDays == 1 ? "" : "s")
        return ReportSection.Figure(caption: caption, chart: canvas.svg(label: "Calendar of brews per day in \(year)") + (legend ? self.legend() : ""),
                                    style: g.left > 20 ? "year" : "year compact")
    }

    /// A day's class (`h0` to `h4` by brews, `rest`, `skip`) and what its title says.
    private static func kind(of day: CalendarDay, count: Int, _ data: ReportData) -> (style: String, word: String) {
        if count == 0, let firstBrewDay = data.firstBrewDay, day >= firstBrewDay {
            if data.skipDays.contains(day) { return ("skip", "skip day") }
            if data.rules.isRestDay(day) { return ("rest", "rest day") }
        }
        return ("h\(min(count, 4))", count == 1 ? "1 brew" : "\(count) brews")
    }

    /// The key under the newest map, in HTML so it wraps on a narrow page: Less ▢▢▢▢▢ More,
    /// then the rest and skip marks.
    private static func legend() -> String {
        func swatch(_ style: String, _ title: String) -> String {
            var canvas = SVGCanvas(width: 14, height: 14)
            canvas.rect(x: 1, y: 1, width: 12, height: 12, style: style, title: title)
            if style == "skip" { canvas.line(3, 11, 11, 3, style: "skip-cross") }
            return canvas.svg(label: title, role: "swatch")
        }
        let levels = (0...4).map { swatch("h\($0)", $0 == 4 ? "4 or more brews" : $0 == 1 ? "1 brew" : "\($0) brews") }.joined()
        return "<ul class=\"legend\"><li>Less " + levels + " More</li><li>" + swatch("rest", "rest day") + "rest day</li><li>"
            + swatch("skip", "skip day") + "skip day</li></ul>"
    }
}
