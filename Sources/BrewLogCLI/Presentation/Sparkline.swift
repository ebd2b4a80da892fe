import BrewLogCore

/// `stats --trend`: brews per week and the average rating per week as terminal sparklines, one
/// character a week (`▁` to `█`; `·` for a week without a brew, or without a rated one), with
/// the range each line spans and a line of dates under them.
struct Sparkline {
    /// The eight heights, lowest first.
    static let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// A week with nothing to draw.
    static let none = "·"
    /// How many weeks are drawn.
    static let weeks = 26

    let totals: WeeklyTotals

    /// A count's height, scaled so the busiest week is `█` and any brew at all at least `▁`.
    static func level(of count: Int, max top: Int) -> String {
        guard count > 0, top > 0 else { return none }
        return levels[min(7, max(0, (count * 8 + top - 1) / top - 1))]
    }

    /// A rating's height on the fixed scale of ratings: 1 is `▁`, 5 is `█`.
    static func level(ofRating rating: Double?) -> String {
        guard let rating, rating.isFinite else { return none }
        return levels[min(7, max(0, Int(((rating - 1) / 4 * 7).rounded())))]
    }

    /// The lines: brews, rating, then the first and last week's dates under the ends.
    var lines: [String] {
        let weeks = totals.weeks
        let top = weeks.map(\.brews).max() ?? 0
        let brews = weeks.map { Sparkline.level(of: $0.brews, max: top) }.joined()
        let ratings = weeks.map { Sparkline.level(ofRating: $0.averageRating) }.joined()
        let rated = weeks.compactMap(\.averageRating)
        let total = weeks.reduce(0) { $0 + $1.brews }
        let label = { (text: String) in BrewFormatting.padded(text, to: 8) }
        var lines = [label("Brews") + brews + "  " + "0 to \(top) a week, \(total) in all"]
        lines.append(label("Rating") + ratings + "  " + (rated.isEmpty ? "no rated brew" : "1 to 5; "
            + BrewFormatting.oneDecimal(rated.min() ?? 0) + " to " + BrewFormatting.oneDecimal(rated.max() ?? 0) + " a week"))
        if let first = weeks.first, let last = weeks.last {
            let start = "\(first.start)", end = "\(last.start)"
            let gap = max(1, weeks.count - start.count - end.count)
            lines.append(label("") + start + String(repeating: " ", count: gap) + end + "  (weeks starting)")
        }
        lines.append(label("") + "each character a week; " + Sparkline.none + " none")
        return lines
    }
}
