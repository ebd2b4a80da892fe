import BrewLogCore

/// Brews and grams of coffee per week over the report's 53 weeks: two column charts on one time
/// axis, and a table of both.
enum ReportWeekly {
    static func section(_ data: ReportData) -> ReportSection {
        let weeks = data.weekly.weeks
        let labels = weeks.first.map { ReportWindowAxis.monthLabels(firstWeek: $0.start, weeks: weeks.count) } ?? []
        let brews = BarChart(bars: weeks.map { BarChart.Bar(value: Double($0.brews), title: "Week of \($0.start): \($0.brews) brew" + ($0.brews == 1 ? "" : "s")) },
                             labels: labels, valueTitle: "Brews")
        let grams = BarChart(bars: weeks.map { BarChart.Bar(value: $0.grams, title: "Week of \($0.start): " + BeanCommand.grams($0.grams)) },
                             labels: labels, valueTitle: "Grams of coffee")
        let table = HTMLTable(caption: "Brews and grams per week", header: ["Week of", "Brews", "Grams"],
                              rows: weeks.reversed().map { ["\($0.start)", String($0.brews), BeanCommand.grams($0.grams)] }, numeric: [1, 2])
        var section = ReportSection(id: "weekly", title: "Brews and grams per week",
                                    intro: "How much was brewed each week: the number of brews, and the coffee they used (the sum of their doses).")
        section.pairs = [ReportSection.pair(caption: "Brews per week, then grams of coffee per week",
                                            chart: brews.svg(label: "Brews per week") + grams.svg(label: "Grams of coffee per week"),
                                            tables: [table])]
        return section
    }
}
