/// Brews, grams of coffee and the average rating of each week in a run of weeks: what the
/// report's weekly chart and `stats --trend` draw.
///
/// A brew counts for the week of the day the caller's `day` function gives it (the streak day,
/// so the day start applies, as in `stats`); weeks start on the rules' week start.
public struct WeeklyTotals: Equatable, Sendable {
    /// One week's figures.
    public struct Week: Equatable, Sendable {
        /// The week's first day.
        public let start: CalendarDay
        /// Its brews.
        public let brews: Int
        /// The sum of its brews' doses, in grams (a brew without a dose adds nothing).
        public let grams: Double
        /// The mean rating of its rated brews, `nil` when none is rated.
        public let averageRating: Double?
    }

    /// The weeks, oldest first, each once, none missing between the first and the last.
    public let weeks: [Week]

    /// The `count` weeks ending with the one holding `lastDay`, with the brews of `records`
    /// that fall in them (the others are left out).
    public init(_ records: [BrewRecord], weeks count: Int, endingOn lastDay: CalendarDay, rules: StreakRules,
                day: (Timestamp) -> CalendarDay) {
        let last = rules.weekStart(of: lastDay)
        let first = last.adding(days: -7 * max(0, count - 1))
        var brews = [Int](repeating: 0, count: max(0, count))
        var grams = [Double](repeating: 0, count: max(0, count))
        var ratings = [(sum: Int, count: Int)](repeating: (0, 0), count: max(0, count))
        for record in records {
            let start = rules.weekStart(of: day(record.timestamp))
            // Checked before dividing: a week before the first would round towards it.
            guard start >= first else { continue }
            let week = (start.daysSinceEpoch - first.daysSinceEpoch) / 7
            guard brews.indices.contains(week) else { continue }
            brews[week] += 1
            grams[week] += record.doseGrams ?? 0
            if let rating = record.rating {
                ratings[week].sum += rating
                ratings[week].count += 1
            }
        }
        weeks = brews.indices.map { index in
            Week(start: first.adding(days: 7 * index), brews: brews[index], grams: (grams[index] * 1000).rounded() / 1000,
                 averageRating: ratings[index].count == 0 ? nil : Double(ratings[index].sum) / Double(ratings[index].count))
        }
    }
}
