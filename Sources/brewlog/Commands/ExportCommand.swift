import BrewLogCore

/// `brewlog export`: every brew (or a date range) to standard output as JSON Lines, JSON or CSV.
enum ExportCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export brews to standard output.",
        usage: "export [--format jsonl|json|csv] [--since <when>] [--until <when>]",
        options: [
            OptionSpec("format", value: "format", help: "jsonl (default; the journal's own lines), json (an array) or csv (RFC 4180)."),
            BrewFilter.since,
            BrewFilter.until,
        ],
        discussion: "Brews are written oldest first. CSV has a header row and joins tags with ';'.")

    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try ExchangeOptions.format(context, default: .jsonl)
        let since = try context.when("since")
        let until = try context.when("until")
        let records = try context.session().read().brewsByDate(limit: nil) {
            (since?.startsOnOrBefore($0) ?? true) && (until?.endsOnOrAfter($0) ?? true)
        }.map(\.record)
        context.out.write(format.encode(records))
    }
}
