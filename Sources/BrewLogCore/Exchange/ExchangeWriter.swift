/// Writes an export piece by piece, so a journal of any size streams out: the opening (a JSON
/// array's `[`, a CSV header), then each brew and each record of another kind as it comes, then
/// the closing. The pieces joined are exactly what ``ExchangeFormat/encode(_:entries:)`` and
/// ``ExchangeFormat/encode(_:columns:bags:)`` return.
public struct ExchangeWriter {
    /// The format written.
    public let format: ExchangeFormat
    /// The columns each brew holds, or `nil` for whole brews (their journal lines).
    public let columns: [BrewColumn]?
    /// What derived columns read a brew's bag from.
    let bags: BeanMatching
    /// How many items (brews and records) were written, for the JSON array's separators.
    private var written = 0

    /// A writer of `format`, each brew holding `columns` (whole brews when `nil`).
    public init(format: ExchangeFormat, columns: [BrewColumn]? = nil, bags: BeanMatching = BeanMatching(bags: [])) {
        self.format = format
        self.columns = columns
        self.bags = bags
    }

    /// What comes before the first item.
    public var opening: String {
        switch format {
        case .jsonl: ""
        case .json: "["
        case .csv: (columns?.map(\.key) ?? ExchangeFormat.csvColumns).map(CSV.quote).joined(separator: ",") + "\r\n"
        }
    }

    /// One brew: its journal line (`line`, asked for only for whole brews in JSON) or its record.
    public mutating func brew(record: () -> BrewRecord, line: () -> String) -> String {
        switch (format, columns) {
        case (.csv, let columns?):
            let record = record()
            return columns.map { CSV.quote($0.value(of: record, bags: bags)?.typedText ?? "") }.joined(separator: ",") + "\r\n"
        case (.csv, nil):
            let record = record()
            return BrewField.allCases.map { field in CSV.quote(record[field].map(\.typedText) ?? "") }.joined(separator: ",") + "\r\n"
        case (_, let columns?):
            return item(ExchangeFormat.object(record(), columns: columns, bags: bags))
        case (_, nil):
            return item(line())
        }
    }

    /// One record of another kind; nothing in CSV, or when the brews hold chosen columns.
    public mutating func entry(_ entry: JournalEntry) -> String {
        guard format != .csv, columns == nil else { return "" }
        return item(RecordLineCodec.encode(entry))
    }

    /// What comes after the last item.
    public var closing: String {
        format == .json ? "]\n" : ""
    }

    /// `text` as an item of a JSON array or a JSON Lines file.
    private mutating func item(_ text: String) -> String {
        defer { written += 1 }
        switch format {
        case .json: return (written == 0 ? "" : ",\n") + text
        case .jsonl, .csv: return text + "\n"
        }
    }
}
