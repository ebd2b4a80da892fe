/// Judges an import file line by line as it arrives, before it is decoded whole, so that an
/// endless stream of garbage (`yes a,b | brewlog import -`) is stopped after a few bad records
/// instead of filling memory: each line is good or bad, and the reader stops after enough bad
/// ones. Decoding the whole file afterwards says exactly what is wrong.
///
/// - JSON Lines: each line must be blank or a record whose id no earlier record has.
/// - CSV: the first line may be Excel's `sep=X`, naming the delimiter (unless one is given); the
///   first other line must be a header with a `date` column, its delimiter sniffed unless named;
///   each row that ends on a line (quotes may carry it over several) must have the header's
///   number of cells and a `date` cell that writes a moment out (``WrittenMoment``).
/// - JSON: each element of the top-level array is checked as a record (its id new) once it is complete
///   (elements may span lines); nesting past the limit is bad at once.
///
/// A record, a CSV row or an array element longer than `maximumRecordLength` is refused as it
/// grows (``tooLong``), whatever the lines it is cut into.
public struct StreamJudge: Sendable {
    /// The format being judged.
    public let format: ExchangeFormat
    /// The CSV delimiter given, or `nil` to take it from the file.
    public let csvDelimiter: CSVDelimiter?
    /// The longest record, row or element accepted.
    public let maximumRecordLength: Int
    /// Set when a record, row or element passed ``maximumRecordLength``: stop, and say so.
    public private(set) var tooLong = false
    /// How many bytes of input an import would keep only to leave out: blank lines, and records
    /// of kinds this BrewLog does not know.
    public private(set) var ignoredBytes = 0
    /// The most such input an import reads: an endless stream of blank lines is garbage too.
    public static let maximumIgnoredBytes = 16 << 20

    /// Whether more input than ``maximumIgnoredBytes`` was only to be left out: stop, and say so.
    public var ignoredTooMuch: Bool { ignoredBytes > StreamJudge.maximumIgnoredBytes }
    /// The most records one import takes: twice the largest journal BrewLog is measured with, so
    /// that an endless stream of good records (ids that never repeat) ends too.
    public static let maximumRecords = 2_000_000
    /// How many records were judged good so far.
    public private(set) var records = 0
    /// Whether more than ``maximumRecords`` came: stop, and say so.
    public var tooManyRecords: Bool { records > StreamJudge.maximumRecords }

    private var sawHeader = false
    private var atFirstLine = true
    private var declaredDelimiter: CSVDelimiter?
    private var delimiter = CSVDelimiter.comma
    private var columns = 0
    private var dateColumn = 0
    private var idColumn: Int?
    private var cells = 0
    private var row: [UInt8] = []
    private var inQuotes = false
    private var rowLength = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var element: [UInt8] = []
    private var pendingBad = false
    private var ids: Set<BrewID> = []

    /// A judge of a file in `format`, a CSV one split at `csvDelimiter` when given.
    public init(format: ExchangeFormat, csvDelimiter: CSVDelimiter? = nil, maximumRecordLength: Int = 16 << 20) {
        self.format = format
        self.csvDelimiter = csvDelimiter
        self.maximumRecordLength = maximumRecordLength
    }

