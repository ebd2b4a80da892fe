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
