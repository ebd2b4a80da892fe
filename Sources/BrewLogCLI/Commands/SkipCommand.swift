import BrewLogCore

/// `brewlog skip [WHEN] [--notes TEXT]`: marks a day as a skip day, which bridges the streak.
enum SkipCommand: BrewLogCommand {
    /// Its option.
    enum Option {
        static let notes = OptionSpec("notes", short: "n", value: "text", help: "Why the day is skipped (travel, illness).")
    }

    static let spec = CommandSpec(
        name: "skip",
        abstract: "Mark a day as a skip day: it bridges your streak without adding to it.",
        usage: "skip [<when>] [--notes <text>]",
        arguments: [("when", "The day to skip (default: today): a date, yesterday, mon, -3d, 2 weeks ago, …")],
        positionalCount: 0...1,
        options: [Option.notes],
        discussion: """
            A skip day is stored in the journal as a record of its own (kind "skip") and can be
            removed with 'brewlog unskip WHEN' or 'brewlog rm ID'. Skipping a day that is already
            skipped changes nothing (exit 0). Days to come can be skipped ahead of a trip.

            EXAMPLES:
              brewlog skip --notes "flight to Tokyo"
              brewlog skip -3d
              brewlog skip 2026-12-24
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let notes = context.arguments.value(Option.notes)
        let (skip, added) = try context.session().write { store throws(CLIError) in
            let day = try SkipCommand.day(context, store: store)
            return store.recordSkip(on: day, notes: notes)
        }
        if context.quiet {
            context.out.line(skip.id.rawValue)
        } else if added {
            context.out.line("Skipped \(skip.day) (\(skip.id.rawValue.terminalSafe)): it bridges your streak.")
        } else {
            context.out.line("\(skip.day) is already a skip day (\(skip.id.rawValue.terminalSafe)); nothing changed.")
        }
    }

    /// The streak day the positional WHEN names, or today's when there is none: a day is that
    /// date, a moment the streak day it falls on, and `today` the streak's today (which a late
    /// day start keeps on yesterday's date until the day starts).
    static func day(_ context: CommandContext, store: BrewLogStore) throws(CLIError) -> CalendarDay {
        guard let text = context.arguments.positionals.first else { return store.today }
        if text.lowercased() == "today" { return store.today }
        do throws(WhenError) {
            switch try When.parse(text, now: context.now, timeZone: context.timeZone) {
            case let .day(day): return day
            case let .moment(moment): return store.rules.day(of: moment)
            }
        } catch {
            throw context.usage("invalid day '\(cappedForMessage(text))': \(error.reason)",
                                hint: "use today, yesterday, mon, -3d, 2 weeks ago or YYYY-MM-DD")
        }
    }
}
