import BrewLogCore

/// `brewlog __complete KIND`, hidden: the journal's values of one kind (ids, methods, coffees,
/// tags, bean bags), one per line, for the completion scripts to offer.
///
/// A value holding a control character (a line break, an escape) is left out: a shell shows
/// candidates raw in its menu, where such a value could move the cursor or retitle the
/// terminal, and a line break would split it into two. Errors (no journal, a bad one) print
/// only on standard error, which the scripts discard.
enum CompletionValuesCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "__complete",
        abstract: "Print the journal's values of one kind, for the completion scripts.",
        usage: "__complete ids|methods|coffees|tags|recipes|beans",
        arguments: [("kind", "ids, methods, coffees, tags, recipes or beans.")],
        positionalCount: 1...1,
        options: [],
        hidden: true,
        lenientConfiguration: true,
        lockTimeoutCap: 0.5)

    static func run(_ context: CommandContext) throws(CLIError) {
        let name = context.arguments.positionals[0]
        guard let kind = JournalValues(rawValue: name) else {
            throw context.usage("unknown kind '\(cappedForMessage(name))'",
                                hint: "use " + JournalValues.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let values = kind == .recipes ? context.configuration.recipeNames : kind.values(in: try context.session().read())
        for value in values where !value.isEmpty && !value.unicodeScalars.contains(where: TerminalText.isControl) {
            context.out.line(value)
        }
    }
}
