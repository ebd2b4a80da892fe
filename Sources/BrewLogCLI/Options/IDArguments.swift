import BrewLogCore

/// The ids a command that changes several records is given: its positional arguments, where `-`
/// stands for the ids on standard input, one per line (`brewlog list -q --tag x | brewlog edit -
/// --untag x`).
enum IDArguments {
    /// The references in the order given, each once (the first place it is named); a `-` is
    /// replaced by standard input's lines, trimmed, blank ones skipped.
    /// - Throws: a usage error when `-` is given twice, or when standard input holds no id; the
    ///   input's own errors (closed, not UTF-8, past 64 MiB) as ``StandardInput/readText(maximumLength:hint:)`` reports them.
    static func references(_ context: CommandContext) throws(CLIError) -> [String] {
        let positionals = context.arguments.positionals
        guard positionals.filter({ $0 == "-" }).count <= 1 else {
            throw context.usage("'-' is given twice", hint: "standard input can be read once; give '-' once")
        }
        var references: [String] = []
        for positional in positionals {
            guard positional == "-" else {
                references.append(positional)
                continue
            }
            // Five million ids and more: enough for any journal, and an endless stream ends.
            let text = try StandardInput.readText(maximumLength: 64 << 20, hint: "give one id per line, at most 64 MiB of them (list -q prints them)")
            let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .map { String($0).trimmingWhitespaceForCLI() }.filter { !$0.isEmpty }
            guard !lines.isEmpty else {
                throw context.usage("standard input holds no ids", hint: "give one id per line, e.g. brewlog list -q --tag weekend | brewlog \(context.command.name) -")
            }
            references += lines
        }
        var seen: Set<String> = []
        return references.filter { seen.insert($0).inserted }
    }
}
