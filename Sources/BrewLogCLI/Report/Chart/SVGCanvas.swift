/// An inline SVG drawing, written as text: shapes, lines and labels in a fixed coordinate box
/// that scales to the width of its container. Every mark that stands for a number carries a
/// `<title>` (what a pointer or a screen reader shows); every text and attribute taken from the
/// journal is escaped here, so a chart cannot hold markup from the data.
struct SVGCanvas {
    /// The shape a series' points are drawn with, so series differ without colour too.
    enum Shape: String, CaseIterable {
        case circle, square, triangle, diamond, triangleDown, cross
    }

    /// How a label sits on its point.
    enum Anchor: String {
        case start, middle, end
    }

    /// The box's size in user units (pixels at 100 %).
    let width: Double, height: Double
    private var body = ""

    /// An empty drawing `width` by `height`.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    private static func number(_ value: Double) -> String { ChartNumber.coordinate(value) }

    private static func title(_ text: String?) -> String {
        text.map { "<title>" + HTMLEscaping.escaped($0) + "</title>" } ?? ""
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`) of class `style`.
    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, style: String) {
        body += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" class=\"\(style)\"/>"
    }

    /// A rectangle of class `style`, with `title` when it stands for a number.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, style: String, title: String? = nil) {
        let open = "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\" class=\"\(style)\""
        body += title == nil ? open + "/>" : open + ">" + Self.title(title) + "</rect>"
    }

    /// A point drawn as `shape` centred on (`x`, `y`), `size` across, of class `style`, with its `title`.
    mutating func mark(_ shape: Shape, x: Double, y: Double, size: Double, style: String, title: String) {
        let r = size / 2
        let content = Self.title(title) + "</"
        switch shape {
        case .circle:
            body += "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(r))\" class=\"\(style)\">" + content + "circle>"
        case .square:
            body += "<rect x=\"\(Self.number(x - r * 0.9))\" y=\"\(Self.number(y - r * 0.9))\" width=\"\(Self.number(r * 1.8))\" height=\"\(Self.number(r * 1.8))\" class=\"\(style)\">" + content + "rect>"
        case .triangle, .diamond, .triangleDown, .cross:
            body += "<path d=\"" + Self.path(Self.corners(shape), x: x, y: y, r: r) + "\" class=\"\(style)\">" + content + "path>"
        }
    }

    /// The corners of a shape drawn as a path, in radii from its centre.
    private static func corners(_ shape: Shape) -> [(Double, Double)] {
        let (a, b) = (0.38, 1.05)
        switch shape {
        case .triangle: return [(0, -1.15), (1, 0.75), (-1, 0.75)]
        case .triangleDown: return [(0, 1.15), (1, -0.75), (-1, -0.75)]
        case .diamond: return [(0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)]
        case .cross: return [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a)]
        case .circle, .square: return []
        }
    }

    /// A closed path through `corners`, each given in radii from (`x`, `y`).
    private static func path(_ corners: [(Double, Double)], x: Double, y: Double, r: Double) -> String {
        corners.enumerated().map { index, corner in
            (index == 0 ? "M" : "L") + number(x + corner.0 * r) + " " + number(y + corner.1 * r)
        }.joined() + "Z"
    }

    /// A line through `points`, in order, of class `style`.
    mutating func polyline(_ points: [(x: Double, y: Double)], style: String) {
        guard points.count > 1 else { return }
        body += "<polyline points=\"" + points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ") + "\" class=\"\(style)\"/>"
    }

    /// `text` at (`x`, `y`) (its baseline), anchored by `anchor`, of class `style`.
    mutating func text(_ text: String, x: Double, y: Double, anchor: Anchor = .start, style: String = "label") {
        body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor.rawValue)\" class=\"\(style)\">" + HTMLEscaping.escaped(text) + "</text>"
    }

    /// The `<svg>` element of class `role` (`chart`, or `swatch` in a legend), described by
    /// `label` for screen readers; the page's CSS keeps its proportions and its box's width.
    func svg(label: String, role: String = "chart") -> String {
        "<svg class=\"\(role)\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\" aria-label=\"" + HTMLEscaping.escaped(label) + "\">" + body + "</svg>"
    }
}
