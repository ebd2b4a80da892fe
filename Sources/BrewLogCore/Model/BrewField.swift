/// The fields of a brew, as one table: the only place a field is named with its journal key, its
/// name on the command line and in the config file, its option and help, its kind and where it
/// lives in a ``BrewRecord`` (``kind``), its range (``limit``), its unit and the units a typed
/// value may carry, its display precision, and whether it can be unset or is part of a recipe.
///
/// Validation, the journal codec, the CSV columns, the command line's field options and their
/// parser (``parse(_:)``), `--unset`, the config keys of `[add]` and recipes, the table columns,
/// `show`, `diff`, `dial`, the man page's FIELDS and the completions are all derived from this
/// table. Every switch over a field is exhaustive, so a new case does not compile until each
/// place that must know it does; the order of the cases is the order of the journal keys and CSV
/// columns, and a field's raw value is its position in it.
public enum BrewField: Int, CaseIterable, Sendable {
    case id, date, rating, notes, method, coffee, bean, dose, water, yield, grind, grinder, temperature, brewTime, tds, tags

    /// What a field holds, and the key path to it in a ``BrewRecord``.
    ///
    /// It is `@unchecked Sendable` because key paths are not marked `Sendable`, though a key path
    /// is an immutable value: the kinds are made once and shared by every reader.
    public enum Kind: @unchecked Sendable {
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

    /// How a field is typed on the command line: its option and what help says of it.
    public struct Option: Sendable {
        /// The long option (`dose`; `tag` for the tags, one per option).
        public let long: String
        /// The short option (`-r`), if any.
        public let short: Character?
        /// The value's placeholder in help (`g`, `text`, `duration`).
        public let placeholder: String
        /// One line of help.
        public let help: String
        /// A value to show in a hint (`15.5`); empty when the field's hint needs none.
        public let sample: String
        /// Whether the option may be given more than once (each adds one value).
        public let repeatable: Bool
    }

    /// One row of the table: everything about a field but where it lives in a record.
    public struct Row: Sendable {
        /// The key in a journal line, as bytes the codec matches without building a string.
        let staticJournalKey: StaticString
        /// The field's name on the command line and in the config file: `--unset temp`, `show`'s
        /// rows, `edit`'s report, `add.temp`, `recipe.NAME.temp`.
        public let name: String
        /// The option that sets it; `nil` for the id (never typed) and the date (`--date`, whose
        /// help each command words itself).
        public let option: Option?
        /// The range of a numeric field.
        public let limit: FieldLimit?
        /// The unit a value is shown with (`g`, `°C`); `nil` for values without one.
        public let unit: String?
        /// How many decimals a value is shown with; `nil` for as many as it has (`15`, `15.5`).
        public let decimals: Int?
        /// A value as the config file's help shows it (`22 clicks`).
        public let example: String
        /// Whether the field can be cleared (`--unset`, a `null` in a journal line).
        public let canUnset: Bool
        /// Whether and how the field is part of a brew's recipe (how it was made), which a new
        /// brew can start from, and which `[add]` and recipes set.
        public let recipe: RecipeRole
    }

    /// How a field takes part in a recipe.
    public enum RecipeRole: Sendable {
        /// Not a recipe field: what a brew turned out (rating, notes, TDS), or its identity.
        case none
        /// A parameter of the method (dose, grams, grind, temperature): what `recipe save --from`
        /// keeps of a brew.
        case parameter
        /// Part of one brew's occasion (its coffee, bag, time, tags): a recipe field `--like`
        /// copies, and `recipe save --from` keeps only when `--with` names it.
        case occasion
    }

    /// The field's row.
    public var row: Row { BrewField.table[rawValue] }

    /// Every field's row, by position, worked out once: reading a journal checks ranges and keys
    /// on every line.
    private static let table: [Row] = allCases.map(\.makeRow)

