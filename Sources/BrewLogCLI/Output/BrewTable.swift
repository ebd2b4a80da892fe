import BrewLogCore

/// The `list` table: the chosen columns, aligned, with the notes cut with … to fit the width.
///
/// Widths are display columns (``DisplayWidth``): a CJK character or an emoji takes two, so a
/// row of them lines up with a row of ASCII and never runs past the terminal's edge.
///
/// Notes show their first line, marked ` ⏎` when more follows (``BrewFormatting/notePreview(_:)``);
/// every cell from the journal has its control characters shown as visible escapes
/// (``TerminalText``), a line feed in a method or coffee too, so a row is always one line.
///
/// The notes take what the other columns leave. With the default columns, when the width is too
/// small, the least important ones (coffee, then method, then ratio) are dropped before the notes
/// shrink below 12 columns; columns chosen with `--columns` are never dropped.
struct BrewTable {
    /// The columns shown when none are chosen.
    static let defaultColumns: [BrewColumn] = [.field(.id), .field(.date), .field(.rating), .field(.method), .field(.coffee), .ratio, .field(.notes)]

    let brews: [BrewRecord]
    let columns: [BrewColumn]
    /// Whether the columns are the defaults, which may be dropped to make room for the notes.
    let mayDrop: Bool
    /// Columns available; `nil` for unlimited (output to a pipe without `$COLUMNS`).
    let width: Int?
    let style: Style
    /// The bean bags, for the columns derived from a brew's bag (`bean`, `bean_name`,
    /// `days_off_roast`).
    let bags: BeanMatching

    private struct Column {
        let key: BrewColumn
        let cells: [String]
        /// Measured once: a million cells are not measured again for every layout decision.
        let width: Int

        init(key: BrewColumn, cells: [String]) {
            self.key = key
            self.cells = cells
            self.width = cells.reduce(BrewFormatting.displayWidth(key.name)) { max($0, BrewFormatting.displayWidth($1)) }
        }

        /// The name in capitals, words apart (`DAYS OFF ROAST`).
        var title: String { key.name.uppercased().replacingScalars(["_": " "]) }
    }

    func render(to out: TextOutput) {
        var columns = self.columns.filter { $0 != .field(.notes) }.map { Column(key: $0, cells: brews.map(cell($0))) }
        let showsNotes = self.columns.contains(.field(.notes))
        let notes = showsNotes ? brews.map { BrewFormatting.notePreview($0.notes) } : []
        if let width, mayDrop, showsNotes {
            for droppable in [BrewColumn.field(.coffee), .field(.method), .ratio] where fixedWidth(columns) + 12 > width {
                columns.removeAll { $0.key == droppable }
            }
        }
        // The notes sit where they were chosen and take what is left; when columns follow them,
        // no more than the widest note needs, so the columns after them stay near.
        let notesIndex = self.columns.firstIndex(of: .field(.notes)).map { min($0, columns.count) }
        let followed = notesIndex.map { $0 < columns.count } ?? false
        let widestNote = followed ? notes.map { BrewFormatting.displayWidth($0.lead + $0.text.terminalSafe + $0.tail) }.max() ?? 0 : Int.max
        // Chosen columns are never dropped: chosen notes keep at least five columns (`NOTES`), the
        // row then running past the width, rather than vanish.
        let notesWidth = width.map { width in
            let room = max(0, width - fixedWidth(columns))
            return min(mayDrop ? room : max(room, 5), max(widestNote, 5))
        } ?? (followed ? max(widestNote, 5) : nil)
        var headerCells = columns.map { BrewFormatting.padded($0.title, to: $0.width) }
        if let notesIndex, notesWidth.map({ $0 > 0 }) ?? true { headerCells.insert(notesHeader(notesWidth, trailing: notesIndex < columns.count), at: notesIndex) }
        out.line(style.bold(headerCells.joined(separator: "  ").trimmingTrailingSpaces()))
        for row in brews.indices {
            var cells = columns.map { BrewFormatting.padded($0.cells[row], to: $0.width) }
            if let index = columns.firstIndex(where: { $0.key == .field(.id) }) { cells[index] = style.yellow(cells[index]) }
            if let notesIndex, notesWidth.map({ $0 > 0 }) ?? true {
                cells.insert(noteCell(notes[row], width: notesWidth, padded: notesIndex < columns.count), at: notesIndex)
            }
            out.line(cells.joined(separator: "  ").trimmingTrailingSpaces())
        }
    }

    /// `NOTES`, padded to the notes' width when columns follow it.
    private func notesHeader(_ width: Int?, trailing: Bool) -> String {
        trailing ? BrewFormatting.padded("NOTES", to: width ?? 5) : "NOTES"
    }

    /// A note cut to `width` (the markers kept whole; only the text is cut to what is left beside them).
    private func noteCell(_ note: (lead: String, text: String, tail: String), width: Int?, padded: Bool) -> String {
        let text = note.text.terminalSafe
        guard let width else { return note.lead + text + note.tail }
        let markers = BrewFormatting.displayWidth(note.lead + note.tail)
        let cell = width > markers
            ? note.lead + BrewFormatting.truncate(text, to: width - markers) + note.tail
            : BrewFormatting.truncate(note.lead + text + note.tail, to: width)
        return padded ? BrewFormatting.padded(cell, to: width) : cell
    }

    /// How `key` reads for one brew (`-` when absent), escaped for the terminal.
    private func cell(_ key: BrewColumn) -> (BrewRecord) -> String {
        switch key {
        case .field(.id): { $0.id.rawValue.terminalSafe }
        case .field(.date): { BrewFormatting.dateTime($0.timestamp) }
        case .field(.rating): { BrewFormatting.stars($0.rating) }
        case .field(.tags): { $0.tags.isEmpty ? "-" : $0.tags.joined(separator: ",").terminalSafe }
        case .field(.notes): { $0.notes.terminalSafe }
        case .field(let field): Self.display(field)
        // A table names the bag, whose id alone says little.
        case .bean, .beanName: { bags.bag(of: $0)?.name.terminalSafe ?? "-" }
        case .ratio: { BrewFormatting.ratio($0.ratio) }
        case .daysOffRoast: { bags.daysOffRoast(of: $0).map { "\($0) d" } ?? "-" }
        }
    }

    /// A field's cell as the field table shows its value (`15 g`, `94.0 °C`, `2:45`), or `-`.
    private static func display(_ field: BrewField) -> (BrewRecord) -> String {
        { record in record[field].map { field.display($0).terminalSafe } ?? "-" }
    }

    /// Columns taken by everything but the notes, with the two-space gaps (and the one before notes).
    private func fixedWidth(_ columns: [Column]) -> Int {
        columns.map(\.width).reduce(0, +) + 2 * columns.count
    }
}
