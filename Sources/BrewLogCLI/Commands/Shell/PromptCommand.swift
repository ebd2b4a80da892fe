import BrewLogCore

/// `brewlog prompt [--format FMT]`: one short line for a shell prompt or a status bar.
///
/// It runs at every prompt, so it gives up on a busy journal after ``lockWait`` and prints
/// nothing on any error, not even on standard error (``CommandSpec/silentErrors``): the
/// exit status says what went wrong, with the usual codes (64 for a bad FMT, 66 for no journal,
/// 75 for a busy one). Everything it prints is made of numbers, the marks and FMT's own text,
/// with any control character in FMT made visible, so a prompt cannot be garbled.
enum PromptCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let format = OptionSpec("format", value: "fmt", completes: .nothing, help: "What to print: %s streak, %t today's mark, %l longest, %g grams left, %% a percent sign (default '\(PromptFormat.standard)').")
    }

    /// The longest it waits for the journal's lock, in seconds.
    static let lockWait = 0.05

    static let spec = CommandSpec(
        name: "prompt",
        abstract: "Print the streak in one short line, for a shell prompt or a status bar.",
        usage: "prompt [--format <fmt>]",
        options: [Option.format],
        discussion: """
            FMT's placeholders: %s the current streak, %t '\(PromptFormat.brewedMark)' when today 
            has a brew and '\(PromptFormat.notYetMark)' when not yet, %l the longest streak, %g the 
            grams left in the newest open bag (whole grams; empty without one, or without its 
            weight), %% a percent sign. Any other % is a usage error.

            It waits at most 50 ms for a busy journal and never prints an error: on any failure it 
            prints nothing, and the exit status says why (64 a bad FMT, 66 no journal, 75 a busy 
            journal, 78 a bad configuration, or a TZ or BREWLOG_NOW that does not read: it needs 
            both to tell what today is). BREWLOG_LOCK_TIMEOUT can only shorten the wait, and a bad 
            value there is ignored.

            EXAMPLES:
              PS1='$(brewlog prompt) \\w \\$ '
              set -g status-right '#(brewlog prompt --format "☕%s%t %gg")'
            """,
        lockTimeoutCap: lockWait,
        silentErrors: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let text = context.arguments.value(Option.format) ?? PromptFormat.standard
        let format: PromptFormat
        do throws(PromptFormat.Problem) {
            format = try PromptFormat(text)
        } catch {
            throw context.usage(error.message)
        }
        let store = try context.session().read(requiringJournal: true)
        let summary = store.streakSummary
        let gramsLeft = format.needsGrams ? store.newestOpenBag.flatMap { store.beanUsage(of: $0).gramsLeft } : nil
        context.out.line(format.render(summary, gramsLeft: gramsLeft))
    }
}
