/// Reading another tool's JSON records: their members by name, numbers that some exports write
/// as text, and any value written back as compact JSON for an unknown key.
extension JSONValue {
    /// The value of member `key` of an object (the last, if the key repeats), else `nil`.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members of an object, or `nil`.
    var members: [(key: String, value: JSONValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil`.
    var elements: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    /// A string's text, or `nil`.
    var text: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// A number, or text that is one (exports of older app versions wrote some numbers as text),
    /// or `nil` for anything else, empty text included.
    var numeric: Double? {
        switch self {
        case let .number(value): return value
        case let .string(text): return JSONValue.isDecimal(text) ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil
        default: return nil
        }
    }

    /// Whether `text` is a decimal number as JSON writes one (`-12.5`, `1e3`), not another spelling
    /// `Double` would read (`0x1e`, `inf`, `+5`, ` 5`).
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// The first key that `members` holds twice, if one does.
    static func firstRepeatedKey(_ members: [(key: String, value: JSONValue)]) -> String? {
        var seen: Set<String> = []
        return members.first { !seen.insert($0.key).inserted }?.key
    }

    /// Whether this is what an app writes for "nothing here": `null`, `0`, `false`, empty text,
    /// an empty array, or an object of such values.
    var isEmptyDefault: Bool {
        switch self {
        case .null: true
        case let .number(value): value == 0
        case let .bool(value): !value
        case let .string(text): text.isEmpty
        case let .array(elements): elements.isEmpty
        case let .object(members): members.allSatisfy { $0.value.isEmptyDefault }
        }
    }

    /// The value as compact JSON text.
    var compactText: String {
        switch self {
        case let .string(text):
            var output = ""
            BrewLineCodec.appendJSONString(text, to: &output)
            return output
        case let .number(value): return formatNumber(value)
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        case let .array(elements): return "[" + elements.map(\.compactText).joined(separator: ",") + "]"
        case let .object(members):
            return "{" + members.map { member in
                var key = ""
                BrewLineCodec.appendJSONString(member.key, to: &key)
                return key + ":" + member.value.compactText
            }.joined(separator: ",") + "}"
        }
    }
}
