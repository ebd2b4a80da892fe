/// Reading another tool's JSON document whole: its members by name, numbers that some exports
/// write as text, and any value written back as compact JSON for an unknown key.
extension JSONValue {
    /// Parses `bytes` as one JSON document (whitespace around it allowed).
    static func document(_ bytes: [UInt8]) -> Result<JSONValue, ForeignImportProblems> {
        bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, ForeignImportProblems> in
            var scanner = JSONScanner(buffer)
            do throws(JSONSyntaxError) {
                scanner.skipWhitespace()
                let value = try scanner.scanValue()
                scanner.skipWhitespace()
                guard scanner.index == buffer.count else { throw scanner.fail("unexpected text after the document") }
                return .success(value)
            } catch {
                let line = 1 + buffer.prefix(max(0, min(error.offset, buffer.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                return .failure(ForeignImportProblems(line: line, "malformed JSON: \(error.message)"))
            }
        }
    }

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
        case let .string(text): return Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
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
