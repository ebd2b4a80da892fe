import BrewLogCore

/// `brewlog streak`: the current and longest streak in one sentence; `--check` for scripts.
enum StreakCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let check = OptionSpec("check", help: "Exit 0 when today has a brew, 1 when not (for reminders).")
        static let json = OptionSpec("json", help: "Print the streak as JSON.")
    }

    static let spec = CommandSpec(
        name: "streak",
        abstract: "Show your current and longest brewing streak.",
        usage: "streak [--check] [--json]",
        options: [Option.check, Option.json],
        discussion: """
            A streak counts consecutive calendar days with a brew. It stays alive until today ends:
            if you brewed yesterday but not yet today, the streak still counts.

            EXAMPLE (an evening reminder in crontab):
              0 20 * * * brewlog streak --check -q || notify-send "Brew today to keep your streak"
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let summary = try context.session().read().streakSummary
        if context.arguments.has(Option.json) {
            context.out.line(StreakJSON.object(summary).text)
        } else if !context.quiet {
            context.out.line(StreakText.sentence(summary, style: context.style))
        }
        if context.arguments.has(Option.check) && !summary.brewedToday {
            throw CLIError.checkFailed
        }
    }
}
