/// Points on two value axes, each series in its own colour and shape, optionally joined in
/// order (a history); every point carries a `<title>`.
struct ScatterChart {
    /// One point.
    struct Point {
        let x: Double, y: Double
        /// Its series, an index into the palette.
        let series: Int
        /// How many brews it stands for: the point grows with the square root.
        var weight = 1
        /// What the point says to a pointer or a screen reader.
        let title: String
    }

    /// The points.
    let points: [Point]
    /// The axes' titles.
    let xTitle: String, yTitle: String
    /// The values each axis spans at least (ratings: 1 to 5), widened to the points and to nice ticks.
    var xDomain: ClosedRange<Double>?
    var yDomain: ClosedRange<Double>?
    /// Whether each series' points are joined in the order given.
    var connected = false
    /// Whether the horizontal axis counts things (brews), so only whole numbers are ticks.
    var wholeX = false
    /// The labels of a horizontal axis of categories (grind settings), each at its value, in
    /// place of value ticks.
    var xCategories: [(x: Double, text: String)]?
    /// About how many ticks each axis has.
    var xTicks = 6, yTicks = 4
    /// The box's size.
    var width = 460.0, height = 240.0

    /// The chart as an `<svg>`, described by `label`.
    func svg(label: String) -> String {
        let frame = ChartFrame(width: width, height: height)
        var canvas = SVGCanvas(width: width, height: height)
        let xs = points.map(\.x), ys = points.map(\.y)
        let x = LinearScale(domain: Self.domain(xs, at: xDomain, ticks: xTicks), from: frame.left + 10, to: frame.right - 10)
        let y = LinearScale(domain: Self.domain(ys, at: yDomain, ticks: yTicks), from: frame.bottom - 8, to: frame.top + 6)
        ChartAxis.vertical(&canvas, scale: y, ticks: yTicks, left: frame.left, right: frame.right, format: ChartAxis.format(for: y, ticks: yTicks))
        canvas.line(frame.left, frame.bottom, frame.right, frame.bottom, style: "axis")
        let xFormat = ChartAxis.format(for: x, ticks: xTicks)
        let xValues = x.ticks(xTicks).filter { !wholeX || $0 == $0.rounded() }
        let xLabels = xCategories?.map { (x($0.x), $0.text) } ?? xValues.map { (x($0), wholeX ? ChartNumber.fixed($0, decimals: 0) : xFormat($0)) }
        ChartAxis.horizontal(&canvas, labels: xLabels, y: frame.bottom + 4, left: 0, right: width)
        frame.titles(&canvas, y: yTitle, x: xTitle)
        if connected {
            for series in Set(points.map(\.series)).sorted() {
                canvas.polyline(points.filter { $0.series == series }.map { (x($0.x), y($0.y)) }, style: "trace " + ChartSeries.style(series))
            }
        }
        for point in points {
            let size = 7 + 3 * (Double(point.weight).squareRoot() - 1)
            canvas.mark(ChartSeries.shape(point.series), x: x(point.x), y: y(point.y), size: min(size, 22),
                        style: ChartSeries.markStyle(point.series), title: point.title)
        }
        return canvas.svg(label: label)
    }

    /// The span of `values` joined with `least`, widened to nice ticks.
    private static func domain(_ values: [Double], at least: ClosedRange<Double>?, ticks: Int) -> ClosedRange<Double> {
        let low = ([least?.lowerBound].compactMap { $0 } + values).min() ?? 0
        let high = ([least?.upperBound].compactMap { $0 } + values).max() ?? 1
        return least.map { $0.lowerBound <= low && $0.upperBound >= high ? $0 : LinearScale.nice(low...high, ticks: ticks) }
            ?? LinearScale.nice(low...high, ticks: ticks)
    }
}
