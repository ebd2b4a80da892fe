import BrewLogCore

/// `brewlog show ID`: one brew, every field, and the bean bag it was made from.
enum ShowCommand: BrewLogCommand {
    /// Its option.
    enum Option {
        static let json = OptionSpec("json", help: "Print the brew as JSON.")
    }

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one brew, every field.",
        usage: "show <id> [--json]",
        arguments: [ArgumentSpec("id", completes: .lookup(.ids), help: "A brew id, a unique prefix of 4+ characters, or last, last~N, last:METHOD (see ID in 'brewlog help --man').")],
        positionalCount: 1...1,
        options: [Option.json],
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let brew = try context.brew(context.arguments.positionals[0], in: store)
        if context.arguments.has(Option.json) {
            context.out.line(BrewLineCodec.line(of: brew))
            return
        }
        let record = brew.record
        guard !context.quiet else { return }
        var rows = rows(record)
        // The bag after the coffee it is named by, as `diff` shows it.
        if let coffee = rows.firstIndex(where: { $0.0 == BrewField.coffee.name }) {
            rows.insert(contentsOf: beanRows(record, bags: store.beanBags), at: coffee + 1)
        }
        for (label, value) in rows {
            context.out.line(context.style.bold(BrewFormatting.padded(label.terminalSafe, to: 8)) + "  " + value.terminalSafe)
        }
        if !record.notes.isEmpty {
            context.out.line(context.style.bold(BrewField.notes.name))
            // Multi-line notes keep their lines (split at LF or CRLF), each indented; every other
            // control character, a lone carriage return included, is shown escaped.
            for line in record.notes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                context.out.line("  " + String(line).terminalSafe)
            }
        }
    }

    /// The label and value rows, one per field in table order (the ratio after the yield), then
    /// the unknown keys; a text field that may span lines (the notes) is shown below them instead.
    static func rows(_ record: BrewRecord) -> [(String, String)] {
        var rows: [(String, String)] = []
        // The bag the brew names is shown by name with the bean rows, not as a bare id here.
        for field in BrewField.allCases where field != .bean {
            if let value = cell(field, record) { rows.append((field.name, value)) }
            if field == .yield { rows.append(("ratio", BrewFormatting.ratio(record.ratio))) }
        }
        rows += record.unknownFields.map { ($0.key, $0.rawJSON) }
        return rows
    }

    /// The bag the brew was made from (its name and id) and its days off roast then; the id
    /// alone when the bag it names no longer exists; nothing when it belongs to no bag.
    static func beanRows(_ record: BrewRecord, bags: [BeanBag]) -> [(String, String)] {
        guard let bag = BeanMatching(bags: bags).bag(of: record) else {
            return record.bean.map { [("bean", "\($0) (no such bag)")] } ?? []
        }
        let off = bag.daysOffRoast(on: record.timestamp.day).map { BeanCommand.days($0) + " off roast" } ?? "no roast date"
        return [("bean", "\(bag.name) (\(bag.id.rawValue)), \(off)")]
    }

    /// How `field` reads in a row (`-` when absent), or `nil` for the multi-line text shown below the rows.
    private static func cell(_ field: BrewField, _ record: BrewRecord) -> String? {
        switch field.kind {
        case .id: record.id.rawValue
        case .date: BrewFormatting.dateTimeWithOffset(record.timestamp)
        case .text: nil
        case .rating(let path, _): record[keyPath: path].map { "\(BrewFormatting.stars($0)) (\($0))" } ?? "-"
        case .optionalText, .number, .duration, .tags: record[field].map(field.display) ?? "-"
        }
    }
}
