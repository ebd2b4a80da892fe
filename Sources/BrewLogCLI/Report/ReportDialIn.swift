import BrewLogCore

/// Each coffee's dial-in, as `dial` shows it, under the coffee's own heading: the rating brew by
/// brew, the rating against the grind (every rated brew of the coffee with a grind), the ratio
/// brew by brew (a chart per method that has one), and a table of the brews drawn.
enum ReportDialIn {
    /// The most coffees shown (the most brewed), the most recent brews of each, and the most
    /// grind settings on a coffee's grind axis (the most used).
    static let shownCoffees = 12, shownBrews = 30, shownGrinds = 24

    /// The section, or `nil` when no brew kept names a coffee.
    static func section(_ data: ReportData) -> ReportSection? {
        let coffees = data.stats.coffees.prefix(shownCoffees)
        guard !coffees.isEmpty else { return nil }
        var section = ReportSection(id: "dial-in", title: "Dialling in",
                                    intro: "Each coffee's brews in date order: the rating brew by brew, the rating against the grind, the ratio brew by brew, and a table of the brews (the most brewed \(shownCoffees) coffees, the last \(shownBrews) brews of each; brewlog dial COFFEE shows all).")
        let methods = data.stats.methods.map { $0.name?.lowercased() }
        let methodNames = data.stats.methods.map { $0.name ?? "(no method)" }
        section.groups = coffees.map { coffee in
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
            func series(_ method: String?) -> Int { methods.firstIndex(of: method?.lowercased()) ?? 0 }
            let span = Double(first)...Double(max(first, count))
            var figures: [ReportSection.Figure] = []
            let ratings = numbered.compactMap { number, brew in
                brew.rating.map { ScatterChart.Point(x: Double(number), y: Double($0), series: series(brew.method), title: title(number, brew)) }
            }
            if !ratings.isEmpty {
                let chart = ScatterChart(points: ratings, xTitle: "Brew", yTitle: "Rating", xDomain: span, yDomain: 0.5...5.5, connected: true,
                                         wholeX: true, yTicks: 5, width: 360, height: 190)
                figures.append(ReportSection.Figure(caption: "Rating per brew", chart: chart.svg(label: "Rating per brew: " + name), style: "compact"))
            }
            let grind = grindChart(data.grindRatings[name.lowercased()] ?? [:], coffee: name, series: series) { methodNames[$0] }
            if let grind { figures.append(grind.figure) }
            // One ratio chart per method that has a ratio: on a shared axis an espresso's 1:2
            // would lie flat under a pour-over's 1:16, and its changes would not show.
            let ratios = numbered.compactMap { number, brew in
                brew.ratio.map { ScatterChart.Point(x: Double(number), y: $0, series: series(brew.method), title: title(number, brew)) }
            }
            for index in Set(ratios.map(\.series)).sorted() {
                let chart = ScatterChart(points: ratios.filter { $0.series == index }, xTitle: "Brew", yTitle: "Ratio (1:R)", xDomain: span,
                                         connected: true, wholeX: true, width: 360, height: 190)
                figures.append(ReportSection.Figure(caption: "Ratio per brew, " + methodNames[index],
                                                    chart: chart.svg(label: "Ratio per brew: " + name + ", " + methodNames[index]), style: "compact"))
            }
            let drawn = Set(numbered.map { series($0.1.method) }).sorted()
            let table = HTMLTable(caption: name + ": the last \(brews.count) brew" + (brews.count == 1 ? "" : "s"),
                                  header: ["#", "Date", "Method", "Grind", "Ratio", "Off roast", "Rating", "Tags", "Notes"],
                                  rows: numbered.map { number, brew in
                                      [String(number), BrewFormatting.dateTime(brew.timestamp), brew.method ?? "-", brew.grind ?? "-",
                                       BrewFormatting.ratio(brew.ratio), data.matching.daysOffRoast(of: brew).map { "\($0) d" } ?? "-",
                                       brew.rating.map(String.init) ?? "-", brew.tags.joined(separator: ", "), brew.notes]
                                  }, numeric: [0, 4, 5, 6], unbroken: [1], long: [7, 8])
            let note = "\(count) brew" + (count == 1 ? "" : "s") + (count > brews.count ? ", the last \(brews.count) drawn" : "")
                + (figures.isEmpty ? "; none rated or with a ratio, so there is nothing to draw" : "") + "."
            return ReportSection.Group(heading: name, note: note, figures: figures,
                                       legend: ChartSeries.legend(drawn.map { methodNames[$0] }, styles: drawn),
                                       tables: [table] + (grind.map { [$0.table] } ?? []), wide: true)
        }
        return section
    }

