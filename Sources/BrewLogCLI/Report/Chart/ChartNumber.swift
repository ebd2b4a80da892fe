import BrewLogCore

/// Numbers as charts and the report's tables write them.
enum ChartNumber {
    /// `value` with exactly `decimals` decimals (0 to 6), rounded half away from zero; `-0` is `0`.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<min(6, max(0, decimals)) { scale *= 10 }
        guard value.isFinite, abs(value * scale) < 1e15 else { return formatNumber(value) }
        let units = Int((abs(value) * scale).rounded())
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(units) }
        let whole = units / Int(scale), fraction = String(units % Int(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// A coordinate in an SVG attribute: at most one decimal, no trailing `.0`.
    static func coordinate(_ value: Double) -> String {
        let text = fixed(value, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