    private var makeRow: Row {
        // The columns: key, name, option (long, short, placeholder, help, sample), limit, unit, decimals, example, unset, recipe role.
        switch self {
        case .id:
            Row(staticJournalKey: "id", name: "id", option: nil, limit: nil, unit: nil, decimals: nil, example: "",
                canUnset: false, recipe: .none)
        case .date:
            Row(staticJournalKey: "date", name: "date", option: nil, limit: nil, unit: nil, decimals: nil, example: "",
                canUnset: false, recipe: .none)
        case .rating:
            Row(staticJournalKey: "rating", name: "rating",
                option: Option(long: "rating", short: "r", placeholder: "n", help: "Rating from 1 to 5.", sample: "4", repeatable: false),
                limit: FieldLimit(field: self, name: "rating", lower: 1, lowerIsExclusive: false, upper: 5, rangeText: "1...5"),
                unit: nil, decimals: 0, example: "4", canUnset: true, recipe: .none)
        case .notes:
            Row(staticJournalKey: "notes", name: "notes",
                option: Option(long: "notes", short: "n", placeholder: "text", help: "Tasting notes ('-' reads standard input).", sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "bright", canUnset: true, recipe: .none)
        case .method:
            Row(staticJournalKey: "method", name: "method",
                option: Option(long: "method", short: "m", placeholder: "text", help: "Brew method: V60, AeroPress, espresso, ...", sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "V60", canUnset: true, recipe: .parameter)
        case .coffee:
            Row(staticJournalKey: "coffee", name: "coffee",
                option: Option(long: "coffee", short: "c", placeholder: "text", help: "The beans or blend.", sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "House blend", canUnset: true, recipe: .occasion)
        case .bean:
            Row(staticJournalKey: "bean", name: "bean",
                option: Option(long: "bean", short: "b", placeholder: "bag",
                               help: "The bag of beans: its id, an id prefix, or a unique part of an open bag's name (the coffee defaults to the bag's name).",
                               sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "Kenya AA", canUnset: true, recipe: .occasion)
        case .dose:
            Row(staticJournalKey: "dose_g", name: "dose",
                option: Option(long: "dose", short: nil, placeholder: "g", help: "Dose of coffee in grams (more than 0, at most 1000).", sample: "15.5", repeatable: false),
                limit: FieldLimit(field: self, name: "dose", lower: 0, lowerIsExclusive: true, upper: 1000, rangeText: "more than 0 and at most 1000 grams"),
                unit: "g", decimals: nil, example: "15", canUnset: true, recipe: .parameter)
        case .water:
            Row(staticJournalKey: "water_g", name: "water",
                option: Option(long: "water", short: nil, placeholder: "g", help: "Water in grams (more than 0, at most 10000).", sample: "250", repeatable: false),
                limit: FieldLimit(field: self, name: "water", lower: 0, lowerIsExclusive: true, upper: 10_000, rangeText: "more than 0 and at most 10000 grams"),
                unit: "g", decimals: nil, example: "250", canUnset: true, recipe: .parameter)
        case .yield:
            Row(staticJournalKey: "yield_g", name: "yield",
                option: Option(long: "yield", short: nil, placeholder: "g", help: "The beverage's weight in grams, espresso's 'out' (more than 0, at most 10000).", sample: "36", repeatable: false),
                limit: FieldLimit(field: self, name: "yield", lower: 0, lowerIsExclusive: true, upper: 10_000, rangeText: "more than 0 and at most 10000 grams"),
                unit: "g", decimals: nil, example: "36", canUnset: true, recipe: .parameter)
        case .grind:
            Row(staticJournalKey: "grind", name: "grind",
                option: Option(long: "grind", short: nil, placeholder: "text", help: "Grind setting, e.g. '22 clicks'.", sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "22 clicks", canUnset: true, recipe: .parameter)
        case .grinder:
            Row(staticJournalKey: "grinder", name: "grinder",
                option: Option(long: "grinder", short: nil, placeholder: "text", help: "The grinder, e.g. 'Kinu m47'.", sample: "", repeatable: false),
                limit: nil, unit: nil, decimals: nil, example: "Kinu m47", canUnset: true, recipe: .parameter)
        case .temperature:
            Row(staticJournalKey: "temp_c", name: "temp",
                option: Option(long: "temp", short: nil, placeholder: "temp", help: "Water temperature: 94 or 94C in °C, 201F in °F (stored in °C; 0 to 100 °C).", sample: "94", repeatable: false),
                limit: FieldLimit(field: self, name: "temperature", lower: 0, lowerIsExclusive: false, upper: 100, rangeText: "0...100 °C"),
                unit: "°C", decimals: 1, example: "94", canUnset: true, recipe: .parameter)
        case .brewTime:
            Row(staticJournalKey: "time_s", name: "time",
                option: Option(long: "time", short: nil, placeholder: "duration", help: "Brew time: 165, 165s, 2:45 or 1h2m3s (at most 24h).", sample: "", repeatable: false),
                limit: FieldLimit(field: self, name: "brew time", lower: 1, lowerIsExclusive: false, upper: 86_400, rangeText: "1...86400 seconds"),
                unit: nil, decimals: nil, example: "2:45", canUnset: true, recipe: .occasion)
        case .tds:
            Row(staticJournalKey: "tds_pct", name: "tds",
                option: Option(long: "tds", short: nil, placeholder: "percent", help: "Total dissolved solids in percent, from a refractometer (0 to 30).", sample: "1.35", repeatable: false),
                limit: FieldLimit(field: self, name: "tds", lower: 0, lowerIsExclusive: false, upper: 30, rangeText: "0...30 %"),
                unit: "%", decimals: 2, example: "1.35", canUnset: true, recipe: .none)
        case .tags:
            Row(staticJournalKey: "tags", name: "tags",
                option: Option(long: "tag", short: nil, placeholder: "tag", help: "Add a tag (repeatable; no commas or spaces).", sample: "", repeatable: true),
                limit: nil, unit: nil, decimals: nil, example: "morning,home", canUnset: true, recipe: .occasion)
        }
    }

    /// The field's kind and where it is in a record.
    public var kind: Kind { BrewField.kinds[rawValue] }

    /// Every field's kind, by position, made once: the journal decoder asks for a field's kind
    /// on every value it reads.
    private static let kinds: [Kind] = allCases.map(\.makeKind)

    private var makeKind: Kind {
        switch self {
        case .id: .id
        case .date: .date
        case .rating: .rating(\.rating, BrewField.table[rawValue].limit ?? BrewField.noLimit)
        case .notes: .text(\.notes)
        case .method: .optionalText(\.method)
        case .coffee: .optionalText(\.coffee)
        case .bean: .optionalText(\.bean)
        case .dose: .number(\.doseGrams, row.limit ?? BrewField.noLimit, unit: row.unit ?? "")
        case .water: .number(\.waterGrams, row.limit ?? BrewField.noLimit, unit: row.unit ?? "")
        case .yield: .number(\.yieldGrams, row.limit ?? BrewField.noLimit, unit: row.unit ?? "")
        case .grind: .optionalText(\.grind)
        case .grinder: .optionalText(\.grinder)
        case .temperature: .number(\.temperatureCelsius, row.limit ?? BrewField.noLimit, unit: row.unit ?? "")
        case .brewTime: .duration(\.brewTimeSeconds, row.limit ?? BrewField.noLimit)
        case .tds: .number(\.tdsPercent, row.limit ?? BrewField.noLimit, unit: row.unit ?? "")
        case .tags: .tags(\.tags)
        }
    }

    /// What a numeric kind falls back to if its row had no limit (every numeric row has one).
    private static let noLimit = FieldLimit(field: .id, name: "value", lower: -.infinity, lowerIsExclusive: false, upper: .infinity, rangeText: "any number")

    /// The key in a journal line, as bytes the codec matches without building a string.
    var staticJournalKey: StaticString { row.staticJournalKey }

    /// The key in a journal line (`dose_g`, `temp_c`, ...), which is also the CSV column.
    public var journalKey: String { staticJournalKey.description }

    /// The field's name on the command line and in the config file (`temp`, `time`).
    public var name: String { row.name }

    /// The range of a numeric field; `nil` for the others.
    public var limit: FieldLimit? { row.limit }

    /// Whether the field can be cleared (`--unset`, a `null` in a journal line): every field
    /// but the id and the date, which every brew has.
    public var canUnset: Bool { row.canUnset }

    /// Whether the field is part of a brew's recipe (how it was made), which a new brew can start
    /// from: everything but the id, the date, the rating and the notes.
    public var isRecipe: Bool { row.recipe != .none }

    /// Whether the field is a parameter of the method (``RecipeRole/parameter``).
    public var isMethodParameter: Bool { row.recipe == .parameter }

    /// The fields of a recipe, in table order.
    public static let recipeFields = allCases.filter(\.isRecipe)

    /// Whether the field's journal value is a JSON number.
    public var isNumeric: Bool { limit != nil }

    /// The field whose journal key is exactly `journalKey`.
    public init?(journalKey: String) {
        guard let field = BrewField.allCases.first(where: { $0.journalKey == journalKey }) else { return nil }
        self = field
    }

    /// The field named `name` on the command line (`temp`, `time`, ...) or in the journal (`temp_c`).
    public init?(name: String) {
        guard let field = BrewField.allCases.first(where: { $0.name == name || $0.journalKey == name }) else { return nil }
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
    /// tags are absent when there are none). Like ``numericValue(_:)`` it reads the properties
    /// directly, not through ``BrewField/kind``'s key paths: an export reads every field of every
    /// brew. A test checks that it agrees with the key paths.
    public subscript(field: BrewField) -> FieldValue? {
        switch field {
        case .id: .id(id)
        case .date: .date(timestamp)
        case .rating: rating.map(FieldValue.integer)
        case .notes: .text(notes)
        case .method: method.map(FieldValue.text)
        case .coffee: coffee.map(FieldValue.text)
        case .bean: bean.map(FieldValue.text)
        case .dose: doseGrams.map(FieldValue.number)
        case .water: waterGrams.map(FieldValue.number)
        case .yield: yieldGrams.map(FieldValue.number)
        case .grind: grind.map(FieldValue.text)
        case .grinder: grinder.map(FieldValue.text)
        case .temperature: temperatureCelsius.map(FieldValue.number)
        case .brewTime: brewTimeSeconds.map(FieldValue.integer)
        case .tds: tdsPercent.map(FieldValue.number)
        case .tags: tags.isEmpty ? nil : .tags(tags)
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
        case .tds: tdsPercent
        case .id, .date, .notes, .method, .coffee, .bean, .grind, .grinder, .tags: nil
        }
    }

    /// Sets text `field` to `text` (`nil` clears an optional text), and any other field not at
    /// all. Like ``numericValue(_:)`` it stores directly: the journal decoder sets every text it
    /// reads, and a store through a key path costs several times more.
    mutating func setDecodedText(_ text: String?, of field: BrewField) {
        switch field {
        case .notes: notes = text ?? ""
        case .method: method = text
        case .coffee: coffee = text
        case .bean: bean = text
        case .grind: grind = text
        case .grinder: grinder = text
        case .id, .date, .rating, .dose, .water, .yield, .temperature, .brewTime, .tds, .tags: break
        }
    }

    /// Sets numeric `field` to `value` (a whole number for a rating or a duration), and any other
    /// field not at all; directly, as ``setDecodedText(_:of:)`` does.
    mutating func setDecodedNumber(_ value: Double, of field: BrewField) {
        switch field {
        case .rating: rating = Int(exactly: value)
        case .dose: doseGrams = value
        case .water: waterGrams = value
        case .yield: yieldGrams = value
        case .temperature: temperatureCelsius = value
        case .brewTime: brewTimeSeconds = Int(exactly: value)
        case .tds: tdsPercent = value
        case .id, .date, .notes, .method, .coffee, .bean, .grind, .grinder, .tags: break
        }
    }
}
