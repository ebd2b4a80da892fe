/// The fields of a brew, as one table: for each, the kind of value it holds and where it lives in
/// a ``BrewRecord`` (``kind``), its range (``limit``), its journal key (``journalKey``) and
/// whether it can be unset (``canUnset``).
///
/// Validation, the journal line's key order, the CSV columns, and on the command line the field
/// options, `--unset`, the completion of field names and `show`'s rows are all derived from this
/// table. Every switch over a field is exhaustive, so a new case does not compile until each place
/// that must know it does; the order of the cases is the order of the journal keys and CSV columns,
/// and a field's raw value is its position in it.
public enum BrewField: Int, CaseIterable, Sendable {
    case id, date, rating, notes, method, coffee, dose, water, yield, grind, temperature, brewTime, tags

    /// What a field holds, and the key path to it in a ``BrewRecord``.
    public enum Kind {
        /// The brew's id: required, never unset.
        case id
        /// The moment brewed, with its UTC offset: required, never unset.
        case date
        /// Text that is always there, possibly empty or multi-line (unset, it is empty).
        case text(WritableKeyPath<BrewRecord, String>)
        /// Free text, absent when `nil` (an empty text reads back as absent).
        case optionalText(WritableKeyPath<BrewRecord, String?>)
        /// A decimal number measured in `unit` (`g`, `°C`), inside `limit`.
        case number(WritableKeyPath<BrewRecord, Double?>, FieldLimit, unit: String)
        /// A rating: a whole number inside `limit`.
        case rating(WritableKeyPath<BrewRecord, Int?>, FieldLimit)
        /// A duration in whole seconds inside `limit`.
        case duration(WritableKeyPath<BrewRecord, Int?>, FieldLimit)
        /// Tags, each non-empty without commas or whitespace; absent when there are none.
        case tags(WritableKeyPath<BrewRecord, [String]>)
    }

    /// The field's kind, where it is in a record, and its range.
    public var kind: Kind {
        switch self {
        case .id: .id
        case .date: .date
        case .rating: .rating(\.rating, FieldLimit(field: self, name: "rating", lower: 1, lowerIsExclusive: false, upper: 5,
                                                   rangeText: "1...5"))
        case .notes: .text(\.notes)
        case .method: .optionalText(\.method)
        case .coffee: .optionalText(\.coffee)
        case .dose: .number(\.doseGrams, FieldLimit(field: self, name: "dose", lower: 0, lowerIsExclusive: true, upper: 1000,
                                                    rangeText: "more than 0 and at most 1000 grams"), unit: "g")
        case .water: .number(\.waterGrams, FieldLimit(field: self, name: "water", lower: 0, lowerIsExclusive: true, upper: 10_000,
                                                      rangeText: "more than 0 and at most 10000 grams"), unit: "g")
        case .yield: .number(\.yieldGrams, FieldLimit(field: self, name: "yield", lower: 0, lowerIsExclusive: true, upper: 10_000,
                                                      rangeText: "more than 0 and at most 10000 grams"), unit: "g")
        case .grind: .optionalText(\.grind)
        case .temperature: .number(\.temperatureCelsius, FieldLimit(field: self, name: "temperature", lower: 0, lowerIsExclusive: false,
                                                                    upper: 100, rangeText: "0...100 °C"), unit: "°C")
        case .brewTime: .duration(\.brewTimeSeconds, FieldLimit(field: self, name: "brew time", lower: 1, lowerIsExclusive: false,
                                                                upper: 86_400, rangeText: "1...86400 seconds"))
        case .tags: .tags(\.tags)
        }
    }

    /// The key in a journal line, as bytes the codec matches without building a string.
    var staticJournalKey: StaticString {
        switch self {
        case .id: "id"
        case .date: "date"
        case .rating: "rating"
        case .notes: "notes"
        case .method: "method"
        case .coffee: "coffee"
        case .dose: "dose_g"
        case .water: "water_g"
        case .yield: "yield_g"
        case .grind: "grind"
        case .temperature: "temp_c"
        case .brewTime: "time_s"
        case .tags: "tags"
        }
    }

    /// The key in a journal line (`dose_g`, `temp_c`, ...), which is also the CSV column.
    public var journalKey: String { staticJournalKey.description }

    /// The range of a numeric field; `nil` for the others.
    public var limit: FieldLimit? { BrewField.limits[rawValue] }

