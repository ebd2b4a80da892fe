/// The axes of a chart: value ticks with light grid lines, and category or date labels along the
/// bottom, none overlapping another.
enum ChartAxis {
    /// The font size of tick labels, in user units (the page's CSS sets the same).
    static let fontSize = 12.0

    /// About how wide `text` is at ``fontSize``: digits and most letters of a sans-serif face
    /// take about 0.6 em. Used only to keep labels apart, so it errs wide.
    static func width(of text: String) -> Double {
        Double(text.count) * fontSize * 0.62
    }

    /// A vertical value axis: a grid line and a label at each of about `ticks` nice values of
    /// `scale`, the labels right-aligned left of `left`, the lines from `left` to `right` (the
    /// chart draws its own base line).
    static func vertical(_ canvas: inout SVGCanvas, scale: LinearScale, ticks: Int, left: Double, right: Double,
                         format: (Double) -> String = { "\($0)" }) {
        let values = scale.ticks(ticks)
        for value in values {
            let y = scale(value)
            canvas.line(left, y, right, y, style: "grid")
            canvas.text(format(value), x: left - 6, y: y + fontSize * 0.35, anchor: .end, style: "tick")
        }
    }

    /// The tick values of `scale` with the text of each: as few decimals as the step needs.
    static func format(for scale: LinearScale, ticks: Int) -> (Double) -> String {
        let step = LinearScale.niceStep(span: scale.domain.upperBound - scale.domain.lowerBound, count: ticks)
        return { LinearScale.label($0, step: step) }
    }

    /// Labels along a horizontal axis at `y`, each centred on its `x` (or starting there, when
    /// `anchor` is `.start`), with a small tick above unless `ticks` is false; a label that would overlap the one kept
    /// before it, or run past `left`...`right`, is left out.
    static func horizontal(_ canvas: inout SVGCanvas, labels: [(x: Double, text: String)], y: Double, left: Double, right: Double,
                           anchor: SVGCanvas.Anchor = .middle, ticks: Bool = true) {
        for label in nonOverlapping(labels, left: left, right: right, anchor: anchor) {
            if ticks { canvas.line(label.x, y - 4, label.x, y, style: "axis") }
            canvas.text(label.text, x: label.x, y: y + fontSize + 2, anchor: anchor, style: "tick")
        }
    }

    /// The labels that fit, in order: each starts at least a gap after the end of the one kept
    /// before it and stays within `left`...`right`.
    static func nonOverlapping(_ labels: [(x: Double, text: String)], left: Double, right: Double,
                               anchor: SVGCanvas.Anchor) -> [(x: Double, text: String)] {
        var kept: [(x: Double, text: String)] = []
        var end = -Double.infinity
        for label in labels {
            let width = ChartAxis.width(of: label.text)
            let start = anchor == .middle ? label.x - width / 2 : label.x
            guard start >= left - 1, start + width <= right + 1, start >= end + 8 else { continue }
            kept.append(label)
            end = start + width
        }
        return kept
    }
}

/// Where a chart plots inside its box: the box less room for the value labels on the left, the
/// axis title above and the labels below.
struct ChartFrame {
    /// The box.
    let width: Double, height: Double
    /// The plotting area's edges.
    let left: Double, top: Double, right: Double, bottom: Double

    /// A frame `width` by `height` with the default margins: 44 units for value labels, 22 above
    /// for the axis title, 34 below for labels and their title.
    init(width: Double, height: Double, left: Double = 44, top: Double = 22, right: Double = 12, bottom: Double = 34) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.right = width - right
        self.bottom = height - bottom
    }

    /// Writes the value axis's title above its labels, and `xTitle` centred under the plot.
    func titles(_ canvas: inout SVGCanvas, y yTitle: String, x xTitle: String?) {
        canvas.text(yTitle, x: 2, y: ChartAxis.fontSize, style: "axis-title")
        if let xTitle {
            canvas.text(xTitle, x: (left + right) / 2, y: height - 3, anchor: .middle, style: "axis-title")
        }
    }
}
