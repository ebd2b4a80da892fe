#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes one brew as one JSON Lines line, with the journal keys of SPEC's table.
///
/// Writing puts the known keys first in a fixed order, omits absent optionals, always writes
/// `notes`, and then the unknown keys exactly as they were read.
public enum BrewLineCodec {
    /// The brew in `line` (without its newline), or a reason it is not one.
    ///
    /// Known keys are matched on their bytes and their values read straight into typed fields;
    /// only unknown keys go through the general JSON value parser (to keep their exact text).
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> BrewRecord {
        try read(line, materializing: true)
    }

    /// Checks `line` exactly as ``decode(_:)`` does, but builds only the id and timestamp: text
    /// fields are checked in place (UTF-8, tag rules) without allocating. This is how a journal of
    /// a million brews is validated before any brew is turned into an object.
    public static func validate(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> (id: BrewID, timestamp: Timestamp) {
        let record = try read(line, materializing: false)
        return (record.id, record.timestamp)
    }

    /// Reads a line; without `materializing`, the record's text fields are left empty.
    private static func read(_ line: UnsafeBufferPointer<UInt8>, materializing: Bool) throws(LineProblem) -> BrewRecord {
        var fields = DecodedFields(materializing: materializing)
        var scanner = JSONScanner(line)
        do throws(JSONSyntaxError) {
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "{"), "expected '{' at the start of a brew")
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.index += 1
            } else {
                while true {
                    scanner.skipWhitespace()
                    guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.fail("expected a key in double quotes") }
                    let keyStart = scanner.index
                    let key = try scanner.scanRawString()
                    let keyText: String? = key.decoded == nil ? nil : try scanner.decodedString(key)
                    let field = keyText.map(KnownKey.init(text:)) ?? KnownKey(bytes: UnsafeBufferPointer(rebasing: line[key.range]))
                    // The key's text is only built when it is needed: unknown keys and error messages.
                    let name = { keyText ?? String(decoding: UnsafeBufferPointer(rebasing: line[key.range]), as: UTF8.self) }
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: ":"), "expected ':' after key \"\(name())\"")
                    scanner.skipWhitespace()
                    try fields.take(field, named: name, keyOffset: keyStart, from: &scanner, in: line)
                    scanner.skipWhitespace()
                    if scanner.peek() == UInt8(ascii: ",") { scanner.index += 1; continue }
                    try scanner.expect(UInt8(ascii: "}"), "expected ',' or '}' after the value of \"\(name())\"")
                    break
                }
            }
            scanner.skipWhitespace()
            guard scanner.index == line.count else { throw scanner.fail("unexpected text after the closing '}'") }
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

/// A journal key BrewLog knows, recognised from its bytes.
private enum KnownKey {
    case id, date, rating, notes, method, coffee, dose, water, grind, temperature, brewTime, tags, unknown

    init(bytes: UnsafeBufferPointer<UInt8>) {
        func equals(_ word: StaticString) -> Bool {
            bytesEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), bytes)
        }
        switch bytes.first {
        case UInt8(ascii: "i"): self = equals("id") ? .id : .unknown
        case UInt8(ascii: "d"): self = equals("date") ? .date : equals("dose_g") ? .dose : .unknown
        case UInt8(ascii: "r"): self = equals("rating") ? .rating : .unknown
        case UInt8(ascii: "n"): self = equals("notes") ? .notes : .unknown
        case UInt8(ascii: "m"): self = equals("method") ? .method : .unknown
        case UInt8(ascii: "c"): self = equals("coffee") ? .coffee : .unknown
        case UInt8(ascii: "w"): self = equals("water_g") ? .water : .unknown
        case UInt8(ascii: "g"): self = equals("grind") ? .grind : .unknown
        case UInt8(ascii: "t"): self = equals("temp_c") ? .temperature : equals("time_s") ? .brewTime : equals("tags") ? .tags : .unknown
        default: self = .unknown
        }
    }

    init(text: String) {
        var copy = text
        self = copy.withUTF8 { KnownKey(bytes: $0) }
    }
}

/// The known fields of a line as they are read, before the record is assembled.
private struct DecodedFields {
    /// Whether text fields are built (else only checked).
    let materializing: Bool
    var seen: UInt16 = 0
    var unknownNames: Set<String> = []
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

