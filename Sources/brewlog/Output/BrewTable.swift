import BrewLogCore

/// The `list` table: aligned columns, notes truncated with … to fit the width.
///
/// Widths are display columns (``DisplayWidth``): a CJK character or an emoji takes two, so a
/// row of them lines up with a row of ASCII and never runs past the terminal's edge.
///
/// Notes show their first line, marked ` ⏎` when more follows (``BrewFormatting/notePreview(_:)``);
/// every cell from the journal has its control characters shown
/// as visible escapes (``TerminalText``), a line feed in a method or coffee too, so a row is
/// always one line.
///
/// When the width is too small, the least important columns (coffee, then method, then ratio)
/// are dropped before the notes shrink below 12 columns.
struct BrewTable {
    let brews: [Brew]
    /// Columns available; `nil` for unlimited (output to a pipe without `$COLUMNS`).
    let width: Int?
    let style: Style

    private struct Column {
        let title: String
        let cells: [String]
        /// Measured once: a million cells are not measured again for every layout decision.
        let width: Int

        init(title: String, cells: [String]) {
            self.title = title
            self.cells = cells
            self.width = cells.reduce(BrewFormatting.displayWidth(title)) { max($0, BrewFormatting.displayWidth($1)) }
        }
    }

    func render(to out: TextOutput) {
        let records = brews.map(\.record)
        var columns = [
            Column(title: "ID", cells: records.map(\.id.rawValue.terminalSafe)),
            Column(title: "DATE", cells: records.map { BrewFormatting.dateTime($0.timestamp) }),
            Column(title: "RATING", cells: records.map { BrewFormatting.stars($0.rating) }),
            Column(title: "METHOD", cells: records.map { $0.method?.terminalSafe ?? "-" }),
            Column(title: "COFFEE", cells: records.map { $0.coffee?.terminalSafe ?? "-" }),
            Column(title: "RATIO", cells: records.map { BrewFormatting.ratio($0.ratio) }),
        ]
        let notes = records.map { BrewFormatting.notePreview($0.notes) }
        if let width {
            for droppable in ["COFFEE", "METHOD", "RATIO"] where fixedWidth(columns) + 12 > width {
                columns.removeAll { $0.title == droppable }
            }
        }
        let notesWidth = width.map { max(0, $0 - fixedWidth(columns)) }
        let widths = columns.map(\.width)
        var header = zip(columns, widths).map { BrewFormatting.padded($0.title, to: $1) }.joined(separator: "  ")
        if notesWidth.map({ $0 > 0 }) ?? true { header += "  NOTES" }
        out.line(style.bold(header.trimmingWhitespaceForCLI()))
        for (row, note) in notes.enumerated() {
            var cells = zip(columns, widths).map { BrewFormatting.padded($0.cells[row], to: $1) }
            cells[0] = style.yellow(cells[0])
            var line = cells.joined(separator: "  ")
            let text = note.text.terminalSafe
            if let notesWidth {
                // The markers are kept whole; only the text is cut to what is left beside them.
                let markers = BrewFormatting.displayWidth(note.lead + note.tail)
                if notesWidth > markers {
                    line += "  " + note.lead + BrewFormatting.truncate(text, to: notesWidth - markers) + note.tail
                } else if notesWidth > 0 {
                    line += "  " + BrewFormatting.truncate(note.lead + text + note.tail, to: notesWidth)
                }
            } else {
                line += "  " + note.lead + text + note.tail
            }
            out.line(line.trimmingTrailingSpaces())
        }
    }

    /// Columns taken by everything but the notes, with the two-space gaps (and the one before notes).
    private func fixedWidth(_ columns: [Column]) -> Int {
        columns.map(\.width).reduce(0, +) + 2 * columns.count
    }
}
