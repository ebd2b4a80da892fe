import BrewLogCore

/// Brews and grams of coffee per week from the first brew's week to the last's: two column
/// charts on one time axis, and a table of both. A span of more than ``mostBars`` weeks is drawn
/// a bar per few weeks, so a bar never gets thinner than a line.
enum ReportWeekly {
    /// The most bars a chart draws: about eight years of weeks.
    static let mostBars = 420

    /// The weeks' figures, summed a bar at a time.
    private struct Bar {
        let start: CalendarDay, weeks: Int, brews: Int, grams: Double
    }

    /// The section, or `nil` when no brew is kept.
    static func section(_ data: ReportData) -> ReportSection? {
        let weeks = data.weekly.weeks
        guard let firstWeek = weeks.first?.start else { return nil }
        let size = (weeks.count + mostBars - 1) / mostBars
        let bars = stride(from: 0, to: weeks.count, by: size).map { index in
            let slice = weeks[index..<min(index + size, weeks.count)]
            return Bar(start: slice[slice.startIndex].start, weeks: slice.count, brews: slice.reduce(0) { $0 + $1.brews },
                       grams: slice.reduce(0) { $0 + $1.grams })
        }
        let unit = size == 1 ? "week" : "\(size) weeks"
        func title(_ bar: Bar) -> String {
            (bar.weeks == 1 ? "Week of \(bar.start)" : "\(bar.weeks) weeks from \(bar.start)") + ": "
        }
        // Labels by week index, placed at the bar holding that week.
        let labels = ReportTimeAxis.labels(firstWeek: firstWeek, weeks: weeks.count).map { (index: $0.index / size, text: $0.text) }
        let brews = BarChart(bars: bars.map { BarChart.Bar(value: Double($0.brews), title: title($0) + "\($0.brews) brew" + ($0.brews == 1 ? "" : "s")) },
                             labels: labels, valueTitle: "Brews", width: 860, height: 170)
        let grams = BarChart(bars: bars.map { BarChart.Bar(value: $0.grams, title: title($0) + BeanCommand.grams($0.grams)) },
                             labels: labels, valueTitle: "Grams of coffee", width: 860, height: 170)
        var figures = [ReportSection.Figure(caption: "Brews per \(unit)", chart: brews.svg(label: "Brews per \(unit)"))]
        if bars.contains(where: { $0.grams > 0 }) {
            figures.append(ReportSection.Figure(caption: "Grams of coffee per \(unit)", chart: grams.svg(label: "Grams of coffee per \(unit)")))
        }
        let table = HTMLTable(caption: "Brews and grams per \(unit), newest first", header: [size == 1 ? "Week of" : "Weeks from", "Brews", "Grams"],
                              rows: bars.reversed().map { ["\($0.start)", String($0.brews), BeanCommand.grams($0.grams)] }, numeric: [1, 2])
        var section = ReportSection(id: "weekly", title: "Brews and grams per week",
                                    intro: "How much was brewed each \(unit), from the first brew to the last: the number of brews, and the coffee they used (the sum of their doses).")
        section.groups = [ReportSection.Group(figures: figures, tables: [table], wide: true)]
        return section
    }
}
