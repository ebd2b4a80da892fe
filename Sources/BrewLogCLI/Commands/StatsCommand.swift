import BrewLogCore

/// `brewlog stats`: totals, per method (with its averages) and per coffee, and a calendar heatmap.
enum StatsCommand: BrewLogCommand {
    /// Its own option, besides `--since`.
    enum Option {
        static let json = OptionSpec("json", help: "Print the figures as JSON (every method and coffee).")
        static let all = OptionSpec("all", help: "List every method and coffee, not only the \(StatsCommand.shownGroups) most brewed.")
        static let trend = OptionSpec("trend", help: "Show brews and the average rating per week, the last \(Sparkline.weeks) weeks, as sparklines.")
    }

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Show totals, averages per method and a calendar heatmap.",
        usage: "stats [<filters>] [--all | --trend] [--json]",
        options: BrewFilter.options + [Option.all, Option.trend, Option.json],
        discussion: "The averages (" + StatsTable.averages.map { $0.title.lowercased() }.joined(separator: ", ")
            + ") are per method, never across methods. The heatmap shows the weeks of the days --since, --until and --on keep "
            + "(at most \(Heatmap.maxWeeks), ending at --until or today; without --since, the last \(Heatmap.maxWeeks)), weeks starting on "
            + "ui.week-start (default Monday), one cell per streak day (streak.day-starts applied): · none, ░ 1, ▒ 2, ▓ 3, █ 4 or more; "
            + "from the journal's first brew day, - a rest day and ~ a skip day without a brew.",
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        if context.arguments.has(Option.trend) {
            try trend(filter: filter, store: store, context)
            return
        }
        // Read front to back without making objects, each brew folded into the figures and the
        // heatmap's days as it comes: nothing grows with the journal but those. Days as the
        // streak counts them (the day start applied), so the figures and the heatmap agree.
        // Today is read once: the store's `today` asks the time zone each time.
        let rules = store.rules, today = store.today, now = store.now
        let streakDay = { (timestamp: Timestamp) in min(rules.day(of: timestamp), today) }
        var accumulator = BrewStatistics.Accumulator(day: streakDay)
        var heatDays = DayCounts()
        let bags = BeanMatching(bags: store.beanBags)
        var cost = (total: 0.0, cups: 0)
        store.forEachRecord { record in
            guard filter.admits(record) else { return }
            accumulator.add(record)
            if let cup = bags.cost(of: record) { cost = (cost.total + cup, cost.cups + 1) }
            // Brews still to come are left out of the heatmap.
            if record.timestamp.date <= now { heatDays.add(streakDay(record.timestamp)) }
        }
        try store.ensureReadWhole()
        let stats = accumulator.statistics
        let streak = store.streakSummary
        // What a cup cost, over the brews whose bag has a price and a weight.
        let perCup = cost.cups > 0 ? cost.total / Double(cost.cups) : nil
        if context.arguments.has(Option.json) {
            context.out.line(json(stats, streak, costPerCup: perCup).text)
            return
        }
        guard !context.quiet else { return }
        let out = context.out
        let style = context.style
        out.line(style.bold("Brews") + "       \(stats.brews) on \(stats.brewDays) day\(stats.brewDays == 1 ? "" : "s")")
        // The streak is the journal's, whatever the filters keep: one note says both.
        let notes = (streak.brewedToday ? ["today included"] : []) + (filter.isEmpty ? [] : ["whole journal, not filtered"])
        out.line(style.bold("Streak") + "      \(streak.current) current, \(streak.longest) longest"
                 + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
        out.line(style.bold("Rating") + "      " + (stats.averageRating.map { "\(BrewFormatting.oneDecimal($0)) average" } ?? "-"))
        if let perCup {
            out.line(style.bold("Cost") + "        " + BrewFormatting.money(perCup, currency: context.configuration.currency)
                     + " a cup (\(cost.cups) of \(stats.brews) brew\(stats.brews == 1 ? "" : "s") from a bag with a price)")
        }
        let shown = context.arguments.has(Option.all) ? Int.max : shownGroups
        section(StatsTable.methods(stats.methods.prefix(shown)), groups: stats.methods, out: out, style: style)
        section(StatsTable.coffees(stats.coffees.prefix(shown)), groups: stats.coffees, out: out, style: style)
        out.line()
        for line in heatmap(heatDays, filter: filter, store: store, style: style).lines {
            out.line(line)
        }
    }

