import BrewLogCore
import Foundation

/// `brewlog export`: every brew (or a date range) to standard output as JSON Lines, JSON or CSV.
enum ExportCommand: BrewLogCommand {
    /// Its own option, besides `--since` and `--until`.
    enum Option {
        static let format = OptionSpec("format", value: "format", help: "jsonl (default; the journal's own lines), json (an array) or csv (RFC 4180).")
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export brews to standard output.",
        usage: "export [--format jsonl|json|csv] [--since <when>] [--until <when>]",
        options: [Option.format, BrewFilter.since, BrewFilter.until],
        discussion: "Brews are written oldest first. CSV has a header row and joins tags with ';'.")

    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try ExchangeOptions.format(context, Option.format, default: .jsonl)
        let since = try context.when(BrewFilter.since)
        let until = try context.when(BrewFilter.until)
        let store = try context.session().read()
        let inRange = { (timestamp: Timestamp) in (since?.startsOnOrBefore(timestamp) ?? true) && (until?.endsOnOrAfter(timestamp) ?? true) }
        let records = store.brewsByDate(limit: nil, where: inRange).map(\.record)
        // Skip days follow the brews (JSON Lines and JSON; CSV holds brews only), judged by their day.
        let skips = store.skipDays.filter { skip in
            inRange(Timestamp(date: Date(timeIntervalSince1970: Double(skip.day.daysSinceEpoch * 86_400 + 43_200)), utcOffsetSeconds: 0))
        }.sorted { $0.day < $1.day }
        context.out.write(format.encode(records, entries: skips.map(JournalEntry.skip)))
    }
}
