/// The identity of a brew in its journal: never changes, unique within a journal.
///
/// BrewLog mints 12 random lowercase hex digits; a journal may hold any non-empty id without
/// whitespace (written by hand or by another tool), and BrewLog keeps it as it is.
public struct BrewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The id as written in the journal.
    public let rawValue: String

    /// The id `text`, or `nil` when it is empty or contains whitespace.
    public init?(_ text: String) {
        guard !text.isEmpty, !containsWhitespace(text) else { return nil }
        self.rawValue = text
    }

    private init(unchecked text: String) {
        self.rawValue = text
    }

    /// A fresh id of 12 random lowercase hex digits.
    public static func random() -> BrewID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A fresh id of 12 lowercase hex digits drawn from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> BrewID {
        let value = UInt64.random(in: 0..<(1 << 48), using: &generator)
        let hex = String(value, radix: 16)
        return BrewID(unchecked: String(repeating: "0", count: 12 - hex.count) + hex)
    }

    /// The id text.
    public var description: String { rawValue }

    public static func < (lhs: BrewID, rhs: BrewID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether `text` has any Unicode whitespace; ASCII text is checked byte by byte, which is all a
/// journal of a million brews can afford.
func containsWhitespace(_ text: String) -> Bool {
    var isASCII = true
    for byte in text.utf8 {
        if byte >= 0x80 { isASCII = false; break }
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
    }
    return isASCII ? false : text.unicodeScalars.contains { $0.properties.isWhitespace }
}
