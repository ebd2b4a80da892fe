import BrewLogCore

/// `brewlog add`: records a brew, prints its id and the streak.
enum AddCommand: BrewLogCommand {
    /// The options of its own, besides the FIELDS.
    enum Option {
        static let date = OptionSpec("date", short: "d", value: "when", help: "When you brewed (default: now). An earlier date alone records 12:00.")
        static let oncePerDay = OptionSpec("once-per-day", help: "Do nothing (exit 0) when that day already has a brew: for cron.")
        static let json = OptionSpec("json", help: "Print the new brew and the streak as JSON (with --once-per-day, \"skipped\" says whether the day already had the brew shown).")
    }

    static let spec = CommandSpec(
        name: "add",
        abstract: "Record a brew.",
        usage: "add [<fields>] [--date <when>] [--once-per-day] [--json]",
        options: FieldOptions.specs + [Option.date, Option.oncePerDay, Option.json],
        discussion: """
            WHEN: now, today, yesterday, YYYY-MM-DD, HH:MM (today), or YYYY-MM-DDTHH:MM[:SS] with an
            optional offset (Z, +01:00). Without an offset a time is local ($TZ). Future times are refused.

            EXAMPLES:
              brewlog add --method V60 --coffee "Kenya AA" --dose 15 --water 250 --rating 4
              echo "Bright, blackcurrant" | brewlog add --notes -
              brewlog add --date yesterday --once-per-day -q
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let timestamp = try WhenOptions.moment(context, Option.date)
        var record = BrewRecord(id: .random(), timestamp: timestamp)
        let notes = try FieldOptions.value(of: .notes, in: context.arguments).map { (text: String) throws(CLIError) in try FieldOptions.notes(text, context) }
        try FieldOptions.apply(context, notes: notes, to: &record)
        try FieldOptions.applyRatio(context, to: &record)
        try FieldOptions.validate(record, context)

        let filled = record
        let onceADay = context.arguments.has(Option.oncePerDay)
        let asJSON = context.arguments.has(Option.json)
        let outcome = try context.session().write { store throws(CLIError) -> (brew: Brew, added: Bool, streak: StreakSummary) in
            if onceADay, let existing = store.brew(on: timestamp.day) {
                // A notice, not a result: on standard error, so cron mail stays empty under -q.
                if !context.quiet && !asJSON {
                    context.notices.line("\(timestamp.day) already has a brew (\(existing.id.rawValue.terminalSafe)); nothing added.")
                }
                return (existing, false, store.streakSummary)
            }
            let brew = store.recordBrew(at: timestamp) { $0 = filled }
            return (brew, true, store.streakSummary)
        }

        if asJSON {
            // Skipped or not, one JSON object: the day's brew, the streak, and (with --once-per-day)
            // whether it was skipped because the day already had this brew.
            var extra: [(key: String, value: JSONText)] = [("streak", StreakJSON.object(outcome.streak))]
            if onceADay { extra.append(("skipped", .bool(!outcome.added))) }
            context.out.line(JSONText.brew(outcome.brew.record, with: extra))
        } else if !outcome.added {
            return
        } else if context.quiet {
            context.out.line(outcome.brew.id.rawValue)
        } else {
            let style = context.style
            context.out.line("Logged \(style.bold(outcome.brew.id.rawValue.terminalSafe)) at \(BrewFormatting.dateTime(outcome.brew.timestamp)). "
                + StreakText.sentence(outcome.streak, style: style))
        }
    }
}
