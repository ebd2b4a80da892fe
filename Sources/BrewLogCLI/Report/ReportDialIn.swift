import BrewLogCore

/// Each coffee's dial-in history, as `dial` shows it: per brew its grind, ratio and rating, the
/// ratio and the rating drawn brew by brew, and a table of every brew shown.
enum ReportDialIn {
    /// The most coffees shown (the most brewed), and the most recent brews of each.
    static let shownCoffees = 12, shownBrews = 30

    static func section(_ data: ReportData) -> ReportSection {
        var section = ReportSection(id: "dial-in", title: "Dialling in",
                                    intro: "Each coffee's brews in date order: the ratio and the rating brew by brew, and the grind in the table (the most brewed \(shownCoffees) coffees, the last \(shownBrews) brews of each; brewlog dial COFFEE shows all).")
        for (index, coffee) in data.stats.coffees.prefix(shownCoffees).enumerated() {
            let name = coffee.name ?? ""
            let all = data.records.filter { $0.coffee?.lowercased() == name.lowercased() }
            let brews = Array(all.suffix(shownBrews))
            let first = all.count - brews.count + 1
            func title(_ number: Int, _ brew: BrewRecord) -> String {
                "Brew \(number), \(BrewFormatting.dateTime(brew.timestamp)): grind " + (brew.grind ?? "-") + ", ratio "
                    + BrewFormatting.ratio(brew.ratio) + ", rating " + (brew.rating.map(String.init) ?? "-")
            }
            let numbered = brews.enumerated().map { (first + $0.offset, $0.element) }
            let ratios = numbered.compactMap { number, brew in
                brew.ratio.map { ScatterChart.Point(x: Double(number), y: $0, series: index, title: title(number, brew)) }
            }
            let ratings = numbered.compactMap { number, brew in
                brew.rating.map { ScatterChart.Point(x: Double(number), y: Double($0), series: index, title: title(number, brew)) }
            }
            let span = Double(first)...Double(max(first, all.count))
            let ratioChart = ScatterChart(points: ratios, xTitle: "Brew", yTitle: "Ratio (1:R)", xDomain: span, connected: true, width: 420, height: 170)
            let ratingChart = ScatterChart(points: ratings, xTitle: "Brew", yTitle: "Rating", xDomain: span, yDomain: 0.5...5.5, connected: true,
                                           yTicks: 5, width: 420, height: 170)
            let table = HTMLTable(caption: name + ": \(all.count) brew" + (all.count == 1 ? "" : "s"),
                                  header: ["#", "Date", "Method", "Grind", "Ratio", "Off roast", "Rating", "Tags", "Notes"],
                                  rows: numbered.map { number, brew in
                                      [String(number), BrewFormatting.dateTime(brew.timestamp), brew.method ?? "-", brew.grind ?? "-",
                                       BrewFormatting.ratio(brew.ratio), data.matching.daysOffRoast(of: brew).map { "\($0) d" } ?? "-",
                                       brew.rating.map(String.init) ?? "-", brew.tags.joined(separator: ", "), brew.notes]
                                  }, numeric: [0, 4, 5, 6])
            section.pairs.append(ReportSection.pair(caption: name, chart: ratioChart.svg(label: "Ratio per brew: " + name)
                                                        + ratingChart.svg(label: "Rating per brew: " + name), tables: [table]))
        }
        return section
    }
}