    /// The heatmap of the brews per streak day `perDay`, over the days the filter's `--since`,
    /// `--until` and `--on` keep, with the rules' week start and the rest and skip days marked
    /// from the journal's first brew day.
    private static func heatmap(_ perDay: DayCounts, filter: BrewFilter, store: BrewLogStore, style: Style) -> Heatmap {
        func day(_ when: When?) -> CalendarDay? {
            switch when {
            case .day(let day): day
            case .moment(let timestamp): store.streakDay(of: timestamp)
            case nil: nil
            }
        }
        let rules = store.rules, today = store.today
        // The later of --since and --on's first day, the earlier of --until and --on's last.
        let since = [day(filter.since), filter.on?.lowerBound].compactMap { $0 }.max()
        let until = [day(filter.until), filter.on?.upperBound].compactMap { $0 }.min()
        let range = Heatmap.range(since: since, until: until, earliestBrewDay: perDay.firstDay, today: today, rules: rules)
        return Heatmap(brewsPerDay: perDay, range: range, style: style, rules: rules,
                       skipDays: Set(store.skipDays.map(\.day)), firstBrewDay: store.streakCalendar.runs.first?.firstDay)
    }

    /// `--trend`: the last 26 weeks (ending with `--until`'s week, or this week) as sparklines,
    /// or with `--json` as `{"weeks":[{"week":D,"brews":N,"grams":G,"average_rating":R|null}]}`.
    private static func trend(filter: BrewFilter, store: BrewLogStore, _ context: CommandContext) throws(CLIError) {
        if context.arguments.has(Option.all) { throw context.usage("'--trend' and '--all' do not go together: --trend shows weeks, not methods") }
        let rules = store.rules, today = store.today
        let end: CalendarDay
        switch filter.until {
        case .day(let until): end = min(until, today)
        case .moment(let until): end = min(store.streakDay(of: until), today)
        case nil: end = today
        }
        var tally = WeeklyTotals.Tally(weeks: Sparkline.weeks, endingOn: end, rules: rules) { min(rules.day(of: $0), today) }
        store.forEachRecord { record in
            if filter.admits(record) { tally.add(record) }
        }
        try store.ensureReadWhole()
        let totals = tally.totals
        if context.arguments.has(Option.json) {
            context.out.line(JSONText.object([("weeks", .array(totals.weeks.map { week in
                .object([("week", .string("\(week.start)")), ("brews", .int(week.brews)), ("grams", .number(week.grams)),
                         ("average_rating", week.averageRating.map { .number(($0 * 1000).rounded() / 1000) } ?? .null)])
            }))]).text)
            return
        }
        guard !context.quiet else { return }
        for line in Sparkline(totals: totals).lines { context.out.line(line) }
    }

    /// How many methods or coffees are listed without `--all`.
    static let shownGroups = 8

    /// A table of methods or coffees after a blank line, then how many `groups` it leaves out.
    private static func section(_ table: StatsTable, groups: [BrewStatistics.Group], out: TextOutput, style: Style) {
        guard !groups.isEmpty else { return }
        out.line()
        for (index, line) in table.lines.enumerated() {
            out.line(index == 0 ? style.bold(line) : line)
        }
        if groups.count > table.rows.count {
            out.line(style.dim("… and \(groups.count - table.rows.count) more (--all lists them)"))
        }
    }

    private static func json(_ stats: BrewStatistics, _ streak: StreakSummary, costPerCup: Double?) -> JSONText {
        // Rounded to thousandths where that cannot overflow; JSON has no infinity, so that is null.
        func number(_ value: Double?) -> JSONText {
            guard let value else { return .null }
            return .number(value.isFinite && abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value)
        }
        func groups(_ groups: [BrewStatistics.Group], withAverages: Bool) -> JSONText {
            .array(groups.map { group in
                let averages = StatsTable.averages.map { ($0.key, number($0.mean(group))) }
                return .object([("name", group.name.map(JSONText.string) ?? .null), ("brews", .int(group.brews)),
                                ("average_rating", number(group.averageRating))]
                               + (withAverages ? [("averages", .object(averages))] : []))
            })
        }
        return .object([
            ("brews", .int(stats.brews)), ("brew_days", .int(stats.brewDays)), ("average_rating", number(stats.averageRating)),
            ("streak", StreakJSON.object(streak)), ("methods", groups(stats.methods, withAverages: true)),
            ("coffees", groups(stats.coffees, withAverages: false)), ("cost_per_cup", number(costPerCup)),
        ])
    }
}
