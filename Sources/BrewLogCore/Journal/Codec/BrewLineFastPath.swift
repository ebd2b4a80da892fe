/// Recognises, without allocating, a brew line made only of what BrewLog writes: the known keys,
/// strings without escapes, tags of plain ASCII, numbers as JSON writes them. The keys may come in
/// any order and JSON's insignificant whitespace (space, tab, carriage return, line feed) may
/// stand between any two tokens, so a journal that `jq`, `json.dumps` or a script wrote (`", "`
/// and `": "` separators, keys sorted) is validated nearly as cheaply as BrewLog's own. A line is
/// read once, as BrewLog writes it (which other spellings fail within a few bytes), and if that
/// fails once more, in any order. That is nearly every line of a journal, and validating it this
/// way is several times cheaper than the general decoder.
///
/// It answers only when it is sure: a line it accepts is one ``BrewLineCodec/validate(_:)``
/// accepts, with the same id and date (a differential test holds it to that over canonical,
/// reformatted, unusual and mutated lines). Anything else — an escape, an unknown key, a key
/// twice, a `null`, a tag with Unicode, any error at all — gets `nil`, and the caller asks the
/// general decoder, which also words every problem. So the fast path can never make a bad line
/// pass, nor change what a bad line's message says.
enum BrewLineFastPath {
    /// The id and date of `line` when it is a valid brew made only of what BrewLog writes; `nil`
    /// when it is not, or is not sure.
    static func recognise(_ line: UnsafeBufferPointer<UInt8>) -> (id: BrewID, timestamp: Timestamp)? {
        let keys = BrewLineFastPath.keys
        var ignored = IgnoredValues()
        return recogniseOwnShape(line, keys, &ignored) ?? recogniseAnyShape(line, keys, &ignored)
    }

    /// ``recognise(_:)``, also saying whether the line names a bag (has a `bean` key): a load
    /// notes those lines, so a bag's usage reads only them besides the brews of its days.
    static func recogniseNamingBag(_ line: UnsafeBufferPointer<UInt8>) -> (id: BrewID, timestamp: Timestamp, namesBag: Bool)? {
        let keys = BrewLineFastPath.keys
        var bag = BagNamed()
        if let (id, timestamp) = recogniseOwnShape(line, keys, &bag) { return (id, timestamp, bag.named) }
        bag = BagNamed()
        guard let (id, timestamp) = recogniseAnyShape(line, keys, &bag) else { return nil }
        return (id, timestamp, bag.named)
    }

