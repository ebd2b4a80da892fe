/// How the series of a chart are told apart, and the legend that names them. Each series has a
/// colour of the Okabe–Ito palette (told apart with any common colour blindness, with a lighter
/// variant for dark mode) and a shape, so they also differ in black and white; the pair is
/// distinct for the first ``distinct`` series, and no series is ever a grey "other". A chart
/// with more series than a legend holds draws small multiples instead (one series each).
enum ChartSeries {
    /// The colours, light then dark: blue, orange, bluish green, vermilion, reddish purple, sky
    /// blue, yellow, and black (a light grey in dark mode).
    private static let light = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#1f1d1a"]
    private static let dark = ["#3FA2E6", "#E69F00", "#19C295", "#FF7A33", "#E39BC5", "#7CC7F2", "#F0E442", "#ece8e1"]

    /// How many series have a colour and shape pair of their own: every colour with every shape.
    static let distinct = light.count * SVGCanvas.Shape.allCases.count

    /// The most series one chart draws with a legend; past it, a chart is drawn per series.
    static let legendHolds = 12

    /// The CSS class of series `index`'s colour: the colours in turn.
    static func style(_ index: Int) -> String {
        "s\(index % light.count)"
    }

    /// The shape of series `index`: the first eight series each a colour and the shapes in turn,
    /// each later round of colours shifted by one shape, so colour and shape together repeat
    /// only after ``distinct`` series.
    static func shape(_ index: Int) -> SVGCanvas.Shape {
        let shapes = SVGCanvas.Shape.allCases
        return shapes[(index % light.count + index / light.count) % shapes.count]
    }

    /// The classes of a mark of series `index`: `mark`, its colour's, and its shape's name (so
    /// the pair can be read from the page).
    static func markStyle(_ index: Int) -> String {
        "mark " + style(index) + " " + shape(index).rawValue
    }

    /// The CSS of the series' colours, light then dark.
    static let css: String = {
        func rules(_ colours: [String]) -> String {
            colours.indices.map { ".s\($0){--c:\(colours[$0])}" }.joined()
        }
        return rules(light) + "@media (prefers-color-scheme: dark){" + rules(dark) + "}@media print{" + rules(light) + "}"
    }()

    /// The legend of series named `names` in HTML, under a chart: each series' shape in its
    /// colour, then its name (escaped); drawn as series `styles` (by default the first, the
    /// second and so on). Written only where colour carries meaning.
    static func legend(_ names: [String], styles: [Int]? = nil) -> String {
        guard !names.isEmpty else { return "" }
        return "<ul class=\"legend\">" + zip(styles ?? Array(names.indices), names).map { index, name in
            var swatch = SVGCanvas(width: 14, height: 14)
            swatch.mark(shape(index), x: 7, y: 7, size: 10, style: markStyle(index), title: name)
            return "<li>" + swatch.svg(label: name, role: "swatch") + HTMLEscaping.escaped(name) + "</li>"
        }.joined() + "</ul>"
    }
}
