import BrewLogCore

/// `brewlog diff ID ID`: two brews side by side, every field in a row, the rows that differ marked.
enum DiffCommand: BrewLogCommand {
    /// Its option.
    enum Option {
        static let json = OptionSpec("json", help: "Print {\"a\":brew,\"b\":brew,\"differs\":[keys]}.")
    }

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two brews field by field.",
        usage: "diff <id> <id> [--json]",
        arguments: [ArgumentSpec("id", completes: .lookup(.ids), help: "Two brews: ids, unique prefixes of 4+ characters, or last, last~N, last:METHOD (last:V60 last:V60~1).")],
        positionalCount: 2...2,
        options: [Option.json],
        discussion: """
            Rows that differ start with '≠' (and are bold on a terminal). The notes show their
            first line ('brewlog show' has them in full) and are marked when any of them differs.
            The ids always differ and are not marked. With -q nothing is printed and the exit
            status answers, as 'git diff --quiet' does: 0 when the brews are the same but for
            their ids, 1 when they differ.
            """,
        pagesOutput: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let a = try context.brew(context.arguments.positionals[0], in: store).record
        let b = try context.brew(context.arguments.positionals[1], in: store).record
        let differs = a.differingKeys(from: b).filter { $0 != BrewField.id.journalKey }
        if context.arguments.has(Option.json) {
            context.out.line(#"{"a":"# + BrewLineCodec.encode(a) + #","b":"# + BrewLineCodec.encode(b) + #","differs":"#
                + JSONText.array(differs.map(JSONText.string)).text + "}")
            return
        }
        if context.quiet {
            if !differs.isEmpty { throw CLIError.checkFailed }
            return
        }
        let bags = store.beanBags
        let rowsA = rows(a, bags: bags), rowsB = rows(b, bags: bags)
        var labels: [String] = []
        for (label, _) in rowsA + rowsB where !labels.contains(label) { labels.append(label) }
        let valuesA = Dictionary(rowsA, uniquingKeysWith: { first, _ in first })
        let valuesB = Dictionary(rowsB, uniquingKeysWith: { first, _ in first })
        let labelWidth = labels.map { BrewFormatting.displayWidth($0.terminalSafe) }.max() ?? 0
        let cells = labels.map { (valuesA[$0] ?? "-").terminalSafe }
        var valueWidth = max(cells.map(BrewFormatting.displayWidth).max() ?? 0, 12)
        // The second column is cut only to fit a terminal, to what the line has left; piped, it is whole.
        var secondWidth = Int.max
        if let width = context.terminalWidth {
            // Two columns of values must fit beside the marker and the labels.
            valueWidth = min(valueWidth, max(12, (width - labelWidth - 6) / 2))
            secondWidth = max(12, width - labelWidth - 6 - valueWidth)
        }
        let style = context.style
        for (label, cellA) in zip(labels, cells) {
            let cellB = (valuesB[label] ?? "-").terminalSafe
            // A field's row is marked when its values differ (as --json's "differs" says), even
            // below the precision shown (94.44 and 94.41 °C both show as 94.4); the notes row,
            // which shows a first line only, when the whole notes differ; a derived row (ratio,
            // bean) or an unknown key when what it shows differs.
            let differing: Bool = if let field = BrewField(name: label), label != BrewField.id.name {
                differs.contains(field.journalKey)
            } else {
                label != BrewField.id.name && (valuesA[label] ?? "-") != (valuesB[label] ?? "-")
            }
            let line = (differing ? "≠ " : "  ") + BrewFormatting.padded(label.terminalSafe, to: labelWidth) + "  "
                + BrewFormatting.padded(BrewFormatting.truncate(cellA, to: valueWidth), to: valueWidth) + "  "
                + BrewFormatting.truncate(cellB, to: secondWidth)
            context.out.line(differing ? style.bold(line.trimmingTrailingSpaces()) : line.trimmingTrailingSpaces())
        }
    }

    /// `show`'s rows, with the notes as one row (their first line, then ` ⏎` when more follows),
    /// and the bag's row after the coffee when the brew has a bag.
    private static func rows(_ record: BrewRecord, bags: [BeanBag]) -> [(String, String)] {
        var rows = ShowCommand.rows(record)
        if let coffee = rows.firstIndex(where: { $0.0 == BrewField.coffee.name }) {
            rows.insert(contentsOf: ShowCommand.beanRows(record, bags: bags), at: coffee + 1)
        }
        let preview = BrewFormatting.notePreview(record.notes)
        let notes = record.notes.isEmpty ? "-" : preview.lead + preview.text + preview.tail
        // After the fields, before the unknown keys.
        rows.insert((BrewField.notes.name, notes), at: rows.count - record.unknownFields.count)
        return rows
    }
}
