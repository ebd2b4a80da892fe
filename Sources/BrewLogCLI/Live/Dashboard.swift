import BrewLogCore

/// `watch`'s screen: the rows on it, each drawn inside its own tracking scope, and the bytes
/// that bring the terminal up to date after the store changed.
///
/// ``fullRedraw(rows:columns:)`` clears the screen and draws every row (at start and on a
/// resize). After a reload, ``update()`` writes only the lines whose row's scope fired or whose
/// row moved (a brew added above it): each by cursor addressing (`CSI row;1H`, the text,
/// erase to the line's end), never clearing the screen. A row's scope fires when a property it
/// read changes, and the store's in-place reload writes only the fields that differ, so a notes
/// edit fires the scopes of the rows showing that brew and nothing else.
final class Dashboard {
    private let store: BrewLogStore
    private let journalPath: String
    private let fired = FiredScopes()
    private var height = 0
    private var width = 0
    /// The rows on the screen, top to bottom, and the text each line shows.
    private var shown: [(row: DashboardRow, text: String)] = []

    init(store: BrewLogStore, journalPath: String) {
        self.store = store
        self.journalPath = journalPath
    }

    /// Every row drawn afresh on a cleared screen `rows` by `columns`.
    func fullRedraw(rows: Int, columns: Int) -> String {
        height = rows
        width = columns
        shown = trackedLayout().map { ($0, trackedText(of: $0)) }
        _ = fired.take()
        var output = Escape.clearScreen
        for (line, entry) in shown.enumerated() {
            output += Escape.moveToRow(line) + entry.text
        }
        return output
    }

    /// The bytes that bring the screen up to date with what fired since the last drawing; empty
    /// when nothing did.
    func update() -> String {
        let (rows, layoutFired) = fired.take()
        guard layoutFired || !rows.isEmpty else { return "" }
        // A brew's new date may move it, so a fired row also lays the screen out again.
        let layout = trackedLayout()
        var output = ""
        for line in 0..<max(layout.count, shown.count) {
            guard line < layout.count else {
                output += Escape.moveToRow(line) + Escape.eraseToLineEnd
                continue
            }
            let row = layout[line]
            let previous = line < shown.count ? shown[line] : nil
            guard previous?.row != row || rows.contains(row) else { continue }
            let text = trackedText(of: row)
            if previous?.text != text {
                output += Escape.moveToRow(line) + text + Escape.eraseToLineEnd
            }
            if line < shown.count { shown[line] = (row, text) } else { shown.append((row, text)) }
        }
        shown.removeSubrange(min(layout.count, shown.count)...)
        return output
    }

    /// The rows, read in the layout's own tracking scope.
    private func trackedLayout() -> [DashboardRow] {
        let fired = fired
        return withTracking({ DashboardLayout.rows(of: store, height: height) }, onChange: { fired.fireLayout() })
    }

    /// A row's text, read in the row's own tracking scope.
    private func trackedText(of row: DashboardRow) -> String {
        let fired = fired
        return withTracking({ row.text(in: store, journalPath: journalPath, width: width) }, onChange: { fired.fire(row) })
    }
}
