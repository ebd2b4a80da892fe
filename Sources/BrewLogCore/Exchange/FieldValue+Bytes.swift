extension FieldValue {
    /// Appends ``typedText`` (what a CSV cell holds) as UTF-8, without making a string for a
    /// number or a date: an export writes every field of every brew.
    func appendTypedText(to output: inout [UInt8]) {
        switch self {
        case .id(let id): output.append(contentsOf: id.rawValue.utf8)
        case .date(let timestamp): timestamp.appendText(to: &output)
        case .text(let text): output.append(contentsOf: text.utf8)
        case .number(let number): appendFormattedNumber(number, to: &output)
        case .integer(let integer): appendPadded(integer, 0, to: &output)
        case .tags(let tags):
            for (index, tag) in tags.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: tag.utf8)
            }
        }
    }

    /// Appends the value as a journal line writes it: text as a JSON string, a number as
    /// ``formatNumber(_:)`` writes it, tags as an array of strings. A date's text needs no
    /// escape (digits, `-`, `:`, `.`, `T` and `+`), so it is written between quotes as it is.
    func appendJSON(to output: inout [UInt8]) {
        switch self {
        case .id(let id): BrewLineCodec.appendJSONString(id.rawValue, to: &output)
        case .date(let timestamp):
            output.append(UInt8(ascii: "\""))
            timestamp.appendText(to: &output)
            output.append(UInt8(ascii: "\""))
        case .text(let text): BrewLineCodec.appendJSONString(text, to: &output)
        case .number(let number): appendFormattedNumber(number, to: &output)
        case .integer(let integer): appendPadded(integer, 0, to: &output)
        case .tags(let tags):
            output.append(UInt8(ascii: "["))
            for (index, tag) in tags.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                BrewLineCodec.appendJSONString(tag, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
    }
}
