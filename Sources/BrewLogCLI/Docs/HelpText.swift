/// Help screens in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, each description wrapped to the terminal's width under itself (a hanging indent).
enum HelpText {
    /// The width help wraps to when standard output is not a terminal and `COLUMNS` is unset.
    static let defaultWidth = 80

    /// The help of `command`, or of brewlog itself when `nil`, in lines of at most `width` columns.
    static func render(_ command: CommandSpec?, width: Int = defaultWidth) -> String {
        let layout = Layout(width: width)
        guard let command else { return topLevel(layout) }
        var text = layout.paragraph(command.abstract, lead: "OVERVIEW: ")
        text += "\n" + layout.usage("brewlog " + command.usage, commandWords: command.family == nil ? 2 : 3)
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + command.arguments.map { layout.row("<\($0.name)>", $0.help) }.joined()
        }
        text += "\nOPTIONS:\n" + (command.options + GlobalOptions.all).map { layout.row($0.synopsis, $0.help) }.joined()
        if !command.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + command.subcommandSpecs.map { layout.row($0.name, $0.abstract) }.joined()
        }
        if let discussion = command.discussion {
            text += "\n" + layout.discussion(discussion)
        }
        if !command.subcommands.isEmpty {
            text += "\n" + layout.paragraph("See 'brewlog help \(command.qualifiedName) <subcommand>' for detailed help.", lead: "  ")
        }
        return text
    }

    private static func topLevel(_ layout: Layout) -> String {
        var text = layout.paragraph(Program.abstract, lead: "OVERVIEW: ")
        text += "\n" + layout.usage(Program.usage, commandWords: 1)
        text += "\nOPTIONS:\n"
        text += (GlobalOptions.all + [GlobalOptions.version]).map { layout.row($0.synopsis, $0.help) }.joined()
        text += "\nSUBCOMMANDS:\n"
        text += Commands.listed.map { layout.row($0.name, $0.abstract) }.joined()
        text += layout.row(HelpCommand.spec.name, HelpCommand.spec.abstract)
        text += "\n" + layout.paragraph("See 'brewlog help <subcommand>' for detailed help.", lead: "  ")
        return text
    }

    /// The columns of one help screen.
    private struct Layout {
        let width: Int
        /// Where descriptions start: 26 columns, fewer on a narrow terminal.
        var column: Int { min(26, max(6, width - 24)) }

        /// Narrower than this, help is laid out for this width: a line cannot hold a heading.
        static let narrowest = 20

        init(width: Int) { self.width = max(Layout.narrowest, width) }

        /// `  name                    help`, the help wrapped under itself; on a line of its own
        /// when the name reaches the help's column.
        func row(_ name: String, _ help: String) -> String {
            let lead = "  " + name
            if TextWrapping.columns(lead) < column - 1 {
                return lines(TextWrapping.wrap(help, lead: BrewFormatting.padded(lead, to: column), indent: column, width: width))
            }
            let nameLines = TextWrapping.wrap(name, lead: "  ", indent: 4, width: width)
            return lines(nameLines + TextWrapping.wrap(help, lead: String(repeating: " ", count: column), indent: column, width: width))
        }

        /// `text` filled after `lead`, later lines indented as far as the lead.
        func paragraph(_ text: String, lead: String) -> String {
            lines(TextWrapping.wrap(text, lead: lead, indent: TextWrapping.columns(lead), width: width))
        }

        /// `USAGE: brewlog add [...]`, later lines indented under the first argument after the
        /// `commandWords` naming the command (under `brewlog` when that is too far right).
        func usage(_ usage: String, commandWords: Int) -> String {
            let words = usage.split(separator: " ").map(String.init)
            let head = "USAGE: " + words.prefix(commandWords).joined(separator: " ")
            let indent = TextWrapping.columns(head) + 1 <= width / 2 ? TextWrapping.columns(head) + 1 : 7
            return lines(TextWrapping.wrap(usage, lead: "USAGE: ", indent: indent, width: width))
        }

        /// A discussion's prose filled to the width, its literal lines kept as written, each
        /// wrapped under its own indent plus two only when it is too wide.
        func discussion(_ discussion: String) -> String {
            DiscussionBlock.parse(discussion).map { block in
                switch block {
                case .prose(let text):
                    return paragraph(text, lead: "")
                case .literal(let literal):
                    return literal.map { line in
                        // Kept as written (its spacing aligns columns) unless it is too wide.
                        if TextWrapping.columns(line) + 2 <= width { return "  " + line + "\n" }
                        let lead = "  " + String(line.prefix { $0 == " " })
                        return lines(TextWrapping.wrap(line, lead: lead, indent: lead.count + 2, width: width))
                    }.joined()
                case .gap:
                    return "\n"
                }
            }.joined()
        }

        private func lines(_ lines: [String]) -> String {
            lines.map { $0 + "\n" }.joined()
        }
    }
}
