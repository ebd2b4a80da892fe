import BrewLogCore

/// The report's first section: the totals and the streak, and the methods and coffees, as
/// `stats` prints them (each figure rounded as `stats` rounds it).
enum ReportTotals {
    static func section(_ data: ReportData, filtered: Bool) -> ReportSection {
        let stats = data.stats, streak = data.streak
        var totals = [
            ["Brews", String(stats.brews)], ["Brew days", String(stats.brewDays)],
            ["Average rating", stats.averageRating.map(BrewFormatting.oneDecimal) ?? "-"],
            ["Current streak", "\(streak.current) day" + (streak.current == 1 ? "" : "s")],
            ["Longest streak", "\(streak.longest) day" + (streak.longest == 1 ? "" : "s")],
        ]
        if let weekly = streak.weekly {
            totals.append(["Weekly streak", "\(weekly.current) of \(weekly.target)+ days a week (longest \(weekly.longest))"])
        }
        let shown = StatsTable.averages.filter { average in stats.methods.contains { average.mean($0) != nil } }
        let methods = HTMLTable(caption: "Methods", header: ["Method", "Brews", "Rating"] + shown.map { $0.title.prefix(1) + $0.title.dropFirst().lowercased() },
                                rows: stats.methods.map { group in
                                    [group.name ?? "(no method)", String(group.brews), group.averageRating.map(BrewFormatting.oneDecimal) ?? "-"]
                                        + shown.map { $0.text(group) }
                                }, numeric: Set(1..<(3 + shown.count)))
        let coffees = HTMLTable(caption: "Coffees", header: ["Coffee", "Brews", "Rating"],
                                rows: stats.coffees.map { [$0.name ?? "", String($0.brews), $0.averageRating.map(BrewFormatting.oneDecimal) ?? "-"] },
                                numeric: [1, 2])
        let note = filtered ? " The streak is the whole journal's; every other figure counts the brews the filters keep." : ""
        var section = ReportSection(id: "totals", title: "Totals and streaks",
                                    intro: "What stats counts: brews, the days they were made on, the average rating, and per method the average recipe." + note)
        section.layout = "totals"
        let figure = ReportSection.Figure(caption: nil, chart: HTMLTable(caption: "Totals", header: ["", "Value"], rows: totals, numeric: [1]).html)
        section.groups = [ReportSection.Group(figures: [figure], tables: [methods, coffees])]
        return section
    }
}
