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
                day: @escaping (Timestamp) -> CalendarDay) {
        var tally = Tally(weeks: count, endingOn: lastDay, rules: rules, day: day)
        for record in records { tally.add(record) }
        self = tally.totals
    }

    private init(weeks: [Week]) {
        self.weeks = weeks
    }

    /// The totals built brew by brew, holding only each week's sums: for a pass that reads a
    /// million brews without keeping them.
    public struct Tally {
        private let first: CalendarDay
        private let rules: StreakRules
        private let day: (Timestamp) -> CalendarDay
        private var brews: [Int]
        private var grams: [Double]
        private var ratings: [(sum: Int, count: Int)]

        /// No brews yet in the `count` weeks ending with the one holding `lastDay`; a brew counts
        /// on the day `day` gives it.
        public init(weeks count: Int, endingOn lastDay: CalendarDay, rules: StreakRules, day: @escaping (Timestamp) -> CalendarDay) {
            first = rules.weekStart(of: lastDay).adding(days: -7 * max(0, count - 1))
            self.rules = rules
            self.day = day
            brews = [Int](repeating: 0, count: max(0, count))
            grams = [Double](repeating: 0, count: max(0, count))
            ratings = [(sum: Int, count: Int)](repeating: (0, 0), count: max(0, count))
        }

        /// Counts `record` in, if it falls in one of the weeks.
        public mutating func add(_ record: BrewRecord) {
            let start = rules.weekStart(of: day(record.timestamp))
            // Checked before dividing: a week before the first would round towards it.
            guard start >= first else { return }
            let week = (start.daysSinceEpoch - first.daysSinceEpoch) / 7
            guard brews.indices.contains(week) else { return }
            brews[week] += 1
            grams[week] += record.doseGrams ?? 0
            if let rating = record.rating {
                ratings[week].sum += rating
                ratings[week].count += 1
            }
        }

        /// The weeks' totals of the brews added.
        public var totals: WeeklyTotals {
            WeeklyTotals(weeks: brews.indices.map { index in
                Week(start: first.adding(days: 7 * index), brews: brews[index], grams: (grams[index] * 1000).rounded() / 1000,
                     averageRating: ratings[index].count == 0 ? nil : Double(ratings[index].sum) / Double(ratings[index].count))
            })
        }
    }
}
