/// One member of a line holding one JSON object: its key, its value, and where the two are
/// written in the line (the key with its quotes), for readers that keep a member as written.
struct ObjectMember {
    let key: String
    let value: JSONValue
    /// The value's bytes in the line.
    let raw: Range<Int>
    /// The key's bytes in the line, quotes included.
    let rawKey: Range<Int>

    /// The members of the one JSON object `line` holds, in order; `what` names the record in
    /// the message when the line does not start with `{` ("a record").
    /// - Throws: Malformed JSON, a key given twice, or text after the closing `}`.
    static func members(of line: UnsafeBufferPointer<UInt8>, what: String) throws(JSONSyntaxError) -> [ObjectMember] {
        var members: [ObjectMember] = []
        var scanner = JSONScanner(line)
        try scanner.scanWholeObject(what) { scanner throws(JSONSyntaxError) in
            let keyStart = scanner.index
            let key = try scanner.scanString()
            let keyEnd = scanner.index
            // By bytes: keys Unicode calls equal but spelt apart are two keys, as JSON reads them.
            if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                throw JSONSyntaxError(message: "duplicate key \"\(cappedForMessage(key))\"", offset: keyStart)
            }
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), "expected ':' after key \"\(cappedForMessage(key))\"")
            scanner.skipWhitespace()
            let start = scanner.index
            let value = try scanner.scanValue()
            members.append(ObjectMember(key: key, value: value, raw: start..<scanner.index, rawKey: keyStart..<keyEnd))
            return key
        }
        return members
    }
}
