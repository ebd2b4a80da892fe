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
    /// The id of the bean bag the brew was made from, when it was named (`add --bean`); a brew
    /// without one belongs to the bag its coffee names.
    public var bean: String?
    /// Dose of coffee in grams, more than 0 and at most 1000.
    public var doseGrams: Double?
    /// Water in grams, more than 0 and at most 10000.
    public var waterGrams: Double?
    /// The beverage's weight in grams (espresso's "out"), more than 0 and at most 10000.
    public var yieldGrams: Double?
    /// Grind setting, free text.
    public var grind: String?
    /// The grinder ("Kinu m47"), free text.
    public var grinder: String?
    /// Water temperature in °C, 0...100.
    public var temperatureCelsius: Double?
    /// Brew time in whole seconds, 1...86400.
    public var brewTimeSeconds: Int?
    /// Total dissolved solids in percent, 0...30 (a refractometer's reading).
    public var tdsPercent: Double?
    /// Tags: each non-empty, without commas or whitespace.
    public var tags: [String]
    /// Journal keys BrewLog does not know, with their raw JSON values, kept through every rewrite.
    public var unknownFields: [UnknownField]

    /// A record with the given fields; unknown fields start empty.
    public init(
        id: BrewID, timestamp: Timestamp, rating: Int? = nil, notes: String = "",
        method: String? = nil, coffee: String? = nil, doseGrams: Double? = nil, waterGrams: Double? = nil,
        yieldGrams: Double? = nil, grind: String? = nil, temperatureCelsius: Double? = nil, brewTimeSeconds: Int? = nil,
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
        self.yieldGrams = yieldGrams
        self.grind = grind
        self.temperatureCelsius = temperatureCelsius
        self.brewTimeSeconds = brewTimeSeconds
        self.tags = tags
        self.unknownFields = unknownFields
    }

    /// The brew ratio: grams out per gram of coffee when the yield is known (espresso's 1:2),
    /// else grams of water per gram (pour-over's 1:16.7); `nil` without a dose, or when the
    /// quotient is not finite (a dose so small, say 5e-324 g, that the division overflows).
    public var ratio: Double? {
        brewRatio(dose: doseGrams, water: waterGrams, yield: yieldGrams)
    }

    /// The extraction yield in percent: TDS% × beverage ÷ dose, the beverage being the yield when
    /// the brew records one (espresso's, or a filter brew weighed in the cup), else the water
    /// (for filter, a little more than the beverage: the grounds hold some back); `nil` without a
    /// TDS, a dose or either mass, or when the quotient is not finite.
    public var extractionYield: Double? {
        guard let tdsPercent, let dose = doseGrams, dose > 0, let beverage = yieldGrams ?? waterGrams else { return nil }
        let yield = tdsPercent * beverage / dose
        return yield.isFinite ? yield : nil
    }

    /// Throws the first field, in table order, that breaks its rule (``BrewField/limit``), then
    /// the first bad tag.
    public func validate() throws(InvalidFieldError) {
        for (field, limit) in BrewField.ranged {
            try limit.check(numericValue(field))
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
            throw InvalidFieldError(.tags, "tag '\(cappedForMessage(tag))' must not contain commas or whitespace")
        }
    }
}

extension BrewRecord {
    /// The journal keys whose values differ between this record and `other`, in the field
    /// table's order, then the unknown keys either side carries with a different value (or only
    /// one side carries; whitespace between a value's tokens does not count). The id is
    /// compared like every other field.
    public func differingKeys(from other: BrewRecord) -> [String] {
        var keys = BrewField.allCases.filter { self[$0] != other[$0] }.map(\.journalKey)
        let mine = Dictionary(unknownFields.map { ($0.key, $0.compactJSON) }, uniquingKeysWith: { _, last in last })
        let theirs = Dictionary(other.unknownFields.map { ($0.key, $0.compactJSON) }, uniquingKeysWith: { _, last in last })
        var seen: Set<String> = []
        for key in unknownFields.map(\.key) + other.unknownFields.map(\.key) where seen.insert(key).inserted {
            if mine[key] != theirs[key] { keys.append(key) }
        }
        return keys
    }
}

/// A journal key BrewLog does not know, kept with its exact JSON text: the key as it was spelled
/// (escapes and all) and its value, so a rewrite writes both back byte for byte.
public struct UnknownField: Hashable, Sendable {
    /// The key, decoded.
    public let key: String
    /// The value exactly as it appeared in the line (`{"a":1}`, `"text"`, `42`).
    public let rawJSON: String
    /// The key exactly as it appeared in the line, quotes included (`"u\u00e9"`).
    public let rawKey: String

    /// The value without whitespace between its tokens: two spellings of the same value (as
    /// BrewLog writes it, and as `jq .` reformats it) compare equal.
    public var compactJSON: String {
        var result = String.UnicodeScalarView()
        var inString = false, escaped = false
        for scalar in rawJSON.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                continue
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// A field `key` whose JSON value is `rawJSON`, its key written `rawKey` (quotes included;
    /// by default, as BrewLog writes a string).
    public init(key: String, rawJSON: String, rawKey: String? = nil) {
        self.key = key
        // A value read from a JSON array may be pretty-printed over several lines; a journal line
        // holds it on one. A raw line break in JSON is only ever whitespace between tokens (in a
        // string it must be escaped), so dropping it keeps the value.
        self.rawJSON = rawJSON.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
            ? String(String.UnicodeScalarView(rawJSON.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }))
            : rawJSON
        if let rawKey {
            self.rawKey = rawKey
        } else {
            var quoted = ""
            BrewLineCodec.appendJSONString(key, to: &quoted)
            self.rawKey = quoted
        }
    }
}

/// `18` for whole numbers, otherwise the shortest text that reads back as the same Double (`18.5`).
public func formatNumber(_ value: Double) -> String {
    var text: [UInt8] = []
    appendFormattedNumber(value, to: &text)
    return String(decoding: text, as: UTF8.self)
}

/// Appends ``formatNumber(_:)``'s text as UTF-8; a whole number digit by digit, without making
/// a string.
func appendFormattedNumber(_ value: Double, to text: inout [UInt8]) {
    if value == value.rounded(), abs(value) < 1e15 {
        appendPadded(Int(value), 0, to: &text)
    } else {
        text.append(contentsOf: String(value).utf8)
    }
}

/// The ratio rule, shared by ``BrewRecord/ratio`` and ``Brew/ratio``: yield ÷ dose when the
/// yield is known, else water ÷ dose; `nil` without a dose or when the quotient is not finite.
func brewRatio(dose: Double?, water: Double?, yield: Double?) -> Double? {
    guard let dose, dose > 0, let out = yield ?? water else { return nil }
    let ratio = out / dose
    return ratio.isFinite ? ratio : nil
}
