import BrewLogCore

/// `brewlog __complete [--descriptions] KIND [-- TYPED [ARGUMENT...]]`, hidden: the values of one
/// kind (``CompletionValues``: ids, methods, bags, columns, config keys...), one per line, for
/// the completion scripts to offer. TYPED is the word being completed so far (a comma list
/// completes its last item) and the ARGUMENTs the command's arguments before it (`config set
/// KEY` offers KEY's values); the scripts always pass them, after `--`.
///
/// A value holding a control character (a line break, an escape, a tab) is left out: a shell
/// shows candidates raw in its menu, where such a value could move the cursor or retitle the
/// terminal, and a line break would split it into two. With `--descriptions` (for fish) a line is
/// `VALUE<TAB>DESCRIPTION`, the description (the kind's, for a value without one) made
/// terminal-safe (control characters as visible escapes, so no tab or line break either) and cut
/// to ``descriptionWidth`` columns. Errors (no
/// journal, a bad one) print only on standard error, which the scripts discard.
enum CompletionValuesCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let descriptions = OptionSpec("descriptions", help: "Print VALUE<TAB>DESCRIPTION lines.")
    }

    /// The most columns a description takes: fish lays them out beside the values.
    static let descriptionWidth = 60

    static let spec = CommandSpec(
        name: "__complete",
        abstract: "Print the values of one kind, for the completion scripts.",
        usage: "__complete [--descriptions] " + CompletionValues.allCases.map(\.rawValue).joined(separator: "|") + " [-- <typed> [<argument>...]]",
        arguments: [ArgumentSpec("kind", completes: .nothing, help: CompletionValues.allCases.map(\.rawValue).joined(separator: ", ") + "."),
                    ArgumentSpec("typed", completes: .nothing, help: "The word being completed, so far."), ArgumentSpec("argument", completes: .nothing, help: "The command's arguments before it.")],
        positionalCount: 1...Int.max,
        options: [Option.descriptions],
        hidden: true,
        lenientConfiguration: true,
        lockTimeoutCap: 0.5)

    static func run(_ context: CommandContext) throws(CLIError) {
        let positionals = context.arguments.positionals
        guard let kind = CompletionValues(rawValue: positionals[0]) else {
            throw context.usage("unknown kind '\(cappedForMessage(positionals[0]))'",
                                hint: "use " + CompletionValues.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let input = CompletionInput(typed: positionals.count > 1 ? positionals[1] : "", arguments: Array(positionals.dropFirst(2)))
        let described = context.arguments.has(Option.descriptions)
        for candidate in try kind.candidates(input, context) where isOfferable(candidate.value) {
            guard described else {
                context.out.line(candidate.value)
                continue
            }
            // Every value gets one: fish would otherwise show the option's help beside it.
            let description = candidate.description.isEmpty ? kind.description : candidate.description
            context.out.line(candidate.value + "\t" + BrewFormatting.truncate(description.terminalSafe, to: descriptionWidth))
        }
    }

    /// Whether a shell may offer `value`: not empty, and nothing the terminal would act on (no
    /// control character, no bidirectional override that would reorder the menu).
    static func isOfferable(_ value: String) -> Bool {
        !value.isEmpty && !value.unicodeScalars.contains(where: TerminalText.needsEscape)
    }
}
