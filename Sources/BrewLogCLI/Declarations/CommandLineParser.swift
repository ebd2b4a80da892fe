import BrewLogCore

/// The options and arguments given to one command.
///
/// Options are read by their ``OptionSpec``, the constant each command declares once and lists
/// in its ``CommandSpec``, never by a spelled-out name. Reading one the command does not declare
/// is a programming error that would always read as absent, so it stops debug builds (and so the
/// tests, which run every command) at the read.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// The long names of the options the command accepts (its own and the global ones).
    private(set) var declared: Set<String> = []

    /// The last value of `option`, GNU style (a later `--rating 4` wins over an earlier one).
    func value(_ option: OptionSpec) -> String? { values[checked(option)]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ option: OptionSpec) -> [String] { values[checked(option)] ?? [] }

    /// Whether the flag `option` was given.
    func has(_ option: OptionSpec) -> Bool { flags.contains(checked(option)) }

    private func checked(_ option: OptionSpec) -> String {
        assert(declared.contains(option.long), "'--\(option.long)' is read but not declared in the command's spec")
        return option.long
    }

    /// Records the options `command` accepts, once it is known.
    mutating func declare(_ command: CommandSpec) {
        declared = Set((command.options + GlobalOptions.all).map(\.long))
    }

    mutating func add(_ option: OptionSpec, value: String?) {
        if let value {
            values[option.long, default: []].append(value)
        } else {
            flags.insert(option.long)
        }
    }

    mutating func addPositional(_ value: String) { positionals.append(value) }
}

/// What the command line asks for.
enum Invocation {
    /// Help for a command, or for brewlog itself when `nil`.
    case help(CommandSpec?)
    /// `brewlog help --man`: the manual page.
    case manual
    case version
    /// A command to run: what runs it, its declaration (a subcommand's knows its family) and
    /// what it was given.
    case run(any BrewLogCommand.Type, CommandSpec, ParsedArguments)
}

/// Hand-written parsing with swift-argument-parser's and GNU's conventions.
///
/// Subcommands, and a family's subcommands after its name (`bean add`), each with its own options
/// (a subcommand's options come after its name, as in swift-argument-parser); global options
/// anywhere; `--opt value` and `--opt=value`;
/// an option that takes a value takes the next argument whatever it looks like; `-q` style short
/// flags, clustered or not; `--` ends options; `-` alone is a positional (standard input).
struct CommandLineParser {
    let commands: [any BrewLogCommand.Type]

