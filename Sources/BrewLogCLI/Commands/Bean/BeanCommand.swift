import BrewLogCore

/// `brewlog bean add|list|show|edit|finish|rm`: bags of coffee beans, their freshness and use.
enum BeanCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let roaster = OptionSpec("roaster", value: "text", help: "Who roasted it.")
        static let origin = OptionSpec("origin", value: "text", help: "Where it grew.")
        static let process = OptionSpec("process", value: "text", help: "How it was processed (washed, natural, honey).")
        static let roasted = OptionSpec("roasted", value: "day", help: "The day it was roasted: a date, yesterday, mon, -3d, …")
        static let weight = OptionSpec("weight", value: "g", help: "What the bag holds, in grams (more than 0, at most 100000; 250 or 250g).")
        static let price = OptionSpec("price", value: "amount", help: "What the bag cost, in ui.currency (0 or more): each brew's cost is price × dose ÷ weight.")
        static let opened = OptionSpec("opened", value: "day", help: "The day it was opened (default for 'add': today).")
        static let notes = OptionSpec("notes", short: "n", value: "text", help: "Free text.")
        static let tag = OptionSpec("tag", value: "tag", repeatable: true, help: "A tag (repeatable; no commas or whitespace); 'edit' adds it.")
        static let name = OptionSpec("name", value: "name", help: "With 'edit': a new name (brews find their bag by this name).")
        static let unset = OptionSpec("unset", value: "field", repeatable: true, help: "With 'edit': clear a field: " + unsettable.joined(separator: ", ") + ".")
        static let all = OptionSpec("all", help: "With 'list': finished bags too.")
        static let json = OptionSpec("json", help: "With 'list' and 'show': print JSON (the journal's keys plus days_off_roast, grams_used, grams_left, brews, average_rating, cost_per_cup).")
    }

    /// The actions, as typed.
    static let actions = ["add", "list", "show", "edit", "finish", "rm"]

    /// The fields `edit --unset` clears (the name cannot be cleared).
    static let unsettable = ["roaster", "origin", "process", "roasted", "weight", "price", "opened", "finished", "notes", "tags"]

    /// The options that set a bag's fields, for 'add' and 'edit'.
    static let fieldOptions = [Option.roaster, Option.origin, Option.process, Option.roasted, Option.weight, Option.price, Option.opened,
                               Option.notes, Option.tag]

    static let spec = CommandSpec(
        name: "bean",
        abstract: "Keep bags of coffee: freshness, grams used and left, brews and ratings.",
        usage: "bean add <name> [<bag fields>] | list [--all] [--json] | show <bag> [--json] | edit <bag> [<bag fields>] [--name <name>] [--unset <field>] | finish <bag> [<day>] | rm <bag>",
        arguments: [("action", "add, list, show, edit, finish or rm."),
                    ("name|bag", "The coffee's name, as brews name it in --coffee; for show, edit, finish and rm: the open bag of that name (ignoring case), else the one bag of that name, else a bag id or unique prefix of 4+ characters, else a unique part of an open bag's name."),
                    ("day", "With 'finish': the day the bag was finished (default: today).")],
        positionalCount: 1...3,
        options: fieldOptions + [Option.name, Option.unset, Option.all, Option.json],
        discussion: """
            A brew logged with 'add --bean BAG' belongs to that bag whatever its coffee says. Any
            other brew belongs to a bag when its coffee is the bag's name (ignoring case) and it was
            brewed on or after the day the bag was opened (else roasted) and not after the day
            it was finished; when several bags match, the one opened last (of bags opened the
            same day, the one roasted last, else the later in the journal). Days off roast are
            counted from the roast day to the brew's day (or today; for a finished bag, at most
            to its finish day). Grams used are the sum of the bag's brews' doses; grams left its
            weight less that (shown as 0, marked '!', when the brews used more; marked 'low' when
            under two of its brews' average dose, or 30 g before any). A bag with a --price and a
            --weight gives each brew a cost (price × dose ÷ weight, in ui.currency) and the bag a
            cost per cup (the cost of its brews' average dose). 'rm' removes a bag: brews that
            named it keep their link and belong to no bag.

            EXAMPLES:
              brewlog bean add "Kenya AA" --roaster "Square Mile" --roasted 2026-11-10 --weight 250 --price 14.50
              brewlog bean list --all
              brewlog bean show "kenya aa"
              brewlog bean edit "Kenya AA" --process washed --unset notes
              brewlog bean finish "Kenya AA" yesterday
              brewlog bean rm kenya
            """,
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let positionals = context.arguments.positionals
        let action = positionals[0]
        guard actions.contains(action) else {
            throw context.usage("unknown action '\(cappedForMessage(action))'",
                                hint: nearest(to: action, in: actions).map { "did you mean '\($0)'?" } ?? "use add, list, show, edit, finish or rm")
        }
        try checkArguments(action, context)
        let target = positionals.count > 1 ? positionals[1] : ""
        switch action {
        case "add": try add(target, context)
        case "list": try list(context)
        case "show": try show(target, context)
        case "edit": try edit(target, context)
        case "rm": try remove(target, context)
        default: try finish(target, day: positionals.count > 2 ? positionals[2] : nil, context)
        }
    }

    /// Refuses arguments and options the action does not take, before anything is read.
    private static func checkArguments(_ action: String, _ context: CommandContext) throws(CLIError) {
        let arguments = context.arguments
        let positionals = arguments.positionals
        let counts: [String: ClosedRange<Int>] = ["add": 2...2, "list": 1...1, "show": 2...2, "edit": 2...2, "finish": 2...3, "rm": 2...2]
        if let range = counts[action], !range.contains(positionals.count) {
            if positionals.count < range.lowerBound {
                throw context.usage("missing <\(action == "add" ? "name" : "bag")> for 'bean \(action)'")
            }
            throw context.usage("unexpected argument '\(cappedForMessage(positionals[range.upperBound]))' for 'bean \(action)'")
        }
        let allowed: [OptionSpec] = switch action {
        case "add": fieldOptions
        case "edit": fieldOptions + [Option.name, Option.unset]
        case "list": [Option.all, Option.json]
        case "show": [Option.json]
        default: []
        }
        let given = fieldOptions.filter { arguments.value($0) != nil } + [Option.name, Option.unset].filter { arguments.value($0) != nil }
            + [Option.all, Option.json].filter { arguments.has($0) }
        if let stray = given.first(where: { option in !allowed.contains { $0.long == option.long } }) {
            throw context.usage("'--\(stray.long)' does not go with 'bean \(action)'", hint: "see 'brewlog bean --help' for what each action takes")
        }
    }
}
