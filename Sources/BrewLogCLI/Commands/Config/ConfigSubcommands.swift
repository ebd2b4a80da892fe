/// `config get`, `set`, `unset`, `list` and `edit`, each declared with its own arguments and
/// options; the work is ``ConfigCommand``'s.
extension ConfigCommand {
    /// A key as `get` and `unset` name it: one the file sets.
    static let existingKey = ArgumentSpec("key", completes: .lookup(.configEntries), help: "section.key or section.NAME.key, e.g. ui.color.")

    /// `config get KEY`.
    enum Get: BrewLogCommand {
        static let spec = CommandSpec(
            name: "get", abstract: "Print a key's value (exit 1, printing nothing, when it is not set).",
            usage: "config get <key>", arguments: [existingKey], positionalCount: 1...1, options: [], lenientConfiguration: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try ConfigCommand.get(context.arguments.positionals[0], context)
        }
    }

    /// `config set KEY VALUE`.
    enum SetKey: BrewLogCommand {
        static let spec = CommandSpec(
            name: "set", abstract: "Set a key, checking its value; comments and layout are kept.",
            usage: "config set <key> <value>",
            arguments: [ArgumentSpec("key", completes: .lookup(.configKeys), help: "section.key or section.NAME.key, e.g. ui.color."),
                        ArgumentSpec("value", completes: .lookup(.configValues), help: "The value to set.")],
            positionalCount: 2...2, options: [], lenientConfiguration: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try ConfigCommand.set(context.arguments.positionals[0], to: context.arguments.positionals[1], context)
        }
    }

    /// `config unset KEY`.
    enum Unset: BrewLogCommand {
        static let spec = CommandSpec(
            name: "unset", abstract: "Remove a key (exit 1 when it is not set).",
            usage: "config unset <key>", arguments: [existingKey], positionalCount: 1...1, options: [], lenientConfiguration: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try ConfigCommand.unset(context.arguments.positionals[0], context)
        }
    }

    /// `config list [--json]`.
    enum List: BrewLogCommand {
        static let json = OptionSpec("json", help: "Print the keys and their values as one JSON object.")

        static let spec = CommandSpec(
            name: "list", abstract: "Print every key the file sets, with its value.",
            usage: "config list [--json]", options: [json], lenientConfiguration: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try ConfigCommand.list(context)
        }
    }

    /// `config edit`.
    enum Edit: BrewLogCommand {
        static let spec = CommandSpec(
            name: "edit", abstract: "Open the file in $VISUAL, else $EDITOR, else vi; a bad result is refused and kept aside.",
            usage: "config edit", options: [], lenientConfiguration: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try ConfigEditing.edit(context)
        }
    }
}
