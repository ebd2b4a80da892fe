/// Reads and writes one brew as one JSON Lines line, with the journal keys of SPEC's table.
///
/// Writing puts the known keys first in a fixed order, omits absent optionals, always writes
/// `notes`, and then the unknown keys exactly as they were read.
public enum BrewLineCodec {
    /// The brew in `line` (without its newline), or a reason it is not one.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> BrewRecord {
        var fields = DecodedFields()
        var scanner = JSONScanner(line)
        do throws(JSONSyntaxError) {
            try scanner.scanObject { (key, value, range) throws(JSONSyntaxError) in
                guard fields.seen.insert(key).inserted else {
                    throw JSONSyntaxError(message: "duplicate key \"\(key)\"", offset: range.lowerBound)
                }
                do throws(LineProblem) {
                    try fields.take(key, value, raw: range, in: line)
                } catch {
                    throw JSONSyntaxError(message: error.reason, offset: -1)
                }
            }
        } catch {
            throw LineProblem(error.offset >= 0 ? "malformed JSON at byte \(error.offset + 1): \(error.message)" : error.message)
        }
        guard let id = fields.id else { throw LineProblem("missing required key \"id\"") }
        guard let timestamp = fields.timestamp else { throw LineProblem("missing required key \"date\"") }
        let record = BrewRecord(
            id: id, timestamp: timestamp, rating: fields.rating, notes: fields.notes ?? "", method: fields.method,
            coffee: fields.coffee, doseGrams: fields.dose, waterGrams: fields.water, grind: fields.grind,
            temperatureCelsius: fields.temperature, brewTimeSeconds: fields.brewTime, tags: fields.tags,
            unknownFields: fields.unknown)
        do throws(InvalidFieldError) {
            try record.validate()
        } catch {
            throw LineProblem(error.message)
        }
        return record
    }

    /// Decodes a line given as text (for tests and imports).
    public static func decode(_ line: String) throws(LineProblem) -> BrewRecord {
        var copy = line
        let result = copy.withUTF8 { buffer in Result { () throws(LineProblem) in try decode(buffer) } }
        return try result.get()
    }

    /// The line for `record`, without a newline.
    public static func encode(_ record: BrewRecord) -> String {
        var line = "{\"id\":"
        appendQuoted(record.id.rawValue, to: &line)
        line += ",\"date\":\"" + record.timestamp.description + "\""
        if let rating = record.rating { line += ",\"rating\":\(rating)" }
        line += ",\"notes\":"
        appendQuoted(record.notes, to: &line)
        appendOptional("method", record.method, to: &line)
        appendOptional("coffee", record.coffee, to: &line)
        if let dose = record.doseGrams { line += ",\"dose_g\":" + formatNumber(dose) }
        if let water = record.waterGrams { line += ",\"water_g\":" + formatNumber(water) }
        appendOptional("grind", record.grind, to: &line)
        if let temperature = record.temperatureCelsius { line += ",\"temp_c\":" + formatNumber(temperature) }
        if let time = record.brewTimeSeconds { line += ",\"time_s\":\(time)" }
        if !record.tags.isEmpty {
            line += ",\"tags\":["
            for (index, tag) in record.tags.enumerated() {
                if index > 0 { line += "," }
                appendQuoted(tag, to: &line)
            }
            line += "]"
        }
        for field in record.unknownFields {
            line += ","
            appendQuoted(field.key, to: &line)
            line += ":" + field.rawJSON
        }
        line += "}"
        return line
    }

    /// Appends `text` as a JSON string literal.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        var pending = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = pending
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            case _ where scalar.value < 0x20: "\\u00" + pad(Int(scalar.value), 2, radix: 16)
            default: nil
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[pending..<index])
                output += escape
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        output += "\""
    }

    private static func appendOptional(_ key: String, _ value: String?, to line: inout String) {
        guard let value else { return }
        line += ",\"" + key + "\":"
        appendQuoted(value, to: &line)
    }
}

/// What is wrong with one journal line, in words ("rating must be 1...5 (got 6)").
public struct LineProblem: Error, Equatable, Sendable {
    /// The reason, without the path and line number.
    public let reason: String

    /// A problem described by `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }
}

/// The known fields of a line as they are read, before the record is assembled.
private struct DecodedFields {
    var seen: Set<String> = []
    var id: BrewID?
    var timestamp: Timestamp?
    var rating: Int?
    var notes: String?
    var method: String?
    var coffee: String?
    var dose: Double?
    var water: Double?
    var grind: String?
    var temperature: Double?
    var brewTime: Int?
    var tags: [String] = []
    var unknown: [UnknownField] = []

    mutating func take(_ key: String, _ value: JSONValue, raw: Range<Int>, in line: UnsafeBufferPointer<UInt8>) throws(LineProblem) {
        if case .null = value, key != "id", key != "date" { return }
        switch key {
        case "id":
            guard let id = BrewID(try string(key, value)) else { throw LineProblem("\"id\" must be a non-empty string without whitespace") }
            self.id = id
        case "date":
            let text = try string(key, value)
            guard let timestamp = Timestamp(rfc3339: text) else {
                throw LineProblem("\"date\" is not an RFC 3339 time with an offset: \"\(text)\"")
            }
            self.timestamp = timestamp
        case "rating": rating = try integer(key, value)
        case "notes": notes = try string(key, value)
        case "method": method = try optionalText(key, value)
        case "coffee": coffee = try optionalText(key, value)
        case "grind": grind = try optionalText(key, value)
        case "dose_g": dose = try number(key, value)
        case "water_g": water = try number(key, value)
        case "temp_c": temperature = try number(key, value)
        case "time_s": brewTime = try integer(key, value)
        case "tags":
            guard case let .array(elements) = value else { throw LineProblem("\"tags\" must be an array of strings, got \(value.kind)") }
            tags = try elements.map { element throws(LineProblem) in try string("tags", element) }
        default:
            unknown.append(UnknownField(key: key, rawJSON: String(decoding: UnsafeBufferPointer(rebasing: line[raw]), as: UTF8.self)))
        }
    }

    private func string(_ key: String, _ value: JSONValue) throws(LineProblem) -> String {
        guard case let .string(text) = value else { throw LineProblem("\"\(key)\" must be a string, got \(value.kind)") }
        return text
    }

    private func optionalText(_ key: String, _ value: JSONValue) throws(LineProblem) -> String? {
        let text = try string(key, value)
        return text.isEmpty ? nil : text
    }

    private func number(_ key: String, _ value: JSONValue) throws(LineProblem) -> Double {
        guard case let .number(number, _) = value else { throw LineProblem("\"\(key)\" must be a number, got \(value.kind)") }
        return number
    }

    private func integer(_ key: String, _ value: JSONValue) throws(LineProblem) -> Int {
        guard case let .number(number, text) = value else { throw LineProblem("\"\(key)\" must be a whole number, got \(value.kind)") }
        guard let whole = Int(exactly: number), number.rounded() == number else {
            throw LineProblem("\"\(key)\" must be a whole number (got \(text))")
        }
        return whole
    }
}

/// Zero-padded text of `value` in `radix`.
func pad(_ value: Int, _ width: Int, radix: Int) -> String {
    let digits = String(value, radix: radix)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
