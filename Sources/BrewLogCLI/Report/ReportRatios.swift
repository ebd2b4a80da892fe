import BrewLogCore

/// Rating against ratio, a small chart per method (an espresso's 1:2 and a pour-over's 1:16 on
/// one axis would squeeze both), each point a ratio (to a tenth, as shown) and rating with how
/// many brews had both; a table of the same points per method. A method none of whose rated
/// brews has a ratio draws no chart.
enum ReportRatios {
    /// The most methods drawn; the rest are counted in `stats`.
    static let shownMethods = 8

    /// The section, or `nil` when no rated brew kept has a ratio.
    static func section(_ data: ReportData) -> ReportSection? {
        var figures: [ReportSection.Figure] = []
        var tables: [HTMLTable] = []
        let methods = data.stats.methods.enumerated().filter { !(data.ratioCounts[$0.element.name?.lowercased()] ?? [:]).isEmpty }
        for (index, method) in methods.prefix(shownMethods) {
            let name = method.name ?? "(no method)"
            let sorted = (data.ratioCounts[method.name?.lowercased()] ?? [:]).sorted { $0.key < $1.key }
            let points = sorted.map { key, count in
                ScatterChart.Point(x: Double(key.tenths) / 10, y: Double(key.rating), series: index, weight: count,
                                   title: "\(name): " + BrewFormatting.ratio(Double(key.tenths) / 10) + ", rating \(key.rating) (\(count) brew" + (count == 1 ? ")" : "s)"))
            }
            let chart = ScatterChart(points: points, xTitle: "Ratio (1:R)", yTitle: "Rating", yDomain: 0.5...5.5, yTicks: 5, width: 360, height: 220)
            figures.append(ReportSection.Figure(caption: name + " (average ratio " + BrewFormatting.ratio(method.averageRatio) + ")",
                                                chart: chart.svg(label: "Rating against ratio: " + name), style: "compact"))
            tables.append(HTMLTable(caption: name + ": rated brews by ratio", header: ["Ratio", "Rating", "Brews"],
                                    rows: sorted.map { [BrewFormatting.ratio(Double($0.key.tenths) / 10), String($0.key.rating), String($0.value)] },
                                    numeric: [0, 1, 2]))
        }
        guard !figures.isEmpty else { return nil }
        let without = data.stats.methods.count - methods.count
        var section = ReportSection(id: "ratios", title: "Rating by ratio",
                                    intro: "For each method, the rating of each brew against its ratio (yield ÷ dose when the yield is known, else water ÷ dose); larger points stand for more brews."
                                        + (without == 0 ? "" : " A method without a rated brew that has a ratio has no chart."))
        section.groups = [ReportSection.Group(figures: figures, tables: tables, wide: true)]
        return section
    }
}
