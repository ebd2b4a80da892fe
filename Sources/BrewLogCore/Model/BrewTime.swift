/// Brew times as people type and read them: `165`, `165s`, `2:45`, `1:02:03`, `1h2m3s`.
public enum BrewTime {
    /// Seconds in `text`, or `nil` when it is not a duration BrewLog understands.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count) else { return nil }
            var total = 0
            for (index, part) in parts.enumerated() {
                guard let value = decimal(part.utf8), index == 0 || (part.count == 2 && value < 60) else { return nil }
                total = total * 60 + value
            }
            return total
        }
        if let plain = decimal(trimmed.utf8) { return plain }
        var total = 0
        var number: Int?
        var lastUnit = Int.max
        for char in trimmed {
            if let digit = char.wholeNumberValue, char.isASCII {
                number = (number ?? 0) * 10 + digit
                continue
            }
            let unit: Int
            switch char {
            case "h": unit = 3600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let value = number, unit < lastUnit else { return nil }
            total += value * unit
            number = nil
            lastUnit = unit
        }
        return number == nil ? total : nil
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
