/// Reads and writes the lines of a journal's history file (JSON Lines): a header line that says
/// the file is BrewLog's history, then one ``HistoryEntry`` a line, oldest first.
public enum HistoryCodec {
    /// The first line of every history file BrewLog writes: a file that starts otherwise is not
    /// BrewLog's and is never written to.
    public static let header = "{\"brewlog\":\"history\",\"version\":1}"

    /// Whether `line` (without its newline) is the header BrewLog writes.
    public static func isHeader(_ line: some Collection<UInt8>) -> Bool {
        line.elementsEqual(header.utf8)
    }

    /// The line for `entry`, without a newline.
    public static func encode(_ entry: HistoryEntry) -> String {
        var line: [UInt8] = Array("{\"id\":".utf8)
        BrewLineCodec.appendJSONString(entry.id, to: &line)
        line.append(contentsOf: ",\"at\":".utf8)
        BrewLineCodec.appendJSONString(entry.at.description, to: &line)
        line.append(contentsOf: ",\"command\":".utf8)
        BrewLineCodec.appendJSONString(entry.command, to: &line)
        line.append(contentsOf: ",\"arguments\":[".utf8)
        for (index, word) in entry.arguments.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            BrewLineCodec.appendJSONString(word, to: &line)
        }
        line.append(UInt8(ascii: "]"))
        if let undoes = entry.undoes {
            line.append(contentsOf: ",\"undoes\":".utf8)
            BrewLineCodec.appendJSONString(undoes, to: &line)
        }
        switch entry.journalBefore {
        case nil: break
        case .missing?: line.append(contentsOf: ",\"journal_before\":null".utf8)
        case let .file(file)?:
            line.append(contentsOf: (",\"journal_before\":{\"device\":\"\(file.device)\",\"inode\":\"\(file.inode)\",\"size\":\"\(file.size)\","
                                     + "\"modified\":\"\(file.modified)\"}").utf8)
        }
        if entry.linesOmitted {
            line.append(contentsOf: ",\"lines_omitted\":true".utf8)
        }
        line.append(contentsOf: ",\"changes\":[".utf8)
        for (index, change) in entry.changes.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line.append(contentsOf: "{\"id\":".utf8)
            BrewLineCodec.appendJSONString(change.id.rawValue, to: &line)
            if !entry.linesOmitted {
                line.append(contentsOf: ",\"before\":".utf8)
                appendOptionalString(change.before, to: &line)
                line.append(contentsOf: ",\"after\":".utf8)
                appendOptionalString(change.after, to: &line)
            }
            line.append(UInt8(ascii: "}"))
        }
        line.append(contentsOf: "]}".utf8)
        return String(decoding: line, as: UTF8.self)
    }

    private static func appendOptionalString(_ text: String?, to line: inout [UInt8]) {
        if let text { BrewLineCodec.appendJSONString(text, to: &line) } else { line.append(contentsOf: "null".utf8) }
    }

    /// The entry `line` (without its newline) holds; throws what is wrong with it.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> HistoryEntry {
        let members: [ObjectMember]
        do throws(JSONSyntaxError) {
            members = try ObjectMember.members(of: line, what: "a history entry")
        } catch {
            throw LineProblem(error.offset >= 0 ? "malformed JSON at byte \(error.offset + 1): \(error.message)" : error.message)
        }
        var fields: [String: JSONValue] = [:]
        for member in members { fields[member.key] = member.value }
        let id = try string(fields["id"], "id")
        guard let at = Timestamp(rfc3339: try string(fields["at"], "at")) else {
            throw LineProblem("\"at\" must be an RFC 3339 time")
        }
        let command = try string(fields["command"], "command")
        guard case let .array(words)? = fields["arguments"] else { throw LineProblem("\"arguments\" must be an array of strings") }
        var arguments: [String] = []
        for word in words {
            arguments.append(try string(word, "arguments"))
        }
        let undoes = try fields["undoes"].map { value throws(LineProblem) in try string(value, "undoes") }
        var omitted = false
        if let value = fields["lines_omitted"] {
            guard case let .bool(flag) = value else { throw LineProblem("\"lines_omitted\" must be true or false") }
            omitted = flag
        }
        guard case let .array(items)? = fields["changes"] else { throw LineProblem("\"changes\" must be an array") }
        var changes: [HistoryEntry.Change] = []
        var seen: Set<BrewID> = []
        for item in items {
            let change = try self.change(item, omitted: omitted)
            guard seen.insert(change.id).inserted else { throw LineProblem("record \(change.id) is listed twice") }
            changes.append(change)
        }
        return HistoryEntry(id: id, at: at, command: command, arguments: arguments, undoes: undoes, changes: changes,
                            linesOmitted: omitted, journalBefore: try fields["journal_before"].map(journalState))
    }

    /// Decodes a line given as text.
    public static func decode(_ line: String) throws(LineProblem) -> HistoryEntry {
        var copy = line
        let result = copy.withUTF8 { buffer in Result { () throws(LineProblem) in try decode(buffer) } }
        return try result.get()
    }

    private static func change(_ value: JSONValue, omitted: Bool) throws(LineProblem) -> HistoryEntry.Change {
        guard case let .object(pairs) = value else { throw LineProblem("each change must be an object") }
        var fields: [String: JSONValue] = [:]
        for (key, value) in pairs { fields[key] = value }
        guard let id = BrewID(try string(fields["id"], "id")) else { throw LineProblem("a change's \"id\" is not a record id") }
        if omitted { return HistoryEntry.Change(id: id, before: nil, after: nil) }
        let before = try optionalString(fields["before"], "before")
        let after = try optionalString(fields["after"], "after")
        guard before != nil || after != nil else { throw LineProblem("record \(id) has neither a line before nor after") }
        return HistoryEntry.Change(id: id, before: before, after: after)
    }

    private static func journalState(_ value: JSONValue) throws(LineProblem) -> JournalState {
        if case .null = value { return .missing }
        guard case let .object(pairs) = value else { throw LineProblem("\"journal_before\" must be an object or null") }
        var fields: [String: JSONValue] = [:]
        for (key, value) in pairs { fields[key] = value }
        guard let device = UInt64(try string(fields["device"], "device")), let inode = UInt64(try string(fields["inode"], "inode")),
              let size = Int(try string(fields["size"], "size")), size >= 0, let modified = Int64(try string(fields["modified"], "modified")) else {
            throw LineProblem("\"journal_before\" must hold a device, an inode, a size and a modification time, as digits")
        }
        return .file(JournalFingerprint(device: device, inode: inode, size: size, modified: modified))
    }

    private static func string(_ value: JSONValue?, _ key: String) throws(LineProblem) -> String {
        guard case let .string(text)? = value else { throw LineProblem("\"\(key)\" must be a string") }
        return text
    }

    private static func optionalString(_ value: JSONValue?, _ key: String) throws(LineProblem) -> String? {
        switch value {
        case .null?: return nil
        case let .string(text)?: return text
        default: throw LineProblem("\"\(key)\" must be a string or null")
        }
    }
}
