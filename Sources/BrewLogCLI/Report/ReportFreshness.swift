import BrewLogCore

/// Rating against days off roast, a colour and shape per bag: a point per bag and day off roast
/// (its rated brews' average rating; larger for more brews), and tables of the bags (as
/// `bean list` counts them) and of the points.
enum ReportFreshness {
    static func section(_ data: ReportData) -> ReportSection {
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
        let chart = ScatterChart(points: points, xTitle: "Days off roast", yTitle: "Rating", xDomain: 0...14, yDomain: 0.5...5.5, xTicks: 7, yTicks: 5)
        let bags = HTMLTable(caption: "Bags", header: ["Bag", "Roaster", "Brews", "Rating", "Used"],
                             rows: zip(labels, data.bags).map { label, usage in
                                 [label, usage.bag.roaster ?? "-", String(usage.brews.count),
                                  usage.averageRating.map(BrewFormatting.oneDecimal) ?? "-", BeanCommand.grams(usage.gramsUsed)]
                             }, numeric: [2, 3, 4])
        let table = HTMLTable(caption: "Rated brews by days off roast", header: ["Bag", "Days off roast", "Brews", "Rating"], rows: pointRows,
                              numeric: [1, 2, 3])
        var section = ReportSection(id: "freshness", title: "Rating by days off roast",
                                    intro: "How fresh the beans were on each rated cup: a point per bag and day off roast, at the average rating of that day's brews (larger for more brews). Only brews with a bag that has a roast date are drawn.")
        section.pairs = [ReportSection.pair(caption: "Rating against days off roast, per bag",
                                            chart: chart.svg(label: "Rating against days off roast, per bag") + ChartLegend.html(names(data.bags)),
                                            tables: [bags, table])]
        return section
    }

    /// Each bag's name, with its roast day (else its id) when another bag shown has the same name.
    static func names(_ bags: [BeanUsage]) -> [String] {
        bags.map { usage in
            let twins = bags.filter { $0.bag.name.lowercased() == usage.bag.name.lowercased() }.count
            guard twins > 1 else { return usage.bag.name }
            return usage.bag.name + " (" + (usage.bag.roasted.map { "roasted \($0)" } ?? usage.bag.id.rawValue) + ")"
        }
    }
}
