import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `brewlog export`: every brew (or those the filters keep) to standard output as JSON Lines,
/// JSON or CSV, then the skip days, bean bags and tombstones; with `--columns`, the brews alone, each holding
/// exactly those columns.
enum ExportCommand: BrewLogCommand {
    /// Its own options, besides the filters.
    enum Option {
        static let format = OptionSpec("format", value: "format", completes: .fixed(["jsonl", "json", "csv"]), help: "jsonl (default; the journal's own lines), json (an array) or csv (RFC 4180).")
        static let columns = OptionSpec("columns", value: "list", completes: .lookup(.columns), help: "Write brews only, each with exactly these keys, in order, comma-separated, from: "
            + ColumnOptions.names + " (a field by its journal key: dose is \"dose_g\").")
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export brews to standard output.",
        usage: "export [--format jsonl|json|csv] [--columns <list>] [<filters>]",
        options: [Option.format, Option.columns] + BrewFilter.options,
        discussion: """
            Brews are written oldest first, then the skip days and bags, then the tombstones of
            removed records (not in CSV, which holds brews only); the filters are those of 'brewlog list'. CSV has a header row of
            journal keys and joins tags with ','. With --columns each brew holds exactly those
            keys, derived ones included (ratio; bean, the id of the bag it belongs to; bean_name;
            days_off_roast), null or an empty cell where it has no value, and skip days and bags
            are left out.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let format = try ExchangeOptions.format(context, Option.format, default: .jsonl)
        let columns = try ColumnOptions.columns(context, Option.columns)
        let filter = try BrewFilter(context)
        let store = try context.session().read()
        var writer = ExchangeWriter(format: format, columns: columns, bags: BeanMatching(bags: store.beanBags))
        // Each brew is written as it is read, oldest first: only their places in date order are
        // held, whatever the journal's size.
        context.out.write(writer.opening)
        var bytes: [UInt8] = []
        if format == .csv || columns != nil {
            // Each brew's row or object is made on every core as the brews are decoded.
            let text = writer.brewText
            store.visitBrewsByDate(where: filter.admits, rendering: { record in
                var output: [UInt8] = []
                text.append(record, to: &output)
                return output
            }) { record, rendered in
                guard !filter.needsFields || filter.admits(record) else { return }
                bytes.removeAll(keepingCapacity: true)
                writer.appendBrew(text: rendered, to: &bytes)
                context.out.write(bytes: bytes)
            }
        } else {
            // JSON Lines and JSON without chosen columns copy each brew's line, byte for byte as
            // the journal holds it (the docs promise it): nothing to decode unless a filter reads
            // the brews' fields, and no string made of a line.
            store.visitJournalLinesByDate(where: filter.admits, decoding: filter.needsFields) { record, line in
                if filter.needsFields {
                    let brew = record()
                    guard filter.admits(brew) else { return }
                }
                bytes.removeAll(keepingCapacity: true)
                writer.appendBrew(line: line, to: &bytes)
                context.out.write(bytes: bytes)
            }
        }
        // Skip days follow the brews (JSON Lines and JSON; CSV holds brews only), judged by their
        // day; a filter on brews' fields (method, coffee, tag, rating, notes) leaves them out, and
        // so does --columns (a skip day or a bag has none of those keys). Bean bags follow (they
        // span days, so a date range keeps them all), then the tombstones of removed records (a
        // backup carries its removals, so importing it elsewhere removes them there too).
        if !filter.needsFields {
            let skips = store.skipDays.filter { skip in
                filter.admits(Timestamp(date: Date(timeIntervalSince1970: Double(skip.day.daysSinceEpoch * 86_400 + 43_200)), utcOffsetSeconds: 0))
            }.sorted { $0.day < $1.day }
            for entry in skips.map(JournalEntry.skip) + store.beanBags.map(JournalEntry.bean) + store.tombstones.map(JournalEntry.removed) {
                context.out.write(writer.entry(entry))
            }
        }
        context.out.write(writer.closing)
    }
}
