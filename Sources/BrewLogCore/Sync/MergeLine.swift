/// One line of a journal as the three-way merge sees it: a record keyed by its id, or any other
/// line (blank, bad, a marker) keyed by its bytes.
struct MergeLine {
    /// What a line is matched by across the three journals. The occurrence counts lines of the
    /// same id (or the same bytes) before it in its file, so a journal that repeats one is still
    /// matched line for line.
    enum Key: Hashable {
        /// A JSON object with a string `"id"`.
        case record(id: String, occurrence: Int)
        /// Any other line.
        case other(bytes: [UInt8], occurrence: Int)
    }

    /// One top-level member of a record, with its key and value exactly as written.
    struct Field {
        let key: String
        let value: JSONValue
        /// The key as written, quotes included.
        let rawKey: [UInt8]
        /// The value as written.
        let rawValue: [UInt8]
    }

    /// The line without its newline.
    let bytes: [UInt8]
    let key: Key
    /// The record's members in line order; `nil` for a line that is not a record.
    let fields: [Field]?

    /// The id of a record line.
    var id: String? {
        if case let .record(id, _) = key { return id }
        return nil
    }

    /// The record's `"kind"`, `nil` for a brew (or a line that is not a record).
    var kind: String? {
        guard case let .string(kind)? = fields?.first(where: { $0.key == "kind" })?.value else { return nil }
        return kind
    }

    /// Whether the line is a tombstone (a record of kind `removed`).
    var isTombstone: Bool { kind == JournalEntry.Kind.removed.rawValue }

    /// A tombstone's `was`: the line hash of the record it removed.
    var removedHash: String? {
        guard isTombstone, case let .string(hash)? = fields?.first(where: { $0.key == "was" })?.value else { return nil }
        return hash
    }

    /// The record's line hash (as a tombstone's `was` holds it); `nil` for a line that is not a
    /// valid brew or record of a kind BrewLog knows.
    var lineHash: String? {
        guard fields != nil else { return nil }
        return bytes.withUnsafeBufferPointer { line -> String? in
            if kind == nil {
                return (try? BrewLineCodec.decode(line)).map(Tombstone.lineHash(of:))
            }
            guard case let .entry(entry)? = try? RecordLineCodec.decode(line) else { return nil }
            return Tombstone.lineHash(of: entry)
        }
    }

    /// Whether `other` holds the same: the same bytes, or the same members with equal values in
    /// any order (a record rewritten in another spelling is not a change).
    func isEquivalent(to other: MergeLine) -> Bool {
        if bytes == other.bytes { return true }
        guard let fields, let others = other.fields, fields.count == others.count else { return false }
        return fields.allSatisfy { field in others.contains { $0.key == field.key && sameJSON($0.value, field.value) } }
    }

    /// The lines of `text` (a last line without a newline included), each keyed.
    static func lines(of text: [UInt8]) -> [MergeLine] {
        var seen: [Key: Int] = [:]
        var lines: [MergeLine] = []
        text.withUnsafeBufferPointer { buffer in
            forEachLine(in: buffer) { line in
                let bytes = Array(buffer[line.range])
                let fields = bytes.withUnsafeBufferPointer(MergeLine.fields(of:))
                let id: String? = fields.flatMap { members in
                    guard case let .string(id)? = members.first(where: { $0.key == "id" })?.value else { return nil }
                    return id
                }
                let first: Key = id.map { .record(id: $0, occurrence: 0) } ?? .other(bytes: bytes, occurrence: 0)
                let occurrence = seen[first, default: 0]
                seen[first] = occurrence + 1
                let key: Key = id.map { .record(id: $0, occurrence: occurrence) } ?? .other(bytes: bytes, occurrence: occurrence)
                lines.append(MergeLine(bytes: bytes, key: key, fields: id == nil ? nil : fields))
            }
        }
        return lines
    }

    /// The members of a line holding one JSON object (no key twice), else `nil`.
    static func fields(of line: UnsafeBufferPointer<UInt8>) -> [Field]? {
        guard let members = try? ObjectMember.members(of: line, what: "a record") else { return nil }
        return members.map { Field(key: $0.key, value: $0.value, rawKey: Array(line[$0.rawKey]), rawValue: Array(line[$0.raw])) }
    }
}

/// Whether two JSON values are equal: numbers by value, objects whatever their members' order.
func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case let (.string(x), .string(y)): x == y
    case let (.number(x), .number(y)): x == y
    case let (.bool(x), .bool(y)): x == y
    case (.null, .null): true
    case let (.array(x), .array(y)): x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    case let (.object(x), .object(y)):
        x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && sameJSON($0.value, member.value) } }
    default: false
    }
}
