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
///
/// A table is made in two passes, so a journal of any size is listed holding one row at a time:
/// ``measure(_:)`` is given every brew listed (in any order) for the columns' widths, then
/// ``layout()`` settles the columns and ``header(_:)`` and ``row(_:_:)`` write the lines.
struct BrewTable {
    /// The columns shown when none are chosen.
    static let defaultColumns: [BrewColumn] = [.field(.id), .field(.date), .field(.rating), .field(.method), .field(.coffee), .ratio, .field(.notes)]

    let columns: [BrewColumn]
    /// Whether the columns are the defaults, which may be dropped to make room for the notes.
    let mayDrop: Bool
    /// Columns available; `nil` for unlimited (output to a pipe without `$COLUMNS`).
    let width: Int?
    let style: Style
    /// The bean bags, for the columns derived from a brew's bag (`bean`, `bean_name`,
    /// `days_off_roast`).
    let bags: BeanMatching
    /// The currency a cost is shown in (`ui.currency`), if any.
    let currency: String?
    /// The columns but the notes, in order, each with the widest cell measured so far (its name at least).
    private var measured: [Column]
    /// The widest note measured so far, when columns may follow the notes (else unused).
    private var widestNote = 0
    /// How many brews were measured.
    private(set) var count = 0

    /// A column but the notes, and its width.
    struct Column {
        let key: BrewColumn
        var width: Int

        /// The name in capitals, words apart (`DAYS OFF ROAST`).
        var title: String { key.name.uppercased().replacingScalars(["_": " "]) }
    }

    /// Where everything goes, settled from the widths measured.
    struct Layout {
        /// The columns shown but the notes.
        let columns: [Column]
        /// Where the notes stand among them, `nil` when they are not shown.
        let notesIndex: Int?
        /// The notes' width; `nil` for as wide as each note is.
        let notesWidth: Int?
    }

    init(columns: [BrewColumn], mayDrop: Bool, width: Int?, style: Style, bags: BeanMatching, currency: String? = nil) {
        self.currency = currency
        self.columns = columns
        self.mayDrop = mayDrop
        self.width = width
        self.style = style
        self.bags = bags
        measured = columns.filter { $0 != .field(.notes) }.map { Column(key: $0, width: BrewFormatting.displayWidth($0.name)) }
    }

    /// Widens the columns to hold `record`'s cells.
    mutating func measure(_ record: BrewRecord) {
        count += 1
        for index in measured.indices {
            measured[index].width = max(measured[index].width, BrewFormatting.displayWidth(cell(measured[index].key, record)))
        }
        if columns.contains(.field(.notes)) && columns.last != .field(.notes) {
            let note = BrewFormatting.notePreview(record.notes)
            widestNote = max(widestNote, BrewFormatting.displayWidth(note.lead + note.text.terminalSafe + note.tail))
        }
    }

    /// The columns shown and the notes' place and width, from the widths measured.
    func layout() -> Layout {
        var columns = measured
        let showsNotes = self.columns.contains(.field(.notes))
        if let width, mayDrop, showsNotes {
            for droppable in [BrewColumn.field(.coffee), .field(.method), .ratio] where fixedWidth(columns) + 12 > width {
                columns.removeAll { $0.key == droppable }
            }
        }
        // The notes sit where they were chosen and take what is left; when columns follow them,
        // no more than the widest note needs, so the columns after them stay near.
        let notesIndex = self.columns.firstIndex(of: .field(.notes)).map { min($0, columns.count) }
        let followed = notesIndex.map { $0 < columns.count } ?? false
        let widestNote = followed ? self.widestNote : Int.max
        // Chosen columns are never dropped: chosen notes keep at least five columns (`NOTES`), the
        // row then running past the width, rather than vanish.
        let notesWidth = width.map { width in
            let room = max(0, width - fixedWidth(columns))
            return min(mayDrop ? room : max(room, 5), max(widestNote, 5))
        } ?? (followed ? max(widestNote, 5) : nil)
        let notesShown = notesWidth.map { $0 > 0 } ?? true
        return Layout(columns: columns, notesIndex: notesShown ? notesIndex : nil, notesWidth: notesWidth)
    }

    /// The heading line.
    func header(_ layout: Layout) -> String {
        var headerCells = layout.columns.map { BrewFormatting.padded($0.title, to: $0.width) }
        if let notesIndex = layout.notesIndex {
            headerCells.insert(notesHeader(layout.notesWidth, trailing: notesIndex < layout.columns.count), at: notesIndex)
        }
        return style.bold(headerCells.joined(separator: "  ").trimmingTrailingSpaces())
    }

    /// `record`'s line.
    func row(_ record: BrewRecord, _ layout: Layout) -> String {
        var cells = layout.columns.map { BrewFormatting.padded(cell($0.key, record), to: $0.width) }
        if let index = layout.columns.firstIndex(where: { $0.key == .field(.id) }) { cells[index] = style.yellow(cells[index]) }
        if let notesIndex = layout.notesIndex {
            cells.insert(noteCell(BrewFormatting.notePreview(record.notes), width: layout.notesWidth, padded: notesIndex < layout.columns.count), at: notesIndex)
        }
        return cells.joined(separator: "  ").trimmingTrailingSpaces()
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

    /// How `key` reads for `record` (`-` when absent), escaped for the terminal.
    private func cell(_ key: BrewColumn, _ record: BrewRecord) -> String {
        switch key {
        case .field(.id): record.id.rawValue.terminalSafe
        case .field(.date): BrewFormatting.dateTime(record.timestamp)
        case .field(.rating): BrewFormatting.stars(record.rating)
        case .field(.tags): record.tags.isEmpty ? "-" : record.tags.joined(separator: ",").terminalSafe
        case .field(.notes): record.notes.terminalSafe
        case .field(let field): record[field].map { field.display($0).terminalSafe } ?? "-"
        // A table names the bag, whose id alone says little.
        case .bean, .beanName: bags.bag(of: record)?.name.terminalSafe ?? "-"
        case .ratio: BrewFormatting.ratio(record.ratio)
        case .daysOffRoast: bags.daysOffRoast(of: record).map { "\($0) d" } ?? "-"
        case .extractionYield: record.extractionYield.map { formatNumber($0, decimals: 1) + " %" } ?? "-"
        case .cost: BrewFormatting.money(bags.cost(of: record), currency: currency)
        }
    }

    /// Columns taken by everything but the notes, with the two-space gaps (and the one before notes).
    private func fixedWidth(_ columns: [Column]) -> Int {
        columns.map(\.width).reduce(0, +) + 2 * columns.count
    }
}
