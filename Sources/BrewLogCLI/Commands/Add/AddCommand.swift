import BrewLogCore

/// `brewlog add`: records a brew, prints its id and the streak.
enum AddCommand: BrewLogCommand {
    /// The options of its own, besides the FIELDS.
    enum Option {
        static let date = OptionSpec("date", short: "d", value: "when", completes: .fixed(["now", "today", "yesterday"]), help: "When you brewed (default: now). An earlier date alone records 12:00.")
        static let oncePerDay = OptionSpec("once-per-day", help: "Do nothing (exit 0) when that day already has a brew: for cron.")
        static let recipe = OptionSpec("recipe", value: "name", completes: .lookup(.recipes), help: "Start from a saved recipe (see 'brewlog recipe').")
        static let like = OptionSpec("like", value: "id", completes: .lookup(.ids), help: "Start from an earlier brew's recipe fields (" + BrewField.recipeFields.map(\.name).joined(separator: ", ") + "; never its rating, notes or date): an id, a prefix, last, last~N or last:METHOD.")
        static let unset = OptionSpec("unset", value: "field", completes: .fixed(BrewField.recipeFields.map(\.name)), repeatable: true,
                                      help: "Leave out a field the defaults, the method's defaults, the recipe or --like would set: " + BrewField.recipeFields.map(\.name).joined(separator: ", ") + ".")
        static let json = OptionSpec("json", help: "Print the new brew, the streak and the layers its fields came from as JSON (with --once-per-day, \"skipped\" says whether the day already had the brew shown).")
    }

