import BrewLogCore

/// The `--columns` option `list` and `export` share: a comma list of columns (``BrewColumn``),
/// each named as `list` heads it (`dose`) or by its key (`dose_g`), in any case, each once.
enum ColumnOptions {
    /// The columns given to `option` (each command words its help), or `nil` when it is not given.
    static func columns(_ context: CommandContext, _ option: OptionSpec) throws(CLIError) -> [BrewColumn]? {
        guard let text = context.arguments.value(option) else { return nil }
        var columns: [BrewColumn] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingWhitespaceForCLI().lowercased() }) {
            guard let column = BrewColumn(name: name) else {
                let names = BrewColumn.all.map(\.name)
                throw context.usage("unknown column '\(cappedForMessage(name))' for '--\(option.long)'",
                                    hint: (nearest(to: name, in: names).map { "did you mean '\($0)'? " } ?? "") + "columns: " + names.joined(separator: ","))
            }
            guard !columns.contains(column) else { throw context.usage("the column '\(name)' is given twice in '--\(option.long)'") }
            columns.append(column)
        }
        return columns
    }

    /// The columns, for help texts: `, ` between them, so a manual page can break the line.
    static let names = BrewColumn.all.map(\.name).joined(separator: ", ")
}
