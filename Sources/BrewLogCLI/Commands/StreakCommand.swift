import BrewLogCore

/// `brewlog streak`: the current and longest streak in one sentence; `--check` for scripts,
/// `--history [N]` for the longest runs, `--explain` for the current run day by day.
enum StreakCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let check = OptionSpec("check", help: "Exit 0 when today has a brew (or is a rest or skip day), 1 when not (for reminders).")
        static let history = OptionSpec("history", optionalValue: true, help: "List the N longest runs (default 5): first day, last day, brew days.")
        static let explain = OptionSpec("explain", help: "Show the current run day by day: brew, rest, skip, missed.")
        static let json = OptionSpec("json", help: "Print the streak (or the history, or the explanation) as JSON.")
    }

    /// The evening reminder for a crontab, one line, as docs/scripting-and-cron.md gives it: brewlog named by its
    /// full path (cron's PATH is /usr/bin:/bin); the notifier only on status 1, no brew today (not
    /// on 65, 75 or 78, whose message cron mails); the user's D-Bus session named, which cron
    /// does not pass on and notify-send needs; and no `%`, which crontab turns into a line break.
    static let cronReminder = #"0 20 * * * TZ=Europe/Berlin "$HOME/.local/bin/brewlog" streak --check -q; [ $? -eq 1 ] && "#
        + #"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus notify-send "BrewLog" "Brew today to keep your streak""#

    /// How many runs `--history` lists without an N.
    static let defaultHistoryCount = 5

    static let spec = CommandSpec(
        name: "streak",
        abstract: "Show your current and longest brewing streak.",
        usage: "streak [--check] [--history [<n>] | --explain] [--json]",
        arguments: [ArgumentSpec("n", completes: .nothing, help: "With --history: how many runs to list (default 5).")],
        positionalCount: 0...1,
        options: [Option.check, Option.history, Option.explain, Option.json],
        discussion: """
            A streak counts the brew days of an unbroken run. Rest days (streak.rest-days) and
            skip days ('brewlog skip') bridge a run without adding to it. A day starts at
            streak.day-starts (default 00:00): a brew before it counts for the day before. The
            streak stays alive until today ends: if you brewed yesterday but not yet today, it
            still counts. With streak.weekly-target set, the weekly streak is shown too.

            EXAMPLE (an evening reminder, one crontab line; cron mails any other failure):
              \(cronReminder)
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let arguments = context.arguments
        let history = arguments.has(Option.history), explain = arguments.has(Option.explain)
        if history && explain {
            throw context.usage("'--history' and '--explain' cannot be used together")
        }
        let count = try historyCount(context, history: history)
        let store = try context.session().read()
        let calendar = store.streakCalendar
        let summary = calendar.summary
        let json = arguments.has(Option.json)
        if history {
            let runs = calendar.longestRuns(count)
            if json {
                context.out.line(StreakJSON.history(runs).text)
            } else if !context.quiet {
                StreakText.history(runs).forEach { context.out.line($0) }
            }
        } else if explain {
            if json {
                context.out.line(StreakJSON.explanation(calendar).text)
            } else if !context.quiet {
                var notes: [CalendarDay: String] = [:]
                for skip in store.skipDays { notes[skip.day] = skip.notes }
                StreakText.explanation(calendar, skipNotes: notes, style: context.style).forEach { context.out.line($0) }
            }
        } else if json {
            context.out.line(StreakJSON.object(summary).text)
        } else if !context.quiet {
            context.out.line(StreakText.sentence(summary, style: context.style))
        }
        if arguments.has(Option.check) && !summary.todayIsCovered {
            throw CLIError.checkFailed
        }
    }

    /// The N of `--history [N]`: a whole number from 1, given only with `--history`.
    private static func historyCount(_ context: CommandContext, history: Bool) throws(CLIError) -> Int {
        let inline = context.arguments.value(Option.history)
        if inline != nil, let extra = context.arguments.positionals.first {
            throw context.usage("unexpected argument '\(cappedForMessage(extra))'", hint: "give the number of runs once: --history=10 or --history 10")
        }
        guard let text = inline ?? context.arguments.positionals.first else { return defaultHistoryCount }
        guard history else {
            throw context.usage("unexpected argument '\(cappedForMessage(text))'", hint: "a number of runs goes with --history, as in 'brewlog streak --history 10'")
        }
        // Digits only (no sign, no space); more runs than an Int can count means all of them.
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text.contains(where: { $0 != "0" }) else {
            throw context.usage("invalid number of runs '\(cappedForMessage(text))' for '--history'", hint: "give a whole number from 1, as in 'brewlog streak --history 10'")
        }
        return Int(text) ?? Int.max
    }
}
