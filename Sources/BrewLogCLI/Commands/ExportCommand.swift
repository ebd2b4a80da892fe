import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `brewlog export`: every brew (or a date range) to standard output as JSON Lines, JSON or CSV.
enum ExportCommand: BrewLogCommand {
    /// Its own option, besides the filters.
    enum Option {
        static let format = OptionSpec("format", value: "format", help: "jsonl (default; the journal's own lines), json (an array) or csv (RFC 4180).")
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export brews to standard output.",
        usage: "export [--format jsonl|json|csv] [<filters>]",
        options: [Option.format] + BrewFilter.options,
        discussion: "Brews are written oldest first; the filters are those of 'brewlog list'. CSV has a header row of journal keys and joins tags with ','.")

    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try ExchangeOptions.format(context, Option.format, default: .jsonl)
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        let brews = filter.needsFields
            ? store.brewsByDate.filter(filter.admits)
            : store.brewsByDate(limit: nil, where: filter.admits)
        // Skip days follow the brews (JSON Lines and JSON; CSV holds brews only), judged by their
        // day; a filter on brews' fields (method, coffee, tag, rating, notes) leaves them out.
        let skips = filter.needsFields ? [] : store.skipDays.filter { skip in
            filter.admits(Timestamp(date: Date(timeIntervalSince1970: Double(skip.day.daysSinceEpoch * 86_400 + 43_200)), utcOffsetSeconds: 0))
        }.sorted { $0.day < $1.day }
        // Bean bags follow (they span days, so a date range keeps them all); a filter on brews'
        // fields leaves them out too.
        let bags = filter.needsFields ? [] : store.beanBags
        context.out.write(format.encode(brews, entries: skips.map(JournalEntry.skip) + bags.map(JournalEntry.bean)))
    }
}
