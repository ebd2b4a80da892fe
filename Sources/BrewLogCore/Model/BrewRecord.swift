/// Every field of one brew as a value: what a journal line holds, and what edits are validated on.
///
/// `Brew` is the shared, observable object; `BrewRecord` is its plain-value snapshot, used by the
/// journal codec, imports and validation, where identity does not matter.
public struct BrewRecord: Hashable, Sendable {
    /// The brew's id.
    public var id: BrewID
    /// When it was brewed, with the UTC offset it was recorded in.
    public var timestamp: Timestamp
    /// 1...5, or `nil` when unrated.
    public var rating: Int?
    /// Tasting notes; any text, possibly empty or multi-line.
    public var notes: String
    /// Brew method ("V60", "AeroPress").
    public var method: String?
    /// The beans or blend.
    public var coffee: String?
    /// Dose of coffee in grams, > 0.
    public var doseGrams: Double?
    /// Water in grams, > 0.
    public var waterGrams: Double?
    /// Grind setting, free text.
    public var grind: String?
    /// Water temperature in °C, 0...100.
    public var temperatureCelsius: Double?
    /// Brew time in seconds, > 0.
    public var brewTimeSeconds: Int?
    /// Tags: each non-empty, without commas or whitespace.
    public var tags: [String]
    /// Journal keys BrewLog does not know, with their raw JSON values, kept through every rewrite.
    public var unknownFields: [UnknownField]

    /// A record with the given fields; unknown fields start empty.
    public init(
        id: BrewID, timestamp: Timestamp, rating: Int? = nil, notes: String = "",
        method: String? = nil, coffee: String? = nil, doseGrams: Double? = nil, waterGrams: Double? = nil,
        grind: String? = nil, temperatureCelsius: Double? = nil, brewTimeSeconds: Int? = nil,
        tags: [String] = [], unknownFields: [UnknownField] = []
    ) {
        self.id = id
        self.timestamp = timestamp
        self.rating = rating
        self.notes = notes
        self.method = method
        self.coffee = coffee
        self.doseGrams = doseGrams
        self.waterGrams = waterGrams
        self.grind = grind
        self.temperatureCelsius = temperatureCelsius
        self.brewTimeSeconds = brewTimeSeconds
        self.tags = tags
        self.unknownFields = unknownFields
    }

    /// Water per gram of coffee, when both are known.
    public var ratio: Double? {
        guard let dose = doseGrams, let water = waterGrams, dose > 0 else { return nil }
        return water / dose
    }

    /// Throws the first field that breaks its rule.
    public func validate() throws(InvalidFieldError) {
        if let rating, !(1...5).contains(rating) {
            throw InvalidFieldError(.rating, "rating must be 1...5 (got \(rating))")
        }
        try BrewRecord.requirePositive(doseGrams, .dose, "dose")
        try BrewRecord.requirePositive(waterGrams, .water, "water")
        if let temperatureCelsius, !(0...100).contains(temperatureCelsius) {
            throw InvalidFieldError(.temperature, "temperature must be 0...100 °C (got \(formatNumber(temperatureCelsius)))")
        }
        if let brewTimeSeconds, brewTimeSeconds <= 0 {
            throw InvalidFieldError(.brewTime, "brew time must be more than 0 seconds (got \(brewTimeSeconds))")
        }
        for tag in tags {
            try BrewRecord.validateTag(tag)
        }
    }

    /// Throws unless `tag` is non-empty and has no comma and no whitespace.
    public static func validateTag(_ tag: String) throws(InvalidFieldError) {
        if tag.isEmpty {
            throw InvalidFieldError(.tags, "a tag must not be empty")
        }
        if tag.utf8.contains(UInt8(ascii: ",")) || containsWhitespace(tag) {
            throw InvalidFieldError(.tags, "tag '\(tag)' must not contain commas or whitespace")
        }
    }

    private static func requirePositive(_ value: Double?, _ field: BrewField, _ name: String) throws(InvalidFieldError) {
        if let value, !(value > 0 && value.isFinite) {
            throw InvalidFieldError(field, "\(name) must be more than 0 grams (got \(formatNumber(value)))")
        }
    }
}

/// A journal key BrewLog does not know, kept with its value's exact JSON text.
public struct UnknownField: Hashable, Sendable {
    /// The key, decoded.
    public let key: String
    /// The value exactly as it appeared in the line (`{"a":1}`, `"text"`, `42`).
    public let rawJSON: String

    /// A field `key` whose JSON value is `rawJSON`.
    public init(key: String, rawJSON: String) {
        self.key = key
        self.rawJSON = rawJSON
    }
}

/// `18` for whole numbers, otherwise the shortest text that reads back as the same Double (`18.5`).
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int(value))
    }
    return String(value)
}
