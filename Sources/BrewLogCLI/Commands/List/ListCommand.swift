import BrewLogCore

/// `brewlog list`: brews in date order, newest last (or in the order `--sort` gives), as a table
/// that fits the terminal, their ids, or JSON.
enum ListCommand: BrewLogCommand {
    /// Its own options, besides the filters.
    enum Option {
        static let limit = OptionSpec("limit", value: "n", completes: .nothing, help: "Show only the last n brews of the order: the newest n, unless --sort orders otherwise.")
        static let json = OptionSpec("json", help: "Print a JSON array of brews: their journal lines, or with --columns objects of exactly those keys.")
        static let columns = OptionSpec("columns", value: "list", completes: .lookup(.columns), help: "The columns, in order, comma-separated, from: " + ColumnOptions.names
            + " (default: ui.list-columns, else id, date, rating, method, coffee, ratio, notes). With --json, each brew holds exactly those keys.")
        static let sort = OptionSpec("sort", value: "keys", completes: .lookup(.sortKeys), help: "Order by these keys, comma-separated, lowest first ('-key': highest first), from: "
            + SortKey.allCases.map(\.rawValue).joined(separator: ", ") + "; ties by date.")
        static let reverse = OptionSpec("reverse", help: "Print the brews last first (newest first); --limit still keeps the same n.")
    }

    static let spec = CommandSpec(
        name: "list",
        abstract: "List brews, oldest first.",
        usage: "list [<filters>] [--limit <n>] [--columns <list>] [--sort <keys>] [--reverse] [--json]",
        options: BrewFilter.options + [Option.limit, Option.columns, Option.sort, Option.reverse, Option.json],
        discussion: """
            FILTERS: --method and --coffee match the whole field ignoring case (repeat: any of them);
            --tag matches a whole tag (repeat: all of them); --min-rating keeps rated brews only;
            --grep looks in the notes ignoring case. --since and --until given a day include the
            whole day (a period: from its first day, to its last); --on keeps the brews of a day, a
            week or a month (--on "last week", --on 2026-11); --since after --until is an error.

            SORTING: --sort method,-rating orders by method, then by rating highest first, then by
            date. Text is compared ignoring case, numbers in it by value; bean sorts by the bag's
            name. Brews without a value for a key come first, in either direction. --limit keeps
            the last n of that order; --reverse then prints them last first.

            COLUMNS: bean is the bag a brew belongs to (a table shows its name, JSON its id),
            bean_name its name, days_off_roast the days from its roast to the brew's day, ey the
            extraction yield (TDS × yield, else water, ÷ dose), cost what its coffee cost (its bag's
            price × dose ÷ weight). In --json a field's key is its journal key (dose: "dose_g"),
            and null means no value.

            ON A TERMINAL a plain list (no --limit, --sort or --reverse) opens the pager at the
            end, where the newest brews are (less +G); with ui.list-order = newest it lists the
            newest first instead. A pipe always gets the oldest first.
            """,
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let limit = try context.wholeNumber(Option.limit)
        let filter = try BrewFilter(context)
        let order = try self.order(context)
        let chosenColumns = try ColumnOptions.columns(context, Option.columns)
        let store = try context.session().read()
        let bags = BeanMatching(bags: store.beanBags)
        // A plain list on a terminal starts at the newest brews: the pager opens at the end, or
        // with ui.list-order = newest they come first. What a pipe gets never changes.
        let plain = limit == nil && order == nil && !context.arguments.has(Option.reverse) && !context.arguments.has(Option.json)
            && !context.quiet && context.standardOutputIsTerminal
        let newestFirst = plain && context.configuration.listsNewestFirst
        if plain && !newestFirst { context.out.pageFromEnd = true }
        let selection = ListSelection(store: store, filter: filter, order: order, bags: bags, limit: limit,
                                      reverse: context.arguments.has(Option.reverse) || newestFirst)

        if context.arguments.has(Option.json) {
            // Only columns typed here shape the JSON: ui.list-columns is for the table, so a
            // script's output does not change with someone's configuration. Each brew is a JSON
            // Lines item of the export's writer, its newline made the array's separator.
            var writer = ExchangeWriter(format: .jsonl, columns: chosenColumns, bags: bags)
            var first = true
            context.out.write("[")
            // Without chosen columns each brew is its journal line: nothing to decode.
            selection.write(decoding: chosenColumns != nil, encode: { record, line, text in
                writer.appendBrew(record: record, line: line, to: &text)
                text.removeLast()
            }, to: { text in
                if !first { context.out.write(",\n") }
                first = false
                context.out.write(bytes: text)
            })
            context.out.write("]\n")
            return
        }
        if context.quiet {
            selection.write(rendering: { record in Array(record.id.rawValue.utf8) + [0x0A] }, to: context.out.write(bytes:))
            return
        }
        let columns = chosenColumns ?? context.configuration.listColumns?.compactMap(BrewColumn.init(name:))
        var table = BrewTable(columns: columns ?? BrewTable.defaultColumns, mayDrop: columns == nil,
                              width: context.terminalWidth, style: context.style, bags: bags, currency: context.configuration.currency)
        // Two passes: the widths of every row listed, then the rows.
        selection.forEachInDateOrder { table.measure($0) }
        guard table.count > 0 else {
            context.out.line(store.count == 0 ? "No brews yet. Log one with 'brewlog add'." : "No brews match.")
            return
        }
        let layout = table.layout()
        context.out.line(table.header(layout))
        // Rows are made on every core as the brews are read.
        let measured = table
        selection.write(rendering: { record in Array((measured.row(record, layout) + "\n").utf8) }, to: context.out.write(bytes:))
    }

