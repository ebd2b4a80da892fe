/// The ratio rule: how a brew ratio (`1:16`) sets a brew's grams.
public enum BrewRatio {
    /// Why a ratio could not set a brew's grams.
    public enum Problem: Error, Equatable, Sendable {
        /// The brew has a yield: its ratio is yield ÷ dose, which setting the water would not change.
        case hasYield
        /// Both the dose and the water were given: the ratio says the same thing a third time.
        case doseAndWaterGiven
        /// Neither a dose nor a water to work from.
        case nothingToWorkFrom
        /// The grams it would set are outside the field's range.
        case outOfRange(InvalidFieldError)
    }

    /// `1:R` or `R`, with R a decimal number above 0 and at most 1000; `nil` for anything else.
    public static func parse(_ text: String) -> Double? {
        let number = text.hasPrefix("1:") ? String(text.dropFirst(2)) : text
        guard let value = parseDecimal(number), value > 0, value <= 1000 else { return nil }
        return value
    }

    /// Sets `record`'s grams from the ratio `factor` (grams of water per gram of coffee).
    ///
    /// With the dose among the fields typed with the ratio it sets the water (dose × R); with the
    /// water typed, the dose (water ÷ R); with neither typed it works from the record's own dose
    /// (an edited brew's, or a default's), else its water. The grams it sets are rounded to a
    /// tenth (a scale's precision, and no `250.00000000000003`).
    /// - Parameters:
    ///   - factor: R of `1:R`, as ``parse(_:)`` reads it.
    ///   - record: The brew with every other field already set.
    ///   - typed: The fields typed together with the ratio (a field a default set is not typed).
    /// - Throws: Why the ratio cannot set the grams; `record` is unchanged then.
    public static func apply(_ factor: Double, to record: inout BrewRecord, typed: Set<BrewField>) throws(Problem) {
        let doseGiven = typed.contains(.dose), waterGiven = typed.contains(.water)
        guard record.yieldGrams == nil else { throw .hasYield }
        guard !(doseGiven && waterGiven) else { throw .doseAndWaterGiven }
        var result = record
        if !waterGiven, let dose = result.doseGrams {
            result.waterGrams = (dose * factor * 10).rounded() / 10
        } else if let water = result.waterGrams {
            result.doseGrams = (water / factor * 10).rounded() / 10
        } else {
            throw .nothingToWorkFrom
        }
        for field in [BrewField.dose, .water] {
            if let limit = field.limit, case .number(let value)? = result[field], !limit.contains(value) {
                throw .outOfRange(limit.problem(got: formatNumber((value * 10).rounded() / 10) + " from --ratio"))
            }
        }
        record = result
    }
}