    func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
        var command: CommandSpec?
        var runner: (any BrewLogCommand.Type)?
        var family: CommandSpec?
        var parsed = ParsedArguments()
        var endOfOptions = false
        var wantsHelp = false
        var wantsVersion = false
        var helpTopic: String?
        var subtopic: String?
        var sawHelpCommand = false
        var index = 0
        func nextValue(for option: OptionSpec, given: String) throws(CLIError) -> String {
            guard index < arguments.count else {
                throw CLIError.usage("missing value for '\(given)'", hint: "'\(given)' takes <\(option.valueName ?? "value")>", command: command)
            }
            index += 1
            return arguments[index - 1]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !endOfOptions && argument == "--" {
                endOfOptions = true
            } else if !endOfOptions && argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                let available = (command?.options ?? []) + GlobalOptions.all + (command == nil ? [GlobalOptions.version] : [])
                    + (command == nil && sawHelpCommand ? [HelpCommand.man] : [])
                guard let option = available.first(where: { $0.long == name }) else {
                    try Self.refuseSiblingOption("--" + name, of: command, in: family)
                    let suggestion = Self.laterOption("--" + name, in: command) ?? nearest(to: name, in: available.map(\.long)).map { "did you mean '--\($0)'?" }
                    throw CLIError.usage("unknown option '--\(cappedForMessage(name))'", hint: suggestion, command: command)
                }
                if option.valueName != nil {
                    let value: String
                    if let inline { value = inline } else { value = try nextValue(for: option, given: "--" + name) }
                    parsed.add(option, value: value)
                } else if let inline, option.optionalValue {
                    parsed.add(option, value: nil)
                    parsed.add(option, value: inline)
                } else if inline != nil {
                    throw CLIError.usage("option '--\(name)' takes no value", hint: nil, command: command)
                } else {
                    parsed.add(option, value: nil)
                }
            } else if !endOfOptions && argument.hasPrefix("-") && argument.count > 1 && !looksLikeNegativePositional(argument, for: command) {
                let available = (command?.options ?? []) + GlobalOptions.all
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let option = available.first(where: { $0.short == letter }) else {
                        try Self.refuseSiblingOption("-\(letter)", of: command, in: family)
                        throw CLIError.usage("unknown option '-\(letter)'", hint: Self.laterOption("-\(letter)", in: command), command: command)
                    }
                    if option.valueName != nil {
                        let value: String
                        if letters.isEmpty { value = try nextValue(for: option, given: "-\(letter)") } else { value = String(letters) }
                        parsed.add(option, value: value)
                        letters = ""
                    } else {
                        parsed.add(option, value: nil)
                    }
                }
            } else if command == nil && !wantsHelp {
                if argument == "help" {
                    wantsHelp = true
                    sawHelpCommand = true
                    continue
                }
                (runner, command) = try lookup(argument)
            } else if let chosen = command, !chosen.subcommands.isEmpty, family == nil, parsed.positionals.isEmpty,
                      !chosen.runsWithoutSubcommand || chosen.subcommand(named: argument) != nil {
                family = chosen
                (runner, command) = try Self.subcommand(argument, of: chosen)
                try Self.refuseEarlierOptions(parsed, given: chosen, for: command)
            } else if command == nil && wantsHelp && helpTopic == nil {
                helpTopic = argument
            } else if command == nil && wantsHelp && helpTopic != nil && subtopic == nil {
                subtopic = argument
            } else {
                parsed.addPositional(argument)
            }
            if parsed.flags.contains(GlobalOptions.help.long) { wantsHelp = true }
            if parsed.flags.contains(GlobalOptions.version.long) { wantsVersion = true }
        }
        if parsed.flags.contains(HelpCommand.man.long) {
            if let helpTopic {
                throw CLIError.usage("unexpected argument '\(cappedForMessage(helpTopic))'", hint: "'brewlog help --man' prints the whole manual", command: HelpCommand.spec)
            }
            return .manual
        }
        if wantsHelp {
            guard let helpTopic, helpTopic != "help" else { return .help(command) }
            let topic = try lookup(helpTopic).spec
            guard let subtopic else { return .help(topic) }
            guard !topic.subcommands.isEmpty else {
                throw CLIError.usage("unexpected argument '\(cappedForMessage(subtopic))'", hint: "'\(topic.name)' has no subcommands", command: HelpCommand.spec)
            }
            return .help(try Self.subcommand(subtopic, of: topic).spec)
        }
        if wantsVersion { return .version }
        guard let command, let runner else { return .help(nil) }
        if !command.subcommands.isEmpty && !command.runsWithoutSubcommand && family == nil {
            let names = command.subcommandNames
            throw CLIError.usage("missing <subcommand> for '\(command.qualifiedName)'", hint: "use " + names.listedWithOr, command: command)
        }
        let count = parsed.positionals.count
        // A subcommand's name is said with it (`for 'config set'`): the family's usage alone is ambiguous.
        let whose = command.family == nil ? "" : " for '\(command.qualifiedName)'"
        if count > command.positionalCount.upperBound {
            let extra = parsed.positionals[command.positionalCount.upperBound]
            throw CLIError.usage("unexpected argument '\(cappedForMessage(extra))'\(whose)", hint: nil, command: command)
        }
        if count < command.positionalCount.lowerBound {
            let missing = command.arguments.isEmpty ? "argument" : command.arguments[min(count, command.arguments.count - 1)].name
            throw CLIError.usage("missing <\(missing)>\(whose)", hint: nil, command: command)
        }
        parsed.declare(command)
        return .run(runner, command, parsed)
    }

    /// Whether `argument` (which starts with `-`) is a positional rather than short options:
    /// a dash and a digit (`-3d`, `-2w`, `-90m`, `-1`) given to a command that takes positionals
    /// and has no digit for a short option, as `skip -3d` means three days ago.
    private func looksLikeNegativePositional(_ argument: String, for command: CommandSpec?) -> Bool {
        guard let command, command.positionalCount.upperBound > 0 else { return false }
        let second = argument.utf8.dropFirst().first
        guard let second, (0x30...0x39).contains(second) else { return false }
        return !(command.options + GlobalOptions.all).contains { $0.short?.isNumber ?? false }
    }

    func lookup(_ name: String) throws(CLIError) -> (command: any BrewLogCommand.Type, spec: CommandSpec) {
        for command in commands {
            let spec = command.spec
            if spec.name == name { return (command, spec) }
        }
        let suggestion = nearest(to: name, in: commands.map { $0.spec }.filter { !$0.hidden }.map(\.name) + ["help"]).map { "did you mean '\($0)'?" }
        throw CLIError.usage("unknown command '\(cappedForMessage(name))'", hint: suggestion ?? "see 'brewlog --help' for the commands", command: nil)
    }

    /// The subcommand of `family` called `name`, or a usage error that suggests the nearest.
    private static func subcommand(_ name: String, of family: CommandSpec) throws(CLIError) -> (command: any BrewLogCommand.Type, spec: CommandSpec) {
        if let found = family.subcommand(named: name) { return found }
        let names = family.subcommandNames
        throw CLIError.usage("unknown subcommand '\(cappedForMessage(name))' for '\(family.qualifiedName)'",
                             hint: nearest(to: name, in: names).map { "did you mean '\($0)'?" } ?? "use " + names.listedWithOr, command: family)
    }

    /// Refuses an option that `subcommand` does not take but another subcommand of `family` does,
    /// saying which: `'--all' does not go with 'bean add'`.
    private static func refuseSiblingOption(_ typed: String, of subcommand: CommandSpec?, in family: CommandSpec?) throws(CLIError) {
        guard let subcommand, let family else { return }
        let takers = family.subcommandSpecs.filter { sibling in
            sibling.options.contains { typed == "--" + $0.long || typed == $0.short.map { "-\($0)" } }
        }
        guard !takers.isEmpty else { return }
        throw CLIError.usage("'\(typed)' does not go with '\(subcommand.qualifiedName)'",
                             hint: "it goes with " + takers.map { "'\($0.qualifiedName)'" }.listedWithOr, command: subcommand)
    }

    /// Refuses an option given to a command that runs itself before the name of one of its
    /// subcommands that does not take it (`sync --take ours init`): it would be dropped unread.
    private static func refuseEarlierOptions(_ parsed: ParsedArguments, given family: CommandSpec, for subcommand: CommandSpec?) throws(CLIError) {
        guard let subcommand else { return }
        let accepted = Set((subcommand.options + GlobalOptions.all).map(\.long))
        if let stray = (Array(parsed.values.keys) + Array(parsed.flags)).sorted().first(where: { !accepted.contains($0) }) {
            throw CLIError.usage("'--\(stray)' does not go with '\(subcommand.qualifiedName)'", hint: "it goes with '\(family.qualifiedName)' alone", command: subcommand)
        }
    }

    /// For an option given to a family before its subcommand that a subcommand takes: where it goes.
    private static func laterOption(_ typed: String, in family: CommandSpec?) -> String? {
        guard let family, family.completedOptions.contains(where: { typed == "--" + $0.long || typed == $0.short.map { "-\($0)" } }) else { return nil }
        return "'\(typed)' belongs to a subcommand and goes after its name: brewlog \(family.qualifiedName) <subcommand> \(typed) ..."
    }
}
