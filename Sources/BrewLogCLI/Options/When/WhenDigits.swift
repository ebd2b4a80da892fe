/// The digit runs of a WHEN: ASCII digits only (no sign, no spaces, no other scripts' digits).
enum WhenDigits {
    /// Whether `text` is one or more ASCII digits and nothing else.
    static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The value of `text` when it is only ASCII digits, as many as `digits` allows (at most
    /// 18, so the value always fits in an `Int`).
    static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.count <= 18, isDigits(text) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// A count in a relative form (`-3d`, `90 minutes ago`): `nil` when `text` is not digits,
    /// an error when it is zero or too long to count with.
    static func count(_ text: Substring) throws(WhenError) -> Int? {
        guard isDigits(text) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard !significant.isEmpty else { throw .zeroCount }
        guard let value = number(significant, digits: 1...18) else { throw .outOfRange }
        return value
    }
}
