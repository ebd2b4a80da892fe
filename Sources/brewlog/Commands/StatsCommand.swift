import BrewLogCore

/// `brewlog stats`: totals, per method and coffee, averages, and a calendar heatmap.
enum StatsCommand: BrewLogCommand {
    /// Its own option, besides `--since`.
    enum Option {
        static let json = OptionSpec("json", help: "Print the figures as JSON.")
    }

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Show totals, averages and a calendar heatmap.",
        usage: "stats [<filters>] [--json]",
        options: BrewFilter.options + [Option.json],
        discussion: "The heatmap shows the last 26 weeks from ui.week-start (default Monday), one cell per streak day (streak.day-starts applied): · none, ░ 1, ▒ 2, ▓ 3, █ 4 or more; - a rest day and ~ a skip day without a brew.",
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        let records = store.brews.map(\.record).filter(filter.admits)
        let stats = BrewStatistics(records)
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
        out.line(style.bold("Ratio") + "       " + (stats.averageRatio.map { BrewFormatting.ratio($0) + " average" } ?? "-"))
        out.line(style.bold("Dose") + "        " + (stats.averageDose.map { BrewFormatting.oneDecimal($0) + " g average" } ?? "-"))
        section("Methods", stats.methods, showRating: true, out: out, style: style)
        section("Coffees", stats.coffees, showRating: false, out: out, style: style)
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

    private static func section(_ title: String, _ groups: [BrewStatistics.Group], showRating: Bool, out: TextOutput, style: Style) {
        guard !groups.isEmpty else { return }
        out.line()
        out.line(style.bold(title))
        let shown = groups.prefix(8)
        // Escaped before measuring, so the columns line up with what the terminal shows.
        let names = shown.map(\.name.terminalSafe)
        let nameWidth = min(40, names.map { BrewFormatting.displayWidth($0) }.max() ?? 0)
        for (group, name) in zip(shown, names) {
            var line = "  " + BrewFormatting.padded(BrewFormatting.truncate(name, to: nameWidth), to: nameWidth)
                + "  " + BrewFormatting.padded(String(group.brews), to: 5, alignedRight: true)
            if showRating, let rating = group.averageRating { line += "  ★ " + BrewFormatting.oneDecimal(rating) }
            out.line(line)
        }
        if groups.count > shown.count {
            out.line(style.dim("  … and \(groups.count - shown.count) more"))
        }
    }

    private static func json(_ stats: BrewStatistics, _ streak: StreakSummary) -> JSONText {
        // Rounded to thousandths where that cannot overflow; JSON has no infinity, so that is null.
        func number(_ value: Double?) -> JSONText {
            guard let value else { return .null }
            return .number(value.isFinite && abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value)
        }
        func groups(_ groups: [BrewStatistics.Group]) -> JSONText {
            .array(groups.map { .object([("name", .string($0.name)), ("brews", .int($0.brews)), ("average_rating", number($0.averageRating))]) })
        }
        return .object([
            ("brews", .int(stats.brews)), ("brew_days", .int(stats.brewDays)),
            ("average_rating", number(stats.averageRating)), ("average_ratio", number(stats.averageRatio)),
            ("average_dose", number(stats.averageDose)), ("streak", StreakJSON.object(streak)), ("methods", groups(stats.methods)), ("coffees", groups(stats.coffees)),
        ])
    }
}
