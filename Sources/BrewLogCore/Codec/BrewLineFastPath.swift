/// Recognises, in one pass and without allocating, a brew line in the shape BrewLog writes it: no
/// whitespace, the known keys in the field table's order, strings without escapes, tags of plain
/// ASCII, numbers as JSON writes them. That is nearly every line of a journal, and validating it
/// this way is several times cheaper than the general decoder.
///
/// It answers only when it is sure: a line it accepts is one ``BrewLineCodec/validate(_:)``
/// accepts, with the same id and date (a differential test holds it to that over canonical,
/// unusual and mutated lines). Anything else — an escape, an unknown key, keys in another order,
/// a `null`, whitespace, a tag with Unicode, any error at all — gets `nil`, and the caller asks
/// the general decoder, which also words every problem. So the fast path can never make a bad
/// line pass, nor change what a bad line's message says.
enum BrewLineFastPath {
    /// The id and date of `line` when it is a valid brew in BrewLog's own shape; `nil` when it
    /// is not, or is not sure.
    static func recognise(_ line: UnsafeBufferPointer<UInt8>) -> (id: BrewID, timestamp: Timestamp)? {
        let keys = BrewLineFastPath.keys
        let limits = BrewLineFastPath.limits
        var cursor = Cursor(line)
        guard cursor.take(BrewLineFastPath.opening), let idBytes = cursor.plainString(), BrewID.isValid(idBytes),
              cursor.take(keys[BrewField.date.rawValue]), let dateBytes = cursor.plainString(),
              let timestamp = Timestamp(rfc3339: dateBytes)
        else { return nil }
        for field in BrewField.allCases.dropFirst(2) where cursor.take(keys[field.rawValue]) {
            guard cursor.value(of: field, within: limits[field.rawValue]) else { return nil }
        }
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd else { return nil }
        return (BrewID(unchecked: String(decoding: idBytes, as: UTF8.self)), timestamp)
    }

    /// What opens every line: the brace and the id's key.
    private static let opening = Pattern("{\"id\":")
    /// `,"key":` for each field, by position in the table.
    private static let keys = BrewField.allCases.map { Pattern(",\"" + $0.journalKey + "\":") }
    /// Each field's range as plain numbers (a ``FieldLimit`` also holds its words, which copying
    /// would retain on every line), by position in the table.
    private static let limits = BrewField.allCases.map { $0.limit.map(Bounds.init) }

    /// A field's range without its words: what the check on every line needs.
    struct Bounds {
        let lower: Double
        let lowerIsExclusive: Bool
        let upper: Double
        let isWhole: Bool

        init(_ limit: FieldLimit) {
            lower = limit.lower
            lowerIsExclusive = limit.lowerIsExclusive
            upper = limit.upper
            switch limit.field.kind {
            case .rating, .duration: isWhole = true
            case .id, .date, .text, .optionalText, .number, .tags: isWhole = false
            }
        }

        /// ``FieldLimit/contains(_:)``.
        func contains(_ value: Double) -> Bool {
            value.isFinite && value <= upper && (lowerIsExclusive ? value > lower : value >= lower)
        }
    }

    /// Up to 16 bytes to find at a position, held as two little-endian words and their masks,
    /// so a match is two loads and two compares rather than a loop.
    struct Pattern {
        let words: (UInt64, UInt64)
        let masks: (UInt64, UInt64)
        let count: Int

        init(_ text: String) {
            let bytes = Array(text.utf8)
            precondition(bytes.count <= 16, "a key pattern holds at most 16 bytes")
            var words: (UInt64, UInt64) = (0, 0)
            var masks: (UInt64, UInt64) = (0, 0)
            for (index, byte) in bytes.enumerated() {
                let shift = UInt64(index % 8 * 8)
                if index < 8 {
                    words.0 |= UInt64(byte) << shift
                    masks.0 |= 0xFF << shift
                } else {
                    words.1 |= UInt64(byte) << shift
                    masks.1 |= 0xFF << shift
                }
            }
            self.words = words
            self.masks = masks
            count = bytes.count
        }

