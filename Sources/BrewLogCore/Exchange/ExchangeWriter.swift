/// Writes an export piece by piece, so a journal of any size streams out: the opening (a JSON
/// array's `[`, a CSV header), then each brew and each record of another kind as it comes, then
/// the closing. The pieces joined are exactly what ``ExchangeFormat/encode(_:entries:)`` and
/// ``ExchangeFormat/encode(_:columns:bags:)`` return.
///
/// Brews are written as UTF-8 bytes appended to the caller's buffer, each value without a string
/// of its own (``FieldValue/appendTypedText(to:)``, ``FieldValue/appendJSON(to:)``), the column
/// keys made once: a million-brew export costs little more than reading its brews.
public struct ExchangeWriter {
    /// The format written.
    public let format: ExchangeFormat
    /// The columns each brew holds, or `nil` for whole brews (their journal lines).
    public var columns: [BrewColumn]? { brewText.columns }
    /// One brew's text made from its record.
    public let brewText: BrewText
    /// How many items (brews and records) were written, for the JSON array's separators.
    private var written = 0

    /// A writer of `format`, each brew holding `columns` (whole brews when `nil`).
    public init(format: ExchangeFormat, columns: [BrewColumn]? = nil, bags: BeanMatching = BeanMatching(bags: [])) {
        self.format = format
        brewText = BrewText(format: format, columns: columns, bags: bags)
    }

    /// What comes before the first item.
    public var opening: String {
        switch format {
        case .jsonl: return ""
        case .json: return "["
        case .csv:
            var header: [UInt8] = []
            for (index, key) in (columns?.map(\.key) ?? ExchangeFormat.csvColumns).enumerated() {
                if index > 0 { header.append(UInt8(ascii: ",")) }
                CSV.appendCell(Array(key.utf8), to: &header)
            }
            return String(decoding: header, as: UTF8.self) + "\r\n"
        }
    }

    /// Appends one brew to `output`: its journal line (`line`, asked for only for whole brews in
    /// JSON) or its record.
    public mutating func appendBrew(record: () -> BrewRecord, line: () -> String, to output: inout [UInt8]) {
        if format == .csv || columns != nil {
            var text: [UInt8] = []
            brewText.append(record(), to: &text)
            appendBrew(text: text, to: &output)
        } else {
            startItem(&output)
            output.append(contentsOf: line().utf8)
            endItem(&output)
        }
    }

    /// Appends one whole brew to `output` as its journal line's UTF-8 bytes (JSON Lines and JSON
    /// without chosen columns), copied as they are, with what separates it from the items before
    /// and after: what ``appendBrew(record:line:to:)`` appends for the line's text.
    public mutating func appendBrew(line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        startItem(&output)
        output.append(contentsOf: line)
        endItem(&output)
    }

    /// Appends one brew whose text ``brewText`` made (perhaps on another thread) to `output`,
    /// with what separates it from the items before and after.
    public mutating func appendBrew(text: [UInt8], to output: inout [UInt8]) {
        if format != .csv { startItem(&output) }
        output.append(contentsOf: text)
        if format != .csv { endItem(&output) }
    }

    /// One record of another kind; nothing in CSV, or when the brews hold chosen columns.
    public mutating func entry(_ entry: JournalEntry) -> String {
        guard format != .csv, columns == nil else { return "" }
        var output: [UInt8] = []
        startItem(&output)
        output.append(contentsOf: RecordLineCodec.encode(entry).utf8)
        endItem(&output)
        return String(decoding: output, as: UTF8.self)
    }

    /// What comes after the last item.
    public var closing: String {
        format == .json ? "]\n" : ""
    }

    /// What comes before an item of a JSON array (a separator after the first) or a JSON Lines file.
    private mutating func startItem(_ output: inout [UInt8]) {
        if format == .json && written > 0 { output.append(contentsOf: ",\n".utf8) }
        written += 1
    }

    /// What ends an item: a JSON Lines file's newline.
    private func endItem(_ output: inout [UInt8]) {
        if format != .json { output.append(0x0A) }
    }
}

/// The text of one brew as an export made of records writes it: a CSV row with its line end, or a
/// JSON object of the chosen columns, without what separates items. A function of the record
/// alone, so a pass may make it on every core while it reads the brews.
public struct BrewText: Sendable {
    /// The format made.
    public let format: ExchangeFormat
    /// The columns each brew holds, or `nil` for every field (CSV).
    public let columns: [BrewColumn]?
    /// What derived columns read a brew's bag from.
    let bags: BeanMatching
    /// Each column's `"key":` as a JSON object writes it, made once.
    private let jsonKeys: [[UInt8]]

    init(format: ExchangeFormat, columns: [BrewColumn]?, bags: BeanMatching) {
        self.format = format
        self.columns = columns
        self.bags = bags
        jsonKeys = (columns ?? []).map { column in
            var key: [UInt8] = []
            BrewLineCodec.appendJSONString(column.key, to: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
    }

    /// Appends `record`'s text to `output`. A brew's whole journal line is not made here: without
    /// columns, JSON copies the line.
    public func append(_ record: BrewRecord, to output: inout [UInt8]) {
        var cell: [UInt8] = []
        switch (format, columns) {
        case (.csv, let columns?):
            for (index, column) in columns.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendCell(column.value(of: record, bags: bags), to: &output, scratch: &cell)
            }
            output.append(contentsOf: [0x0D, 0x0A])
        case (.csv, nil):
            for field in BrewField.allCases {
                if field.rawValue > 0 { output.append(UInt8(ascii: ",")) }
                appendCell(record[field], to: &output, scratch: &cell)
            }
            output.append(contentsOf: [0x0D, 0x0A])
        case (_, let columns?):
            output.append(UInt8(ascii: "{"))
            for (index, column) in columns.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: jsonKeys[index])
                if let value = column.value(of: record, bags: bags) {
                    value.appendJSON(to: &output)
                } else {
                    output.append(contentsOf: "null".utf8)
                }
            }
            output.append(UInt8(ascii: "}"))
        case (_, nil):
            output.append(contentsOf: BrewLineCodec.encode(record).utf8)
        }
    }

    /// A CSV cell of `value`'s typed text, empty when there is none (`scratch` holds the text
    /// before it is quoted).
    private func appendCell(_ value: FieldValue?, to output: inout [UInt8], scratch: inout [UInt8]) {
        guard let value else { return }
        scratch.removeAll(keepingCapacity: true)
        value.appendTypedText(to: &scratch)
        CSV.appendCell(scratch, to: &output)
    }
}
