/// The scanner's strings: decoded, checked without being built, or scanned as a byte range
/// (with the word-at-a-time tests that find a quote, a backslash or a control byte).
extension JSONScanner {
    /// Parses a string at the current position (which holds its opening quote).
    mutating func scanString() throws(JSONSyntaxError) -> String {
        let raw = try scanRawString()
        if let decoded = raw.decoded {
            return try decoded.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONScanner.makeString(buffer, ascii: false, at: raw.range.lowerBound)
            }
        }
        return try JSONScanner.makeString(UnsafeBufferPointer(rebasing: bytes[raw.range]), ascii: raw.ascii, at: raw.range.lowerBound)
    }

    /// Checks the string at the current position (escapes, control characters, UTF-8) without building it.
    mutating func checkString() throws(JSONSyntaxError) {
        let raw = try scanRawString()
        if let decoded = raw.decoded {
            guard decoded.withUnsafeBufferPointer(isValidUTF8) else {
                throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: raw.range.lowerBound)
            }
        } else if !raw.ascii, !isValidUTF8(UnsafeBufferPointer(rebasing: bytes[raw.range])) {
            throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: raw.range.lowerBound)
        }
    }

    /// Scans a string without building it: its bytes' range when it has no escapes (with whether
    /// they are all ASCII), else the decoded bytes too.
    mutating func scanRawString() throws(JSONSyntaxError) -> (range: Range<Int>, decoded: [UInt8]?, ascii: Bool) {
        index += 1
        let start = index
        var high: UInt8 = 0
        var highWords: UInt64 = 0
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if JSONScanner.hasByte(word, UInt8(ascii: "\"")) || JSONScanner.hasByte(word, UInt8(ascii: "\\"))
                    || JSONScanner.hasByteBelow(word, 0x20) { break }
                highWords |= word
                index += 8
            }
        }
        if highWords & 0x8080_8080_8080_8080 != 0 { high = 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<(index - 1), nil, high < 0x80)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in a string (newlines must be written \\n)") }
            high |= byte
            index += 1
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return (start..<(index - 1), decoded, false)
            case UInt8(ascii: "\\"):
                try scanEscape(into: &decoded)
            case ..<0x20:
                index -= 1
                throw fail("control character in a string (newlines must be written \\n)")
            default:
                decoded.append(byte)
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: start - 1)
    }

    /// Whether any byte of `word` equals `byte` (the classic SWAR zero-byte test on `word ^ byte…`).
    @inline(__always)
    static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasByteBelow(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)), 1)
    }

    /// Whether any byte of `word` is below `limit` (exact for `limit` ≤ 128).
    @inline(__always)
    static func hasByteBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// A String of `buffer`, which must be valid UTF-8 (checked unless `ascii`).
    static func makeString(_ buffer: UnsafeBufferPointer<UInt8>, ascii: Bool, at offset: Int) throws(JSONSyntaxError) -> String {
        let string = String(decoding: buffer, as: UTF8.self)
        // Decoding repairs invalid UTF-8 with U+FFFD, so an unchanged result proves the input valid.
        if !ascii {
            var copy = string
            let same = copy.withUTF8 { bytesEqual($0, buffer) }
            guard same else { throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: offset) }
        }
        return string
    }

    mutating func scanEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard let escape = peek() else { throw fail("unterminated escape") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
            decoded.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw fail("invalid escape '\\\(printable(escape))'")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
