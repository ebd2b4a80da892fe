/// Why a typed value is not one its field accepts.
public enum FieldInputProblem: Error, Equatable, Sendable {
    /// Not a number (a dose, water, yield).
    case notANumber
    /// Not a temperature in °C or °F.
    case notATemperature
    /// Not a duration.
    case notADuration
    /// Not a whole number (a rating).
    case notAWholeNumber
    /// A value outside the field's range; the error says the range and echoes what was typed.
    case outOfRange(InvalidFieldError)
    /// Only whitespace, for a field that has a value or none.
    case empty
    /// A control character in a one-line text (an escape, a line break, a tab), or in a tag a
    /// bidirectional control too.
    case controlCharacter(Unicode.Scalar)
    /// A tag that breaks the tags' rule, or a list of tags with nothing in it.
    case badTag(InvalidFieldError)
    /// A list of tags that names none.
    case noTags

    /// What to type instead, for `field`; `prefix` goes before each example (`--dose ` on the
    /// command line, nothing in the config file).
    public func hint(for field: BrewField, prefix: String = "") -> String {
        switch self {
        case .notANumber:
            let sample = field.row.option?.sample ?? field.row.example
            let typed = String((field.row.unit ?? "").unicodeScalars.filter { $0 != "°" })
            return "give a decimal number, e.g. \(prefix)\(sample) or \(prefix)\(sample)\(typed)"
        case .notATemperature:
            return "give a decimal number in °C or °F, e.g. 94, 94C or 201F"
        case .notADuration:
            return "use 165, 165s, 2:45 or 1h2m3s"
        case .notAWholeNumber:
            return field.limit.map { "give a whole number from \(formatNumber($0.lower)) to \(formatNumber($0.upper))" } ?? "give a whole number"
        case .outOfRange(let error), .badTag(let error):
            return error.message
        case .empty:
            return "must not be empty"
        case .controlCharacter(let scalar):
            return "contains the control character U+" + String(scalar.value, radix: 16, uppercase: true)
        case .noTags:
            return "give tags separated by commas"
        }
    }
}

extension BrewField {
    /// The value `text` means for this field, as typed on the command line or in the config file:
    /// the one parser of typed values. Numbers are decimal (``parseDecimal(_:)``), optionally
    /// followed directly by the field's unit (`15g`); a temperature may be `94`, `94C` or `201F`
    /// (stored in °C, rounded to the tenth it is shown with); a duration is `165`, `165s`, `2:45`
    /// or `1h2m3s`; a rating a whole number; a text must not be blank and, but for the notes,
    /// must be one line without control characters; tags are a comma list (``parseTag(_:)``
    /// each). Every range is the table's. The id and the date are not typed here.
    public func parse(_ text: String) -> Result<FieldValue, FieldInputProblem> {
        switch kind {
        case .id, .date:
            return .failure(.empty)
        case .text:
            return .success(.text(text))
        case .optionalText:
            if text.trimmingWhitespace().isEmpty { return .failure(.empty) }
            if let bad = text.unicodeScalars.first(where: isControlCharacter) { return .failure(.controlCharacter(bad)) }
            return .success(.text(text))
        case .rating(_, let limit):
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(.notAWholeNumber)
            }
            // Digits too many for an Int are out of range, not a different kind of mistake.
            guard let value = Int(text), limit.contains(Double(value)) else { return .failure(.outOfRange(limit.problem(got: text))) }
            return .success(.integer(value))
        case .number(_, let limit, let unit) where self == .temperature:
            return parseTemperature(text, limit: limit, unit: unit)
        case .number(_, let limit, let unit):
            var digits = Substring(text)
            if digits.hasSuffix(unit) { digits = digits.dropLast(unit.count) }
            guard let value = parseDecimal(digits) else { return .failure(.notANumber) }
            guard limit.contains(value) else { return .failure(.outOfRange(limit.problem(got: digits))) }
            return .success(.number(value))
        case .duration(_, let limit):
            guard let seconds = BrewTime.parse(text) else { return .failure(.notADuration) }
            guard limit.contains(Double(seconds)) else { return .failure(.outOfRange(limit.problem(got: text))) }
            return .success(.integer(seconds))
        case .tags:
            guard !text.trimmingWhitespace().isEmpty else { return .success(.tags([])) }
            var tags: [String] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                switch parseTag(item.trimmingWhitespace()) {
                // A tag given twice is one tag, as `--tag a --tag a` is.
                case .success(let tag): if !tags.contains(tag) { tags.append(tag) }
                case .failure(let problem): return .failure(problem)
                }
            }
            return tags.isEmpty ? .failure(.noTags) : .success(.tags(tags))
        }
    }

    /// One tag, as `--tag` takes it (a brew's or a bag's): non-empty, no comma, no whitespace, no
    /// control character and no bidirectional control (which would reorder what a terminal shows
    /// around it).
    public func parseTag(_ text: String) -> Result<String, FieldInputProblem> {
        if let bad = text.unicodeScalars.first(where: { isControlCharacter($0) || isBidiControl($0) }) {
            return .failure(.controlCharacter(bad))
        }
        do throws(InvalidFieldError) {
            try BrewRecord.validateTag(text)
        } catch {
            return .failure(.badTag(error))
        }
        return .success(text)
    }

    /// `text` as a temperature in °C: `94`, `94C`, `94°C` in °C, `201F`, `201°F` in °F (`c` and
    /// `f` too), a Fahrenheit value converted and rounded to a tenth of a degree.
    private func parseTemperature(_ text: String, limit: FieldLimit, unit: String) -> Result<FieldValue, FieldInputProblem> {
        var digits = Substring(text)
        var fahrenheit = false
        for (suffix, isFahrenheit) in [("°C", false), ("C", false), ("c", false), ("°F", true), ("F", true), ("f", true)] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            fahrenheit = isFahrenheit
            break
        }
        guard let value = parseDecimal(digits) else { return .failure(.notATemperature) }
        let celsius = fahrenheit ? ((value - 32) * 5 / 9 * 10).rounded() / 10 : value
        guard celsius.isFinite, limit.contains(celsius) else {
            let got = fahrenheit ? "\(cappedForMessage(text)), \(formatNumber(celsius)) \(unit)" : String(digits)
            return .failure(.outOfRange(limit.problem(got: got)))
        }
        return .success(.number(celsius))
    }

    /// The text that ``parse(_:)`` reads back as `value`: what the config file stores (see
    /// ``FieldValue/typedText``).
    public func typedText(_ value: FieldValue) -> String {
        value.typedText
    }

    /// `value` as people read it: a number with the field's precision and unit (`15 g`,
    /// `94.0 °C`), a duration as `2:45`, tags joined by `, `, text as it is.
    public func display(_ value: FieldValue) -> String {
        switch (value, kind) {
        case (.number(let number), _):
            let digits = row.decimals.map { formatNumber(number, decimals: $0) } ?? formatNumber(number)
            return row.unit.map { digits + " " + $0 } ?? digits
        case (.integer(let seconds), .duration):
            return BrewTime.format(seconds)
        case (.integer(let integer), _):
            return String(integer)
        case (.tags(let tags), _):
            return tags.joined(separator: ", ")
        case (.text(let text), _):
            return text
        case (.id(let id), _):
            return id.rawValue
        case (.date(let timestamp), _):
            return timestamp.description
        }
    }
}

