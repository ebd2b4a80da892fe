/// The identity of a brew in its journal: never changes, unique within a journal.
///
/// BrewLog mints 12 random lowercase hex digits. A journal or an import may hold any id of 1 to 64
/// characters of `A-Z a-z 0-9 . _ : -` other than `last` (the word that names the newest brew),
/// written by hand or by another tool, and BrewLog keeps it as it is.
///
/// Ids are compared, hashed and ordered byte for byte. Swift's `String` equality treats
/// canonically equivalent text as equal (`café` composed and decomposed), which would make two
/// brews one; the charset already keeps such ids out, and byte identity keeps them apart anyway.
public struct BrewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The id as written in the journal.
    public let rawValue: String

    /// The longest id read.
    public static let maximumLength = 64

    /// What an id must be, in the words error messages use.
    public static let rule = "1 to 64 characters of A-Z a-z 0-9 . _ : - and not 'last'"

    /// The id `text`, or `nil` when it breaks ``rule``.
    public init?(_ text: String) {
        guard BrewID.isValid(text.utf8) else { return nil }
        self.rawValue = text
    }

    /// An id taken as it is, for ids minted here and for tests of byte identity.
    init(unchecked text: String) {
        self.rawValue = text
    }

    /// Whether `bytes` (UTF-8) spell an id that follows ``rule``.
    static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        guard (1...maximumLength).contains(bytes.count), bytes.count != 4 || !bytes.elementsEqual("last".utf8) else { return false }
        return bytes.reduce(true) { $0 && isIDByte($1) }
    }

    /// ``isValid(_:)`` for bytes in memory, without a generic collection's overhead (an index
    /// reads a million ids).
    /// Branch-free: every byte's bit is ANDed in, and any byte of 128 or more is caught by OR-ing
    /// the bytes together.
    static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (1...maximumLength).contains(bytes.count), bytes.count != 4 || !bytes.elementsEqual("last".utf8) else { return false }
        var seen: UInt8 = 0
        var allowed: UInt64 = 1
        for byte in bytes {
            seen |= byte
            let bits: UInt64 = byte < 64 ? 0x07FF_6000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
            allowed &= bits >> UInt64(byte & 63)
        }
        return seen < 0x80 && allowed & 1 == 1
    }

    /// Whether `byte` may be in an id: `A-Z a-z 0-9 . _ : -`.
    ///
    /// Every journal line's id comes through here, and a random id's digits and letters alternate
    /// unpredictably, so the test is a bit lookup instead of branches: bit `b` of the two words
    /// (bytes 0–63, then 64–127) is set for each byte allowed. A test compares it with the rule
    /// spelled out for all 256 bytes.
    @inline(__always)
    static func isIDByte(_ byte: UInt8) -> Bool {
        let allowed: UInt64 = byte < 64 ? 0x07FF_6000_0000_0000 : byte < 128 ? 0x07FF_FFFE_87FF_FFFE : 0
        return allowed >> UInt64(byte & 63) & 1 == 1
    }

    /// A fresh id of 12 random lowercase hex digits.
    public static func random() -> BrewID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A fresh id of 12 lowercase hex digits drawn from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> BrewID {
        let value = UInt64.random(in: 0..<(1 << 48), using: &generator)
        let hex = String(value, radix: 16)
        return BrewID(unchecked: String(repeating: "0", count: 12 - hex.count) + hex)
    }

    /// The id text.
    public var description: String { rawValue }

    /// Whether both ids have the same bytes.
    public static func == (lhs: BrewID, rhs: BrewID) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    /// Hashes the id's bytes (not its Unicode-normalised text, as `String` does).
    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = rawValue.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(rawValue.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Byte order of the ids' UTF-8.
    public static func < (lhs: BrewID, rhs: BrewID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}

/// Whether `text` has any Unicode whitespace; ASCII text is checked byte by byte, which is all a
/// journal of a million brews can afford.
func containsWhitespace(_ text: String) -> Bool {
    var isASCII = true
    for byte in text.utf8 {
        if byte >= 0x80 { isASCII = false; break }
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return true }
    }
    return isASCII ? false : text.unicodeScalars.contains { $0.properties.isWhitespace }
}
