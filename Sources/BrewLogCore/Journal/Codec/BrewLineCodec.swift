/// Reads and writes one brew as one JSON Lines line, with the journal keys of the field table (``BrewField``).
///
/// Writing puts the known keys first in the table's order, omits absent optionals, always writes
/// `notes`, and then the unknown keys exactly as they were read.
public enum BrewLineCodec {
    /// The brew in `line` (without its newline), or a reason it is not one.
    ///
    /// Known keys are matched on their bytes and their values read straight into typed fields;
    /// only unknown keys go through the general JSON value parser (to keep their exact text).
    ///
    /// A line in a shape the fast path knows (nearly every line) is read by it, in one pass
    /// (``BrewLineFastPath/decode(_:)``); any other by the general decoder, which also words
    /// every problem.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> BrewRecord {
        if let record = BrewLineFastPath.decode(line) { return record }
        return try read(line, materializing: true)
    }

    /// ``decode(_:)`` by the general decoder alone: what the fast path is held to.
    static func decodeInGeneral(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> BrewRecord {
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
            try scanner.scanWholeObject("a brew") { scanner throws(JSONSyntaxError) in
                let keyStart = scanner.index
                let key = try scanner.scanRawString()
                let keyText: String? = key.decoded == nil ? nil : try scanner.decodedString(key)
                let keyBytes = UnsafeBufferPointer(rebasing: line[key.range])
                let field = keyText.map(BrewField.init(journalKeyText:)) ?? BrewField(journalKeyBytes: keyBytes)
                if field == nil, keyText == nil, !key.ascii, !isValidUTF8(keyBytes) {
                    throw JSONSyntaxError(message: "invalid UTF-8 in a key", offset: key.range.lowerBound)
                }
                let keyName = KeyName(key: field, escaped: keyText, range: key.range, line: line)
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "expected ':' after key \"\(cappedForMessage(keyName.text))\"")
                scanner.skipWhitespace()
                try fields.take(field, named: keyName, keyOffset: keyStart, from: &scanner, in: line)
                return keyName.text
            }
        } catch {
            throw LineProblem(error.offset >= 0 ? "malformed JSON at byte \(error.offset + 1): \(error.message)" : error.message)
        }
        guard !fields.hasKind else { throw LineProblem.notABrew }
        guard let id = fields.id else { throw LineProblem("missing required key \"id\"") }
        guard let timestamp = fields.timestamp else { throw LineProblem("missing required key \"date\"") }
        var record = fields.record
        record.id = id
        record.timestamp = timestamp
        do throws(InvalidFieldError) {
            try record.validate()
        } catch {
            throw LineProblem(error.message)
        }
        if let tagProblem = fields.tagProblem { throw LineProblem(tagProblem) }
        return record
    }

    /// Decodes a line given as text (for tests and imports).
    public static func decode(_ line: String) throws(LineProblem) -> BrewRecord {
        var copy = line
        let result = copy.withUTF8 { buffer in Result { () throws(LineProblem) in try decode(buffer) } }
        return try result.get()
    }

    /// `brew`'s line as the journal holds it while the brew is unchanged since it was read, else
    /// its canonical encoding (``encode(_:)``).
    public static func line(of brew: Brew) -> String {
        brew.journalLine ?? encode(brew.record)
    }

    /// The line for `record`, without a newline: its fields in ``BrewField`` order, then its
    /// unknown keys.
    ///
    /// The line is built as UTF-8 bytes in one growing buffer, so its cost is linear in its length
    /// whatever the text holds (a note of a million control characters, a hundred thousand tags).
    public static func encode(_ record: BrewRecord) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(256 + record.notes.utf8.count)
        line.append(UInt8(ascii: "{"))
        for field in BrewField.allCases {
            guard let value = record[field] else { continue }
            if line.count > 1 { line.append(UInt8(ascii: ",")) }
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: field.journalKey.utf8)
            line.append(contentsOf: "\":".utf8)
            appendJSONValue(value, to: &line)
        }
        for field in record.unknownFields {
            line.append(UInt8(ascii: ","))
            line.append(contentsOf: field.rawKey.utf8)
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: field.rawJSON.utf8)
        }
        line.append(UInt8(ascii: "}"))
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends a field's value as the journal writes it: text as a JSON string, a number as
    /// ``formatNumber(_:)`` writes it, tags as an array of strings.
    static func appendJSONValue(_ value: FieldValue, to line: inout [UInt8]) {
        switch value {
        case .id(let id): appendJSONString(id.rawValue, to: &line)
        case .date(let timestamp): appendJSONString(timestamp.description, to: &line)
        case .text(let text): appendJSONString(text, to: &line)
        case .number(let number): line.append(contentsOf: formatNumber(number).utf8)
        case .integer(let integer): line.append(contentsOf: String(integer).utf8)
        case .tags(let tags):
            line.append(UInt8(ascii: "["))
            for (index, tag) in tags.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                appendJSONString(tag, to: &line)
            }
            line.append(UInt8(ascii: "]"))
        }
    }

    /// Appends `text` as a JSON string literal.
    public static func appendJSONString(_ text: String, to output: inout String) {
        var bytes: [UInt8] = []
        appendJSONString(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, in UTF-8, in time linear in its length: runs that
    /// need no escape are copied in one piece, and only `"`, `\\` and C0 controls are escaped
    /// (every byte of a multi-byte character is 0x80 or above, so none is mistaken for one).
    static func appendJSONString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count + 1)
            var pending = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending..<index]))
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
                case 0x0A: output.append(contentsOf: "\\n".utf8)
                case 0x0D: output.append(contentsOf: "\\r".utf8)
                case 0x09: output.append(contentsOf: "\\t".utf8)
                case 0x08: output.append(contentsOf: "\\b".utf8)
                case 0x0C: output.append(contentsOf: "\\f".utf8)
                default: output.append(contentsOf: ("\\u00" + pad(Int(byte), 2, radix: 16)).utf8)
                }
                pending = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
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

    /// What the brew codec says of a line with a `"kind"` key: a record of another kind.
    public static let notABrew = LineProblem("the line has a \"kind\" key, so it is not a brew")
}

/// Zero-padded text of `value` in `radix`.
func pad(_ value: Int, _ width: Int, radix: Int) -> String {
    let digits = String(value, radix: radix)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
