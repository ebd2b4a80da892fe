import BrewLogCore

/// The line `add` confirms a brew with, which fits ``width`` columns whatever the brew holds: a
/// back date, a long method, several layers, a long streak and a weekly target together would
/// not, so it says less, in this order, until it fits: the layers are said briefly ("grind 22,
/// temp 96.0 °C from the last V60" becomes "last V60"), then they go, then what today holds ("no
/// brew yet today"), then the weekly part is written briefly, then it goes, then the method is
/// cut (ending in `…`), then it goes. The id, the time and the streak always stay.
struct AddConfirmation {
    /// The widest the line may be, in display columns.
    static let width = 80

    /// The brew's id, made safe for a terminal.
    let id: String
    /// When it was brewed: the time, or the date and time.
    let when: String
    /// Its method, made safe for a terminal.
    let method: String?
    /// The layers its fields came from (and the grams `--ratio` set), as the line names them:
    /// in full, and briefly.
    let layers: [(full: String, brief: String)]
    /// The streak after it.
    let streak: StreakSummary
    /// What must be said even when the layers are said briefly or not at all: what the sticky
    /// layer carried over and what `--ratio` set (their full phrases).
    var details: [String] = []

    /// What one attempt at the line says.
    private struct Shape {
        var layers = LayerForm.full
        var qualified = true
        var weekly = StreakText.WeeklyForm.full
        var method = MethodForm.whole
    }

    private enum LayerForm {
        case full, brief, none
    }

    private enum MethodForm {
        case whole, cut, none
    }

    /// Each shape says less than the one before.
    private static let shapes: [Shape] = [
        Shape(),
        Shape(layers: .brief),
        Shape(layers: .none),
        Shape(layers: .none, qualified: false),
        Shape(layers: .none, qualified: false, weekly: .brief),
        Shape(layers: .none, qualified: false, weekly: .none),
        Shape(layers: .none, qualified: false, weekly: .none, method: .cut),
        Shape(layers: .none, qualified: false, weekly: .none, method: .none),
    ]

    /// The line in `style`, and when it could not say the ``details`` in full, a second line
    /// that does ("  grind 22, temp 96.0 °C from the last V60; yield 36 g by ratio 1:2").
    func lines(style: Style) -> [String] {
        let (line, full) = chosen(style: style)
        return full || details.isEmpty ? [line] : [line, "  " + details.joined(separator: "; ")]
    }

    /// The line in `style`, in the first shape that fits; when none does (only a streak of
    /// millions of days could), the last one cut to the width, without colour.
    func line(style: Style) -> String {
        chosen(style: style).line
    }

    /// The line, and whether it names the layers in full.
    private func chosen(style: Style) -> (line: String, full: Bool) {
        let plain = Style(enabled: false)
        for shape in Self.shapes {
            let shown: String?
            switch shape.method {
            case .whole: shown = method
            case .none: shown = nil
            case .cut:
                // The room the rest leaves, less the ": " before the method; at least "Fre…".
                let room = Self.width - DisplayWidth.of(text(shape, method: nil, style: plain)) - 2
                guard let method, room >= 4 else { continue }
                shown = BrewFormatting.truncate(method, to: room)
            }
            if DisplayWidth.of(text(shape, method: shown, style: plain)) <= Self.width {
                return (text(shape, method: shown, style: style), shape.layers == .full)
            }
        }
        let least = Shape(layers: .none, qualified: false, weekly: .none, method: .none)
        return (BrewFormatting.truncate(text(least, method: nil, style: plain), to: Self.width), false)
    }

    private func text(_ shape: Shape, method: String?, style: Style) -> String {
        var line = "Logged \(style.bold(id)) at \(when)"
        if let method { line += ": " + method }
        switch shape.layers {
        case .full where !layers.isEmpty: line += " (" + layers.map(\.full).joined(separator: " + ") + ")"
        case .brief where !layers.isEmpty: line += " (" + layers.map(\.brief).joined(separator: " + ") + ")"
        case .full, .brief, .none: break
        }
        return line + ". " + StreakText.short(streak, style: style, qualified: shape.qualified, weekly: shape.weekly)
    }
}
