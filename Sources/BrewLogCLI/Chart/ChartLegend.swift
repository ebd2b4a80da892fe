/// A legend in HTML under a chart: for each series its shape in its colour, then its name
/// (escaped). Written only where colour carries meaning.
enum ChartLegend {
    /// The legend of series named `names`, in the palette's order.
    static func html(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        return "<ul class=\"legend\">" + names.enumerated().map { index, name in
            var swatch = SVGCanvas(width: 14, height: 14)
            swatch.mark(ChartPalette.shape(index), x: 7, y: 7, size: 10, style: "mark " + ChartPalette.style(index), title: name)
            return "<li>" + swatch.svg(label: name, role: "swatch") + HTMLEscaping.escaped(name) + "</li>"
        }.joined() + "</ul>"
    }
}
