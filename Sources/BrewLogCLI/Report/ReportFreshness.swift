import BrewLogCore

/// Rating against days off roast, a colour and shape per bag: a point per bag and day off roast
/// (its rated brews' average rating; larger for more brews), and tables of the bags (as
/// `bean list` counts them) and of the points. More bags than a legend holds are drawn as small
/// multiples, a chart per bag on the same axes.
enum ReportFreshness {
    /// The most bags drawn as small multiples (the newest); every bag is in the tables.
    static let shownBags = 48

    /// The section, or `nil` when no brew kept belongs to a bag.
    static func section(_ data: ReportData) -> ReportSection? {
        guard !data.bags.isEmpty else { return nil }
        var points: [ScatterChart.Point] = []
        var pointRows: [[String]] = []
        let labels = names(data.bags)
        for (series, usage) in data.bags.enumerated() {
            let label = labels[series]
            var byDay: [Int: (sum: Int, count: Int)] = [:]
            for brew in usage.brews {
                guard let rating = brew.rating, let days = usage.bag.daysOffRoast(on: brew.timestamp.day) else { continue }
                byDay[days, default: (0, 0)].sum += rating
                byDay[days, default: (0, 0)].count += 1
            }
            for (days, total) in byDay.sorted(by: { $0.key < $1.key }) {
                let average = Double(total.sum) / Double(total.count)
                let text = BrewFormatting.oneDecimal(average)
                points.append(ScatterChart.Point(x: Double(days), y: average, series: series, weight: total.count,
                                                 title: "\(label): \(days) days off roast, rating \(text) (\(total.count) brew" + (total.count == 1 ? ")" : "s)")))
                pointRows.append([label, String(days), String(total.count), text])
            }
        }
        let table = HTMLTable(caption: "Rated brews by days off roast", header: ["Bag", "Days off roast", "Brews", "Rating"], rows: pointRows,
                              numeric: [1, 2, 3])
        var section = ReportSection(id: "freshness", title: "Rating by days off roast",
                                    intro: "How fresh the beans were on each rated cup: a point per bag and day off roast, at the average rating of that day's brews (larger for more brews). Only brews with a bag that has a roast date are drawn.")
        let bags = bagsTable(data.bags, labels: labels)
        guard !points.isEmpty else {
            section.groups = [ReportSection.Group(note: "No rated brew has a bag with a roast date: there is nothing to draw.", figures: [], tables: [bags])]
            return section
        }
        let xDomain = 0...max(14, points.map(\.x).max() ?? 0)
        func chart(_ points: [ScatterChart.Point], width: Double = 460, height: Double = 240) -> ScatterChart {
            ScatterChart(points: points, xTitle: "Days off roast", yTitle: "Rating", xDomain: xDomain, yDomain: 0.5...5.5, xTicks: 7, yTicks: 5,
                         width: width, height: height)
        }
        let drawn = Set(points.map(\.series)).sorted()
        let figures: [ReportSection.Figure]
        if drawn.count <= ChartSeries.legendHolds {
            figures = [ReportSection.Figure(caption: "Rating against days off roast, per bag",
                                            chart: chart(points).svg(label: "Rating against days off roast, per bag")
                                                + ChartSeries.legend(drawn.map { labels[$0] }, styles: drawn))]
        } else {
            if drawn.count > shownBags { section.intro += " The newest \(shownBags) bags are drawn; the tables hold every bag." }
            figures = drawn.suffix(shownBags).map { series in
                ReportSection.Figure(caption: labels[series], chart: chart(points.filter { $0.series == series }, width: 340, height: 190)
                                         .svg(label: "Rating against days off roast: " + labels[series]), style: "compact")
            }
        }
        section.groups = [ReportSection.Group(figures: figures, tables: [bags, table], wide: drawn.count > ChartSeries.legendHolds)]
        return section
    }

    /// The bags' table: `bean list`'s brews, average rating and grams used, and a cost per cup
    /// for the bags whose `price` is known (the column only when one is).
    static func bagsTable(_ bags: [BeanUsage], labels: [String]) -> HTMLTable {
        let costs = bags.map(\.costPerCup)
        let withCost = costs.contains { $0 != nil }
        return HTMLTable(caption: "Bags", header: ["Bag", "Roaster", "Brews", "Rating", "Used"] + (withCost ? ["Cost per cup"] : []),
                         rows: zip(labels, zip(bags, costs)).map { label, bag in
                             let (usage, cost) = bag
                             return [label, usage.bag.roaster ?? "-", String(usage.brews.count),
                                     usage.averageRating.map(BrewFormatting.oneDecimal) ?? "-", BeanCommand.grams(usage.gramsUsed)]
                                 + (withCost ? [cost.map { ChartNumber.fixed($0, decimals: 2) } ?? "-"] : [])
                         }, numeric: withCost ? [2, 3, 4, 5] : [2, 3, 4])
    }

    /// Each bag's name, with its roast day (else its id) when another bag shown has the same name.
    static func names(_ bags: [BeanUsage]) -> [String] {
        var twins: [String: Int] = [:]
        for usage in bags { twins[usage.bag.name.lowercased(), default: 0] += 1 }
        return bags.map { usage in
            guard twins[usage.bag.name.lowercased(), default: 0] > 1 else { return usage.bag.name }
            return usage.bag.name + " (" + (usage.bag.roasted.map { "roasted \($0)" } ?? usage.bag.id.rawValue) + ")"
        }
    }
}
