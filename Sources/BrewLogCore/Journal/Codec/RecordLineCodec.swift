/// Reads and writes the journal lines that are not brews: JSON objects with a `"kind"` key.
///
/// These lines are few (a skip day now and then), so they are read with the general JSON value
/// parser rather than the brews' byte matcher. A known kind is validated by its own rules; a
/// kind BrewLog does not know is only checked to be a JSON object (a newer BrewLog wrote it), and
/// the journal keeps its line byte for byte.
public enum RecordLineCodec {
    /// What a line with a `"kind"` key holds.
    public enum Content: Hashable, Sendable {
        /// A record of a kind BrewLog knows.
        case entry(JournalEntry)
        /// A record of a kind BrewLog does not know, with its id when it has one BrewLog could
        /// read (so ids stay unique across kinds).
        case unknownKind(String, id: BrewID?)
    }

    /// The record in `line` (without its newline); `nil` when the line is a JSON object with no
    /// `"kind"` key (a brew, or meant to be one). Throws malformed JSON and bad values.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> Content? {
        let members: [ObjectMember]
        do throws(JSONSyntaxError) {
            members = try ObjectMember.members(of: line, what: "a record")
        } catch {
            throw LineProblem(error.offset >= 0 ? "malformed JSON at byte \(error.offset + 1): \(error.message)" : error.message)
        }
        guard let kindMember = members.first(where: { $0.key == "kind" }) else { return nil }
        guard case let .string(kindName) = kindMember.value else {
            throw LineProblem("\"kind\" must be a string, got \(kindMember.value.kind)")
        }
        var fields: [String: JSONValue] = [:]
        for member in members { fields[member.key] = member.value }
        guard let kind = JournalEntry.Kind(rawValue: kindName) else {
            if case let .string(text)? = fields["id"] { return .unknownKind(kindName, id: BrewID(text)) }
            return .unknownKind(kindName, id: nil)
        }
        let unknown = members.filter { !kind.keys.contains($0.key) }.map { member in
            UnknownField(key: member.key, rawJSON: String(decoding: UnsafeBufferPointer(rebasing: line[member.raw]), as: UTF8.self),
                         rawKey: String(decoding: UnsafeBufferPointer(rebasing: line[member.rawKey]), as: UTF8.self))
        }
        switch kind {
        case .skip:
            return .entry(.skip(try skipDay(fields, unknown: unknown)))
        case .bean:
            return .entry(.bean(try beanBag(fields, unknown: unknown)))
        case .removed:
            return .entry(.removed(try tombstone(fields, unknown: unknown)))
        }
    }

    /// Decodes a line given as text (for tests and imports).
    public static func decode(_ line: String) throws(LineProblem) -> Content? {
        var copy = line
        let result = copy.withUTF8 { buffer in Result { () throws(LineProblem) in try decode(buffer) } }
        return try result.get()
    }

    /// The line for `entry`, without a newline: `id` and `kind` first, then its fields, then the
    /// keys BrewLog does not know, exactly as they were read.
    public static func encode(_ entry: JournalEntry) -> String {
        var line: [UInt8] = Array("{\"id\":".utf8)
        BrewLineCodec.appendJSONString(entry.id.rawValue, to: &line)
        line.append(contentsOf: ",\"kind\":".utf8)
        BrewLineCodec.appendJSONString(entry.kind.rawValue, to: &line)
        let unknown: [UnknownField]
        switch entry {
        case let .skip(skip):
            line.append(contentsOf: ",\"day\":\"\(skip.day)\"".utf8)
            if let notes = skip.notes {
                line.append(contentsOf: ",\"notes\":".utf8)
                BrewLineCodec.appendJSONString(notes, to: &line)
            }
            unknown = skip.unknownFields
        case let .bean(bag):
            appendFields(of: bag, to: &line)
            unknown = bag.unknownFields
        case let .removed(tombstone):
            appendFields(of: tombstone, to: &line)
            unknown = tombstone.unknownFields
        }
        for field in unknown {
            line.append(UInt8(ascii: ","))
            line.append(contentsOf: field.rawKey.utf8)
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: field.rawJSON.utf8)
        }
        line.append(UInt8(ascii: "}"))
        return String(decoding: line, as: UTF8.self)
    }

    private static func skipDay(_ fields: [String: JSONValue], unknown: [UnknownField]) throws(LineProblem) -> SkipDay {
        let id = try requiredID(fields)
        guard let dayValue = fields["day"] else { throw LineProblem("missing required key \"day\" in a skip record") }
        guard case let .string(dayText) = dayValue, let day = CalendarDay(parsing: dayText) else {
            throw LineProblem("\"day\" of a skip record must be a date as YYYY-MM-DD, got \(describe(dayValue))")
        }
        var notes: String?
        switch fields["notes"] {
        case nil, .null?: notes = nil
        case let .string(text)?: notes = text.isEmpty ? nil : text
        case let other?: throw LineProblem("\"notes\" must be a string, got \(other.kind)")
        }
        return SkipDay(id: id, day: day, notes: notes, unknownFields: unknown)
    }

    static func requiredID(_ fields: [String: JSONValue]) throws(LineProblem) -> BrewID {
        guard let value = fields["id"] else { throw LineProblem("missing required key \"id\"") }
        guard case let .string(text) = value else { throw LineProblem("\"id\" must be a string, got \(value.kind)") }
        guard let id = BrewID(text) else { throw LineProblem("\"id\" must be \(BrewID.rule) (got \"\(cappedForMessage(text))\")") }
        return id
    }

    static func describe(_ value: JSONValue) -> String {
        if case let .string(text) = value { return "\"\(cappedForMessage(text))\"" }
        return value.kind
    }
}

extension JournalEntry.Kind {
    /// The keys a record of this kind defines (the others are kept as unknown fields).
    var keys: Set<String> {
        switch self {
        case .skip: ["id", "kind", "day", "notes"]
        case .bean: BeanBag.journalKeys
        case .removed: RecordLineCodec.tombstoneKeys
        }
    }
}
