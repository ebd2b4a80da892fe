/// A table of the report, written as HTML: a caption, a heading row, then rows whose cells are
/// escaped; the columns marked numeric are aligned right (and read with tabular digits).
///
/// No table scrolls inside its card. A table of more than ``foldsAt`` columns folds on a narrow
/// page: each row becomes a short block of labelled cells (each cell carries its heading as
/// `data-label`), its long columns on a line of their own. A table of more than ``shownRows``
/// rows sits in a `<details>` element, closed on the screen under a line naming it, and printed
/// whole.
struct HTMLTable {
    /// The most rows a table shows open on the screen.
    static let shownRows = 12
    /// The most columns a table keeps as columns on a narrow page.
    static let foldsAt = 4

    /// The caption (what the table holds).
    let caption: String
    /// The heading's cells.
    let header: [String]
    /// The rows' cells.
    let rows: [[String]]
    /// The indices of the columns that hold numbers.
    var numeric: Set<Int> = []
    /// The indices of the columns kept on one line (dates and times).
    var unbroken: Set<Int> = []
    /// The indices of the columns of long text (notes, tags): a line of their own when folded.
    var long: Set<Int> = []

    /// The `<table>`, or a line saying there is nothing when it has no rows.
    var html: String {
        guard !rows.isEmpty else { return "<p class=\"empty\">" + HTMLEscaping.escaped(caption) + ": none.</p>" }
        let folds = header.count > Self.foldsAt
        let labels = header.map { " data-label=\"" + HTMLEscaping.escaped($0) + "\"" }
        func cells(_ row: [String], tag: String) -> String {
            row.enumerated().map { index, cell in
                let style = numeric.contains(index) ? "n" : unbroken.contains(index) ? "w" : long.contains(index) ? "l" : nil
                let label = folds && tag == "td" && labels.indices.contains(index) ? labels[index] : ""
                return "<\(tag)" + (style.map { " class=\"\($0)\"" } ?? "") + label + ">" + HTMLEscaping.escaped(cell) + "</\(tag)>"
            }.joined()
        }
        let table = "<table" + (folds ? " class=\"fold\"" : "") + "><caption>" + HTMLEscaping.escaped(caption) + "</caption><thead><tr>"
            + cells(header, tag: "th") + "</tr></thead><tbody>" + rows.map { "<tr>" + cells($0, tag: "td") + "</tr>" }.joined() + "</tbody></table>"
        guard rows.count > Self.shownRows else { return table }
        return "<details><summary>" + HTMLEscaping.escaped(caption + " (\(rows.count) rows)") + "</summary>" + table + "</details>"
    }
}
