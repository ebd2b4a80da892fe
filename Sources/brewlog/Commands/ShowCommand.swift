import BrewLogCore

/// `brewlog show ID`: one brew, every field.
enum ShowCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one brew, every field.",
        usage: "show <id> [--json]",
        arguments: [("id", "A brew id, a unique prefix of 4+ characters, or 'last'.")],
        positionalCount: 1...1,
        options: [OptionSpec("json", help: "Print the brew as JSON.")])

    static func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let record = try context.brew(context.arguments.positionals[0], in: store).record
        if context.json {
            context.out.line(BrewLineCodec.encode(record))
            return
        }
        for (label, value) in rows(record) {
            context.out.line(context.style.bold(BrewFormatting.padded(label.terminalSafe, to: 8)) + "  " + value.terminalSafe)
        }
        if !record.notes.isEmpty {
            context.out.line(context.style.bold("notes"))
            // Multi-line notes keep their lines (split at LF or CRLF), each indented; every other
            // control character, a lone carriage return included, is shown escaped.
            for line in record.notes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                context.out.line("  " + String(line).terminalSafe)
            }
        }
    }

    static func rows(_ record: BrewRecord) -> [(String, String)] {
        var rows: [(String, String)] = [
            ("id", record.id.rawValue),
            ("date", BrewFormatting.dateTimeWithOffset(record.timestamp)),
            ("rating", record.rating.map { "\(BrewFormatting.stars($0)) (\($0))" } ?? "-"),
            ("method", record.method ?? "-"),
            ("coffee", record.coffee ?? "-"),
            ("dose", BrewFormatting.grams(record.doseGrams)),
            ("water", BrewFormatting.grams(record.waterGrams)),
            ("ratio", BrewFormatting.ratio(record.ratio)),
            ("grind", record.grind ?? "-"),
            ("temp", record.temperatureCelsius.map { formatNumber($0) + " °C" } ?? "-"),
            ("time", record.brewTimeSeconds.map(BrewTime.format) ?? "-"),
            ("tags", record.tags.isEmpty ? "-" : record.tags.joined(separator: ", ")),
        ]
        rows += record.unknownFields.map { ($0.key, $0.rawJSON) }
        return rows
    }
}
