import BrewLogCore

/// Maps a domain of values onto a range of pixels, and finds tick values people read easily
/// (steps of 1, 2 or 5 times a power of ten).
struct LinearScale {
    /// The values mapped, lowest first.
    let domain: ClosedRange<Double>
    /// Where the domain's ends land: `lower` for `domain.lowerBound`, `upper` for its upper one.
    let lower: Double, upper: Double

    /// A scale over `domain`; an empty domain is widened by one either side, so a single value
    /// sits in the middle rather than dividing by zero.
    init(domain: ClosedRange<Double>, from lower: Double, to upper: Double) {
        self.domain = domain.lowerBound < domain.upperBound ? domain : (domain.lowerBound - 1)...(domain.upperBound + 1)
        self.lower = lower
        self.upper = upper
    }

    /// Where `value` lands.
    func callAsFunction(_ value: Double) -> Double {
        lower + (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (upper - lower)
    }

    /// The step between about `count` ticks over `span`: 1, 2 or 5 times a power of ten.
    static func niceStep(span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(max(1, count))
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// `domain` widened outwards to whole steps of about `count` ticks, so the axis ends on a tick.
    static func nice(_ domain: ClosedRange<Double>, ticks count: Int) -> ClosedRange<Double> {
        let widened = domain.lowerBound < domain.upperBound ? domain : (domain.lowerBound - 1)...(domain.upperBound + 1)
        let step = niceStep(span: widened.upperBound - widened.lowerBound, count: count)
        return ((widened.lowerBound / step).rounded(.down) * step)...((widened.upperBound / step).rounded(.up) * step)
    }

    /// About `count` tick values inside the domain, on whole steps of 1, 2 or 5 times a power of ten.
    func ticks(_ count: Int) -> [Double] {
        let step = LinearScale.niceStep(span: domain.upperBound - domain.lowerBound, count: count)
        var value = (domain.lowerBound / step).rounded(.up) * step
        var values: [Double] = []
        // Whole multiples of the step rounded to its decimals, so 9 × 0.2 is 1.8, not 1.8000000000000003.
        var scale = 1.0
        while scale < 1e6, ((step * scale) - (step * scale).rounded()).magnitude > 1e-9 { scale *= 10 }
        while value <= domain.upperBound + step * 1e-9, values.count < 50 {
            values.append(((value / step).rounded() * step * scale).rounded() / scale)
            value += step
        }
        return values
    }

    /// A tick value as text: no decimals for whole numbers, else as few as the step needs.
    static func label(_ value: Double, step: Double) -> String {
        var decimals = 0
        var scaled = step
        while decimals < 3, (scaled - scaled.rounded()).magnitude > 1e-9 {
            scaled *= 10
            decimals += 1
        }
        return ChartNumber.fixed(value, decimals: decimals)
    }
}

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