extension FieldValue {
    /// The value as text a person types and a parser reads back: numbers in their shortest
    /// form, a duration in seconds, tags joined by commas. The config file and CSV cells hold it.
    public var typedText: String {
        switch self {
        case .id(let id): id.rawValue
        case .date(let timestamp): timestamp.description
        case .text(let text): text
        case .number(let number): formatNumber(number)
        case .integer(let integer): String(integer)
        case .tags(let tags): tags.joined(separator: ",")
        }
    }
}

/// Whether `scalar` is a C0 control, DEL or a C1 control: what a one-line typed text refuses,
/// and what the command line shows as a visible escape.
public func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// Whether `scalar` is a bidirectional embedding, override or isolate (U+202A–U+202E,
/// U+2066–U+2069): Unicode's Bidi_Control characters that reorder the text around them.
public func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
}

/// `value` with exactly `decimals` digits after the point (`94.0`), or as ``formatNumber(_:)``
/// writes it when it is too large for that.
public func formatNumber(_ value: Double, decimals: Int) -> String {
    guard decimals > 0 else { return formatNumber(value.rounded()) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    guard abs(value) < 1e15, let scaled = Int(exactly: (value * scale).rounded()) else { return formatNumber(value) }
    let whole = abs(scaled) / Int(scale), fraction = abs(scaled) % Int(scale)
    let digits = String(fraction)
    return (scaled < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
}

extension BrewRecord {
    /// Sets `field` to `value`, or clears it when `value` is `nil` (notes become empty, tags
    /// none). The id and the date are set only from values of their kind.
    public mutating func set(_ field: BrewField, _ value: FieldValue?) {
        guard let value else {
            clear(field)
            return
        }
        switch (field.kind, value) {
        case (.id, .id(let id)): self.id = id
        case (.date, .date(let timestamp)): self.timestamp = timestamp
        case (.text(let path), .text(let text)): self[keyPath: path] = text
        case (.optionalText(let path), .text(let text)): self[keyPath: path] = text
        case (.number(let path, _, _), .number(let number)): self[keyPath: path] = number
        case (.rating(let path, _), .integer(let integer)), (.duration(let path, _), .integer(let integer)): self[keyPath: path] = integer
        case (.tags(let path), .tags(let tags)): self[keyPath: path] = tags
        default: break
        }
    }
}
