/// The brew's fields one by one: one case a field in each switch, so the compiler names this
/// file when a field is added to the table.
extension Brew {
    /// Writes `field` of `record` through its tracked setter (the id never changes). One case a
    /// field: the compiler names this switch when a field is added.
    func copy(_ field: BrewField, from record: BrewRecord) {
        switch field {
        case .id: break
        case .date: timestamp = record.timestamp
        case .rating: rating = record.rating
        case .notes: notes = record.notes
        case .method: method = record.method
        case .coffee: coffee = record.coffee
        case .bean: bean = record.bean
        case .dose: doseGrams = record.doseGrams
        case .water: waterGrams = record.waterGrams
        case .yield: yieldGrams = record.yieldGrams
        case .grind: grind = record.grind
        case .grinder: grinder = record.grinder
        case .temperature: temperatureCelsius = record.temperatureCelsius
        case .brewTime: brewTimeSeconds = record.brewTimeSeconds
        case .tds: tdsPercent = record.tdsPercent
        case .tags: tags = record.tags
        }
    }

    /// The key path of `field`'s tracked property (`nil` for the id, which never changes). One
    /// case a field, so a new one cannot be left untracked.
    static func trackedKeyPath(_ field: BrewField) -> (any AnyKeyPath & Sendable)? {
        switch field {
        case .id: nil
        case .date: \Brew.timestamp
        case .rating: \Brew.rating
        case .notes: \Brew.notes
        case .method: \Brew.method
        case .coffee: \Brew.coffee
        case .bean: \Brew.bean
        case .dose: \Brew.doseGrams
        case .water: \Brew.waterGrams
        case .yield: \Brew.yieldGrams
        case .grind: \Brew.grind
        case .grinder: \Brew.grinder
        case .temperature: \Brew.temperatureCelsius
        case .brewTime: \Brew.brewTimeSeconds
        case .tds: \Brew.tdsPercent
        case .tags: \Brew.tags
        }
    }

    /// The key paths of the tracked stored properties (reading ``record`` reads them all).
    static let trackedKeyPaths: [AnyKeyPath & Sendable] = BrewField.allCases.compactMap(trackedKeyPath)
}
