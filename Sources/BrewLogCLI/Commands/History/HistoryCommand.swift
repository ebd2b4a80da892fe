import BrewLogCore

/// `brewlog history [--limit N] [--json]`: the changes made to the journal on this machine,
/// newest first.
enum HistoryCommand: BrewLogCommand {
    enum Option {
        static let limit = OptionSpec("limit", value: "n", completes: .nothing, help: "Show only the newest n changes.")
        static let json = OptionSpec("json", help: "Print a JSON array of the entries as the history stores them, newest first.")
    }

    static let spec = CommandSpec(
        name: "history",
        abstract: "List the changes made to the journal on this machine, newest first.",
        usage: "history [--limit <n>] [--json]",
        options: [Option.limit, Option.json],
        discussion: """
            Every command that changes the journal (add, edit, rm, import, skip, unskip, bean,
            undo) records one entry in the history beside it (the journal's path with .history
            added): when, the command line, and each record's line before and after. A bulk
            change is one entry, shown with its count. 'brewlog undo' takes back the newest one.

            The history keeps the last history.keep changes (default 1000) and stays under 16
            MiB; older ones are dropped whole. It belongs to this machine: it is not synced,
            exported or imported. A missing or damaged history is never an error: what cannot be
            read is named in a warning, and the journal is untouched.

            With --json each entry holds "id", "at", "command" (its name), "arguments" (the words
            it was run with), "changes" (each record's "id", "before" and "after" line, null where
            the record did not exist), "undoes" (the entry an undo took back) and "journal" (the
            journal file the change left).

            EXAMPLES:
              brewlog history --limit 5
              brewlog history --json
            """,
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let limit = try context.wholeNumber(Option.limit)
        let session = try context.session()
        let log = try session.withJournal(.reading) { locked throws(CLIError) in
            do throws(JournalError) {
                return try locked.history()
            } catch {
                throw CLIError(error)
            }
        }
        for problem in log.problems { context.notices.line("brewlog: warning: history: " + problem.terminalSafe) }
        let keep = context.configuration.historyKeep
        let entries = Array(log.entries.suffix(min(keep, limit ?? keep)).reversed())
        if context.arguments.has(Option.json) {
            context.out.write("[")
            for (index, entry) in entries.enumerated() {
                context.out.write((index == 0 ? "" : ",\n") + HistoryCodec.encode(entry))
            }
            context.out.write("]\n")
            return
        }
        if context.quiet {
            for entry in entries { context.out.line(entry.id) }
            return
        }
        let width = HistoryText.commandWidth(entries)
        for entry in entries { context.out.line(HistoryText.line(entry, commandWidth: width)) }
    }
}
