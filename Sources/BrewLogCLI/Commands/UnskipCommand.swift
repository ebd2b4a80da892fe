import BrewLogCore

/// `brewlog unskip WHEN`: removes a day's skip record.
enum UnskipCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "unskip",
        abstract: "Remove a skip day.",
        usage: "unskip <when>",
        arguments: [("when", "The skipped day: a date, today, yesterday, mon, -3d, …")],
        positionalCount: 1...1,
        options: [],
        discussion: "A day that is not a skip day is an error (exit 1), so a typo does not pass silently.")

    static func run(_ context: CommandContext) throws(CLIError) {
        let removed = try context.session().write(creating: false) { store throws(CLIError) in
            let day = try SkipCommand.day(context, store: store)
            guard let skip = store.skipDay(on: day) else {
                throw CLIError.notFound("\(day) is not a skip day", hint: "'brewlog streak --explain' shows the skip days of the current run")
            }
            store.remove(.skip(skip))
            return skip
        }
        if context.quiet {
            context.out.line(removed.id.rawValue)
        } else {
            context.out.line("Unskipped \(removed.day) (\(removed.id.rawValue.terminalSafe)).")
        }
    }
}
