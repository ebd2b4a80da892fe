/// Help screens in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpText {
    static func render(_ command: CommandSpec?) -> String {
        guard let command else { return topLevel() }
        var text = "OVERVIEW: \(command.abstract)\n\nUSAGE: brewlog \(command.usage)\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + command.arguments.map { row("<\($0.name)>", $0.help) }.joined()
        }
        text += "\nOPTIONS:\n" + (command.options + GlobalOptions.all).map { row($0.synopsis, $0.help) }.joined()
        if let discussion = command.discussion {
            text += "\n" + discussion + "\n"
        }
        return text
    }

    private static func topLevel() -> String {
        var text = """
            OVERVIEW: A brewing journal for the shell: log each brew, keep your streak.

            USAGE: brewlog [--file <path>] [--color <when>] [-q] <subcommand>

            OPTIONS:

            """
        text += (GlobalOptions.all + [GlobalOptions.version]).map { row($0.synopsis, $0.help) }.joined()
        text += "\nSUBCOMMANDS:\n"
        text += Commands.specs.map { row($0.name, $0.abstract) }.joined()
        text += row("help", "Show help for a subcommand.")
        text += "\n  See 'brewlog help <subcommand>' for detailed help.\n"
        return text
    }

    /// `  name                    help`, wrapping the help under itself when the name is long.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = 26
        let lead = "  " + name
        if lead.count < indent - 1 {
            return BrewFormatting.padded(lead, to: indent) + help + "\n"
        }
        return lead + "\n" + String(repeating: " ", count: indent) + help + "\n"
    }
}
