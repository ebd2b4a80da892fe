/// Digits and colons five lines tall, drawn with full blocks: the brew timer's clock, readable
/// from across the kitchen.
enum BigDigits {
    /// How many lines the digits take.
    static let height = 5

    /// `text` (digits and colons; anything else is a blank) as ``height`` lines.
    static func lines(_ text: String) -> [String] {
        (0..<height).map { line in
            text.map { glyph($0)[line] }.joined(separator: " ")
        }
    }

    /// How many columns `text` takes.
    static func width(_ text: String) -> Int {
        lines(text).first?.count ?? 0
    }

    private static func glyph(_ character: Character) -> [String] {
        switch character {
        case "0": ["███", "█ █", "█ █", "█ █", "███"]
        case "1": ["  █", "  █", "  █", "  █", "  █"]
        case "2": ["███", "  █", "███", "█  ", "███"]
        case "3": ["███", "  █", "███", "  █", "███"]
        case "4": ["█ █", "█ █", "███", "  █", "  █"]
        case "5": ["███", "█  ", "███", "  █", "███"]
        case "6": ["███", "█  ", "███", "█ █", "███"]
        case "7": ["███", "  █", "  █", "  █", "  █"]
        case "8": ["███", "█ █", "███", "█ █", "███"]
        case "9": ["███", "█ █", "███", "  █", "███"]
        case ":": [" ", "█", " ", "█", " "]
        default: ["   ", "   ", "   ", "   ", "   "]
        }
    }
}
