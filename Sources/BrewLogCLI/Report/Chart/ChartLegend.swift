/// A legend in HTML under a chart: for each series its shape in its colour, then its name
/// (escaped). Written only where colour carries meaning.
enum ChartLegend {
    /// The legend of series named `names`, drawn as the palette's series `styles` (by default
    /// the first, the second and so on).
    static func html(_ names: [String], styles: [Int]? = nil) -> String {
        guard !names.isEmpty else { return "" }
        return "<ul class=\"legend\">" + zip(styles ?? Array(names.indices), names).map { index, name in
            var swatch = SVGCanvas(width: 14, height: 14)
            swatch.mark(ChartPalette.shape(index), x: 7, y: 7, size: 10, style: "mark " + ChartPalette.style(index), title: name)
            return "<li>" + swatch.svg(label: name, role: "swatch") + HTMLEscaping.escaped(name) + "</li>"
        }.joined() + "</ul>"
    }
}