        /// The pattern's byte at `index`.
        func byte(_ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (index < 8 ? words.0 : words.1) >> UInt64(index % 8 * 8))
        }
    }

    /// A read position in a line, with the few steps of the canonical shape.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var atEnd: Bool { index == bytes.count }

        /// Steps over `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Steps over `pattern` when it is next.
        mutating func take(_ pattern: Pattern) -> Bool {
            if index + 16 <= bytes.count, let base = bytes.baseAddress {
                let low = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let high = UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self)
                guard low & pattern.masks.0 == pattern.words.0, high & pattern.masks.1 == pattern.words.1 else { return false }
            } else {
                guard index + pattern.count <= bytes.count,
                      (0..<pattern.count).allSatisfy({ bytes[index + $0] == pattern.byte($0) }) else { return false }
            }
            index += pattern.count
            return true
        }

        /// Reads the value of `field` (its key just taken), a number within `bounds` for a
        /// numeric field; `false` when it is not in the canonical shape or breaks the field's rule.
        mutating func value(of field: BrewField, within bounds: Bounds?) -> Bool {
            switch field.kind {
            case .id, .date:
                return false
            case .text, .optionalText:
                return plainString() != nil
            case .number, .rating, .duration:
                return bounds.map { number(within: $0) } ?? false
            case .tags:
                return tags()
            }
        }

        /// The bytes of a string without escapes or control characters (checked to be UTF-8
        /// when not all ASCII), stepping past its closing quote.
        mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return nil }
            let start = index
            var high: UInt64 = 0
            // Eight bytes at a time: the lowest flagged byte of a word is exactly the first quote,
            // backslash or control character in it (flags above it may be false alarms).
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let flags = Cursor.flags(word ^ 0x2222_2222_2222_2222) | Cursor.flags(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                    | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
                guard flags != 0 else {
                    high |= word
                    index += 8
                    continue
                }
                let before = flags.trailingZeroBitCount / 8
                high |= before == 0 ? 0 : word & (UInt64.max >> UInt64(64 - 8 * before))
                index += before
                guard bytes[index] == UInt8(ascii: "\"") else { return nil }
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return high & 0x8080_8080_8080_8080 == 0 || isValidUTF8(text) ? text : nil
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    let ascii = high & 0x8080_8080_8080_8080 == 0
                    return ascii || isValidUTF8(text) ? text : nil
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                high |= UInt64(byte)
                index += 1
            }
            return nil
        }

        /// The high bit of each zero byte of `word`, exact up to its lowest zero byte.
        @inline(__always)
        static func flags(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }

        /// A number inside `limit` (a whole one for ratings and durations), read as the general
        /// scanner reads it so its value is exactly the decoder's; no `null`, no sign games.
        mutating func number(within limit: Bounds) -> Bool {
            // Most values are small whole numbers (`15`, `250`), read here; the rest by the scanner.
            let start = index
            var whole = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10, index - start < 15 {
                whole = whole * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > start, bytes[start] != UInt8(ascii: "0") || index == start + 1 else { return false }
            if index == bytes.count || (bytes[index] != UInt8(ascii: ".") && bytes[index] | 0x20 != UInt8(ascii: "e")
                                        && bytes[index] &- UInt8(ascii: "0") >= 10) {
                return limit.contains(Double(whole))
            }
            index = start
            var scanner = JSONScanner(bytes)
            scanner.index = index
            guard let number = try? scanner.scanNumberValue() else { return false }
            index = scanner.index
            return limit.contains(number.value) && (!limit.isWhole || number.isInteger)
        }

        /// A non-empty array of tags, each plain ASCII without commas or whitespace.
        mutating func tags() -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            repeat {
                guard let tag = plainString(), !tag.isEmpty,
                      !tag.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: ",") || $0 == 0x20 })
                else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }
    }
}
