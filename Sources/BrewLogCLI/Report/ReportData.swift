import BrewLogCore

/// The numbers the report shows, taken from the core's own computations so they equal what
/// `stats --json`, `dial --json`, `bean list --json` and `streak --history --json` print: the
/// brews the filters keep, their statistics, the journal's streak, the runs and weeks of the
/// brews kept, and the bags they were made from.
struct ReportData {
    /// The days of the first and the last brew kept (in date order), `nil` when none is kept.
    let span: (first: CalendarDay, last: CalendarDay)?
    /// The streak days of the first and the last brew kept (a brew still to come counts today):
    /// what the weekly charts and the streak timeline span.
    let days: ClosedRange<CalendarDay>?
    /// The last day a chart draws: `--until` or today, whichever is earlier.
    let end: CalendarDay
    /// Per method (lowercased; `nil` for none), how many rated brews had each ratio, to a tenth,
    /// and rating.
    let ratioCounts: [String?: [RatioPoint: Int]]
    /// Per coffee (lowercased), per method (lowercased) and grind, its rated brews: how many, and
    /// the sum of their ratings.
    let grindRatings: [String: [GrindPoint: Ratings]]
    /// Per coffee (lowercased), how many brews were kept and the last ``ReportDialIn/shownBrews``.
    let dialIns: [String: DialIn]

    /// A ratio, in tenths, and a rating: a point of the ratio charts.
    struct RatioPoint: Hashable, Comparable {
        let tenths: Int
        let rating: Int

        static func < (lhs: RatioPoint, rhs: RatioPoint) -> Bool {
            (lhs.tenths, lhs.rating) < (rhs.tenths, rhs.rating)
        }
    }

    /// A method and a grind as typed: a point of a coffee's rating-against-grind chart.
    struct GrindPoint: Hashable {
        let method: String?
        let grind: String
    }

    /// How many rated brews, and the sum of their ratings.
    struct Ratings {
        private(set) var brews = 0, sum = 0

        mutating func add(_ rating: Int) {
            brews += 1
            sum += rating
        }

        /// Their mean.
        var average: Double { Double(sum) / Double(max(1, brews)) }
    }

    /// A coffee's brews kept: how many, and the last ``ReportDialIn/shownBrews`` of them.
    struct DialIn {
        private(set) var count = 0
        private(set) var last: [BrewRecord] = []

        mutating func add(_ brew: BrewRecord) {
            count += 1
            if last.count == ReportDialIn.shownBrews { last.removeFirst() }
            last.append(brew)
        }
    }
    /// Their totals and per-method and per-coffee figures, as `stats` counts them.
    let stats: BrewStatistics
    /// The journal's streak, whatever the filters keep (as `stats` reports it).
    let streak: StreakSummary
    /// The unbroken runs of the brews kept (all brews: `streak --history`'s runs), oldest first.
    let runs: [StreakRun]
    /// Today's streak day.
    let today: CalendarDay
    /// The day start, rest days and week start.
    let rules: StreakRules
    /// Brews kept per streak day, brews still to come left out.
    let brewsPerDay: DayCounts
    /// The journal's skip days.
    let skipDays: Set<CalendarDay>
    /// The journal's first brew day: rest and skip days are marked from it on.
    let firstBrewDay: CalendarDay?
    /// Brews, grams and average rating per week, from the first brew's week to the last's.
    let weekly: WeeklyTotals
    /// The bags with the brews kept that they hold, in `bean list`'s order; bags without one left out.
    let bags: [BeanUsage]
    /// Which bag each brew belongs to.
    let matching: BeanMatching

    /// The figures of `store`'s brews that `filter` keeps.
    init(store: BrewLogStore, filter: BrewFilter) {
        let rules = store.rules, today = store.today, now = store.now
        self.rules = rules
        self.today = today
        let day = { (timestamp: Timestamp) in min(rules.day(of: timestamp), today) }
        let end: CalendarDay
        switch filter.until {
        case .day(let until): end = min(until, today)
        case .moment(let until): end = min(store.streakDay(of: until), today)
        case nil: end = today
        }
        // One pass in date order, each brew kept folded into every figure as it comes; only the
        // bags' brews and the last brews of each coffee are held.
        var statistics = BrewStatistics.Accumulator(day: day)
        var weeks = WeeklyTotals.Tally(rules: rules, day: day)
        var usage = BeanUsage.Tally(bags: store.beanBags)
        var perDay = DayCounts()
        var span: (first: CalendarDay, last: CalendarDay)?
        var days: (first: CalendarDay, last: CalendarDay)?
        var ratioCounts: [String?: [RatioPoint: Int]] = [:]
        var grindRatings: [String: [GrindPoint: Ratings]] = [:]
        var dialIns: [String: DialIn] = [:]
        // Each spelling lowercased once, not once a brew.
        var lowered: [String: String] = [:]
        func lowercased(_ name: String) -> String {
            if let known = lowered[name] { return known }
            let lower = name.lowercased()
            lowered[name] = lower
            return lower
        }
        store.forEachRecordByDate { record in
            guard filter.admits(record) else { return }
            statistics.add(record)
            weeks.add(record)
            usage.add(record)
            if record.timestamp.date <= now { perDay.add(day(record.timestamp)) }
            span = (span?.first ?? record.timestamp.day, record.timestamp.day)
            let streakDay = day(record.timestamp)
            days = (min(days?.first ?? streakDay, streakDay), max(days?.last ?? streakDay, streakDay))
            if let ratio = record.ratio, ratio.isFinite, let tenths = Int(exactly: (ratio * 10).rounded()), let rating = record.rating {
                ratioCounts[record.method.map(lowercased), default: [:]][RatioPoint(tenths: tenths, rating: rating), default: 0] += 1
            }
            if let coffee = record.coffee {
                let key = lowercased(coffee)
                dialIns[key, default: DialIn()].add(record)
                if let grind = record.grind, let rating = record.rating {
                    grindRatings[key, default: [:]][GrindPoint(method: record.method.map(lowercased), grind: grind), default: Ratings()].add(rating)
                }
            }
        }
        stats = statistics.statistics
        self.span = span
        self.days = days.map { $0.first...$0.last }
        self.end = end
        self.ratioCounts = ratioCounts
        self.grindRatings = grindRatings
        self.dialIns = dialIns
        streak = store.streakSummary
        let skips = store.skipDays.map(\.day)
        skipDays = Set(skips)
        brewsPerDay = perDay
        runs = StreakCalendar(brewDays: brewsPerDay.days, skipDays: skips, rules: rules, today: today).runs
        firstBrewDay = store.streakCalendar.runs.first?.firstDay
        weekly = weeks.totals
        matching = BeanMatching(bags: store.beanBags)
        bags = BeanCommand.ordered(usage.usage).filter { !$0.brews.isEmpty }
    }
}
