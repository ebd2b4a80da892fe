#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RFC 4180 CSV, as Python's `csv` module and spreadsheets read and write it; read in the
/// dialects spreadsheets write too (``CSVDialect``).
enum CSV {
    /// Appends `cell` (UTF-8), in double quotes with its quotes doubled when it holds a comma, a
    /// quote, a CR or an LF. Byte by byte: those four are ASCII, and every byte of a multi-byte
    /// character is 0x80 or above, so a comma followed by a combining mark (one Character to
    /// Swift, but still a comma to a CSV reader) is found too.
    static func appendCell(_ cell: [UInt8], to output: inout [UInt8]) {
        cell.withUnsafeBufferPointer { bytes in
            guard bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
                output.append(contentsOf: bytes)
                return
            }
            output.append(UInt8(ascii: "\""))
            var pending = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending...index]))
                pending = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending...]))
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Rows of cells split at `delimiter`, each with the line it starts on, counting `buffer`'s
    /// first line as `firstLine`; `nil` reason when well formed.
    static func rows(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: CSVDelimiter, firstLine: Int = 1) -> (rows: [(line: Int, cells: [String])], problem: ImportProblems.Problem?) {
        var rows: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell: [UInt8] = []
        var index = 0
        var line = firstLine
        var rowLine = firstLine
        var quoted = false
        var cellStarted = false
        func endCell() {
            cells.append(String(decoding: cell, as: UTF8.self))
            cell.removeAll(keepingCapacity: true)
            cellStarted = false
        }
        while index < buffer.count {
            let byte = buffer[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < buffer.count && buffer[index] == UInt8(ascii: "\"") {
                        cell.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    cell.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard !cellStarted && cell.isEmpty else {
                    return (rows, .init(line: line, reason: "a quote inside an unquoted CSV field"))
                }
                quoted = true
                cellStarted = true
            case delimiter.byte:
                endCell()
            case 0x0D where index < buffer.count && buffer[index] == 0x0A:
                continue
            case 0x0A, 0x0D:
                endCell()
                if !(cells.count == 1 && cells[0].isEmpty) { rows.append((rowLine, cells)) }
                cells.removeAll()
                line += 1
                rowLine = line
            default:
                cell.append(byte)
            }
        }
        if quoted { return (rows, .init(line: rowLine, reason: "unterminated quoted CSV field")) }
        if cellStarted || !cell.isEmpty || !cells.isEmpty {
            endCell()
            rows.append((rowLine, cells))
        }
        return (rows, nil)
    }

    /// Decodes the rows after the header into `records`, each with the line it starts on in
    /// `lines`, in `dialect`. Header names are matched ignoring case (`Date` is `date`). A row
    /// without an id (an empty cell, or no `id` column) gets one derived from its moment, method
    /// and coffee (``derivedID(_:occurrence:)``), so importing the same file twice adds it once,
    /// also after a spreadsheet reordered its columns, wrote `15` as `15.0` or `15,0`, or wrote
    /// the date without its offset (read on the same local clock, it is the same moment).
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, records: inout [BrewRecord], lines: inout [Int], problems: inout [ImportProblems.Problem]) {
        if let bad = firstInvalidUTF8Offset(buffer) {
            let line = buffer[..<bad].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            problems.append(.init(line: line, reason: "the file is not valid UTF-8 (byte \(bad + 1))"))
            return
        }
        // Excel's first line `sep=;` names the delimiter and is no row; a given delimiter wins.
        let firstLineEnd = buffer.firstIndex(of: 0x0A) ?? buffer.count
        let separatorLine = SeparatorLine(buffer[..<firstLineEnd])
        if let separatorLine, separatorLine.delimiter == nil, dialect.delimiter == nil {
            problems.append(.init(line: 1, reason: separatorLine.refusal))
            return
        }
        let start = separatorLine == nil ? 0 : min(firstLineEnd + 1, buffer.count)
        let body = UnsafeBufferPointer(rebasing: buffer[start...])
        let headerLine = firstNonBlankLine(of: body)
        let delimiter = dialect.delimiter ?? separatorLine?.delimiter ?? headerLine.flatMap(CSVDelimiter.init(sniffing:)) ?? .comma
        let (rows, problem) = rows(body, delimiter: delimiter, firstLine: separatorLine == nil ? 1 : 2)
        if let problem { problems.append(problem) }
        guard let header = rows.first else { return }
        // A column may be headed by a field's journal key (`dose_g`) or its name (`dose`), as
        // `--columns` and the tables name it.
        let columns = header.cells.map(CSVDelimiter.columnName).map { BrewField(name: $0)?.journalKey ?? $0 }
        var seen: Set<String> = []
        for column in columns where !seen.insert(column).inserted {
            problems.append(.init(line: header.line, reason: "CSV header: column '\(cappedForMessage(column))' appears twice"))
            break
        }
        if !columns.contains("date") {
            // Split at the delimiter given or named, the header may have one at another.
            let other = headerLine.flatMap(CSVDelimiter.init(sniffing:)).map { " (split at \($0.name) it has)" } ?? ""
            let split = dialect.delimiter ?? separatorLine?.delimiter
            problems.append(.init(line: header.line, reason: "the header has no 'date' column" + (split.map { " split at \($0.name)" + other } ?? "")))
        }
        let idColumn = columns.firstIndex(of: "id")
        guard problems.isEmpty else { return }
        // How many rows without an id have had each identity so far: repeats get their own ids.
        var occurrences: [String: Int] = [:]
        rows: for row in rows.dropFirst() {
            guard row.cells.count == columns.count else {
                problems.append(.init(line: row.line, reason: "expected \(columns.count) fields, found \(row.cells.count)"))
                continue
            }
            var line = "{"
            let needsID = idColumn.map { row.cells[$0].isEmpty } ?? true
            if needsID { line += "\"id\":\"\(placeholderID)\"" }
            for (column, cell) in zip(columns, row.cells) where !cell.isEmpty {
                if line.count > 1 { line += "," }
                BrewLineCodec.appendJSONString(column, to: &line)
                line += ":"
                do throws(LineProblem) {
                    line += try value(of: cell, column: column, decimalComma: delimiter == .semicolon, localTimeZone: dialect.localTimeZone)
                } catch {
                    problems.append(.init(line: row.line, reason: error.reason))
                    continue rows
                }
            }
            line += "}"
            do throws(LineProblem) {
                var record = try BrewLineCodec.decode(line)
                if needsID {
                    let identity = derivedIdentity(of: record)
                    let occurrence = occurrences[identity, default: 0]
                    occurrences[identity] = occurrence + 1
                    record.id = derivedID(identity, occurrence: occurrence)
                }
                records.append(record)
                lines.append(row.line)
            } catch {
                problems.append(.init(line: row.line, reason: error.reason))
            }
        }
    }

    /// A cell of `column` as the JSON value its key takes in a journal line: the `date` and
    /// number cells read in the file's dialect (``CSVCell``), tags split at commas, and anything
    /// else as text (which the field then refuses by name).
    /// - Throws: a number cell that holds no number, or one outside its field's range.
    private static func value(of cell: String, column: String, decimalComma: Bool, localTimeZone: any UTCOffsetSource) throws(LineProblem) -> String {
        var json = ""
        let field = BrewField(journalKey: column)
        if field == .date {
            BrewLineCodec.appendJSONString(try CSVCell.date(cell, localTimeZone: localTimeZone), to: &json)
        } else if let field, field.isNumeric {
            guard let number = try CSVCell.number(cell, column: column, decimalComma: decimalComma) else {
                let whole: Bool
                if case .number = field.kind { whole = false } else { whole = true }
                let comma = !decimalComma && cell.contains(",") ? " (a decimal comma is read in a file separated by ';')" : ""
                throw LineProblem("\"\(column)\" must be \(whole ? "a whole number" : "a number"), got \"\(cappedForMessage(cell))\"\(comma)")
            }
            json = number
        } else if let field, case .tags = field.kind {
            json = "[" + cell.split(separator: ",", omittingEmptySubsequences: false).map { tag in
                var quoted = ""
                BrewLineCodec.appendJSONString(String(tag), to: &quoted)
                return quoted
            }.joined(separator: ",") + "]"
        } else {
            BrewLineCodec.appendJSONString(cell, to: &json)
        }
        return json
    }

    /// The first line of `buffer` (without its newline) holding more than spaces, tabs and CRs.
    private static func firstNonBlankLine(of buffer: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var start = 0
        while start < buffer.count {
            let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
            let line = buffer[start..<end]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return line }
            start = end + 1
        }
        return nil
    }

    /// The id a row without one is decoded with, before ``derivedID(_:occurrence:)`` replaces it.
    private static let placeholderID = "000000000000"

    /// What identifies a brew in a row without an id: its moment (written one way, whatever the
    /// row's spelling), method and coffee. Not the notes or the rating, so a row edited in a
    /// spreadsheet and imported again is the same brew (a conflict, reported as one), not a second.
    static func derivedIdentity(of record: BrewRecord) -> String {
        [record.timestamp.description, record.method ?? "", record.coffee ?? ""].map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// An id for a row that has none: 12 lowercase hex digits (like the ids BrewLog mints) of a
    /// 64-bit FNV-1a hash of its ``derivedIdentity(of:)``, and for the second and later rows of the
    /// same identity in one file, of their occurrence too, so each is its own brew and importing
    /// the same file again adds nothing.
    static func derivedID(_ identity: String, occurrence: Int) -> BrewID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (occurrence == 0 ? identity : identity + "#\(occurrence)").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash & 0xFFFF_FFFF_FFFF, radix: 16)
        return BrewID(unchecked: String(repeating: "0", count: 12 - digits.count) + digits)
    }
}
