extension BrewField {
    /// The field whose journal key is `bytes`, or `nil` for a key BrewLog does not know.
    ///
    /// A line's keys are matched on their bytes, without building strings: the key's first byte
    /// picks the fields whose journal keys start with it (``fieldsByFirstByte``), and each is
    /// compared with the key in full.
    init?(journalKeyBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return nil }
        for field in BrewField.fieldsByFirstByte[Int(first)] {
            let word = field.staticJournalKey
            if bytesEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), bytes) {
                self = field
                return
            }
        }
        return nil
    }

    /// For each byte, the fields whose journal keys start with it, in table order: made once from
    /// the field table, so a new field's key is matched without a change here.
    private static let fieldsByFirstByte: [[BrewField]] = {
        var buckets = [[BrewField]](repeating: [], count: 256)
        for field in allCases {
            field.staticJournalKey.withUTF8Buffer { key in
                if let first = key.first { buckets[Int(first)].append(field) }
            }
        }
        return buckets
    }()

    /// The field whose journal key is `text`, matched as ``init(journalKeyBytes:)`` matches bytes.
    init?(journalKeyText text: String) {
        var copy = text
        guard let field = copy.withUTF8({ BrewField(journalKeyBytes: $0) }) else { return nil }
        self = field
    }
}

/// A key as written in a line; its text is only built when it is needed (unknown keys, errors).
struct KeyName {
    let key: BrewField?
    let escaped: String?
    let range: Range<Int>
    let line: UnsafeBufferPointer<UInt8>

    /// The key's text; an unknown key's bytes are checked to be UTF-8 before it is read
    /// (`BrewLineCodec` refuses the line otherwise), so decoding never repairs them.
    var text: String {
        if let key { return key.journalKey }
        return escaped ?? String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }
}

/// The known fields of a line as they are read, before the record is assembled.
struct DecodedFields {
    /// Whether text fields are built (else only checked).
    let materializing: Bool
    var seen: UInt32 = 0
    /// The unknown keys met, by their bytes: two keys Unicode calls equal (`é` composed and
    /// decomposed) are two keys, as JSON and every other tool read them.
    var unknownNames: Set<[UInt8]> = []
    var id: BrewID?
    var timestamp: Timestamp?
    /// The fields but the id and the date, written as they are read: each case of ``take(_:named:keyOffset:from:in:)``
    /// stores its value here, so there is no later step that could leave a field out.
    var record = BrewRecord(id: BrewID(unchecked: "-"), timestamp: Timestamp(date: .init(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
    /// Whether the line has a `"kind"` key: then it is not a brew (``RecordLineCodec`` reads it).
    var hasKind = false
    /// The first tag a check in place found bad: reported once the whole line has been read, as
    /// the decoder, which checks the tags it built then, reports it (a syntax error after it wins).
    var tagProblem: String?

    /// Reads the value of `key` at the scanner's position into its field.
    mutating func take(_ key: BrewField?, named name: KeyName, keyOffset: Int, from scanner: inout JSONScanner,
                       in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard let key else {
            guard unknownNames.insert(Array(name.text.utf8)).inserted else {
                throw JSONSyntaxError(message: "duplicate key \"\(cappedForMessage(name.text))\"", offset: keyOffset)
            }
            if name.text == "kind" { hasKind = true }
            let start = scanner.index
            _ = try scanner.scanValue()
            // The key as spelled: the bytes between its quotes (`name.range`), quotes put back.
            let rawKey = "\"" + String(decoding: UnsafeBufferPointer(rebasing: line[name.range]), as: UTF8.self) + "\""
            record.unknownFields.append(UnknownField(key: name.text, rawJSON: String(decoding: UnsafeBufferPointer(rebasing: line[start..<scanner.index]), as: UTF8.self),
                                                     rawKey: rawKey))
            return
        }
        let bit: UInt32 = 1 << UInt32(key.rawValue)
        if seen & bit != 0 { throw JSONSyntaxError(message: "duplicate key \"\(cappedForMessage(name.text))\"", offset: keyOffset) }
        seen |= bit
        if key.canUnset, scanner.peek() == UInt8(ascii: "n") {
            _ = try scanner.scanValue()
            return
        }
        switch key.kind {
        case .id:
            let text = try string(name, &scanner)
            guard let id = BrewID(text) else {
                throw problem("\"id\" must be \(BrewID.rule) (got \"\(cappedForMessage(text))\")")
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
                throw problem("\"date\" is not an RFC 3339 time with an offset: \"\(cappedForMessage(text))\"")
            }
            timestamp = parsed
        case .rating(_, let limit), .duration(_, let limit):
            record.setDecodedNumber(Double(try integer(name, limit, &scanner, in: line)), of: key)
        case .number:
            record.setDecodedNumber(try number(name, &scanner).value, of: key)
        case .text:
            guard materializing else { return try checkString(name, &scanner) }
            record.setDecodedText(try string(name, &scanner), of: key)
        case .optionalText:
            guard materializing else { return try checkString(name, &scanner) }
            record.setDecodedText(try optionalText(name, &scanner), of: key)
        case .tags(let path):
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
                    record[keyPath: path].append(try scanner.scanString())
                } else if let problem = try checkTag(&scanner, in: line), tagProblem == nil {
                    tagProblem = problem
                }
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: ",") { scanner.index += 1; continue }
                try scanner.expect(UInt8(ascii: "]"), "expected ',' or ']' in \"tags\"")
                return
            }
        }
    }

