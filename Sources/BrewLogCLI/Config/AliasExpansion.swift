import BrewLogCore

/// Runs aliases, git style: when the command word is not a command, the alias of that name
/// (`alias.NAME`) puts its words in its place, before the arguments that follow; an alias may name
/// another alias, and a loop is an error. Global options before the alias name stay where they are
/// (`brewlog --file X ls`). `help NAME` for an alias asks for the help of the command it runs.
struct AliasExpansion {
    /// The arguments to parse, with every alias replaced by its words.
    let arguments: [String]
    /// `'ls' is an alias for 'list'`, one line per alias expanded, for help to show first.
    let notes: [String]

    /// The most aliases one command goes through.
    static let maximumChain = 50

    /// Expands `arguments`. `configuration` is asked for only when the command word is not a
    /// command, so a run of a command never depends on the aliases.
    static func expand(_ arguments: [String], commandNames: Set<String>,
                       configuration: () throws(CLIError) -> Configuration) throws(CLIError) -> AliasExpansion {
        var arguments = arguments
        var notes: [String] = []
        var expanded: [String] = []
        while let (index, isHelpTopic) = commandWord(in: arguments) {
            let word = arguments[index]
            if commandNames.contains(word) || (word == "help" && !isHelpTopic) { break }
            let config = try configuration()
            guard let alias = config.alias(word) else {
                if let problem = config.problem(forAlias: word) { throw CLIError(problem) }
                if let first = expanded.first, let origin = config.alias(first) {
                    throw CLIError(ConfigError.badAlias(path: config.path ?? "config", line: origin.line,
                                                        message: "the alias '\(first)' runs '\(cappedForMessage(word))', which is neither a command nor an alias"))
                }
                if isHelpTopic || config.aliasNames.isEmpty { break }
                let suggestion = nearest(to: word, in: commandNames.sorted() + config.aliasNames)
                throw CLIError.usage("unknown command '\(cappedForMessage(word))'",
                                     hint: suggestion.map { "did you mean '\($0)'?" } ?? "see 'brewlog --help' for the commands", command: nil)
            }
            let name = word.lowercased()
            // A chain longer than any a person writes is a generated file gone wrong; stopping
            // here also keeps the loop check (linear in the chain) from growing without end.
            if expanded.count >= maximumChain {
                throw CLIError(ConfigError.badAlias(path: config.path ?? "config", line: config.alias(expanded[0])?.line ?? alias.line,
                                                    message: "the alias '\(expanded[0])' goes through more than \(maximumChain) aliases"))
            }
            if expanded.contains(name) {
                let chain = (expanded + [name]).map { "'\($0)'" }.joined(separator: " → ")
                let origin = config.alias(expanded[0])?.line ?? alias.line
                throw CLIError(ConfigError.badAlias(path: config.path ?? "config", line: origin, message: "the aliases loop: \(chain)"))
            }
            expanded.append(name)
            notes.append("'\(name)' is an alias for '\(alias.text)'")
            if isHelpTopic {
                arguments[index] = alias.words.first { !$0.hasPrefix("-") } ?? alias.words[0]
            } else {
                arguments.replaceSubrange(index...index, with: alias.words)
            }
        }
        return AliasExpansion(arguments: arguments, notes: notes)
    }

    /// Where the command word is, as the parser finds it: the first argument that is not an
    /// option or an option's value (after `--`, the next argument); after `help`, `-h` or
    /// `--help`, the first such argument is a help topic.
    private static func commandWord(in arguments: [String]) -> (index: Int, isHelpTopic: Bool)? {
        var index = 0
        var wantsHelp = false
        var endOfOptions = false
        let global = GlobalOptions.all + [GlobalOptions.version]
        while index < arguments.count {
            let argument = arguments[index]
            if !endOfOptions && argument == "--" {
                endOfOptions = true
            } else if !endOfOptions && argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2).prefix { $0 != "=" })
                if name == GlobalOptions.help.long { wantsHelp = true }
                if !argument.contains("="), global.first(where: { $0.long == name })?.valueName != nil { index += 1 }
            } else if !endOfOptions && argument.hasPrefix("-") && argument.count > 1 {
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let option = global.first(where: { $0.short == letter }) else { continue }
                    if option.long == GlobalOptions.help.long { wantsHelp = true }
                    if option.valueName != nil {
                        if letters.isEmpty { index += 1 }
                        break
                    }
                }
            } else if argument == "help" && !wantsHelp {
                wantsHelp = true
            } else {
                return (index, wantsHelp)
            }
            index += 1
        }
        return nil
    }
}
