/// `bean add`, `list`, `show`, `edit`, `finish` and `rm`, each declared with its own arguments
/// and options; the work is ``BeanCommand``'s.
extension BeanCommand {
    /// A bag as `show`, `edit`, `finish` and `rm` name it.
    static let bag = ArgumentSpec(
        "bag", completes: .lookup(.beans),
        help: "The open bag of that name (ignoring case), else the one bag of that name, else a bag id or unique prefix of 4+ characters, else a unique part of an open bag's name.")

    /// `bean add NAME [FIELDS]`.
    enum Add: BrewLogCommand {
        static let spec = CommandSpec(
            name: "add", abstract: "Add a bag: its name is the coffee brews name with --coffee.",
            usage: "bean add <name> [<bag fields>]",
            arguments: [ArgumentSpec("name", completes: .nothing, help: "The coffee's name, as brews name it in --coffee.")],
            positionalCount: 1...1, options: fieldOptions)

        static func run(_ context: CommandContext) throws(CLIError) {
            try BeanCommand.add(context.arguments.positionals[0], context)
        }
    }

    /// `bean list [--all] [--json]`.
    enum List: BrewLogCommand {
        static let spec = CommandSpec(
            name: "list", abstract: "List the open bags (--all: finished ones too) with freshness and grams left.",
            usage: "bean list [--all] [--json]", options: [Option.all, Option.json], pagesOutput: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try BeanCommand.list(context)
        }
    }

    /// `bean show BAG [--json]`.
    enum Show: BrewLogCommand {
        static let spec = CommandSpec(
            name: "show", abstract: "Show one bag: its fields, days off roast, grams used and left, brews and rating.",
            usage: "bean show <bag> [--json]", arguments: [bag], positionalCount: 1...1, options: [Option.json], pagesOutput: true)

        static func run(_ context: CommandContext) throws(CLIError) {
            try BeanCommand.show(context.arguments.positionals[0], context)
        }
    }

    /// `bean edit BAG [FIELDS] [--name NAME] [--unset FIELD]`.
    enum Edit: BrewLogCommand {
        static let spec = CommandSpec(
            name: "edit", abstract: "Change a bag's fields, rename it, or clear fields.",
            usage: "bean edit <bag> [<bag fields>] [--name <name>] [--unset <field>]",
            arguments: [bag], positionalCount: 1...1, options: fieldOptions + [Option.name, Option.unset])

        static func run(_ context: CommandContext) throws(CLIError) {
            try BeanCommand.edit(context.arguments.positionals[0], context)
        }
    }

    /// `bean finish BAG [DAY]`.
    enum Finish: BrewLogCommand {
        static let spec = CommandSpec(
            name: "finish", abstract: "Mark a bag finished (today, or the day given).",
            usage: "bean finish <bag> [<day>]",
            arguments: [bag, ArgumentSpec("day", completes: .fixed(["today", "yesterday"]), help: "The day the bag was finished (default: today).")],
            positionalCount: 1...2, options: [])

        static func run(_ context: CommandContext) throws(CLIError) {
            let positionals = context.arguments.positionals
            try BeanCommand.finish(positionals[0], day: positionals.count > 1 ? positionals[1] : nil, context)
        }
    }

    /// `bean rm BAG`.
    enum Remove: BrewLogCommand {
        static let spec = CommandSpec(
            name: "rm", abstract: "Remove a bag; brews that named it keep their link and belong to no bag.",
            usage: "bean rm <bag>", arguments: [bag], positionalCount: 1...1, options: [])

        static func run(_ context: CommandContext) throws(CLIError) {
            try BeanCommand.remove(context.arguments.positionals[0], context)
        }
    }
}
