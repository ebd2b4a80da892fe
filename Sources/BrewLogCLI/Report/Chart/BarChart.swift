/// A column chart of values in a row of equal bands (weeks, say), from zero up: a value axis
/// with nice ticks, labels under some bands, and a `<title>` on every bar.
struct BarChart {
    /// One band's bar.
    struct Bar {
        /// Its height, in the chart's unit; 0 draws nothing.
        let value: Double
        /// What the bar says to a pointer or a screen reader (`Week of 2026-11-23: 5 brews`).
        let title: String
    }

    /// The bars, left to right.
    let bars: [Bar]
    /// Labels under bands, by the band's index; those that would overlap are left out.
    let labels: [(index: Int, text: String)]
    /// The value axis's title (`Brews`).
    let valueTitle: String
    /// The box's size.
    var width = 560.0, height = 180.0

    /// The chart as an `<svg>`, described by `label`.
    func svg(label: String) -> String {
        let frame = ChartFrame(width: width, height: height, left: 52, bottom: 22)
        var canvas = SVGCanvas(width: width, height: height)
        let top = bars.map(\.value).max() ?? 0
        let scale = LinearScale(domain: LinearScale.nice(0...max(top, 1), ticks: 4), from: frame.bottom, to: frame.top)
        ChartAxis.vertical(&canvas, scale: scale, ticks: 4, left: frame.left, right: frame.right, format: ChartAxis.format(for: scale, ticks: 4))
        let band = (frame.right - frame.left) / Double(max(1, bars.count))
        for (index, bar) in bars.enumerated() where bar.value > 0 {
            let y = scale(bar.value)
            canvas.rect(x: frame.left + band * Double(index) + band * 0.12, y: y, width: band * 0.76, height: frame.bottom - y,
                        style: "bar", title: bar.title)
        }
        canvas.line(frame.left, frame.bottom, frame.right, frame.bottom, style: "axis")
        ChartAxis.horizontal(&canvas, labels: labels.map { (frame.left + band * Double($0.index), $0.text) }, y: frame.bottom + 4,
                             left: 0, right: width, anchor: .start)
        frame.titles(&canvas, y: valueTitle, x: nil)
        return canvas.svg(label: label)
    }
}
