/// A configuration key, `section.key` or `section.subsection.key`, with git's case rules: the
/// section and the key name are case-insensitive (kept lowercased here), the subsection is
/// case-sensitive and may hold any text but a line break or NUL, dots included
/// (`recipe.Morning V60.dose` is the key `dose` of the subsection `Morning V60`).
struct ConfigKey: Hashable, Sendable, CustomStringConvertible {
    /// The section, lowercased (`ui`, `recipe`).
    let section: String
    /// The subsection, exactly as written (`Morning`), or `nil` for `section.key`.
    let subsection: String?
    /// The key name, lowercased (`color`).
    let name: String

    /// A key from its parts; the section and the name are lowercased.
    init(section: String, subsection: String?, name: String) {
        self.section = section.lowercased()
        self.subsection = subsection
        self.name = name.lowercased()
    }

    /// Parses a key as typed (`ui.color`, `recipe.Morning.dose`): the section runs to the first
    /// dot and the name from the last, as git splits them. `nil` unless the section is letters,
    /// digits and `-`, the name a letter followed by those, and the subsection has no control
    /// character, unless `existing`: a key that only names what a file already holds (to read or
    /// remove it) may have one, so a bad entry can always be removed by name.
    init?(_ text: String, existing: Bool = false) {
        guard let first = text.firstIndex(of: "."), let last = text.lastIndex(of: ".") else { return nil }
        let section = String(text[..<first])
        let name = String(text[text.index(after: last)...])
        let subsection = first == last ? nil : String(text[text.index(after: first)..<last])
        guard ConfigKey.isSectionName(section), ConfigKey.isKeyName(name) else { return nil }
        // No control characters in a typed name: they would reach the file, and every terminal
        // that shows it, raw.
        if !existing, let subsection, subsection.unicodeScalars.contains(where: TerminalText.isControl) { return nil }
        self.init(section: section, subsection: subsection, name: name)
    }

    /// `section.key` or `section.subsection.key`, the section and name lowercased.
    var description: String {
        section + (subsection.map { "." + $0 } ?? "") + "." + name
    }

    /// Whether `text` can name a section: ASCII letters, digits and `-`, at least one.
    static func isSectionName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    /// Whether `text` can name a key: an ASCII letter, then letters, digits and `-`.
    static func isKeyName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
