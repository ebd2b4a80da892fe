/// A table of the report, written as HTML: a caption, a heading row, then rows whose cells are
/// escaped; the columns marked numeric are aligned right (and read with tabular digits).
struct HTMLTable {
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

    /// The `<table>`, or a line saying there is nothing when it has no rows.
    var html: String {
        guard !rows.isEmpty else { return "<p class=\"empty\">" + HTMLEscaping.escaped(caption) + ": none.</p>" }
        func cells(_ row: [String], tag: String) -> String {
            row.enumerated().map { index, cell in
                "<\(tag)" + (numeric.contains(index) ? " class=\"n\"" : unbroken.contains(index) ? " class=\"w\"" : "") + ">" + HTMLEscaping.escaped(cell) + "</\(tag)>"
            }.joined()
        }
        return "<table><caption>" + HTMLEscaping.escaped(caption) + "</caption><thead><tr>" + cells(header, tag: "th")
            + "</tr></thead><tbody>" + rows.map { "<tr>" + cells($0, tag: "td") + "</tr>" }.joined() + "</tbody></table>"
    }
}
