/// The terminal columns text takes, from Unicode's own tables (``DisplayWidthTables``).
///
/// A `Character` (a grapheme cluster) is measured as a whole when it is an emoji: a pair of
/// regional indicators (a flag), a character with Emoji_Presentation (☕, ⚡, 👍🏽 with its
/// skin tone, 🏴 with its tag letters), an emoji followed by U+FE0F (☺️, ✈️, the keycap 1️⃣),
/// a skin-tone modifier after its base (☝🏽), and an emoji ZWJ sequence (👩‍👩‍👧) each take two
/// columns. U+FE0E asks for the text style: the character then takes its East Asian width.
/// Any other cluster takes the sum of its scalars' widths, as a terminal lays them out:
/// East Asian Wide and Fullwidth two, combining marks, format characters (ZWJ, ZWNJ, variation
/// selectors) and the vowels and finals of conjoining Hangul none, everything else (East Asian
/// Ambiguous included) one. Summing keeps widths additive, so a string cut or joined anywhere
/// between clusters measures the same as its parts.
///
/// Control characters never get here in human output (``TerminalText`` escapes them first);
/// they count zero, so the function is total.
enum DisplayWidth {
    /// Columns `text` takes. Printable ASCII, by far the commonest text, is its byte count.
    static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Columns one grapheme cluster takes.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(base) }
        if let emojiWidth = emojiWidth(base: base, second: second, scalars: scalars) { return emojiWidth }
        var total = 0
        for scalar in scalars { total += of(scalar) }
        return total
    }

    /// Columns one scalar takes on its own: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if TerminalText.isControl(scalar) || DisplayWidthTables.zero.contains(scalar) { return 0 }
        if DisplayWidthTables.wide.contains(scalar) || DisplayWidthTables.emojiPresentation.contains(scalar) { return 2 }
        return 1
    }

    private static let emojiSelector: Unicode.Scalar = "\u{FE0F}"
    private static let textSelector: Unicode.Scalar = "\u{FE0E}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

    /// The width of a cluster of two or more scalars that forms one emoji (or asks for the text
    /// style of one); `nil` for any other cluster, which is measured scalar by scalar.
    private static func emojiWidth(base: Unicode.Scalar, second: Unicode.Scalar, scalars: Character.UnicodeScalarView) -> Int? {
        if regionalIndicators.contains(base.value) && regionalIndicators.contains(second.value) { return 2 }
        if DisplayWidthTables.emoji.contains(base) {
            if second == emojiSelector { return 2 }
            if second == textSelector {
                let rest = scalars.dropFirst(2).reduce(0) { $0 + of($1) }
                return (DisplayWidthTables.wide.contains(base) ? 2 : 1) + rest
            }
            if DisplayWidthTables.emojiPresentation.contains(base) { return 2 }
            if DisplayWidthTables.emojiModifierBase.contains(base) && DisplayWidthTables.emojiModifier.contains(second) { return 2 }
        }
        if DisplayWidthTables.extendedPictographic.contains(base) && joinsPictographs(scalars) { return 2 }
        return nil
    }

    /// Whether a zero-width joiner in `scalars` is followed by a pictograph: an emoji ZWJ sequence.
    private static func joinsPictographs(_ scalars: Character.UnicodeScalarView) -> Bool {
        var afterJoiner = false
        for scalar in scalars {
            if afterJoiner && DisplayWidthTables.extendedPictographic.contains(scalar) { return true }
            afterJoiner = scalar == zeroWidthJoiner
        }
        return false
    }
}