    /// Reads the value of `key` at the scanner's position into its field.
    mutating func take(_ key: KnownKey, named keyName: () -> String, keyOffset: Int, from scanner: inout JSONScanner,
                       in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let name = key == .unknown ? keyName() : key.name
        let duplicate: Bool
        if key == .unknown {
            duplicate = !unknownNames.insert(name).inserted
        } else {
            let bit: UInt16 = 1 << UInt16(KnownKey.allKnown.firstIndex(of: key) ?? 15)
            duplicate = seen & bit != 0
            seen |= bit
        }
        if duplicate { throw JSONSyntaxError(message: "duplicate key \"\(name)\"", offset: keyOffset) }
        if key != .id, key != .date, key != .unknown, scanner.peek() == UInt8(ascii: "n") {
            _ = try scanner.scanValue()
            return
        }
        switch key {
        case .id:
            guard let id = BrewID(try string(name, &scanner)) else {
                throw problem("\"id\" must be a non-empty string without whitespace")
            }
            self.id = id
        case .date:
            let start = scanner.index
            guard scanner.peek() == UInt8(ascii: "\"") else { throw try wrongType(name, "a string", &scanner) }
            let raw = try scanner.scanRawString()
            let parsed: Timestamp? = raw.decoded.map { bytes in bytes.withUnsafeBufferPointer { Timestamp(rfc3339: $0) } }
                ?? Timestamp(rfc3339: UnsafeBufferPointer(rebasing: line[raw.range]))
            guard let parsed else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: line[(start + 1)..<(scanner.index - 1)]), as: UTF8.self)
                throw problem("\"date\" is not an RFC 3339 time with an offset: \"\(text)\"")
            }
            timestamp = parsed
        case .rating: rating = try integer(name, &scanner, in: line)
        case .notes, .method, .coffee, .grind:
            guard materializing else {
                guard scanner.peek() == UInt8(ascii: "\"") else { throw try wrongType(name, "a string", &scanner) }
                try scanner.checkString()
                return
            }
            switch key {
            case .notes: notes = try string(name, &scanner)
            case .method: method = try optionalText(name, &scanner)
            case .coffee: coffee = try optionalText(name, &scanner)
            default: grind = try optionalText(name, &scanner)
            }
        case .dose: dose = try number(name, &scanner).value
        case .water: water = try number(name, &scanner).value
        case .temperature: temperature = try number(name, &scanner).value
        case .brewTime: brewTime = try integer(name, &scanner, in: line)
        case .tags:
            guard scanner.peek() == UInt8(ascii: "[") else { throw try wrongType(name, "an array of strings", &scanner) }
            scanner.index += 1
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") { scanner.index += 1; return }
            while true {
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: "\"") else {
                    let value = try scanner.scanValue()
                    throw problem("\"tags\" must be an array of strings, got \(value.kind) in it")
                }
                if materializing {
                    tags.append(try scanner.scanString())
                } else {
                    try checkTag(&scanner, in: line)
                }
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: ",") { scanner.index += 1; continue }
                try scanner.expect(UInt8(ascii: "]"), "expected ',' or ']' in \"tags\"")
                return
            }
        case .unknown:
            let start = scanner.index
            _ = try scanner.scanValue()
            unknown.append(UnknownField(key: name, rawJSON: String(decoding: UnsafeBufferPointer(rebasing: line[start..<scanner.index]), as: UTF8.self)))
        }
    }

    /// Checks a tag in place: valid UTF-8, non-empty, no comma, no whitespace (the rule of `BrewRecord.validateTag`).
    private func checkTag(_ scanner: inout JSONScanner, in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let raw = try scanner.scanRawString()
        let bytes = UnsafeBufferPointer(rebasing: line[raw.range])
        let simple = raw.decoded == nil && raw.ascii && !bytes.isEmpty
            && !bytes.contains { $0 == UInt8(ascii: ",") || $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard !simple else { return }
        let tag = try raw.decoded == nil ? JSONScanner.makeString(bytes, ascii: raw.ascii, at: raw.range.lowerBound) : scanner.decodedString(raw)
        do throws(InvalidFieldError) {
            try BrewRecord.validateTag(tag)
        } catch {
            throw problem(error.message)
        }
    }

    private func string(_ name: String, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String {
        guard scanner.peek() == UInt8(ascii: "\"") else { throw try wrongType(name, "a string", &scanner) }
        return try scanner.scanString()
    }

    private func optionalText(_ name: String, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String? {
        let text = try string(name, &scanner)
        return text.isEmpty ? nil : text
    }

    private func number(_ name: String, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONNumber {
        guard let first = scanner.peek(), first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            throw try wrongType(name, "a number", &scanner)
        }
        return try scanner.scanNumberValue()
    }

    private func integer(_ name: String, _ scanner: inout JSONScanner, in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Int {
        guard let first = scanner.peek(), first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            throw try wrongType(name, "a whole number", &scanner)
        }
        let number = try scanner.scanNumberValue()
        guard number.isInteger, let whole = Int(exactly: number.value) else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: line[number.range]), as: UTF8.self)
            throw problem("\"\(name)\" must be a whole number (got \(text))")
        }
        return whole
    }

    private func wrongType(_ name: String, _ expected: String, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONSyntaxError {
        let value = try scanner.scanValue()
        return problem("\"\(name)\" must be \(expected), got \(value.kind)")
    }

    /// A problem with a value, not with the JSON syntax (no byte offset).
    private func problem(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: -1)
    }
}

extension KnownKey {
    /// The journal key.
    var name: String {
        switch self {
        case .id: "id"
        case .date: "date"
        case .rating: "rating"
        case .notes: "notes"
        case .method: "method"
        case .coffee: "coffee"
        case .dose: "dose_g"
        case .water: "water_g"
        case .grind: "grind"
        case .temperature: "temp_c"
        case .brewTime: "time_s"
        case .tags: "tags"
        case .unknown: ""
        }
    }

    static let allKnown: [KnownKey] = [.id, .date, .rating, .notes, .method, .coffee, .dose, .water, .grind, .temperature, .brewTime, .tags]
}

extension JSONScanner {
    /// The text of a scanned string that had escapes.
    func decodedString(_ raw: (range: Range<Int>, decoded: [UInt8]?, ascii: Bool)) throws(JSONSyntaxError) -> String {
        guard let decoded = raw.decoded else { return "" }
        return try decoded.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try JSONScanner.makeString(buffer, ascii: false, at: raw.range.lowerBound)
        }
    }
}

/// Zero-padded text of `value` in `radix`.
func pad(_ value: Int, _ width: Int, radix: Int) -> String {
    let digits = String(value, radix: radix)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
