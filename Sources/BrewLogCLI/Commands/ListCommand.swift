import BrewLogCore

/// `brewlog list`: brews in date order, newest last, as a table that fits the terminal.
enum ListCommand: BrewLogCommand {
    /// Its own options, besides the filters.
    enum Option {
        static let limit = OptionSpec("limit", value: "n", help: "Show only the newest n brews.")
        static let json = OptionSpec("json", help: "Print a JSON array of brews with the journal's keys.")
        static let columns = OptionSpec("columns", value: "list", help: "The columns, in order, comma-separated, from: " + BrewColumn.all.map(\.name).joined(separator: ", ") + " (default: ui.list-columns, else id, date, rating, method, coffee, ratio, notes).")
        static let sort = OptionSpec("sort", value: "key", help: "Order by date (default), rating or ratio, lowest first; ties by date. --limit keeps the last n.")
    }

    static let spec = CommandSpec(
        name: "list",
        abstract: "List brews, oldest first.",
        usage: "list [<filters>] [--limit <n>] [--columns <list>] [--sort <key>] [--json]",
        options: BrewFilter.options + [Option.limit, Option.columns, Option.sort, Option.json],
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
        let sort = try sortKey(context)
        let columns = try self.columns(context)
        let store = try context.session().read()
        var brews: [Brew]
        if filter.needsFields || sort != .date {
            brews = store.brewsByDate.filter(filter.admits)
            if sort != .date { brews = sorted(brews, by: sort) }
            if let limit { brews = Array(brews.suffix(limit)) }
        } else {
            brews = store.brewsByDate(limit: limit, where: filter.admits)
        }

        if context.arguments.has(Option.json) {
            context.out.write(ExchangeFormat.json.encode(brews))
            return
        }
        let records = brews.map(\.record)
        if context.quiet {
            for record in records { context.out.line(record.id.rawValue) }
        } else if records.isEmpty {
            context.out.line(store.count == 0 ? "No brews yet. Log one with 'brewlog add'." : "No brews match.")
        } else {
            var table = BrewTable(brews: records, columns: columns ?? BrewTable.defaultColumns, mayDrop: columns == nil,
                                  width: context.terminalWidth, style: context.style)
            let bags = BeanMatching(bags: store.beanBags)
            table.bean = { bags.bag(of: $0)?.name }
            table.render(to: context.out)
        }
    }

    /// What `--sort` orders by.
    enum SortKey: String, CaseIterable {
        case date, rating, ratio
    }

    private static func sortKey(_ context: CommandContext) throws(CLIError) -> SortKey {
        guard let text = context.arguments.value(Option.sort) else { return .date }
        guard let key = SortKey(rawValue: text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--sort'", hint: "use date, rating or ratio")
        }
        return key
    }

    /// `records` (in date order) ordered by `key`, lowest first, brews without a value before the
    /// rest; a stable sort, so ties stay in date order.
    private static func sorted(_ brews: [Brew], by key: SortKey) -> [Brew] {
        let value: (BrewRecord) -> Double? = switch key {
        case .date: { _ in 0 }
        case .rating: { $0.rating.map(Double.init) }
        case .ratio: { $0.ratio }
        }
        let keyed = brews.enumerated().map { (index: $0.offset, value: value($0.element.record) ?? -.infinity, brew: $0.element) }
        return keyed.sorted { ($0.value, $0.index) < ($1.value, $1.index) }.map(\.brew)
    }

    /// The columns `--columns` (else `ui.list-columns`) chooses, or `nil` for the defaults.
    private static func columns(_ context: CommandContext) throws(CLIError) -> [BrewColumn]? {
        guard let text = context.arguments.value(Option.columns) else {
            return context.configuration.listColumns?.compactMap(BrewColumn.init(name:))
        }
        var columns: [BrewColumn] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingWhitespaceForCLI().lowercased() }) {
            guard let column = BrewColumn(name: name) else {
                let names = BrewColumn.all.map(\.name)
                throw context.usage("unknown column '\(cappedForMessage(name))' for '--columns'",
                                    hint: (nearest(to: name, in: names).map { "did you mean '\($0)'? " } ?? "") + "columns: " + names.joined(separator: ","))
            }
            guard !columns.contains(column) else { throw context.usage("the column '\(name)' is given twice in '--columns'") }
            columns.append(column)
        }
        return columns
    }
}