    /// Whether `line` (without its newline) is good so far.
    public mutating func judge(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        switch format {
        case .jsonl:
            return judgeRecord(line)
        case .csv:
            defer { atFirstLine = false }
            if atFirstLine, let separator = SeparatorLine(line) {
                declaredDelimiter = separator.delimiter
                return csvDelimiter != nil || separator.delimiter != nil
            }
            if !inQuotes, !line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                ignoredBytes += line.count + 1
                return !ignoredTooMuch
            }
            return judgeCSV(line)
        case .json:
            if depth <= 1, !inString, !line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                ignoredBytes += line.count + 1
                return !ignoredTooMuch
            }
            return judgeJSON(line)
        }
    }

    private mutating func judgeCSV(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if !sawHeader {
            return judgeHeader(line)
        }
        if !inQuotes {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            cells = 1
            rowLength = 0
            row.removeAll(keepingCapacity: true)
        } else {
            rowLength += 1
            row.append(0x0A)
        }
        row.append(contentsOf: line)
        rowLength += line.count
        if rowLength > maximumRecordLength {
            tooLong = true
            return false
        }
        for byte in line {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if byte == delimiter.byte, !inQuotes { cells += 1 }
        }
        guard !inQuotes else { return true }
        guard cells == columns else { return false }
        // A whole row is checked further: its date must be a moment.
        let cells = row.withUnsafeBufferPointer { CSVCells.split($0, delimiter: delimiter) }
        guard dateColumn < cells.count, WrittenMoment(parsing: cells[dateColumn].trimmingWhitespace()) != nil else { return false }
        // A row's own id must be new in the file; an empty one is derived, never repeated.
        guard let idColumn, idColumn < cells.count else { return counted() }
        return (cells[idColumn].isEmpty || isFirst(BrewID(unchecked: cells[idColumn]))) && counted()
    }

    /// A line of the header, which, as the decoder reads it, may go on over several lines inside
    /// a quoted name; a line of one empty cell (`""`) is blank to the decoder, and so here.
    private mutating func judgeHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if !inQuotes {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            // The delimiter is sniffed from the header's first line, as the decoder sniffs it.
            delimiter = csvDelimiter ?? declaredDelimiter ?? CSVDelimiter(sniffing: line) ?? .comma
            guard CSVCells.split(line, delimiter: delimiter) != [""] else { return true }
            row.removeAll(keepingCapacity: true)
        } else {
            row.append(0x0A)
        }
        row.append(contentsOf: line)
        if row.count > maximumRecordLength {
            tooLong = true
            return false
        }
        for byte in line where byte == UInt8(ascii: "\"") { inQuotes.toggle() }
        guard !inQuotes else { return true }
        sawHeader = true
        let names = row.withUnsafeBufferPointer { CSVCells.split($0, delimiter: delimiter) }.map(CSVDelimiter.columnName)
        // Without a `date` column no row can be good: no row has the header's 0 cells.
        guard let date = names.firstIndex(of: "date") else { return false }
        columns = names.count
        dateColumn = date
        idColumn = names.firstIndex(of: "id")
        return true
    }

    private mutating func judgeJSON(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        pendingBad = false
        for byte in line {
            take(byte)
        }
        take(0x0A)
        return !pendingBad
    }

    /// One byte of a JSON array: strings are passed over whole, brackets counted, and each
    /// element of the outer array gathered and checked when the `,` or `]` after it arrives.
    private mutating func take(_ byte: UInt8) {
        if inString {
            gather(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if depth == 0 && byte == UInt8(ascii: "{") { pendingBad = true }
            gather(byte)
            depth += 1
            // The array and the record's own braces are no level: 512 levels inside a record.
            if depth > JSONScanner.maximumDepth + 2 { pendingBad = true }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if depth == 1 { finishElement() } else { gather(byte) }
            depth -= 1
            if depth < 0 {
                pendingBad = true
                depth = 0
            }
        case UInt8(ascii: ",") where depth == 1:
            finishElement()
        default:
            if depth == 0 {
                if !isBlank(byte) { pendingBad = true }
            } else {
                if byte == UInt8(ascii: "\"") { inString = true }
                gather(byte)
            }
        }
    }

    /// Adds `byte` to the element being gathered, when inside the outer array.
    private mutating func gather(_ byte: UInt8) {
        guard depth >= 1 else { return }
        element.append(byte)
        if element.count > maximumRecordLength { tooLong = true }
    }

    private mutating func finishElement() {
        defer { element.removeAll(keepingCapacity: element.count < 1 << 16) }
        while let last = element.last, isBlank(last) { element.removeLast() }
        guard let first = element.firstIndex(where: { !isBlank($0) }) else { return }
        element.removeFirst(first)
        let good = element.withUnsafeBufferPointer { judgeRecord($0) }
        if !good { pendingBad = true }
    }

    /// Whether `text` is blank or a record whose id no earlier record of the file has (a second
    /// record with an id is as bad as a malformed one: `yes RECORD | brewlog import -` ends).
    private mutating func judgeRecord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch checkLine(text, terminated: true, first: false) {
        case .success(nil):
            ignoredBytes += text.count + 1
            return !ignoredTooMuch
        case let .success(.unknownKind(id)?):
            ignoredBytes += text.count + 1
            return isFirst(id) && !ignoredTooMuch
        case let .success(.brew(id, _)?):
            return isFirst(id) && counted()
        case let .success(.entry(entry)?):
            return isFirst(entry.id) && counted()
        case .failure:
            return false
        }
    }

    /// Counts one good record; false once there are more than ``maximumRecords``.
    private mutating func counted() -> Bool {
        records += 1
        return !tooManyRecords
    }

    private mutating func isFirst(_ id: BrewID?) -> Bool {
        guard let id else { return true }
        return ids.insert(id).inserted
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}

/// The cells of one CSV line that holds a whole row, for judging it as it arrives.
enum CSVCells {
    /// The cells of `line`, split at `delimiter` outside double quotes, with their quotes undone
    /// (`""` inside quotes is one `"`).
    static func split(_ line: UnsafeBufferPointer<UInt8>, delimiter: CSVDelimiter) -> [String] {
        var cells: [String] = []
        var cell: [UInt8] = []
        var quoted = false
        var previousWasQuote = false
        for byte in line {
            if byte == UInt8(ascii: "\"") {
                if quoted {
                    quoted = false
                    previousWasQuote = true
                    continue
                }
                if previousWasQuote { cell.append(byte) }
                quoted = true
                previousWasQuote = false
                continue
            }
            previousWasQuote = false
            if byte == delimiter.byte, !quoted {
                cells.append(String(decoding: cell, as: UTF8.self))
                cell = []
            } else if byte != 0x0D || quoted {
                cell.append(byte)
            }
        }
        cells.append(String(decoding: cell, as: UTF8.self))
        return cells
    }
}
