/// A record of kind `removed`: the record with this id was removed here, so a two-way merge (an
/// import, a conflict copy) does not bring it back.
///
/// It takes the removed record's id (ids stay unique across kinds: the tombstone is the only
/// record with it) and its line hash, ``was``, so an incoming copy of exactly what was removed
/// is known for what it is, and a copy changed since is not.
public struct Tombstone: Hashable, Sendable {
    /// The removed record's id.
    public var id: BrewID
    /// When it was removed, with the offset of the clock that removed it.
    public var at: Timestamp
    /// The removed record's line hash (see `lineHash(of:)`): 64 lowercase hexadecimal digits.
    public var was: String
    /// Keys BrewLog does not know, with their raw JSON values, kept through every rewrite.
    public var unknownFields: [UnknownField]

    /// A tombstone with the given fields.
    public init(id: BrewID, at: Timestamp, was: String, unknownFields: [UnknownField] = []) {
        self.id = id
        self.at = at
        self.was = was
        self.unknownFields = unknownFields
    }

    /// The line hash of a brew: the SHA-256, in hexadecimal, of its line as BrewLog writes it.
    ///
    /// A line BrewLog wrote hashes to the SHA-256 of its own bytes (`sha256sum` agrees); one
    /// another program reformatted (`jq`) hashes as the same record does, since it is decoded
    /// and written again first. So two copies of one brew match whatever their spelling, and any
    /// change to a field, a tag or an unknown key makes another hash.
    public static func lineHash(of record: BrewRecord) -> String {
        SHA256.hexDigest(of: BrewLineCodec.encode(record).utf8)
    }

    /// The line hash of a record of another kind (a skip day, a bag), by the same rule.
    public static func lineHash(of entry: JournalEntry) -> String {
        SHA256.hexDigest(of: RecordLineCodec.encode(entry).utf8)
    }

    /// Whether `text` is a line hash as ``was`` holds one.
    static func isLineHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension RecordLineCodec {
    /// The keys a `removed` record defines.
    static let tombstoneKeys: Set<String> = ["id", "kind", "at", "was"]

    /// Reads a tombstone, refusing a missing or malformed `at` or `was`.
    static func tombstone(_ fields: [String: JSONValue], unknown: [UnknownField]) throws(LineProblem) -> Tombstone {
        let id = try requiredID(fields)
        guard let atValue = fields["at"] else { throw LineProblem("missing required key \"at\" in a removed record") }
        guard case let .string(atText) = atValue, let at = Timestamp(rfc3339: atText) else {
            throw LineProblem("\"at\" of a removed record must be an RFC 3339 date and time, got \(describe(atValue))")
        }
        guard let wasValue = fields["was"] else { throw LineProblem("missing required key \"was\" in a removed record") }
        guard case let .string(was) = wasValue, Tombstone.isLineHash(was) else {
            throw LineProblem("\"was\" of a removed record must be a SHA-256 as 64 lowercase hexadecimal digits, got \(describe(wasValue))")
        }
        return Tombstone(id: id, at: at, was: was, unknownFields: unknown)
    }

    /// Appends a tombstone's keys after `id` and `kind`.
    static func appendFields(of tombstone: Tombstone, to line: inout [UInt8]) {
        line.append(contentsOf: ",\"at\":\"".utf8)
        tombstone.at.appendText(to: &line)
        line.append(contentsOf: "\",\"was\":\"\(tombstone.was)\"".utf8)
    }
}
