import BrewLogCore

/// The defaults a `[add]` section or a `[recipe "NAME"]` section gives a new brew.
struct BrewDefaults: Equatable, Sendable {
    var method: String?
    var coffee: String?
    /// Grams of coffee.
    var dose: Double?
    /// Grams of water.
    var water: Double?
    /// Grams of beverage.
    var yield: Double?
    var grind: String?
    /// °C.
    var temperature: Double?
    /// Seconds.
    var time: Int?
    /// `nil` when not set; `[]` when set to nothing.
    var tags: [String]?
}

extension BrewDefaults {
    /// The recipe fields `record` has set, as defaults (what `recipe save --from` keeps).
    init(record: BrewRecord) {
        self.init(method: record.method, coffee: record.coffee, dose: record.doseGrams, water: record.waterGrams,
                  yield: record.yieldGrams, grind: record.grind, temperature: record.temperatureCelsius,
                  time: record.brewTimeSeconds, tags: record.tags.isEmpty ? nil : record.tags)
    }

    /// Whether no field is set.
    var isEmpty: Bool { self == BrewDefaults() }

    /// Writes every field that is set into `record`, leaving the others as they are (tags, when
    /// set, replace the record's).
    func apply(to record: inout BrewRecord) {
        if let method { record.method = method }
        if let coffee { record.coffee = coffee }
        if let dose { record.doseGrams = dose }
        if let water { record.waterGrams = water }
        if let yield { record.yieldGrams = yield }
        if let grind { record.grind = grind }
        if let temperature { record.temperatureCelsius = temperature }
        if let time { record.brewTimeSeconds = time }
        if let tags { record.tags = tags }
    }

    /// Each field that is set, as its config key and the value text the config stores, in the
    /// order of the keys (`method`, `coffee`, `dose`, … `tags`).
    var configValues: [(key: String, value: String)] {
        var values: [(key: String, value: String)] = []
        if let method { values.append(("method", method)) }
        if let coffee { values.append(("coffee", coffee)) }
        if let dose { values.append(("dose", formatNumber(dose))) }
        if let water { values.append(("water", formatNumber(water))) }
        if let yield { values.append(("yield", formatNumber(yield))) }
        if let grind { values.append(("grind", grind)) }
        if let temperature { values.append(("temp", formatNumber(temperature))) }
        if let time { values.append(("time", String(time))) }
        if let tags { values.append(("tags", tags.joined(separator: ","))) }
        return values
    }
}