    /// Each field's ``limit``, by position, worked out once: reading a journal checks ranges on
    /// every line, and building ``kind`` each time would cost more than the check.
    private static let limits: [FieldLimit?] = allCases.map { field in
        switch field.kind {
        case .number(_, let limit, _), .rating(_, let limit), .duration(_, let limit): limit
        case .id, .date, .text, .optionalText, .tags: nil
        }
    }

    /// Whether the field can be cleared (`--unset`, a `null` in a journal line): every field
    /// but the id and the date, which every brew has.
    public var canUnset: Bool {
        switch self {
        case .id, .date: false
        case .rating, .notes, .method, .coffee, .dose, .water, .yield, .grind, .temperature, .brewTime, .tags: true
        }
    }

    /// Whether the field is part of a brew's recipe (how it was made), which a new brew can start
    /// from: everything but the id, the date, the rating and the notes.
    public var isRecipe: Bool {
        switch self {
        case .id, .date, .rating, .notes: false
        case .method, .coffee, .dose, .water, .yield, .grind, .temperature, .brewTime, .tags: true
        }
    }

    /// Whether the field's journal value is a JSON number.
    public var isNumeric: Bool { limit != nil }

    /// The field whose journal key is exactly `journalKey`.
    public init?(journalKey: String) {
        guard let field = BrewField.allCases.first(where: { $0.journalKey == journalKey }) else { return nil }
        self = field
    }

    /// The numeric fields with their ranges, in table order, worked out once: what
    /// ``BrewRecord/validate()`` checks on every journal line.
    static let ranged: [(field: BrewField, limit: FieldLimit)] = allCases.compactMap { field in field.limit.map { (field, $0) } }
}

/// The value of one field of a record, typed by its kind.
public enum FieldValue: Hashable, Sendable {
    /// An id.
    case id(BrewID)
    /// A moment with its UTC offset.
    case date(Timestamp)
    /// Text.
    case text(String)
    /// A decimal number.
    case number(Double)
    /// A whole number (a rating, a duration in seconds).
    case integer(Int)
    /// Tags, in order.
    case tags([String])
}

extension BrewRecord {
    /// The value of `field`, or `nil` when it is absent (notes are always there, maybe empty;
    /// tags are absent when there are none).
    public subscript(field: BrewField) -> FieldValue? {
        switch field.kind {
        case .id: .id(id)
        case .date: .date(timestamp)
        case .text(let path): .text(self[keyPath: path])
        case .optionalText(let path): self[keyPath: path].map(FieldValue.text)
        case .number(let path, _, _): self[keyPath: path].map(FieldValue.number)
        case .rating(let path, _), .duration(let path, _): self[keyPath: path].map(FieldValue.integer)
        case .tags(let path): self[keyPath: path].isEmpty ? nil : .tags(self[keyPath: path])
        }
    }

    /// Sets `field` to its value in `other` (absent there: cleared here); the id and the date are
    /// left as they are.
    public mutating func copy(_ field: BrewField, from other: BrewRecord) {
        switch field.kind {
        case .id, .date: break
        case .text(let path): self[keyPath: path] = other[keyPath: path]
        case .optionalText(let path): self[keyPath: path] = other[keyPath: path]
        case .number(let path, _, _): self[keyPath: path] = other[keyPath: path]
        case .rating(let path, _), .duration(let path, _): self[keyPath: path] = other[keyPath: path]
        case .tags(let path): self[keyPath: path] = other[keyPath: path]
        }
    }

    /// Clears `field` (notes become empty, tags none); the id and the date cannot be cleared and
    /// are left as they are.
    public mutating func clear(_ field: BrewField) {
        switch field.kind {
        case .id, .date: break
        case .text(let path): self[keyPath: path] = ""
        case .optionalText(let path): self[keyPath: path] = nil
        case .number(let path, _, _): self[keyPath: path] = nil
        case .rating(let path, _), .duration(let path, _): self[keyPath: path] = nil
        case .tags(let path): self[keyPath: path] = []
        }
    }

    /// The value of numeric `field` as a Double, for its range check; `nil` when absent or not
    /// numeric. It reads the properties directly, not through ``BrewField/kind``'s key paths:
    /// validation runs on every journal line, and a key path read copies the whole record. A
    /// test checks that it agrees with the key paths.
    func numericValue(_ field: BrewField) -> Double? {
        switch field {
        case .rating: rating.map(Double.init)
        case .dose: doseGrams
        case .water: waterGrams
        case .yield: yieldGrams
        case .temperature: temperatureCelsius
        case .brewTime: brewTimeSeconds.map(Double.init)
        case .id, .date, .notes, .method, .coffee, .grind, .tags: nil
        }
    }
}
