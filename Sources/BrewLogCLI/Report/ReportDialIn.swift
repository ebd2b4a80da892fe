import BrewLogCore

/// Each coffee's dial-in history, as `dial` shows it: per brew its grind, ratio and rating, the
/// ratio and the rating drawn brew by brew, and a table of every brew shown.
enum ReportDialIn {
    /// The most coffees shown (the most brewed), and the most recent brews of each.
    static let shownCoffees = 12, shownBrews = 30

    static func section(_ data: ReportData) -> ReportSection {
        var section = ReportSection(id: "dial-in", title: "Dialling in",
                                    intro: "Each coffee's brews in date order: the ratio and the rating brew by brew, and the grind in the table (the most brewed \(shownCoffees) coffees, the last \(shownBrews) brews of each; brewlog dial COFFEE shows all).")
        for coffee in data.stats.coffees.prefix(shownCoffees) {
            let name = coffee.name ?? ""
            let dialIn = data.dialIns[name.lowercased()] ?? ReportData.DialIn()
            let count = dialIn.count, brews = dialIn.last
            let first = count - brews.count + 1
            func title(_ number: Int, _ brew: BrewRecord) -> String {
                "Brew \(number), \(BrewFormatting.dateTime(brew.timestamp)): grind " + (brew.grind ?? "-") + ", ratio "
                    + BrewFormatting.ratio(brew.ratio) + ", rating " + (brew.rating.map(String.init) ?? "-")
            }
            let numbered = brews.enumerated().map { (first + $0.offset, $0.element) }
            // A series per method, coloured as in the ratio charts, so an espresso's 1:2 and a
            // pour-over's 1:16 are two lines, not one zigzag.
            let methods = data.stats.methods.map { $0.name?.lowercased() }
            let drawn = methods.filter { method in brews.contains { $0.method?.lowercased() == method } }
            func series(_ brew: BrewRecord) -> Int { methods.firstIndex(of: brew.method?.lowercased()) ?? 0 }
            let ratios = numbered.compactMap { number, brew in
                brew.ratio.map { ScatterChart.Point(x: Double(number), y: $0, series: series(brew), title: title(number, brew)) }
            }
            let ratings = numbered.compactMap { number, brew in
                brew.rating.map { ScatterChart.Point(x: Double(number), y: Double($0), series: series(brew), title: title(number, brew)) }
            }
            let legend = ChartLegend.html(methods.indices.map { index in
                drawn.contains(methods[index]) ? data.stats.methods[index].name ?? "(no method)" : nil
            }.compactMap { $0 }, styles: methods.indices.filter { drawn.contains(methods[$0]) })
            let span = Double(first)...Double(max(first, count))
            // One ratio chart per method: on a shared axis an espresso's 1:2 would lie flat under
            // a pour-over's 1:16, and its changes would not show.
            let ratioCharts = methods.indices.filter { drawn.contains(methods[$0]) }.map { index in
                let method = data.stats.methods[index].name ?? "(no method)"
                return ScatterChart(points: ratios.filter { $0.series == index }, xTitle: "Brew", yTitle: "Ratio (1:R), " + method, xDomain: span,
                                    connected: true, wholeX: true, width: 420, height: 170).svg(label: "Ratio per brew: " + name + ", " + method)
            }
            let ratingChart = ScatterChart(points: ratings, xTitle: "Brew", yTitle: "Rating", xDomain: span, yDomain: 0.5...5.5, connected: true, wholeX: true,
                                           yTicks: 5, width: 420, height: 170)
            let table = HTMLTable(caption: name + ": \(count) brew" + (count == 1 ? "" : "s"),
                                  header: ["#", "Date", "Method", "Grind", "Ratio", "Off roast", "Rating", "Tags", "Notes"],
                                  rows: numbered.map { number, brew in
                                      [String(number), BrewFormatting.dateTime(brew.timestamp), brew.method ?? "-", brew.grind ?? "-",
                                       BrewFormatting.ratio(brew.ratio), data.matching.daysOffRoast(of: brew).map { "\($0) d" } ?? "-",
                                       brew.rating.map(String.init) ?? "-", brew.tags.joined(separator: ", "), brew.notes]
                                  }, numeric: [0, 4, 5, 6], unbroken: [1])
            section.pairs.append(ReportSection.pair(caption: name, chart: "<div class=\"charts\">" + ratioCharts.joined()
                                                        + ratingChart.svg(label: "Rating per brew: " + name) + "</div>" + legend,
                                                    tables: [table], wide: true))
        }
        return section
    }
}
