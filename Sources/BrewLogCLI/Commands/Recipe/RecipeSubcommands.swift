/// `recipe save`, `edit`, `list`, `show` and `rm`, each declared with its own arguments and
/// options; the work is ``RecipeCommand``'s.
extension RecipeCommand {
    /// A recipe as every subcommand but `save` and `list` names it: a saved one.
    static let saved = ArgumentSpec("name", completes: .lookup(.recipes), help: "A saved recipe's name (quote one with spaces).")

    /// `recipe save NAME [--from ID] [FIELDS] [--unset FIELD] [--replace]`.
    enum Save: BrewLogCommand {
        static let spec = CommandSpec(
            name: "save", abstract: "Save a recipe from the fields given, or from a brew's with --from.",
            usage: "recipe save <name> [--from <id> [--with <fields>]] [<fields>] [--unset <field>] [--replace]",
            arguments: [ArgumentSpec("name", completes: .nothing, help: "The recipe's name: up to 64 characters, no control characters (quote one with spaces).")],
            positionalCount: 1...1, options: fieldOptions + [Option.from, Option.with, Option.unset, Option.replace])

        static func run(_ context: CommandContext) throws(CLIError) {
            if !context.arguments.all(Option.with).isEmpty && context.arguments.value(Option.from) == nil {
                throw context.usage("'--with' goes with 'recipe save --from' only", hint: "it names the brew's fields to keep besides its method parameters")
            }
            try RecipeCommand.save(context.arguments.positionals[0], context)
        }
    }

    /// `recipe edit NAME [FIELDS] [--unset FIELD]`.
    enum Edit: BrewLogCommand {
        static let spec = CommandSpec(
            name: "edit", abstract: "Change the fields given and keep the rest.",
            usage: "recipe edit <name> [<fields>] [--unset <field>]",
            arguments: [saved], positionalCount: 1...1, options: fieldOptions + [Option.unset])

        static func run(_ context: CommandContext) throws(CLIError) {
            try RecipeCommand.edit(context.arguments.positionals[0], context)
        }
    }

    /// `recipe list [--json]`.
    enum List: BrewLogCommand {
        static let spec = CommandSpec(
            name: "list", abstract: "List the saved recipes with their fields.",
            usage: "recipe list [--json]", options: [Option.json])

        static func run(_ context: CommandContext) throws(CLIError) {
            RecipeCommand.list(context)
        }
    }

    /// `recipe show NAME [--json]`.
    enum Show: BrewLogCommand {
        static let spec = CommandSpec(
            name: "show", abstract: "Show one recipe's fields.",
            usage: "recipe show <name> [--json]", arguments: [saved], positionalCount: 1...1, options: [Option.json])

        static func run(_ context: CommandContext) throws(CLIError) {
            try RecipeCommand.show(context.arguments.positionals[0], context)
        }
    }

    /// `recipe rm NAME`.
    enum Remove: BrewLogCommand {
        static let spec = CommandSpec(
            name: "rm", abstract: "Remove a recipe from the config file.",
            usage: "recipe rm <name>", arguments: [saved], positionalCount: 1...1, options: [])

        static func run(_ context: CommandContext) throws(CLIError) {
            try RecipeCommand.remove(context.arguments.positionals[0], context)
        }
    }
}
