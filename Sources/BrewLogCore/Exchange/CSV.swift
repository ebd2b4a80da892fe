#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RFC 4180 CSV, as Python's `csv` module and spreadsheets read and write it.
enum CSV {
    /// A cell, quoted when it holds a comma, a quote, a CR or an LF (quotes doubled).
    static func quote(_ cell: String) -> String {
        // Scalar by scalar: a comma or a quote followed by a combining mark is one Character to
        // Swift, but to a CSV reader it is still a comma or a quote.
        guard cell.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        var quoted = String.UnicodeScalarView()
        for scalar in cell.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append(scalar) }
        }
        return "\"" + String(quoted) + "\""
    }

    /// Rows of cells, each with the line it starts on; `nil` reason when well formed.
    static func rows(_ buffer: UnsafeBufferPointer<UInt8>) -> (rows: [(line: Int, cells: [String])], problem: ImportProblems.Problem?) {
        var rows: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell: [UInt8] = []
        var index = 0
        var line = 1
        var rowLine = 1
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
            case UInt8(ascii: ","):
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
    /// `lines`. Header names are matched ignoring case (`Date` is `date`). A row without an id (an
    /// empty cell, or no `id` column) gets one derived from its moment, method and coffee (``derivedID(_:occurrence:)``), so
    /// importing the same file twice adds it once, also after a spreadsheet reordered its
    /// columns or wrote `15` as `15.0`.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, records: inout [BrewRecord], lines: inout [Int], problems: inout [ImportProblems.Problem]) {
        if let bad = firstInvalidUTF8Offset(buffer) {
            let line = buffer[..<bad].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            problems.append(.init(line: line, reason: "the file is not valid UTF-8 (byte \(bad + 1))"))
            return
        }
        let (rows, problem) = rows(buffer)
        if let problem { problems.append(problem) }
        guard let header = rows.first else { return }
        let columns = header.cells.map { $0.trimmingWhitespace().lowercased() }
        var seen: Set<String> = []
        for column in columns where !seen.insert(column).inserted {
            problems.append(.init(line: header.line, reason: "CSV header: column '\(cappedForMessage(column))' appears twice"))
            break
        }
        if !columns.contains("date") {
            problems.append(.init(line: header.line, reason: "the header has no 'date' column"))
        }
        let idColumn = columns.firstIndex(of: "id")
        guard problems.isEmpty else { return }
        // How many rows without an id have had each identity so far: repeats get their own ids.
        var occurrences: [String: Int] = [:]
        for row in rows.dropFirst() {
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
                let field = BrewField(journalKey: column)
                if field?.isNumeric == true {
                    // A cell that is a JSON number goes in as one; anything else as text, which
                    // the field then refuses by name (never as malformed JSON).
                    if isJSONNumber(cell) { line += cell } else { BrewLineCodec.appendJSONString(cell, to: &line) }
                } else if let field, case .tags = field.kind {
                    line += "[" + cell.split(separator: ",", omittingEmptySubsequences: false).map { tag in
                        var quoted = ""
                        BrewLineCodec.appendJSONString(String(tag), to: &quoted)
                        return quoted
                    }.joined(separator: ",") + "]"
                } else {
                    BrewLineCodec.appendJSONString(cell, to: &line)
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

/// Whether `text` is exactly one number as JSON writes it (no `+`, no `.5`, no `15.`).
private func isJSONNumber(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { bytes in
        var scanner = JSONScanner(bytes)
        guard (try? scanner.scanNumberValue()) != nil else { return false }
        return scanner.index == bytes.count
    }
}
