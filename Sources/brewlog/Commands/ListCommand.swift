import BrewLogCore

/// `brewlog list`: brews in date order, newest last, as a table that fits the terminal.
enum ListCommand: BrewLogCommand {
    /// Its own options, besides the filters.
    enum Option {
        static let limit = OptionSpec("limit", value: "n", help: "Show only the newest n brews.")
        static let json = OptionSpec("json", help: "Print a JSON array of brews with the journal's keys.")
    }

    static let spec = CommandSpec(
        name: "list",
        abstract: "List brews, oldest first.",
        usage: "list [<filters>] [--limit <n>] [--json]",
        options: BrewFilter.options + [Option.limit, Option.json],
        discussion: """
            FILTERS: --method and --coffee match the whole field ignoring case (repeat: any of them);
            --tag matches a whole tag (repeat: all of them); --min-rating keeps rated brews only;
            --grep looks in the notes ignoring case. --since and --until given a day include the
            whole day; --since after --until is an error.
            """,
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        var limit: Int?
        if let text = context.arguments.value(Option.limit) {
            guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text) else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--limit'", hint: "give a whole number, 0 or more")
            }
            limit = value
        }
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        var brews: [Brew]
        if filter.needsFields {
            brews = store.brewsByDate.filter(filter.admits)
            if let limit { brews = Array(brews.suffix(limit)) }
        } else {
            brews = store.brewsByDate(limit: limit, where: filter.admits)
        }

        if context.arguments.has(Option.json) {
            context.out.write(ExchangeFormat.json.encode(brews.map(\.record)))
        } else if context.quiet {
            for brew in brews { context.out.line(brew.id.rawValue) }
        } else if brews.isEmpty {
            context.out.line(store.count == 0 ? "No brews yet. Log one with 'brewlog add'." : "No brews match.")
        } else {
            BrewTable(brews: brews, width: context.terminalWidth, style: context.style).render(to: context.out)
        }
    }
}