    /// A key `--sort` takes: a column, named as `--columns` names it (or by its key). Every column
    /// is one but the tags and the notes (lists and free text) and `bean_name` (`bean` already
    /// orders by the bag's name).
    struct SortKey: RawRepresentable, CaseIterable, Hashable {
        /// The column it orders by.
        let column: BrewColumn

        /// Every key, in the columns' order.
        static let allCases = BrewColumn.all.filter { ![.field(.tags), .field(.notes), .beanName].contains($0) }.map(SortKey.init(column:))

        /// The column's name.
        var rawValue: String { column.name }

        private init(column: BrewColumn) {
            self.column = column
        }

        /// The key of the column named `rawValue` (its name or its key), if it is one.
        init?(rawValue: String) {
            guard let column = BrewColumn(name: rawValue), SortKey.allCases.contains(where: { $0.column == column }) else { return nil }
            self.column = column
        }
    }

    /// The order `--sort` gives, or `nil` when it is not given.
    private static func order(_ context: CommandContext) throws(CLIError) -> BrewOrder? {
        guard let text = context.arguments.value(Option.sort) else { return nil }
        var keys: [BrewOrder.Key] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(item).trimmingWhitespaceForCLI().lowercased()
            let descending = word.hasPrefix("-")
            let name = descending ? String(word.dropFirst()) : word
            guard let key = SortKey(rawValue: name) else {
                let names = SortKey.allCases.map(\.rawValue)
                let guess = nearest(to: name, in: names).map { "did you mean '\(descending ? "-" : "")\($0)'? " } ?? ""
                let message = BrewColumn(name: name) == nil ? "unknown sort key '\(cappedForMessage(word))' for '--sort'" : "'--sort' cannot order by '\(name)'"
                throw context.usage(message, hint: guess + "keys: " + names.joined(separator: ",") + " ('-key' for highest first)")
            }
            guard !keys.contains(where: { $0.column == key.column }) else {
                throw context.usage("the sort key '\(key.rawValue)' is given twice in '--sort'")
            }
            keys.append(BrewOrder.Key(key.column, descending: descending))
        }
        return BrewOrder(keys)
    }
}
