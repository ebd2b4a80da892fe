import BrewLogCore

/// `brewlog add`: records a brew, prints its id and the streak.
enum AddCommand: BrewLogCommand {
    /// The options of its own, besides the FIELDS.
    enum Option {
        static let date = OptionSpec("date", short: "d", value: "when", help: "When you brewed (default: now). An earlier date alone records 12:00.")
        static let oncePerDay = OptionSpec("once-per-day", help: "Do nothing (exit 0) when that day already has a brew: for cron.")
        static let recipe = OptionSpec("recipe", value: "name", help: "Start from a saved recipe (see 'brewlog recipe').")
        static let like = OptionSpec("like", value: "id", help: "Start from an earlier brew's recipe fields (" + BrewField.recipeFields.map(\.name).joined(separator: ", ") + "; never its rating, notes or date): an id, a prefix, last, last~N or last:METHOD.")
        static let json = OptionSpec("json", help: "Print the new brew and the streak as JSON (with --once-per-day, \"skipped\" says whether the day already had the brew shown).")
    }

    static let spec = CommandSpec(
        name: "add",
        abstract: "Record a brew.",
        usage: "add [<fields>] [--recipe <name> | --like <id>] [--date <when>] [--once-per-day] [--json]",
        options: FieldOptions.specs + [Option.recipe, Option.like, Option.date, Option.oncePerDay, Option.json],
        discussion: """
            WHEN: a day (today, yesterday, mon, -3d, 2026-11-28; a past day alone records 12:00), a
            time (7:30, 8pm, noon), both ("yesterday 23:40"), or a moment (now, -3h,
            2026-11-28T08:15:00+01:00). Without an offset a time is local ($TZ). Future times are refused.

            EXAMPLES:
              brewlog add -m V60 -c "Kenya AA" --dose 15 --ratio 1:16 -r 4
              brewlog add -m Espresso --dose 18 --yield 36 --temp 201F
              brewlog add --like last -r 5 -n "Sweeter today"
              echo "Bright, blackcurrant" | brewlog add --notes -
              brewlog add --date "yesterday 23:40" --once-per-day -q
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let timestamp = try WhenOptions.moment(context, Option.date)
        // The command line is read (and every typed value checked) before the lock is taken.
        let notes = try FieldOptions.value(of: .notes, in: context.arguments).map { (text: String) throws(CLIError) in try FieldOptions.notes(text, context) }
        var typed = BrewRecord(id: .random(), timestamp: timestamp)
        try FieldOptions.apply(context, notes: notes, to: &typed)
        let typedFields = BrewField.allCases.filter { FieldOptions.value(of: $0, in: context.arguments) != nil }
        let like = context.arguments.value(Option.like)
        let recipe = try self.recipe(context)
        if recipe != nil && like != nil {
            throw context.usage("'--recipe' and '--like' both say where the brew starts from", hint: "give one of them")
        }
        let defaults = context.configuration.addDefaults

        let onceADay = context.arguments.has(Option.oncePerDay)
        let asJSON = context.arguments.has(Option.json)
        let outcome = try context.session().write { store throws(CLIError) -> Outcome in
            let day = store.streakDay(of: timestamp)
            if onceADay, let existing = store.brew(on: day) {
                // A notice, not a result: on standard error, so cron mail stays empty under -q.
                if !context.quiet && !asJSON {
                    context.notices.line("\(day) already has a brew (\(existing.id.rawValue.terminalSafe)); nothing added.")
                }
                return Outcome(brew: existing, added: false, streak: store.streakSummary, startedFrom: nil)
            }
            // Lowest first: the [add] defaults, the recipe or the liked brew, the command line.
            var record = BrewRecord(id: typed.id, timestamp: timestamp)
            var startingPoint = BrewFieldValues()
            var startedFrom: StartingPoint?
            if let recipe {
                startingPoint = recipe.fields
                startedFrom = .recipe(recipe.name)
            } else if let like {
                let liked = try context.brew(like, in: store).record
                startingPoint = BrewFieldValues(recipeOf: liked)
                startedFrom = .brew(liked.id)
            }
            BrewFieldValues.layered([defaults, startingPoint]).apply(to: &record)
            // Typed fields win; typed tags replace the ones the brew started from.
            for field in typedFields {
                record.copy(field, from: typed)
            }
            try FieldOptions.applyRatio(context, to: &record)
            try FieldOptions.validate(record, context)
            let filled = record
            let brew = store.recordBrew(at: timestamp) { $0 = filled }
            return Outcome(brew: brew, added: true, streak: store.streakSummary, startedFrom: startedFrom)
        }
        report(outcome, onceADay: onceADay, context)
    }

    /// The recipe `--recipe` names, or `nil` when not given; an unknown name is a usage error.
    private static func recipe(_ context: CommandContext) throws(CLIError) -> (name: String, fields: BrewFieldValues)? {
        guard let name = context.arguments.value(Option.recipe) else { return nil }
        guard let fields = context.configuration.recipe(name) else {
            let names = context.configuration.recipeNames
            let hint = nearest(to: name, in: names).map { "did you mean '\($0)'?" }
                ?? (names.isEmpty ? "save one with 'brewlog recipe save NAME'" : "recipes: " + names.map(\.terminalSafe).joined(separator: ", "))
            throw context.usage("no recipe named '\(cappedForMessage(name))'", hint: hint)
        }
        return (name, fields)
    }

    /// Where a new brew's recipe fields came from, before the command line's.
    private enum StartingPoint {
        /// A saved recipe, named by `--recipe`.
        case recipe(String)
        /// An earlier brew, named by `--like`.
        case brew(BrewID)

        /// The `--json` member naming it.
        var json: JSONText {
            switch self {
            case .recipe(let name): .object([("recipe", .string(name))])
            case .brew(let id): .object([("brew", .string(id.rawValue))])
            }
        }

        /// The words after the time in the human line.
        var phrase: String {
            switch self {
            case .recipe(let name): "recipe \(name.terminalSafe)"
            case .brew(let id): "like \(id.rawValue.terminalSafe)"
            }
        }
    }

    /// What `add` did: the brew added (or, with `--once-per-day`, the day's brew found), the streak after.
    private struct Outcome {
        let brew: Brew
        let added: Bool
        let streak: StreakSummary
        let startedFrom: StartingPoint?
    }

    private static func report(_ outcome: Outcome, onceADay: Bool, _ context: CommandContext) {
        if context.arguments.has(Option.json) {
            // Skipped or not, one JSON object: the day's brew, the streak, where it started from,
            // and (with --once-per-day) whether it was skipped because the day already had a brew.
            var extra: [(key: String, value: JSONText)] = [("streak", StreakJSON.object(outcome.streak))]
            if let startedFrom = outcome.startedFrom { extra.append(("started_from", startedFrom.json)) }
            if onceADay { extra.append(("skipped", .bool(!outcome.added))) }
            context.out.line(JSONText.brew(outcome.brew.record, with: extra))
        } else if !outcome.added {
            return
        } else if context.quiet {
            context.out.line(outcome.brew.id.rawValue)
        } else {
            let style = context.style
            let from = outcome.startedFrom.map { " (\($0.phrase))" } ?? ""
            context.out.line("Logged \(style.bold(outcome.brew.id.rawValue.terminalSafe)) at \(BrewFormatting.dateTime(outcome.brew.timestamp))\(from). "
                + StreakText.sentence(outcome.streak, style: style))
        }
    }
}
