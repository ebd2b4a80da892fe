#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The formats brews are exported to and imported from.
///
/// `jsonl` is the journal's own format (unknown keys included, skip days after the brews); `json`
/// is an array of the same objects; `csv` holds brews only and follows RFC 4180 with a header row, CRLF line ends and tags joined by `,` in one
/// quoted cell (tags never hold a comma, so a `;` inside a tag stays in it). An import reads CSV
/// in the dialects spreadsheets write as well (``CSVDialect``).
public enum ExchangeFormat: String, CaseIterable, Sendable {
    case jsonl, json, csv

    /// The CSV columns, which are the journal keys in ``BrewField`` order.
    public static let csvColumns = BrewField.allCases.map(\.journalKey)

    /// The format a file name's extension names (`.csv` or `.tsv`, `.json`, `.jsonl`, `.ndjson`), or `nil`.
    public init?(suggestedBy fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") {
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
    /// JSON Lines object, and a CSV header a line of names separated by `,`, `;` or tabs with a
    /// `date` column among them (in any case, in double quotes or not, blanks around it), or
    /// Excel's `sep=X` line; `nil` when it looks like none of them.
    public init?(sniffing firstLine: some Collection<UInt8>) {
        let text = String(decoding: firstLine, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("[") {
            self = .json
        } else if trimmed.hasPrefix("{") {
            self = .jsonl
        } else if CSVDelimiter(sniffing: firstLine) != nil || SeparatorLine(firstLine) != nil {
            self = .csv
        } else {
            return nil
        }
    }

    /// `brews`, then the records of other kinds `entries`, in this format: in JSON Lines and JSON
    /// each brew is its journal line exactly as read (``BrewLineCodec/line(of:)``); CSV has
    /// columns for brews only, so it leaves `entries` out. ``ExchangeWriter`` writes the same
    /// piece by piece.
    public func encode(_ brews: [Brew], entries: [JournalEntry] = []) -> String {
        var writer = ExchangeWriter(format: self)
        var bytes: [UInt8] = []
        for brew in brews {
            writer.appendBrew(record: { brew.record }, line: { BrewLineCodec.line(of: brew) }, to: &bytes)
        }
        var text = writer.opening + String(decoding: bytes, as: UTF8.self)
        for entry in entries {
            text += writer.entry(entry)
        }
        return text + writer.closing
    }

    /// Every brew in `bytes` (a CSV file read in `dialect`), or every problem (with its 1-based
    /// line) when there is any.
    public func decode(_ bytes: [UInt8], csv dialect: CSVDialect) -> Result<[BrewRecord], ImportProblems> {
        decodeContents(bytes, csv: dialect).map(\.records)
    }

    /// Every brew and every record of another kind BrewLog knows in `bytes` (records of kinds it
    /// does not know are counted and left out), or every problem (with its 1-based line) when
    /// there is any. Ids must be unique across kinds. A CSV file is read in `dialect`; JSON and
    /// JSON Lines have none.
    public func decodeContents(_ bytes: [UInt8], csv dialect: CSVDialect) -> Result<ExchangeContents, ImportProblems> {
        var records: [BrewRecord] = []
        var lines: [Int] = []
        var entries: [(entry: JournalEntry, line: Int)] = []
        var unknownKindCount = 0
        var unknownKindIDs: [(id: BrewID, line: Int)] = []
        var problems: [ImportProblems.Problem] = []
        func take(_ line: Int, _ decode: () throws(LineProblem) -> BrewRecord) {
            do throws(LineProblem) {
                records.append(try decode())
                lines.append(line)
            } catch {
                problems.append(.init(line: line, reason: error.reason))
            }
        }
        /// A JSON object that may be a brew or a record of another kind.
        func takeObject(_ line: Int, _ text: UnsafeBufferPointer<UInt8>) {
            switch decodeObject(text) {
            case let .success(.brew(record)):
                records.append(record)
                lines.append(line)
            case let .success(.entry(entry)):
                entries.append((entry, line))
            case let .success(.unknownKind(id)):
                unknownKindCount += 1
                if let id { unknownKindIDs.append((id, line)) }
            case let .failure(problem):
                problems.append(.init(line: line, reason: problem.reason))
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
                    takeObject(line.number, text)
                }
            case .json:
                var scanner = JSONScanner(buffer)
                do throws(JSONSyntaxError) {
                    try scanner.scanArrayElements { range in
                        takeObject(lineNumber(of: range.lowerBound, in: buffer), UnsafeBufferPointer(rebasing: buffer[range]))
                    }
                } catch {
                    problems.append(.init(line: lineNumber(of: error.offset, in: buffer), reason: "malformed JSON: \(error.message)"))
                }
            case .csv:
                CSV.decode(buffer, dialect: dialect, records: &records, lines: &lines, problems: &problems)
            }
        }
        var firstLine: [BrewID: Int] = [:]
        // Ids are unique across every kind, known or not, in the file as in the journal.
        let ids = zip(records.map(\.id), lines) + entries.map { ($0.entry.id, $0.line) } + unknownKindIDs.map { ($0.id, $0.line) }
        for (id, line) in ids.sorted(by: { $0.1 < $1.1 }) where problems.isEmpty {
            if let first = firstLine[id] {
                problems.append(.init(line: line, reason: "duplicate id '\(id)' in the file (first on line \(first))"))
            } else {
                firstLine[id] = line
            }
        }
        guard problems.isEmpty else { return .failure(ImportProblems(problems: problems.sorted { $0.line < $1.line })) }
        return .success(ExchangeContents(records: records, entries: entries.map(\.entry), unknownKindCount: unknownKindCount))
    }
}

/// What an import file holds.
public struct ExchangeContents: Equatable, Sendable {
    /// The brews, in file order.
    public var records: [BrewRecord]
    /// The records of other kinds BrewLog knows, in file order.
    public var entries: [JournalEntry]
    /// How many records hold a kind BrewLog does not know (left out of an import).
    public var unknownKindCount: Int
}

/// One JSON object of an import file, read as a brew or, with a `"kind"` key, a record of its kind.
private func decodeObject(_ text: UnsafeBufferPointer<UInt8>) -> Result<KindedOrBrew, LineProblem> {
    let problem: LineProblem
    do throws(LineProblem) {
        return .success(.brew(try BrewLineCodec.decode(text)))
    } catch {
        problem = error
    }
    do throws(LineProblem) {
        switch try RecordLineCodec.decode(text) {
        case let .entry(entry)?: return .success(.entry(entry))
        case let .unknownKind(_, id)?: return .success(.unknownKind(id))
        case nil: return .failure(problem)
        }
    } catch {
        return .failure(problem == .notABrew || !error.reason.hasPrefix("malformed JSON") ? error : problem)
    }
}

/// What ``decodeObject(_:)`` found.
private enum KindedOrBrew {
    case brew(BrewRecord)
    case entry(JournalEntry)
    /// A record of a kind this BrewLog does not know, with its id when it has a readable one.
    case unknownKind(BrewID?)
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
