/// The colours and shapes that tell series apart: the Okabe–Ito palette, which readers with
/// any common colour blindness still tell apart, each colour paired with a shape so the series
/// differ in black and white too. The colours themselves live in the page's CSS (classes `s0`
/// to `s7`, each setting `--c`, which marks fill and lines stroke), with a variant for dark mode.
enum ChartPalette {
    /// How many series have a colour of their own.
    static let count = 8

    /// The CSS class of series `index`; series past ``count`` share the last, grey.
    static func style(_ index: Int) -> String {
        "s\(min(index, count - 1))"
    }

    /// The shape of series `index`.
    static func shape(_ index: Int) -> SVGCanvas.Shape {
        SVGCanvas.Shape.allCases[index % SVGCanvas.Shape.allCases.count]
    }

    /// The CSS of the series' colours, light then dark: blue, orange, bluish green, vermilion,
    /// reddish purple, sky blue, yellow, and a grey for the rest.
    static let css: String = {
        let light = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#7a7a7a"]
        let dark = ["#3FA2E6", "#E69F00", "#19C295", "#FF7A33", "#E39BC5", "#7CC7F2", "#F0E442", "#a0a0a0"]
        func rules(_ colours: [String]) -> String {
            colours.indices.map { ".s\($0){--c:\(colours[$0])}" }.joined()
        }
        return rules(light) + "@media (prefers-color-scheme: dark){" + rules(dark) + "}"
    }()
}
