import BrewLogCore

/// The numbers the report shows, taken from the core's own computations so they equal what
/// `stats --json`, `dial --json`, `bean list --json` and `streak --history --json` print: the
/// brews the filters keep, their statistics, the journal's streak, the runs and weeks of the
/// brews kept, and the bags they were made from.
struct ReportData {
    /// How many weeks the calendar and the weekly chart span: a year, whole weeks.
    static let weeks = 53

    /// The brews the filters keep, in date order.
    let records: [BrewRecord]
    /// Their totals and per-method and per-coffee figures, as `stats` counts them.
    let stats: BrewStatistics
    /// The journal's streak, whatever the filters keep (as `stats` reports it).
    let streak: StreakSummary
    /// The unbroken runs of the brews kept (all brews: `streak --history`'s runs), oldest first.
    let runs: [StreakRun]
    /// The days the calendar and the weekly chart draw: 53 weeks ending with `--until` or today.
    let window: ClosedRange<CalendarDay>
    /// Today's streak day.
    let today: CalendarDay
    /// The day start, rest days and week start.
    let rules: StreakRules
    /// Brews kept per streak day, brews still to come left out.
    let brewsPerDay: [CalendarDay: Int]
    /// The journal's skip days.
    let skipDays: Set<CalendarDay>
    /// The journal's first brew day: rest and skip days are marked from it on.
    let firstBrewDay: CalendarDay?
    /// Brews, grams and average rating per week of the window.
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
        let records = store.recordsByDate.filter(filter.admits)
        self.records = records
        let day = { (timestamp: Timestamp) in min(rules.day(of: timestamp), today) }
        stats = BrewStatistics(records, day: day)
        streak = store.streakSummary
        let skips = store.skipDays.map(\.day)
        skipDays = Set(skips)
        var perDay: [CalendarDay: Int] = [:]
        for record in records where record.timestamp.date <= now {
            perDay[day(record.timestamp), default: 0] += 1
        }
        brewsPerDay = perDay
        runs = StreakCalendar(brewDays: perDay.keys, skipDays: skips, rules: rules, today: today).runs
        firstBrewDay = store.streakCalendar.runs.first?.firstDay
        let end: CalendarDay
        switch filter.until {
        case .day(let until): end = min(until, today)
        case .moment(let until): end = min(store.streakDay(of: until), today)
        case nil: end = today
        }
        let lastWeek = rules.weekStart(of: end)
        window = lastWeek.adding(days: -7 * (ReportData.weeks - 1))...end
        weekly = WeeklyTotals(records, weeks: ReportData.weeks, endingOn: end, rules: rules, day: day)
        matching = BeanMatching(bags: store.beanBags)
        bags = BeanCommand.ordered(BeanUsage.of(store.beanBags, brews: records)).filter { !$0.brews.isEmpty }
    }
}
