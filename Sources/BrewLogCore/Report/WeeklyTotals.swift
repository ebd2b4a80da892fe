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

    /// The weeks from the one holding the earliest brew of `records` to the one holding the latest,
    /// with every week between (none when `records` is empty): the brews' own span.
    public init(spanning records: [BrewRecord], rules: StreakRules, day: @escaping (Timestamp) -> CalendarDay) {
        var tally = Tally(rules: rules, day: day)
        for record in records { tally.add(record) }
        self = tally.totals
    }

    /// The totals built brew by brew, holding only each week's sums: for a pass that reads a
    /// million brews without keeping them, in any order.
    public struct Tally {
        /// The weeks counted: `count` from `first`, or (`nil`) every week from the earliest brew's to the latest's.
        private let bounds: (first: CalendarDay, count: Int)?
        private let rules: StreakRules
        private let day: (Timestamp) -> CalendarDay
        /// Each week's sums, by the days since the epoch of the week's first day.
        private var sums: [Int: Sums] = [:]

        private struct Sums {
            var brews = 0, grams = 0.0, ratingSum = 0, rated = 0
        }

        /// No brews yet in the `count` weeks ending with the one holding `lastDay`; a brew counts
        /// on the day `day` gives it, and a brew outside those weeks is left out.
        public init(weeks count: Int, endingOn lastDay: CalendarDay, rules: StreakRules, day: @escaping (Timestamp) -> CalendarDay) {
            bounds = (rules.weekStart(of: lastDay).adding(days: -7 * max(0, count - 1)), max(0, count))
            self.rules = rules
            self.day = day
        }

        /// No brews yet, over whatever weeks the brews added fall in: the totals span them.
        public init(rules: StreakRules, day: @escaping (Timestamp) -> CalendarDay) {
            bounds = nil
            self.rules = rules
            self.day = day
        }

        /// Counts `record` in, if it falls in one of the weeks.
        public mutating func add(_ record: BrewRecord) {
            let start = rules.weekStart(of: day(record.timestamp)).daysSinceEpoch
            if let bounds {
                let first = bounds.first.daysSinceEpoch
                // Checked before dividing: a week before the first would round towards it.
                guard start >= first, (start - first) / 7 < bounds.count else { return }
            }
            Self.count(record, into: &sums[start, default: Sums()])
        }

        private static func count(_ record: BrewRecord, into week: inout Sums) {
            week.brews += 1
            week.grams += record.doseGrams ?? 0
            if let rating = record.rating {
                week.ratingSum += rating
                week.rated += 1
            }
        }

        /// The weeks' totals of the brews added.
        public var totals: WeeklyTotals {
            let first: Int, count: Int
            if let bounds {
                (first, count) = (bounds.first.daysSinceEpoch, bounds.count)
            } else if let low = sums.keys.min(), let high = sums.keys.max() {
                (first, count) = (low, (high - low) / 7 + 1)
            } else {
                return WeeklyTotals(weeks: [])
            }
            return WeeklyTotals(weeks: (0..<count).map { index in
                let start = first + 7 * index, week = sums[start] ?? Sums()
                return Week(start: CalendarDay(daysSinceEpoch: start), brews: week.brews, grams: (week.grams * 1000).rounded() / 1000,
                            averageRating: week.rated == 0 ? nil : Double(week.ratingSum) / Double(week.rated))
            })
        }
    }
}
