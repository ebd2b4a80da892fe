/// The ratio rule: how a brew ratio (`1:16`, `1:2`) sets a brew's grams, the way each method
/// thinks of it: the water for a pour-over, the yield (the beverage, "out") for espresso.
public enum BrewRatio {
    /// Why a ratio could not set a brew's grams.
    public enum Problem: Error, Equatable, Sendable {
        /// Both the dose and the grams the ratio sets (`target`) were given: the ratio says the
        /// same thing a third time.
        case doseAndGramsGiven(target: BrewField)
        /// Neither a dose nor the grams the ratio sets to work from.
        case nothingToWorkFrom(target: BrewField)
        /// The grams it would set are outside the field's range.
        case outOfRange(InvalidFieldError)
    }

    /// How many of a method's newest brews ``target(for:recent:)`` looks at.
    public static let recentBrews = 5

    /// `1:R` or `R`, with R a decimal number above 0 and at most 1000; `nil` for anything else.
    public static func parse(_ text: String) -> Double? {
        let number = text.hasPrefix("1:") ? String(text.dropFirst(2)) : text
        guard let value = parseDecimal(number), value > 0, value <= 1000 else { return nil }
        return value
    }

    /// The grams a ratio sets for `record` (``BrewField/yield`` or ``BrewField/water``): the
    /// yield when the record has one (from any layer), or when most of `recent` (its method's
    /// newest brews, newest first) that record grams record a yield and no water, as espresso
    /// does; else the water.
    public static func target(for record: BrewRecord, recent: [BrewRecord]) -> BrewField {
        if record.yieldGrams != nil { return .yield }
        guard record.waterGrams == nil else { return .water }
        let measured = recent.prefix(recentBrews).filter { $0.yieldGrams != nil || $0.waterGrams != nil }
        let yieldOnly = measured.filter { $0.yieldGrams != nil && $0.waterGrams == nil }.count
        return yieldOnly * 2 > measured.count ? .yield : .water
    }

    /// Sets `record`'s grams from the ratio `factor` (grams of `target` per gram of coffee), and
    /// returns the field it set.
    ///
    /// With the dose among the fields typed with the ratio it sets the target (dose × R); with
    /// the target typed, the dose (target ÷ R); with neither typed it works from the record's own
    /// dose (an edited brew's, or a default's), else its target. The grams it sets are rounded
    /// to a tenth (a scale's precision, and no `250.00000000000003`).
    /// - Parameters:
    ///   - factor: R of `1:R`, as ``parse(_:)`` reads it.
    ///   - record: The brew with every other field already set.
    ///   - typed: The fields typed together with the ratio (a field a default set is not typed).
    ///   - target: The grams the ratio relates to the dose: ``BrewField/water`` or
    ///     ``BrewField/yield`` (``target(for:recent:)``).
    /// - Throws: Why the ratio cannot set the grams; `record` is unchanged then.
    @discardableResult
    public static func apply(_ factor: Double, to record: inout BrewRecord, typed: Set<BrewField>,
                             target: BrewField = .water) throws(Problem) -> BrewField {
        let grams: WritableKeyPath<BrewRecord, Double?> = target == .yield ? \.yieldGrams : \.waterGrams
        let doseGiven = typed.contains(.dose), gramsGiven = typed.contains(target)
        guard !(doseGiven && gramsGiven) else { throw .doseAndGramsGiven(target: target) }
        var result = record
        let set: BrewField
        if !gramsGiven, let dose = result.doseGrams {
            result[keyPath: grams] = (dose * factor * 10).rounded() / 10
            set = target
        } else if let out = result[keyPath: grams] {
            result.doseGrams = (out / factor * 10).rounded() / 10
            set = .dose
        } else {
            throw .nothingToWorkFrom(target: target)
        }
        for field in [BrewField.dose, target] {
            if let limit = field.limit, case .number(let value)? = result[field], !limit.contains(value) {
                throw .outOfRange(limit.problem(got: formatNumber((value * 10).rounded() / 10) + " from --ratio"))
            }
        }
        record = result
        return set
    }
}
