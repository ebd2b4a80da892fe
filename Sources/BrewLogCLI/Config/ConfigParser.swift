import BrewLogCore

/// A syntax error in a configuration file: the line it is on and what is wrong.
struct ConfigSyntaxError: Error, Equatable, Sendable {
    /// The line, from 1.
    let line: Int
    /// What is wrong, in words.
    let message: String

    /// The message for bytes that are not UTF-8 (which `config edit` cannot open as text).
    static let notUTF8 = "the file is not valid UTF-8"
}

/// Reads git-config syntax into a ``ConfigDocument``, byte by byte (the file is read on every run).
///
/// `[section]`, `[section "subsection"]` (`\"` and `\\` escaped inside the quotes) and git's older
/// `[section.subsection]` (the subsection lowercased); `key = value` and a bare `key` (alone on its
/// line: git refuses a comment after one); `#` and `;` comments, on their own line or after a value
/// outside quotes. Blanks are what git's are: space, tab and CR (a form feed or vertical tab is
/// text). A value is trimmed; outside quotes each blank inside it becomes a space; double
/// quotes keep spaces, `#` and `;`; the escapes are `\"`, `\\`, `\n`, `\t` and `\b`, and a `\` at
/// the end of a line continues the value on the next (at the end of the file, it ends the value).
/// A UTF-8 byte order mark at the start is skipped; bytes that are not UTF-8, a NUL, and a key on a
/// header's line are errors.
struct ConfigParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var sections: [ConfigDocument.Section] = []
    private var entries: [ConfigDocument.Entry] = []
    private var endsInContinuation = false

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document in `bytes`, or the first syntax error.
    static func parse(_ bytes: [UInt8]) throws(ConfigSyntaxError) -> ConfigDocument {
        if let bad = bytes.withUnsafeBufferPointer(firstInvalidUTF8Offset) {
            throw ConfigSyntaxError(line: lineNumber(at: bad, in: bytes), message: ConfigSyntaxError.notUTF8)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigSyntaxError(line: lineNumber(at: nul, in: bytes), message: "the file contains a NUL byte")
        }
        var parser = ConfigParser(bytes)
        try parser.parseLines()
        return ConfigDocument(bytes: bytes, sections: parser.sections, entries: parser.entries, endsInContinuation: parser.endsInContinuation)
    }

    /// The line (from 1) that the byte at `offset` is on.
    static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        var count = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { count += 1 }
        return count
    }

    private mutating func parseLines() throws(ConfigSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while position < bytes.count {
            // Each pass starts a line (after the byte order mark, which belongs to no line).
            let lineStart = position
            skipSpaces()
            guard let byte = current else { break }
            switch byte {
            case 0x0A:
                nextLine()
            case UInt8(ascii: "#"), UInt8(ascii: ";"):
                skipToNextLine()
            case UInt8(ascii: "["):
                try parseHeader(lineStart: lineStart)
            case _ where ConfigKey.isLetter(byte):
                try parseEntry(lineStart: lineStart)
            default:
                throw error("expected a section header, a key or a comment, found '\(character(at: position))'")
            }
        }
    }

    // MARK: Headers

    private mutating func parseHeader(lineStart: Int) throws(ConfigSyntaxError) {
        position += 1
        let nameStart = position
        while let byte = current, ConfigKey.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
            position += 1
        }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard !name.isEmpty else {
            throw error(current.map { _ in "invalid character '\(character(at: position))' in a section name" } ?? "unterminated section header")
        }
        var section = name
        var subsection: String?
        switch current {
        case UInt8(ascii: "]"):
            if let dot = name.firstIndex(of: ".") {
                // git's older form: `[section.subsection]`, the subsection lowercased.
                section = String(name[..<dot])
                subsection = String(name[name.index(after: dot)...]).lowercased()
                guard ConfigKey.isSectionName(section), let subsection, !subsection.isEmpty else {
                    throw error("invalid section name '\(name)'")
                }
            }
        case let byte? where isSpace(byte):
            guard !name.contains(".") else { throw error("invalid section name '\(name)'") }
            skipSpaces()
            guard current == UInt8(ascii: "\"") else { throw error("expected '\"' before the subsection name") }
            subsection = try parseSubsection()
            guard current == UInt8(ascii: "]") else { throw error("expected ']' right after the subsection's closing '\"'") }
        case nil, 0x0A:
            throw error("unterminated section header: expected ']'")
        default:
            throw error("invalid character '\(character(at: position))' in a section name")
        }
        position += 1
        skipSpaces()
        if let byte = current, byte != 0x0A, byte != UInt8(ascii: "#"), byte != UInt8(ascii: ";") {
            throw error("unexpected text after the section header (put each key on its own line)")
        }
        skipToNextLine()
        sections.append(.init(name: section.lowercased(), subsection: subsection, start: lineStart, end: position))
    }

    /// The quoted subsection name, from its opening quote to just past the closing one.
    private mutating func parseSubsection() throws(ConfigSyntaxError) -> String {
        position += 1
        var name: [UInt8] = []
        while true {
            guard let byte = current, byte != 0x0A else { throw error("unterminated subsection name: expected '\"'") }
            position += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard let escaped = current, escaped != 0x0A else { throw error("unterminated subsection name: expected '\"'") }
                name.append(escaped)
                position += 1
            } else {
                name.append(byte)
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    // MARK: Entries

    private mutating func parseEntry(lineStart: Int) throws(ConfigSyntaxError) {
        let entryLine = line
        let keyStart = position
        while let byte = current, ConfigKey.isAlphanumeric(byte) || byte == UInt8(ascii: "-") { position += 1 }
        let keyEnd = position
        let name = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
        guard let sectionIndex = sections.indices.last else {
            throw error("the key '\(name)' is not inside a section: put a [section] header above it")
        }
        // As git: only spaces and tabs between a key and its `=` or the end of its line.
        while let byte = current, byte == 0x20 || byte == 0x09 { position += 1 }
        if current == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A { position += 1 }
        let value: String?
        let valueStart: Int
        let valueEnd: Int
        switch current {
        case nil, 0x0A:
            (value, valueStart, valueEnd) = (nil, keyEnd, keyEnd)
        case UInt8(ascii: "#"), UInt8(ascii: ";"):
            throw error("a comment after the bare key '\(name)' (git refuses it too): write '\(name) = VALUE', or put the comment on its own line")
        case UInt8(ascii: "="):
            position += 1
            skipSpaces()
            valueStart = position
            let parsed = try parseValue()
            (value, valueEnd) = (parsed.value, parsed.end)
        default:
            throw error("invalid character '\(character(at: position))' in the key '\(name)' (keys are letters, digits and '-', then '= value')")
        }
        skipToNextLine()
        let section = sections[sectionIndex]
        entries.append(.init(key: ConfigKey(section: section.name, subsection: section.subsection, name: name), value: value,
                             line: entryLine, section: sectionIndex, start: lineStart, keyStart: keyStart, keyEnd: keyEnd,
                             valueStart: valueStart, valueEnd: valueEnd, end: position))
    }

    /// A value from the current position to the end of its line (or of its last continued line),
    /// stopping before a comment; `end` is just past its last significant byte.
    private mutating func parseValue() throws(ConfigSyntaxError) -> (value: String, end: Int) {
        var value: [UInt8] = []
        var quoted = false
        var spaces = 0
        var end = position
        while let byte = current, byte != 0x0A {
            if !quoted && (byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";")) { break }
            if !quoted && isSpace(byte) {
                if !value.isEmpty { spaces += 1 }
                position += 1
                continue
            }
            value.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
            spaces = 0
            position += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard let escaped = current else {
                    // As git: a `\` as the file's last byte continues the value into nothing.
                    endsInContinuation = true
                    end = position
                    continue
                }
                if escaped == 0x0A || (escaped == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A) {
                    position += escaped == 0x0A ? 1 : 2
                    line += 1
                    if current == nil { endsInContinuation = true }
                    // The continuation belongs to the value: a new value replaces it too.
                    end = position
                    continue
                }
                switch escaped {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "b"): value.append(0x08)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): value.append(escaped)
                default: throw error("unknown escape '\\\(character(at: position))' in a value (use \\\\, \\\", \\n or \\t)")
                }
                position += 1
            case UInt8(ascii: "\""):
                quoted.toggle()
            default:
                value.append(byte)
            }
            end = position
        }
        if quoted { throw error("unterminated quoted value: expected '\"' before the end of the line") }
        return (String(decoding: value, as: UTF8.self), end)
    }

    // MARK: Bytes

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Space, tab and CR: git's blanks (its `isspace`, without the line feed). A form feed or a
    /// vertical tab is text to git, so it is here.
    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    private mutating func skipSpaces() {
        while let byte = current, isSpace(byte) { position += 1 }
    }

    private mutating func skipToNextLine() {
        while let byte = current, byte != 0x0A { position += 1 }
        if current == 0x0A { nextLine() }
    }

    private mutating func nextLine() {
        position += 1
        line += 1
    }

    /// The (whole UTF-8) character starting at `offset`, for messages.
    private func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self)
    }

    private func error(_ message: String) -> ConfigSyntaxError {
        ConfigSyntaxError(line: line, message: message)
    }
}
