/// One section of the report: a heading, a line saying what it shows, then its groups, each a
/// row of charts with the tables of their numbers beside them (below them on a narrow page or
/// when the charts span the page). Every heading and caption comes before what it names.
struct ReportSection {
    /// The section's anchor and heading.
    let id: String, title: String
    /// What it shows, in a sentence or two (escaped).
    var intro: String
    /// Its groups of charts and tables, in order.
    var groups: [Group] = []
    /// A class of the groups' layout (`totals`: a narrow first column), if any.
    var layout: String?

    /// A chart with its caption above it: an `<svg>` and its legend, or any other HTML the
    /// report wrote (the totals' table).
    struct Figure {
        /// What the chart shows, above it (escaped); none for a figure that holds a table.
        let caption: String?
        /// The chart's HTML.
        let chart: String
        /// A class of the figure (`compact`: a small multiple, several to a row), if any.
        var style: String?
    }

    /// A row of figures and the tables of their numbers, under its own heading when it has one
    /// (each coffee's dial-in).
    struct Group {
        /// The group's heading (an `<h3>`, escaped), and a line under it.
        var heading: String?, note: String?
        /// The charts, side by side as the page's width allows.
        var figures: [Figure]
        /// The legend of the figures' series (HTML), under them, if they need one.
        var legend = ""
        /// The tables of their numbers.
        var tables: [HTMLTable]
        /// Whether the charts take the page's whole width, the tables under them.
        var wide = false
    }

    /// The section's HTML.
    var html: String {
        "<section id=\"\(id)\"><h2>" + HTMLEscaping.escaped(title) + "</h2><p class=\"intro\">" + HTMLEscaping.escaped(intro) + "</p>"
            + groups.map { group in
                let classes = ["pair"] + (layout.map { [$0] } ?? []) + (group.wide ? ["wide"] : [])
                return "<div class=\"" + classes.joined(separator: " ") + "\">"
                    + (group.heading.map { "<h3>" + HTMLEscaping.escaped($0) + "</h3>" } ?? "")
                    + (group.note.map { "<p class=\"note\">" + HTMLEscaping.escaped($0) + "</p>" } ?? "")
                    + "<div class=\"figures\">" + group.figures.map(Self.html).joined() + "</div>" + group.legend
                    + "<div class=\"tables\">" + group.tables.map(\.html).joined() + "</div></div>"
            }.joined()
            + "</section>"
    }

    private static func html(_ figure: Figure) -> String {
        "<figure" + (figure.style.map { " class=\"\($0)\"" } ?? "") + ">"
            + (figure.caption.map { "<figcaption>" + HTMLEscaping.escaped($0) + "</figcaption>" } ?? "") + figure.chart + "</figure>"
    }
}
