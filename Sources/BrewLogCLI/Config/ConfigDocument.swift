/// A configuration file as read: its bytes exactly, and where each section header and each
/// `key = value` entry sits in them, so an edit can change one entry and keep every other byte
/// (comments, blank lines, order, indentation) as it was.
struct ConfigDocument: Sendable {
    /// One `[section]` or `[section "subsection"]` header.
    struct Section: Sendable {
        /// The section, lowercased.
        let name: String
        /// The subsection (case kept), or `nil`.
        let subsection: String?
        /// The offset of the header line's first byte.
        let start: Int
        /// The offset just past the header line (after its line break).
        let end: Int
    }

    /// One `key = value` (or a bare `key`) entry, which may span lines ending in `\`.
    struct Entry: Sendable {
        let key: ConfigKey
        /// The value with quotes and escapes resolved; `nil` for a bare `key` with no `=`.
        let value: String?
        /// The line the entry starts on (from 1).
        let line: Int
        /// The index of its section in ``ConfigDocument/sections``.
        let section: Int
        /// The offset of the first byte of its first line (its indentation starts there).
        let start: Int
        /// The offset of the key's first byte.
        let keyStart: Int
        /// The offset just past the key.
        let keyEnd: Int
        /// The offset of the value's first byte (after `=` and spaces); `keyEnd` for a bare key.
        let valueStart: Int
        /// The offset just past the value's last byte, before trailing spaces and a comment.
        let valueEnd: Int
        /// The offset just past its last line (after its line break).
        let end: Int
    }

    /// The file's bytes, exactly as read.
    let bytes: [UInt8]
    /// Every section header, in file order.
    let sections: [Section]
    /// Every entry, in file order (a key may appear more than once; the last one counts).
    let entries: [Entry]
    /// Whether the last entry's value ends in a continuation `\` with nothing after it: a line
    /// appended as it stands would join that value.
    var endsInContinuation = false

    /// An empty file.
    static let empty = ConfigDocument(bytes: [], sections: [], entries: [])

    /// The value that counts for `key`: its last entry's (`.some(nil)` for a bare key), or `nil` when not set.
    func value(_ key: ConfigKey) -> String?? {
        entries.last { $0.key == key }.map(\.value)
    }

    /// The line break new lines get: CRLF when the file's first line ends in one, else LF.
    /// The bytes to put at the end of the file before a new line: none when it ends a line; a
    /// line break when its last line is unfinished; and when the last value continues into the end
    /// of the file, what ends that value first (an empty line), so the new line stays its own.
    var closingLastLine: [UInt8] {
        let finishLine: [UInt8] = bytes.last.map { $0 == 0x0A ? [] : lineBreak } ?? []
        return endsInContinuation ? finishLine + lineBreak : finishLine
    }

    var lineBreak: [UInt8] {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }
}
