import BrewLogCore

/// `brewlog stats`: totals, per method and coffee, averages, and a calendar heatmap.
enum StatsCommand: BrewLogCommand {
    /// Its own option, besides `--since`.
    enum Option {
        static let json = OptionSpec("json", help: "Print the figures as JSON (every method and coffee).")
        static let all = OptionSpec("all", help: "List every method and coffee, not only the \(StatsCommand.shownGroups) most brewed.")
    }

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Show totals, averages and a calendar heatmap.",
        usage: "stats [<filters>] [--all] [--json]",
        options: BrewFilter.options + [Option.all, Option.json],
        discussion: "The heatmap shows the last 26 weeks from ui.week-start (default Monday), one cell per streak day (streak.day-starts applied): · none, ░ 1, ▒ 2, ▓ 3, █ 4 or more; - a rest day and ~ a skip day without a brew.",
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        let records = store.brews.map(\.record).filter(filter.admits)
        // Days as the streak counts them (the day start applied), so the figures and the heatmap agree.
        let rules = store.rules, today = store.today
        let stats = BrewStatistics(records) { min(rules.day(of: $0), today) }
        let streak = store.streakSummary
        if context.arguments.has(Option.json) {
            context.out.line(json(stats, streak).text)
            return
        }
        guard !context.quiet else { return }
        let out = context.out
        let style = context.style
        out.line(style.bold("Brews") + "       \(stats.brews) on \(stats.brewDays) day\(stats.brewDays == 1 ? "" : "s")")
        // The streak is the journal's, whatever the filters keep: say so when they keep less.
        let scope = filter.isEmpty ? "" : style.dim(" (whole journal, not filtered)")
        out.line(style.bold("Streak") + "      \(streak.current) current, \(streak.longest) longest\(streak.brewedToday ? " (today included)" : "")" + scope)
        out.line(style.bold("Rating") + "      " + (stats.averageRating.map { "\(BrewFormatting.oneDecimal($0)) average" } ?? "-"))
        out.line(style.bold("Dose") + "        " + (stats.averageDose.map { BrewFormatting.oneDecimal($0) + " g average" } ?? "-"))
        let all = context.arguments.has(Option.all)
        section("Methods", stats.methods, showRatio: true, all: all, out: out, style: style)
        section("Coffees", stats.coffees, showRatio: false, all: all, out: out, style: style)
        out.line()
        for line in heatmap(records, store: store, style: style).lines {
            out.line(line)
        }
    }

    /// The heatmap of `records` by streak day (the day start applied, brews still to come left
    /// out), with the rules' week start and the rest and skip days marked.
    private static func heatmap(_ records: [BrewRecord], store: BrewLogStore, style: Style) -> Heatmap {
        var perDay: [CalendarDay: Int] = [:]
        let now = store.now
        for record in records where record.timestamp.date <= now {
            perDay[store.streakDay(of: record.timestamp), default: 0] += 1
        }
        return Heatmap(brewsPerDay: perDay, today: store.today, style: style, rules: store.rules, skipDays: Set(store.skipDays.map(\.day)))
    }

    /// How many methods or coffees are listed without `--all`.
    static let shownGroups = 8

    /// A section of methods or coffees: each with its brews, average rating and (for methods)
    /// average ratio, so a 1:2 espresso and a 1:16 pour-over are never averaged together.
    private static func section(_ title: String, _ groups: [BrewStatistics.Group], showRatio: Bool, all: Bool, out: TextOutput, style: Style) {
        guard !groups.isEmpty else { return }
        out.line()
        out.line(style.bold(title))
        let shown = all ? groups[...] : groups.prefix(shownGroups)
        // Escaped before measuring, so the columns line up with what the terminal shows.
        let names = shown.map(\.name.terminalSafe)
        let nameWidth = min(40, names.map { BrewFormatting.displayWidth($0) }.max() ?? 0)
        for (group, name) in zip(shown, names) {
            var line = "  " + BrewFormatting.padded(BrewFormatting.truncate(name, to: nameWidth), to: nameWidth)
                + "  " + BrewFormatting.padded(String(group.brews), to: 5, alignedRight: true)
            line += "  " + BrewFormatting.padded(group.averageRating.map { "★ " + BrewFormatting.oneDecimal($0) } ?? "-", to: 5)
            if showRatio { line += "  " + BrewFormatting.ratio(group.averageRatio) }
            out.line(line.trimmingTrailingSpaces())
        }
        if groups.count > shown.count {
            out.line(style.dim("  … and \(groups.count - shown.count) more (--all lists them)"))
        }
    }

    private static func json(_ stats: BrewStatistics, _ streak: StreakSummary) -> JSONText {
        // Rounded to thousandths where that cannot overflow; JSON has no infinity, so that is null.
        func number(_ value: Double?) -> JSONText {
            guard let value else { return .null }
            return .number(value.isFinite && abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value)
        }
        func groups(_ groups: [BrewStatistics.Group], withRatio: Bool) -> JSONText {
            .array(groups.map {
                .object([("name", .string($0.name)), ("brews", .int($0.brews)), ("average_rating", number($0.averageRating))]
                        + (withRatio ? [("average_ratio", number($0.averageRatio))] : []))
            })
        }
        return .object([
            ("brews", .int(stats.brews)), ("brew_days", .int(stats.brewDays)),
            ("average_rating", number(stats.averageRating)),
            ("average_dose", number(stats.averageDose)), ("streak", StreakJSON.object(streak)), ("methods", groups(stats.methods, withRatio: true)), ("coffees", groups(stats.coffees, withRatio: false)),
        ])
    }
}