    /// Rating against grind for one coffee: a column per grind setting (those that start with a
    /// number in its order, then the rest), a point per method there at its brews' average rating
    /// (larger for more brews), each method in its colour and shape and set a little apart, and the
    /// table of its points; `nil` without a rated brew with a grind.
    private static func grindChart(_ ratings: [ReportData.GrindPoint: ReportData.Ratings], coffee: String,
                                   series: (String?) -> Int, method: (Int) -> String) -> (figure: ReportSection.Figure, table: HTMLTable)? {
        guard !ratings.isEmpty else { return nil }
        var perGrind: [String: Int] = [:]
        for (point, total) in ratings { perGrind[point.grind, default: 0] += total.brews }
        let kept = perGrind.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(shownGrinds).map(\.key)
        let grinds = kept.map { (key: settingOrder($0), grind: $0) }.sorted { $0.key < $1.key }.map(\.grind)
        let column = Dictionary(uniqueKeysWithValues: grinds.enumerated().map { ($0.element, $0.offset) })
        let methods = Set(ratings.keys.map { series($0.method) }).sorted()
        let shown = ratings.compactMap { point, total in column[point.grind].map { (column: $0, series: series(point.method), total: total) } }
            .sorted { ($0.column, $0.series) < ($1.column, $1.series) }
        let points = shown.map { column, series, total in
            let offset = (Double(methods.firstIndex(of: series) ?? 0) - Double(methods.count - 1) / 2) * 0.18
            return ScatterChart.Point(x: Double(column) + offset, y: total.average, series: series, weight: total.brews,
                                      title: method(series) + ": grind " + grinds[column] + ", rating " + BrewFormatting.oneDecimal(total.average)
                                          + " (\(total.brews) brew" + (total.brews == 1 ? ")" : "s)"))
        }
        let chart = ScatterChart(points: points, xTitle: "Grind", yTitle: "Rating", xDomain: -0.6...(Double(grinds.count) - 0.4), yDomain: 0.5...5.5,
                                 xCategories: grinds.enumerated().map { (Double($0.offset), $0.element) }, yTicks: 5, width: 360, height: 190)
        let caption = "Rating against grind" + (perGrind.count > grinds.count ? " (the \(grinds.count) most used settings)" : "")
        let table = HTMLTable(caption: coffee + ": rated brews by grind", header: ["Grind", "Method", "Brews", "Rating"],
                              rows: shown.map { [grinds[$0.column], method($0.series), String($0.total.brews), BrewFormatting.oneDecimal($0.total.average)] },
                              numeric: [2, 3])
        return (ReportSection.Figure(caption: caption, chart: chart.svg(label: "Rating against grind: " + coffee), style: "compact"), table)
    }

    /// Where a grind setting sorts: by the number it starts with (`8 clicks` before `22 clicks`,
    /// `1.5` before `2`), then settings without one (`fine`), each group by its text.
    static func settingOrder(_ grind: String) -> SettingOrder {
        let digits = grind.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return SettingOrder(number: Double(digits).flatMap { $0.isFinite ? $0 : nil }, text: grind)
    }

    /// The sort key of a grind setting: its leading number, if any, then its text.
    struct SettingOrder: Comparable {
        let number: Double?, text: String

        static func < (a: SettingOrder, b: SettingOrder) -> Bool {
            switch (a.number, b.number) {
            case let (x?, y?): return x != y ? x < y : a.text < b.text
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.text < b.text
            }
        }
    }
}