    /// Checks a tag in place: valid UTF-8 (else a syntax error), then the rule of
    /// `BrewRecord.validateTag`, whose message it returns when the tag breaks it.
    private func checkTag(_ scanner: inout JSONScanner, in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String? {
        let raw = try scanner.scanRawString()
        let bytes = UnsafeBufferPointer(rebasing: line[raw.range])
        let simple = raw.decoded == nil && raw.ascii && !bytes.isEmpty
            && !bytes.contains { $0 == UInt8(ascii: ",") || $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard !simple else { return nil }
        let tag = try raw.decoded == nil ? JSONScanner.makeString(bytes, ascii: raw.ascii, at: raw.range.lowerBound) : scanner.decodedString(raw)
        do throws(InvalidFieldError) {
            try BrewRecord.validateTag(tag)
            return nil
        } catch {
            return error.message
        }
    }

    /// Checks a text value in place without building it (a journal only being checked).
    private func checkString(_ name: KeyName, _ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "\"") else { throw try wrongType(name, "a string", &scanner) }
        try scanner.checkString()
    }

    private func string(_ name: KeyName, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String {
        guard scanner.peek() == UInt8(ascii: "\"") else { throw try wrongType(name, "a string", &scanner) }
        return try scanner.scanString()
    }

    private func optionalText(_ name: KeyName, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String? {
        let text = try string(name, &scanner)
        return text.isEmpty ? nil : text
    }

    private func number(_ name: KeyName, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONNumber {
        guard let first = scanner.peek(), first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            throw try wrongType(name, "a number", &scanner)
        }
        return try scanner.scanNumberValue()
    }

    /// A whole number within `limit`, when there is one: a fraction is "not a whole number", anything too large
    /// (`1e30`, `9223372036854775807`) is out of range, never converted to an `Int` that traps.
    private func integer(_ name: KeyName, _ limit: FieldLimit?, _ scanner: inout JSONScanner,
                         in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Int {
        guard let first = scanner.peek(), first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            throw try wrongType(name, "a whole number", &scanner)
        }
        let number = try scanner.scanNumberValue()
        // The syntax is judged before the value: `0x10` is malformed, not a rating of 0.
        scanner.skipWhitespace()
        if let next = scanner.peek(), next != UInt8(ascii: ","), next != UInt8(ascii: "}") {
            throw scanner.fail(JSONScanner.noSeparator(after: name.text))
        }
        let text = { String(decoding: UnsafeBufferPointer(rebasing: line[number.range]), as: UTF8.self) }
        guard number.isInteger else {
            throw problem("\"\(name.text)\" must be a whole number (got \(cappedForMessage(text())))")
        }
        guard limit?.contains(number.value) ?? number.value.isFinite, let whole = Int(exactly: number.value) else {
            throw problem(limit?.problem(got: text()).message ?? "\"\(name.text)\" is too large (got \(cappedForMessage(text())))")
        }
        return whole
    }

    private func wrongType(_ name: KeyName, _ expected: String, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONSyntaxError {
        let value = try scanner.scanValue()
        return problem("\"\(name.text)\" must be \(expected), got \(value.kind)")
    }

    /// A problem with a value, not with the JSON syntax (no byte offset).
    private func problem(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: -1)
    }
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
