/// A number as the scanner read it.
struct JSONNumber {
    let value: Double
    /// Whether the text has no fractional part (`4`, `4.0`), so it can be a whole-number field.
    let isInteger: Bool
    /// Where the number's text is in the line, for error messages.
    let range: Range<Int>
}

/// A JSON syntax error at a byte offset of a line.
struct JSONSyntaxError: Error {
    let message: String
    let offset: Int
}

/// Parses one JSON text from a byte buffer (RFC 8259), checking that strings are valid UTF-8.
///
/// Hand-written because journals hold up to millions of lines: it reads bytes in place, allocates
/// only the strings it returns, and reports where a line went wrong.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Calls `visit` with the byte range of each element of a top-level array, then checks that
    /// nothing but whitespace follows. Elements are only delimited here, not interpreted.
    mutating func scanArrayElements(_ visit: (Range<Int>) -> Void) throws(JSONSyntaxError) {
        skipWhitespace()
        try expect(UInt8(ascii: "["), "expected '[' at the start of a JSON array")
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                let start = index
                // Each element is a record, as a JSON Lines line is: its own braces, like the
                // array's bracket, are no level of nesting.
                depth = -1
                _ = try scanValue()
                depth = 0
                visit(start..<index)
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"), "expected ',' or ']' in the array")
                break
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the closing ']'") }
    }

    /// Parses any value at the current position.
    mutating func scanValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw fail("unexpected end of line, expected a value") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try scanString())
        case UInt8(ascii: "{"): return try nested { (scanner: inout JSONScanner) throws(JSONSyntaxError) in try scanner.scanNestedObject() }
        case UInt8(ascii: "["): return try nested { (scanner: inout JSONScanner) throws(JSONSyntaxError) in try scanner.scanArray() }
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try scanNumber()
        default: throw fail("unexpected character '\(printable(byte))'")
        }
    }

    /// How deep arrays and objects may nest (the line's own object is the first level): far
    /// beyond what any tool writes into an unknown key, and a bound on the recursion, so a line
    /// of ten thousand `[` is an error, never a stack overflow.
    static let maximumDepth = 512

    private mutating func nested(_ body: (inout JSONScanner) throws(JSONSyntaxError) -> JSONValue) throws(JSONSyntaxError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONScanner.maximumDepth else { throw fail("values nested more than \(JSONScanner.maximumDepth) deep") }
        return try body(&self)
    }

    private mutating func scanNestedObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            let key = try scanString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "expected ':' after key \"\(cappedForMessage(key))\"")
            skipWhitespace()
            members.append((key, try scanValue()))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"), "expected ',' or '}' in an object")
            return .object(members)
        }
    }

    private mutating func scanArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try scanValue())
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"), "expected ',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func scanNumber() throws(JSONSyntaxError) -> JSONValue {
        .number(try scanNumberValue().value)
    }

    /// Parses a number (RFC 8259 grammar). Plain decimals of up to 15 digits are converted
    /// exactly without allocating (one correctly rounded division); the rest go through `Double(String)`.
    mutating func scanNumberValue() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        var negative = false
        if peek() == UInt8(ascii: "-") { negative = true; index += 1 }
        guard let first = peek(), isDigit(first) else { throw fail("expected a digit") }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var isInteger = true
        index += 1
        mantissa = Int(first - UInt8(ascii: "0"))
        digits = first == UInt8(ascii: "0") ? 0 : 1
        if first != UInt8(ascii: "0") {
            while let byte = peek(), isDigit(byte) {
                if digits < 18 { mantissa = mantissa * 10 + Int(byte - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let next = peek(), isDigit(next) else { throw fail("expected a digit after '.'") }
            while let byte = peek(), isDigit(byte) {
                if digits < 18 { mantissa = mantissa * 10 + Int(byte - UInt8(ascii: "0")) }
                digits += 1
                fractionDigits += 1
                index += 1
                if byte != UInt8(ascii: "0") { isInteger = false }
            }
        }
        var simple = digits <= 15 && fractionDigits <= 22
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            simple = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek(), isDigit(next) else { throw fail("expected a digit in the exponent") }
            skipDigits()
        }
        let value: Double
        if simple {
            let magnitude = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
            value = negative ? -magnitude : magnitude
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let parsed = Double(text), parsed.isFinite else {
                throw JSONSyntaxError(message: "number \(cappedForMessage(text)) is out of range", offset: start)
            }
            value = parsed
            isInteger = parsed.rounded() == parsed
        }
        return JSONNumber(value: value, isInteger: isInteger, range: start..<index)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
              bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            throw fail("unexpected text, expected \(word)")
        }
        index += expected.count
    }

    mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw fail(message()) }
        index += 1
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index)
    }

    /// The byte as text for a message: an ASCII byte as its character (whoever shows the message
    /// escapes a control character as it escapes every other: `\x00`, `\e`), any other as `\xHH`
    /// (alone it is no character at all).
    func printable(_ byte: UInt8) -> String {
        guard byte >= 0x80 else { return String(UnicodeScalar(byte)) }
        return "\\x" + String(byte, radix: 16, uppercase: true)
    }
}

extension JSONScanner {
    /// What is wrong when a member's value is followed by neither `,` nor `}`.
    static func noSeparator(after key: String) -> String {
        "expected ',' or '}' after the value of \"\(cappedForMessage(key))\""
    }

    /// Reads the one JSON object that fills the text: `{`, its members, `}`, and nothing after
    /// but whitespace. `member` reads each member, from its key's opening quote through its value,
    /// and returns the key as written, for the message when no `,` or `}` follows; `what` names the
    /// object in the message when the text does not start with `{` ("a brew", "a record").
    mutating func scanWholeObject(_ what: String, member: (inout JSONScanner) throws(JSONSyntaxError) -> String) throws(JSONSyntaxError) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"), "expected '{' at the start of \(what)")
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                let key = try member(&self)
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"), Self.noSeparator(after: key))
                break
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the closing '}'") }
    }
}
