/// One section of the report: a heading, a line saying what it shows, then each chart in a
/// figure with the table of its numbers beside it (below it on a narrow page).
struct ReportSection {
    /// The section's anchor and heading.
    let id: String, title: String
    /// What it shows, in a sentence (escaped).
    let intro: String
    /// Its charts, each with the HTML of its tables.
    var pairs: [(figure: String, tables: String)] = []
    /// A class of the pairs' layout (`totals`: a narrow first column), if any.
    var layout: String?

    /// A chart (its `<svg>` and legend, with a caption) and the tables beside it.
    static func pair(caption: String, chart: String, tables: [HTMLTable], wide: Bool = false) -> (figure: String, tables: String) {
        ("<figure" + (wide ? " class=\"wide\"" : "") + ">" + chart + "<figcaption>" + HTMLEscaping.escaped(caption) + "</figcaption></figure>",
         tables.map(\.html).joined())
    }

    /// The section's HTML.
    var html: String {
        "<section id=\"\(id)\"><h2>" + HTMLEscaping.escaped(title) + "</h2><p class=\"intro\">" + HTMLEscaping.escaped(intro) + "</p>"
            + pairs.map { "<div class=\"pair" + (layout.map { " " + $0 } ?? "") + "\">" + $0.figure + "<div class=\"tables\">" + $0.tables + "</div></div>" }.joined()
            + "</section>"
    }
}
