/// Brew times as people type and read them: `165`, `165s`, `2:45`, `1:02:03`, `1h2m3s`.
public enum BrewTime {
    /// Seconds in `text`, or `nil` when it is not a duration BrewLog understands.
    ///
    /// Only the leading part is unbounded (`90:00`, `90m`, `100h`); every part after it, minutes
    /// after hours and seconds after minutes, must be below 60 in both forms (`2:60` and `1m60s`
    /// are refused alike). Surrounding whitespace is refused too, as in every number typed.
    ///
    /// The arithmetic saturates: a duration too long for an `Int` (`99999999999999999999`,
    /// `99999999999999999999h`) reads as `Int.max`, so it is refused as out of range rather than
    /// trapping or passing as malformed.
    public static func parse(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        let bytes = Array(text.utf8)
        if bytes.contains(UInt8(ascii: ":")) {
            let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count) else { return nil }
            var total = 0
            for (index, part) in parts.enumerated() {
                guard let value = saturatingDecimal(part), index == 0 || (part.count == 2 && value < 60) else { return nil }
                total = saturating(total, times: 60, plus: value)
            }
            return total
        }
        if let plain = saturatingDecimal(bytes) { return plain }
        var total = 0
        var number: Int?
        var lastUnit = Int.max
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                number = saturating(number ?? 0, times: 10, plus: Int(byte - UInt8(ascii: "0")))
                continue
            }
            let unit: Int
            switch byte {
            case UInt8(ascii: "h"): unit = 3600
            case UInt8(ascii: "m"): unit = 60
            case UInt8(ascii: "s"): unit = 1
            default: return nil
            }
            guard let value = number, unit < lastUnit, lastUnit == .max || value < 60 else { return nil }
            total = saturating(value, times: unit, plus: total)
            number = nil
            lastUnit = unit
        }
        return number == nil ? total : nil
    }

    /// The value of a run of ASCII digits (`Int.max` when it is larger), or `nil` for anything else.
    private static func saturatingDecimal(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = saturating(value, times: 10, plus: Int(byte - UInt8(ascii: "0")))
        }
        return value
    }

    /// `value * factor + addend` for non-negative operands, or `Int.max` when it overflows.
    private static func saturating(_ value: Int, times factor: Int, plus addend: Int) -> Int {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        guard !overflow else { return .max }
        let (sum, sumOverflow) = product.addingReportingOverflow(addend)
        return sumOverflow ? .max : sum
    }

    /// `2:45` below an hour, `1:02:03` from an hour on.
    public static func format(_ seconds: Int) -> String {
        if seconds >= 3600 {
            return "\(seconds / 3600):" + pad(seconds % 3600 / 60, 2) + ":" + pad(seconds % 60, 2)
        }
        return "\(seconds / 60):" + pad(seconds % 60, 2)
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace or newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