    static let spec = CommandSpec(
        name: "add",
        abstract: "Record a brew.",
        usage: "add [<fields>] [--recipe <name> | --like <id>] [--unset <field>] [--date <when>] [--once-per-day] [--json]",
        options: FieldOptions.specs + [Option.recipe, Option.like, Option.unset, Option.date, Option.oncePerDay, Option.json],
        discussion: """
            FIELDS come from, lowest first: the sticky fields (add.sticky, e.g. grind,temp: carried
            over from the newest brew of the same method), [add] in the config, [add "METHOD"] for
            the brew's method (the typed -m, else the recipe's or --like's, else add.method; matched
            ignoring case), the recipe or --like, then the command line. --unset FIELD removes what
            a lower layer set. --ratio sets the yield of a brew with one (espresso's 1:2), else the
            water; the confirmation says which.


            WHEN: a day (today, yesterday, mon, -3d, 2026-11-28; a past day alone records 12:00), a
            time (7:30, 8pm, noon), both ("yesterday 23:40"), or a moment (now, -3h,
            2026-11-28T08:15:00+01:00). Without an offset a time is local ($TZ). Future times are refused.

            EXAMPLES:
              brewlog add -m V60 -c "Kenya AA" --dose 15 --ratio 1:16 -r 4
              brewlog add -m Espresso --dose 18 --yield 36 --temp 201F
              brewlog add -m Espresso --dose 18 --ratio 1:2.2
              brewlog add --like last -r 5 -n "Sweeter today"
              echo "Bright, blackcurrant" | brewlog add --notes -
              brewlog add --date "yesterday 23:40" --once-per-day -q
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let brew = try NewBrew(context, date: Option.date, recipe: Option.recipe, like: Option.like, unset: Option.unset)
        try log(brew, onceADay: context.arguments.has(Option.oncePerDay), asJSON: context.arguments.has(Option.json), context)
    }

    /// Records `brew` as `add` does: its layers resolved under the journal's lock, its bag linked,
    /// the ratio applied and the record validated; then prints the confirmation (or, with
    /// `asJSON`, the brew as JSON). With `onceADay`, a day that has a brew already is left alone.
    static func log(_ brew: NewBrew, onceADay: Bool, asJSON: Bool, _ context: CommandContext) throws(CLIError) {
        let timestamp = brew.timestamp
        let typedLayer = brew.typed
        let recipe = brew.recipe
        let like = brew.like
        let id = brew.id
        let configuration = context.configuration
        let outcome = try context.session().write { store throws(CLIError) -> Outcome in
            let day = store.streakDay(of: timestamp)
            if onceADay, let existing = store.brew(on: day) {
                // A notice, not a result: on standard error, so cron mail stays empty under -q.
                if !context.quiet && !asJSON {
                    context.notices.line("\(day) already has a brew (\(existing.id.rawValue.terminalSafe)); nothing added.")
                }
                return Outcome(brew: existing, added: false, streak: store.streakSummary, layers: [], phrases: [], details: [], ratioSet: nil, notices: [])
            }
            var startingPoint: (source: BrewLayers.Source, values: BrewFieldValues)?
            if let recipe {
                startingPoint = (.recipe(recipe.name), recipe.fields)
            } else if let like {
                let liked = try context.brew(like, in: store).record
                startingPoint = (.brew(liked.id), BrewFieldValues(recipeOf: liked))
            }
            var brewLayers = BrewLayers(defaults: configuration.addDefaults, methodDefaults: configuration.methodDefaults,
                                        startingPoint: startingPoint, typed: typedLayer)
            let method = brewLayers.methodInForce
            let sticky = configuration.stickyFields(method: method)
            // The method's newest brews, looked up only when asked for: what sticks from the last
            // one, and whether the method measures its yield (for --ratio).
            let needsRecent = !sticky.isEmpty || context.arguments.value(FieldOptions.ratio) != nil
            let recent = needsRecent ? method.map { store.newestRecords(ofMethod: $0, limit: BrewRatio.recentBrews) } ?? [] : []
            if !sticky.isEmpty, let newest = recent.first { brewLayers.sticky = (newest, sticky) }
            let layers = brewLayers.resolved
            var record = BrewRecord(id: id, timestamp: timestamp)
            layers.values.apply(to: &record)
            var notices: [String] = []
            let bagNotice = try linkBag(&record, layers, typed: typedLayer[.bean] != nil, store, context)
            let ratioSet = try FieldOptions.applyRatio(context, to: &record, recent: recent)
            try FieldOptions.validate(record, context)
            if let coffee = record.coffee, let known = suggestion(for: coffee, store) {
                notices.append("warning: no bag or earlier brew has the coffee '\(coffee.terminalSafe)' spelled this way; did you mean '\(known.terminalSafe)'?")
            }
            let bag = BeanMatching(bags: store.beanBags).bag(of: record)
            let before = bag.map { store.beanUsage(of: $0) }
            let filled = record
            let added = store.recordBrew(at: timestamp) { $0 = filled }
            if let bagNotice { notices.insert(bagNotice(added.id), at: 0) }
            if let before {
                // One pass over the journal: the usage after is the usage before and this brew.
                notices += bagNotices(before: before, after: before.adding(filled))
            }
            let ratio = ratioSet.map { ratioPhrase($0, filled) }
            let phrases = layers.used.compactMap { phrase($0, layers) } + (ratio.map { [$0] } ?? [])
            let details = layers.used.filter { if case .sticky = $0 { true } else { false } }.compactMap { phrase($0, layers)?.full }
                + (ratio.map { [$0.full] } ?? [])
            return Outcome(brew: added, added: true, streak: store.streakSummary, layers: layers.used, phrases: phrases,
                           details: details, ratioSet: ratioSet, notices: notices)
        }
        report(outcome, onceADay: onceADay, asJSON: asJSON, context)
    }

    /// The known coffee `coffee` is probably a slip of, when no bag and no brew has it. The last
    /// brews are read first, from the journal's end (most adds name a coffee brewed lately); only
    /// a coffee none of them has makes a pass over every brew, decoded on every core. Known names
    /// are offered latest first, as a reading from the end meets them.
    private static func suggestion(for coffee: String, _ store: BrewLogStore) -> String? {
        let bags = store.beanBags.map(\.name)
        guard !bags.contains(coffee) else { return nil }
        var found = false
        var read = 0
        store.visitRecordsFromLastLine { record in
            read += 1
            if record.coffee == coffee { found = true }
            return !found && read < recentBrews
        }
        guard !found else { return nil }
        var lastSeen: [String: Int] = [:]
        var position = 0
        store.forEachRecord { record in
            position += 1
            guard let other = record.coffee else { return }
            if other == coffee { found = true }
            lastSeen[other] = position
        }
        guard !found else { return nil }
        var seen = Set(bags)
        let named = lastSeen.sorted { $0.value > $1.value }.map(\.key).filter { seen.insert($0).inserted }
        return CoffeeSuggestion.suggestion(for: coffee, known: bags + named)
    }

    /// How many of the latest brews are read one by one before the whole journal is.
    private static let recentBrews = 256

    /// What `add` did: the brew added (or, with `--once-per-day`, the day's brew found), the
    /// streak after, and the layers its fields came from (the command line's included).
    private struct Outcome {
        let brew: Brew
        let added: Bool
        let streak: StreakSummary
        let layers: [BrewLayers.Source]
        /// The layers (and what the ratio set) as the confirmation names them.
        let phrases: [(full: String, brief: String)]
        /// What the sticky layer carried over and the ratio set, in full.
        let details: [String]
        /// The grams `--ratio` set, when given.
        let ratioSet: BrewField?
        /// What the user should know besides the brew (a likely typo, a bag running low).
        let notices: [String]
    }

    private static func report(_ outcome: Outcome, onceADay: Bool, asJSON: Bool, _ context: CommandContext) {
        if asJSON {
            // Skipped or not, one JSON object: the day's brew, the streak, the layers (and where it
            // started from), and (with --once-per-day) whether it was skipped because the day
            // already had a brew.
            var extra: [(key: String, value: JSONText)] = [("streak", StreakJSON.object(outcome.streak))]
            if outcome.added { extra.append(("layers", .array(outcome.layers.map(json)))) }
            for layer in outcome.layers {
                switch layer {
                case .recipe(let name): extra.append(("started_from", .object([("recipe", .string(name))])))
                case .brew(let id): extra.append(("started_from", .object([("brew", .string(id.rawValue))])))
                case .sticky, .defaults, .methodDefaults, .commandLine: break
                }
            }
            if let ratioSet = outcome.ratioSet { extra.append(("ratio_set", .string(ratioSet.journalKey))) }
            if onceADay { extra.append(("skipped", .bool(!outcome.added))) }
            context.out.line(JSONText.brew(outcome.brew.record, with: extra))
        } else if !outcome.added {
            return
        }
        if !context.quiet {
            // On standard error: scripts reading the id or the JSON never see them.
            for notice in outcome.notices { context.notices.line(notice) }
        }
        if asJSON {
            return
        } else if context.quiet {
            context.out.line(outcome.brew.id.rawValue)
        } else {
            for line in confirmation(outcome, style: context.style) { context.out.line(line) }
        }
    }

    /// One line: "Logged 0f3a9c2e71d4 at 07:40: V60 (defaults). Streak 3 days, longest 12." The
    /// time alone when the brew is today's, else with its date; the method and the layers below
    /// the command line when there are any; the weekly part only when a target is set; never
    /// more than ``AddConfirmation/width`` columns.
    private static func confirmation(_ outcome: Outcome, style: Style) -> [String] {
        let brew = outcome.brew
        let wall = brew.timestamp.wallClock
        let when = wall.day == outcome.streak.today ? BrewFormatting.time(brew.timestamp) : BrewFormatting.dateTime(brew.timestamp)
        return AddConfirmation(id: brew.id.rawValue.terminalSafe, when: when, method: brew.method?.terminalSafe,
                               layers: outcome.phrases, streak: outcome.streak, details: outcome.details).lines(style: style)
    }

    /// A layer as the confirmation names it, in full and briefly; `nil` for the command line,
    /// which goes without saying. The sticky layer says what it carried over: "grind 22, temp
    /// 96.0 °C from the last V60", briefly "last V60".
    private static func phrase(_ source: BrewLayers.Source, _ layers: BrewLayers.Resolution) -> (full: String, brief: String)? {
        switch source {
        case .sticky(let method, _):
            let carried = layers.fields(from: source).compactMap { field in layers.values[field].map { "\(field.name) \(field.display($0).terminalSafe)" } }
            return (carried.joined(separator: ", ") + " from the last \(method.terminalSafe)", "last \(method.terminalSafe)")
        case .defaults: return ("defaults", "defaults")
        case .methodDefaults(let method): return ("\(method.terminalSafe) defaults", "\(method.terminalSafe) defaults")
        case .recipe(let name): return ("recipe \(name.terminalSafe)", "recipe \(name.terminalSafe)")
        case .brew(let id): return ("like \(id.rawValue.terminalSafe)", "like \(id.rawValue.terminalSafe)")
        case .commandLine: return nil
        }
    }

    /// What `--ratio` set, as the confirmation says it: "yield 36 g by ratio 1:2", briefly
    /// "yield by ratio".
    private static func ratioPhrase(_ field: BrewField, _ record: BrewRecord) -> (full: String, brief: String) {
        let set = record[field].map { field.display($0) } ?? "-"
        let ratio = record.ratio.map { formatNumber(($0 * 10).rounded() / 10) } ?? "?"
        return ("\(field.name) \(set) by ratio 1:\(ratio)", "\(field.name) by ratio")
    }

    /// A layer as `--json` names it.
    private static func json(_ source: BrewLayers.Source) -> JSONText {
        switch source {
        case .sticky(let method, let brew): .object([("layer", .string("sticky")), ("method", .string(method)), ("brew", .string(brew.rawValue))])
        case .defaults: .object([("layer", .string("add"))])
        case .methodDefaults(let method): .object([("layer", .string("add")), ("method", .string(method))])
        case .recipe(let name): .object([("layer", .string("recipe")), ("name", .string(name))])
        case .brew(let id): .object([("layer", .string("like")), ("brew", .string(id.rawValue))])
        case .commandLine: .object([("layer", .string("command line"))])
        }
    }
}