    /// Values only checked, but a `bean` key noted.
    struct BagNamed: ValueSink {
        private(set) var named = false
        @inline(__always) mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, optional: Bool, at position: Int) {
            if position == BrewField.bean.rawValue { named = true }
        }
        @inline(__always) mutating func number(_ value: Double, at position: Int) {}
        @inline(__always) mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>) {}
    }

    /// Every field of `line` when ``recognise(_:)`` takes it, read in the same pass (text as
    /// strings, numbers as the decoder reads them): what ``BrewLineCodec/decode(_:)`` gives for
    /// it, without the general decoder's key matching; `nil` when the line is not one it is sure of.
    static func decode(_ line: UnsafeBufferPointer<UInt8>) -> BrewRecord? {
        let keys = BrewLineFastPath.keys
        var fields = RecordValues()
        if let (id, timestamp) = recogniseOwnShape(line, keys, &fields) {
            return fields.record(id: id, timestamp: timestamp)
        }
        fields = RecordValues()
        guard let (id, timestamp) = recogniseAnyShape(line, keys, &fields) else { return nil }
        return fields.record(id: id, timestamp: timestamp)
    }

    /// Where a pass puts the values it reads besides the id and the date.
    protocol ValueSink {
        /// Text of the field at `position`.
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, optional: Bool, at position: Int)
        /// A number of the field at `position`, within its range.
        mutating func number(_ value: Double, at position: Int)
        /// One tag.
        mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>)
    }

    /// Values only checked, not kept: validation.
    struct IgnoredValues: ValueSink {
        @inline(__always) mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, optional: Bool, at position: Int) {}
        @inline(__always) mutating func number(_ value: Double, at position: Int) {}
        @inline(__always) mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>) {}
    }

    /// Values kept in a record, through its direct setters, as the decoder keeps them: an empty
    /// optional text is no value, and whole-number fields take whole numbers.
    struct RecordValues: ValueSink {
        private var values = BrewRecord(id: BrewID(unchecked: "-"), timestamp: Timestamp(date: .init(timeIntervalSince1970: 0), utcOffsetSeconds: 0))

        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, optional: Bool, at position: Int) {
            guard let field = BrewField(rawValue: position) else { return }
            values.setDecodedText(optional && bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self), of: field)
        }

        mutating func number(_ value: Double, at position: Int) {
            guard let field = BrewField(rawValue: position) else { return }
            values.setDecodedNumber(value, of: field)
        }

        mutating func tag(_ bytes: UnsafeBufferPointer<UInt8>) {
            values.tags.append(String(decoding: bytes, as: UTF8.self))
        }

        /// The record with these values and `id` and `timestamp`.
        func record(id: BrewID, timestamp: Timestamp) -> BrewRecord {
            var record = values
            record.id = id
            record.timestamp = timestamp
            return record
        }
    }

    /// A line exactly as BrewLog writes it (no whitespace, the keys in the table's order), read
    /// in one sweep of the table where each key with its separators is one compare. Any other
    /// line fails within its first few bytes, for ``recogniseAnyShape(_:_:)``.
    private static func recogniseOwnShape<Sink: ValueSink>(_ line: UnsafeBufferPointer<UInt8>, _ keys: KeyTable,
                                                           _ sink: inout Sink) -> (id: BrewID, timestamp: Timestamp)? {
        var cursor = Cursor(line)
        guard cursor.take(keys.opening), let idBytes = cursor.plainString(), BrewID.isValid(idBytes),
              cursor.take(keys.separated[BrewField.date.rawValue]), let dateBytes = cursor.plainString(),
              let timestamp = Timestamp(rfc3339: dateBytes)
        else { return nil }
        for position in (BrewField.date.rawValue + 1)..<keys.separated.count where cursor.take(keys.separated[position]) {
            guard cursor.value(keys.shapes[position], at: position, into: &sink) else { return nil }
        }
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd else { return nil }
        return (BrewID(unchecked: String(decoding: idBytes, as: UTF8.self)), timestamp)
    }

    /// A line with its keys in any order and whitespace between its tokens, each key looked up
    /// by its first byte.
    private static func recogniseAnyShape<Sink: ValueSink>(_ line: UnsafeBufferPointer<UInt8>, _ keys: KeyTable,
                                                           _ sink: inout Sink) -> (id: BrewID, timestamp: Timestamp)? {
        var cursor = Cursor(line)
        var seen: UInt32 = 0
        var idBytes: UnsafeBufferPointer<UInt8>?
        var timestamp: Timestamp?
        // Where the search for the next key starts: just after the field last read, so keys in
        // the table's order (as BrewLog writes them) match at the first or second try.
        var expected = 0
        cursor.skipWhitespace()
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            cursor.skipWhitespace()
            guard let position = cursor.key(expected: expected, in: keys) else { return nil }
            let bit: UInt32 = 1 << UInt32(position)
            guard seen & bit == 0 else { return nil }
            seen |= bit
            cursor.skipWhitespace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            cursor.skipWhitespace()
            switch keys.shapes[position] {
            case .id:
                guard let bytes = cursor.plainString(), BrewID.isValid(bytes) else { return nil }
                idBytes = bytes
            case .date:
                guard let bytes = cursor.plainString(), let parsed = Timestamp(rfc3339: bytes) else { return nil }
                timestamp = parsed
            case let shape:
                guard cursor.value(shape, at: position, into: &sink) else { return nil }
            }
            cursor.skipWhitespace()
            expected = position + 1
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return nil }
        cursor.skipWhitespace()
        guard cursor.atEnd, let idBytes, let timestamp else { return nil }
        return (BrewID(unchecked: String(decoding: idBytes, as: UTF8.self)), timestamp)
    }

    /// A read position in a line, with the few steps of the shapes the fast path knows.
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

        /// Steps over JSON's insignificant whitespace: spaces, tabs, carriage returns, line feeds
        /// (the decoder's `skipWhitespace`).
        @inline(__always)
        mutating func skipWhitespace() {
            // Most tokens follow one another directly, so one compare settles the common case.
            while index < bytes.count, bytes[index] <= 0x20 {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
                index += 1
            }
        }

        /// Reads a value of `shape` other than an id or a date, for the field at `position`, into
        /// `sink`; `false` when it is not in a shape the fast path knows or breaks the field's rule.
        @inline(__always)
        mutating func value<Sink: ValueSink>(_ shape: Shape, at position: Int, into sink: inout Sink) -> Bool {
            switch shape {
            case .id, .date:
                return false
            case .text(let optional):
                guard let text = plainString() else { return false }
                sink.text(text, optional: optional, at: position)
                return true
            case .number(let bounds):
                guard let bounds, let value = number(within: bounds) else { return false }
                sink.number(value, at: position)
                return true
            case .tags:
                return tags { sink.tag($0) }
            }
        }

        /// Steps over a key BrewLog knows, quotes and all, and gives its field's position in the
        /// table; `nil` for any other key (unknown, escaped) or no key. The key at `expected` is
        /// tried first, then those starting with the key's first byte.
        @inline(__always)
        mutating func key(expected: Int, in table: KeyTable) -> Int? {
            guard take(UInt8(ascii: "\"")), index < bytes.count else { return nil }
            if expected < table.keys.count, take(table.keys[expected]) { return expected }
            let first = Int(bytes[index])
            for slot in Int(table.starts[first])..<Int(table.starts[first + 1]) {
                let position = Int(table.positions[slot])
                if take(table.keys[position]) { return position }
            }
            return nil
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
        mutating func number(within limit: Bounds) -> Double? {
            // Most values are small whole numbers (`15`, `250`), read here; the rest by the scanner.
            let start = index
            var whole = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10, index - start < 15 {
                whole = whole * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > start, bytes[start] != UInt8(ascii: "0") || index == start + 1 else { return nil }
            if index == bytes.count || (bytes[index] != UInt8(ascii: ".") && bytes[index] | 0x20 != UInt8(ascii: "e")
                                        && bytes[index] &- UInt8(ascii: "0") >= 10) {
                return limit.contains(Double(whole)) ? Double(whole) : nil
            }
            index = start
            var scanner = JSONScanner(bytes)
            scanner.index = index
            guard let number = try? scanner.scanNumberValue() else { return nil }
            index = scanner.index
            return limit.contains(number.value) && (!limit.isWhole || number.isInteger) ? number.value : nil
        }

        /// An array of tags, each plain ASCII without commas or whitespace, each given to `each`;
        /// empty, as a script may write a brew without tags.
        mutating func tags(_ each: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                skipWhitespace()
                guard let tag = plainString(), !tag.isEmpty,
                      !tag.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: ",") || $0 == 0x20 })
                else { return false }
                each(tag)
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }
    }
}
