/// `brewlog help --man`: the manual page, in roff with the man(7) macros.
///
/// The commands, their usage, arguments and options come from the same ``CommandSpec``s as
/// `--help`, so a command added to ``Commands`` appears here too; the sections about the
/// program as a whole (environment, files, exit status, examples) are written out below.
enum ManPage {
    static func render() -> String {
        var page = [
            ".\\\" The manual page of brewlog, written by 'brewlog help --man'.",
            ManPageRoff.macro("TH", "BREWLOG", "1", "", "brewlog \(BrewLogApp.version)", "BrewLog Manual"),
            ".ad l",
            ".nh",
            ManPageRoff.macro("SH", "NAME"),
            "brewlog \\- " + ManPageRoff.escaped(lowercasedFirst(Program.abstract.dropLast())),
            ManPageRoff.macro("SH", "SYNOPSIS"),
        ]
        for usage in [Program.usage] + documented.map({ "brewlog " + $0.usage }) where !usage.hasSuffix(" <subcommand>") {
            page += [".PP", synopsis(usage)]
        }
        page.append(ManPageRoff.macro("SH", "DESCRIPTION"))
        page += ManPageText.description.flatMap(paragraph)
        page.append(ManPageRoff.macro("SH", "COMMANDS"))
        for command in documented {
            page += self.command(command)
        }
        page.append(ManPageRoff.macro("SH", "OPTIONS"))
        page += ["These options are accepted before or after the subcommand, except \\fB\\-\\-version\\fR (before any)."]
        page += (GlobalOptions.all + [GlobalOptions.version]).flatMap(option)
        page += section("ENVIRONMENT", ManPageText.environment)
        page += section("FILES", ManPageText.files)
        page += section("EXIT STATUS", ManPageText.exitStatus)
        page.append(ManPageRoff.macro("SH", "EXAMPLES"))
        for (explanation, command) in ManPageText.examples {
            page += paragraph(explanation) + literal([command])
        }
        page.append(ManPageRoff.macro("SH", "SEE ALSO"))
        page.append("\\fBdate\\fR(1), \\fBcrontab\\fR(5), \\fBflock\\fR(2)")
        return page.joined(separator: "\n") + "\n"
    }

    /// Every command the manual documents, a family's subcommands after it, then `help`.
    private static var documented: [CommandSpec] {
        (Commands.listed + [HelpCommand.spec]).flatMap { [$0] + $0.subcommandSpecs }
    }

    /// One command: its usage, what it does, its arguments, its options and its discussion.
    private static func command(_ command: CommandSpec) -> [String] {
        var lines = [ManPageRoff.macro("SS", "brewlog " + command.qualifiedName), synopsis("brewlog " + command.usage), ".PP", ManPageRoff.escaped(command.abstract)]
        for argument in command.arguments {
            lines += [".TP", ManPageRoff.italic("<" + argument.name + ">"), ManPageRoff.escaped(argument.help)]
        }
        lines += command.options.flatMap(option)
        for block in DiscussionBlock.parse(command.discussion ?? "") {
            switch block {
            case .prose(let text): lines += paragraph(text)
            case .literal(let text): lines += literal(text)
            case .gap: continue
            }
        }
        return lines
    }

    /// `.TP`, `-q, --quiet` or `--rating n` (name bold, placeholder italic), then its help.
    private static func option(_ option: OptionSpec) -> [String] {
        var tag = ManPageRoff.bold("--" + option.long)
        if let value = option.valueName { tag += " " + ManPageRoff.italic(value) }
        if let short = option.short { tag = ManPageRoff.bold("-" + String(short)) + ", " + tag }
        return [".TP", tag, ManPageRoff.escaped(option.help)]
    }

    /// A usage line: the program and command names bold (`brewlog bean add`), the rest as typed.
    private static func synopsis(_ usage: String) -> String {
        let words = usage.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let names = words.prefix { word in word.first.map { $0.isLetter || $0 == "_" } ?? false }.prefix(3)
        let rest = words.dropFirst(names.count).joined(separator: " ")
        return ManPageRoff.bold(names.joined(separator: " ")) + (rest.isEmpty ? "" : " " + ManPageRoff.escaped(rest))
    }

    private static func paragraph(_ text: String) -> [String] {
        [".PP", ManPageRoff.escaped(text)]
    }

    /// Lines kept as they are, indented, in a constant-width block.
    private static func literal(_ lines: [String]) -> [String] {
        [".PP", ".RS 4", ".nf"] + lines.map { $0.isEmpty ? "\\&" : ManPageRoff.escaped($0) } + [".fi", ".RE"]
    }

    /// A section of `.TP` entries: a bold term, then its text.
    private static func section(_ title: String, _ entries: [(term: String, text: String)]) -> [String] {
        [ManPageRoff.macro("SH", title)] + entries.flatMap { [".TP", ManPageRoff.bold($0.term), ManPageRoff.escaped($0.text)] }
    }

    private static func lowercasedFirst(_ text: Substring) -> String {
        (text.first.map { String($0).lowercased() } ?? "") + text.dropFirst()
    }
}
