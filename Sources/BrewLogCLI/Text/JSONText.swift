import BrewLogCore

/// A JSON value as `--json` prints it: compact, keys in the order given, strings quoted as the
/// journal quotes them and numbers written as the journal writes them. The one writer behind
/// every `--json` summary; brews themselves print as their journal lines.
indirect enum JSONText {
    case null
    case bool(Bool)
    case int(Int)
    /// A number; JSON has no infinity or NaN, so those are written as `null`.
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(key: String, value: JSONText)])

    /// `text` as a string, or `null` when absent.
    /// A field's value as the journal writes it.
    static func field(_ value: FieldValue) -> JSONText {
        switch value {
        case .id(let id): .string(id.rawValue)
        case .date(let timestamp): .string(timestamp.description)
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .integer(let integer): .int(integer)
        case .tags(let tags): .array(tags.map(JSONText.string))
        }
    }

    static func string(_ text: String?) -> JSONText {
        text.map(JSONText.string) ?? .null
    }

    /// The value as JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null:
            out += "null"
        case .bool(let value):
            out += value ? "true" : "false"
        case .int(let value):
            out += String(value)
        case .number(let value):
            out += value.isFinite ? formatNumber(value) : "null"
        case .string(let value):
            BrewLineCodec.appendJSONString(value, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                BrewLineCodec.appendJSONString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }
}

extension JSONText {
    /// A brew's journal object with `extra` members after its own keys (`add --json` adds the
    /// streak). A key of the brew's own that `extra` also names is left out, so no key appears twice.
    static func brew(_ record: BrewRecord, with extra: [(key: String, value: JSONText)]) -> String {
        var record = record
        let names = Set(extra.map(\.key))
        record.unknownFields.removeAll { names.contains($0.key) }
        var text = BrewLineCodec.encode(record)
        text.removeLast()
        for member in extra {
            text += ","
            BrewLineCodec.appendJSONString(member.key, to: &text)
            text += ":" + member.value.text
        }
        return text + "}"
    }
}
