/// The values a numeric field accepts, and the words that say so in an error; each numeric
/// field's limit is its row of the field table, ``BrewField/limit``.
///
/// One limit serves typed values (refused as usage errors) and journal lines (reported as bad
/// lines), so both say the same thing. The bounds are finite and small, so sums and averages of
/// in-range values cannot overflow; only a ratio can grow huge (10000 g of water over a dose of
/// 1e-300 g), and the code that shows ratios allows for that.
public struct FieldLimit: Sendable {
    /// The field the limit is for.
    public let field: BrewField
    /// How messages name the field ("dose", "brew time").
    public let name: String
    /// The smallest value, or the bound every value must be above when `lowerIsExclusive`.
    public let lower: Double
    /// Whether `lower` itself is refused (dose and water must be more than 0).
    public let lowerIsExclusive: Bool
    /// The largest value accepted.
    public let upper: Double
    /// The range in words: `1...5`, `more than 0 and at most 1000 grams`.
    public let rangeText: String

    /// Whether `value` is a finite number inside the range.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && value <= upper && (lowerIsExclusive ? value > lower : value >= lower)
    }

    /// The error for a value outside the range, echoing `valueText` (capped) as the user wrote it.
    public func problem(got valueText: some StringProtocol) -> InvalidFieldError {
        InvalidFieldError(field, "\(name) must be \(rangeText) (got \(cappedForMessage(valueText)))")
    }

    /// Throws unless `value` is inside the range (it is echoed as ``formatNumber(_:)`` writes it).
    public func check(_ value: Double?) throws(InvalidFieldError) {
        if let value, !contains(value) { throw problem(got: formatNumber(value)) }
    }
}

/// How many characters of a value an error message echoes.
public let messageEchoLimit = 40

/// `text` as an error message may echo it: at most ``messageEchoLimit`` characters, then `…`,
/// so a 100,000-digit argument cannot flood the message. Control characters are left as they
/// are: whoever shows the message on a terminal escapes them (the command line does, for every
/// message it prints), and output for programs (`check --json`) keeps the text exactly.
public func cappedForMessage(_ text: some StringProtocol) -> String {
    var end = text.startIndex
    for _ in 0..<messageEchoLimit {
        guard end < text.endIndex else { return String(text) }
        end = text.index(after: end)
    }
    return end == text.endIndex ? String(text) : String(text[..<end]) + "…"
}

/// Decimal text as people type it and JSON writes it: an optional `-`, digits with at most one
/// `.` (at least one digit in all), and an optional exponent (`e`/`E`, optional sign, digits).
/// Hex (`0x10`), `inf`, `nan`, a leading `+`, `_` separators and whitespace are refused (`nil`).
/// A number too large for a Double comes back infinite, for the caller's range check to refuse.
public func parseDecimal(_ text: some StringProtocol) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    var dots = 0
    while index < bytes.count {
        let byte = bytes[index]
        if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            digits += 1
        } else if byte == UInt8(ascii: "."), dots == 0 {
            dots += 1
        } else {
            break
        }
        index += 1
    }
    guard digits > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        guard index > start else { return nil }
    }
    guard index == bytes.count else { return nil }
    return Double(String(decoding: bytes, as: UTF8.self))
}
