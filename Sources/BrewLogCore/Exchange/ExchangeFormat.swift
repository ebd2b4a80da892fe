import Foundation

/// The formats brews are exported to and imported from.
///
/// `jsonl` is the journal's own format (unknown keys included); `json` is an array of the same
/// objects; `csv` follows RFC 4180 with a header row, CRLF line ends and tags joined by `,` in one
/// quoted cell (tags never hold a comma, so a `;` inside a tag stays in it).
public enum ExchangeFormat: String, CaseIterable, Sendable {
    case jsonl, json, csv

    /// The CSV columns, which are the journal keys in ``BrewField`` order.
    public static let csvColumns = BrewField.allCases.map(\.journalKey)

    /// The format a file name suggests: `.csv`, `.json`, else JSON Lines.
    public init(fileName: String) {
        self = ExchangeFormat(suggestedBy: fileName) ?? .jsonl
    }

    /// The format a file name's extension names (`.csv`, `.json`, `.jsonl`, `.ndjson`), or `nil`.
    public init?(suggestedBy fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".csv") {
            self = .csv
        } else if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            self = .jsonl
        } else {
            return nil
        }
    }

    /// The format the first non-blank line of a file looks like: `[` opens a JSON array, `{` a
    /// JSON Lines object, and a line of comma-separated names with a `date` column a CSV header;
    /// `nil` when it looks like none of them.
    public init?(sniffing firstLine: some Collection<UInt8>) {
        let text = String(decoding: firstLine, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("[") {
            self = .json
        } else if trimmed.hasPrefix("{") {
            self = .jsonl
        } else if trimmed.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "date" }) {
            self = .csv
        } else {
            return nil
        }
    }

    /// `records` in this format.
    public func encode(_ records: [BrewRecord]) -> String {
        switch self {
        case .jsonl:
            return records.map { BrewLineCodec.encode($0) + "\n" }.joined()
        case .json:
            return "[" + records.map(BrewLineCodec.encode).joined(separator: ",\n") + "]\n"
        case .csv:
            var text = ExchangeFormat.csvColumns.joined(separator: ",") + "\r\n"
            for record in records {
                let cells = BrewField.allCases.map { field in record[field].map(CSV.cell) ?? "" }
                text += cells.map(CSV.quote).joined(separator: ",") + "\r\n"
            }
            return text
        }
    }

    /// Every record in `bytes`, or every problem (with its 1-based line) when there is any.
    public func decode(_ bytes: [UInt8]) -> Result<[BrewRecord], ImportProblems> {
        var records: [BrewRecord] = []
        var lines: [Int] = []
        var problems: [ImportProblems.Problem] = []
        func take(_ line: Int, _ decode: () throws(LineProblem) -> BrewRecord) {
            do throws(LineProblem) {
                records.append(try decode())
                lines.append(line)
            } catch {
                problems.append(.init(line: line, reason: error.reason))
            }
        }
        let startsWithBOM = bytes.withUnsafeBufferPointer(startsWithByteOrderMark)
        // Spreadsheets write "CSV UTF-8" with a byte order mark: CSV takes it (and drops it).
        // JSON and JSON Lines, which BrewLog and scripts write, are read without one.
        guard !startsWithBOM || self == .csv else {
            return .failure(ImportProblems(problems: [.init(line: 1, reason: ExchangeFormat.byteOrderMarkReason)]))
        }
        Array(bytes.dropFirst(startsWithBOM ? 3 : 0)).withUnsafeBufferPointer { buffer in
            switch self {
            case .jsonl:
                try? forEachLine(in: buffer) { line throws(JournalError) in
                    let text = UnsafeBufferPointer(rebasing: buffer[line.range])
                    guard !isBlank(text) else { return }
                    take(line.number) { () throws(LineProblem) in try BrewLineCodec.decode(text) }
                }
            case .json:
                var scanner = JSONScanner(buffer)
                do throws(JSONSyntaxError) {
                    try scanner.scanArrayElements { range in
                        take(lineNumber(of: range.lowerBound, in: buffer)) { () throws(LineProblem) in
                            try BrewLineCodec.decode(UnsafeBufferPointer(rebasing: buffer[range]))
                        }
                    }
                } catch {
                    problems.append(.init(line: lineNumber(of: error.offset, in: buffer), reason: "malformed JSON: \(error.message)"))
                }
            case .csv:
                CSV.decode(buffer, records: &records, lines: &lines, problems: &problems)
            }
        }
        var firstLine: [BrewID: Int] = [:]
        for (record, line) in zip(records, lines) where problems.isEmpty {
            if let first = firstLine[record.id] {
                problems.append(.init(line: line, reason: "duplicate id '\(record.id)' in the file (first on line \(first))"))
            } else {
                firstLine[record.id] = line
            }
        }
        return problems.isEmpty ? .success(records) : .failure(ImportProblems(problems: problems.sorted { $0.line < $1.line }))
    }
}

extension ExchangeFormat {
    /// Why an import file that starts with a UTF-8 byte order mark is refused, said by name
    /// (BrewLog reads UTF-8 without one, in every format).
    static let byteOrderMarkReason = "the file starts with a UTF-8 byte order mark (BOM); save it without one and import again"
}

/// Every bad record of an import file.
public struct ImportProblems: Error, Equatable, Sendable {
    /// One bad record: the line it starts on and what is wrong.
    public struct Problem: Equatable, Sendable {
        /// The 1-based line the record starts on.
        public let line: Int
        /// What is wrong.
        public let reason: String
    }

    /// The problems, in file order.
    public let problems: [Problem]
}

private func lineNumber(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    1 + buffer.prefix(max(0, min(offset, buffer.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
}
