/// What the cells of a CSV row's number and date columns become in the brew's journal line, in
/// the file's dialect (``CSVDialect``).
enum CSVCell {
    /// A number cell as a JSON number, or `nil` when it is none (`nan`, `0x10`, `1_000`, `15 g`),
    /// which the caller refuses by name.
    ///
    /// With `decimalComma` (a file separated by `;`), `15,5` is 15.5 and `15.5` is 15.5 too, but
    /// a thousands separator is never read: `1.000` (1, or 1000?), `1.000,5` and `1,000.5` are
    /// refused, naming what to write instead.
    /// - Throws: the reason a cell that may hold a thousands separator is refused; and, for a
    ///   number no `Double` holds (`1e400`) or one outside `column`'s range, the range, with the
    ///   cell as written, before the number goes any further.
    static func number(_ cell: String, column: String, decimalComma: Bool) throws(LineProblem) -> String? {
        guard let number = try decimal(cell, column: column, decimalComma: decimalComma) else { return nil }
        let limit = BrewField(journalKey: column)?.limit
        guard let value = Double(number), value.isFinite, limit?.contains(value) ?? true else {
            throw LineProblem(limit?.problem(got: cell).message ?? "\"\(column)\" \(cappedForMessage(cell)) is out of range")
        }
        return number
    }

    /// The cell as JSON number text, unconverted, read in the file's dialect; `nil` when it is none.
    private static func decimal(_ cell: String, column: String, decimalComma: Bool) throws(LineProblem) -> String? {
        guard decimalComma else { return isJSONNumber(cell) ? cell : nil }
        if let comma = cell.lastIndex(of: ","), let point = cell.lastIndex(of: ".") {
            // The separator written last is the decimal sign; the other groups thousands.
            let (grouping, decimal): (Character, Character) = comma > point ? (".", ",") : (",", ".")
            let ungrouped = cell.filter { $0 != grouping }
            guard isJSONNumber(String(ungrouped.map { $0 == decimal ? "." : $0 })) else { return nil }
            throw LineProblem("\"\(column)\" \"\(cappedForMessage(cell))\" has a thousands separator, which is not read: write \(ungrouped)")
        }
        if cell.contains(",") {
            let point = String(cell.map { $0 == "," ? "." : $0 })
            return isJSONNumber(point) ? point : nil
        }
        if looksGrouped(cell) {
            let parts = cell.split(separator: ".")
            guard parts.count == 2 else {
                throw LineProblem("\"\(column)\" \"\(cappedForMessage(cell))\" has thousands separators, which are not read: write \(cell.filter { $0 != "." })")
            }
            var decimal = String(parts[1])
            while decimal.hasSuffix("0") { decimal.removeLast() }
            let asDecimal = parts[0] + (decimal.isEmpty ? "" : "." + decimal)
            throw LineProblem("\"\(column)\" \"\(cell)\" could be \(asDecimal) or \(parts[0] + parts[1]) (a thousands separator is not read): write \(parts[0]),\(parts[1]) or \(parts[0] + parts[1])")
        }
        return isJSONNumber(cell) ? cell : nil
    }

    /// The `date` cell as the RFC 3339 text a journal line holds: as written when it is RFC
    /// 3339 already, else the moment it writes out in full (``WrittenMoment``), read on the
    /// local clock of `timeZone` when it has no offset.
    /// - Throws: why the cell is no moment: a day without a time, or a form BrewLog does not read.
    static func date(_ cell: String, localTimeZone timeZone: any UTCOffsetSource) throws(LineProblem) -> String {
        if Timestamp(rfc3339: cell) != nil { return cell }
        guard let moment = WrittenMoment(parsing: cell) else {
            if CalendarDay(parsing: cell) != nil {
                throw LineProblem("\"date\" \"\(cell)\" is a day, not a moment: add a time of day, read on the local clock (\(cell) 12:00)")
            }
            throw LineProblem("\"date\" is not a moment BrewLog reads: \"\(cappedForMessage(cell))\" (write YYYY-MM-DD HH:MM[:SS], read on the local clock, or RFC 3339 with an offset)")
        }
        return moment.timestamp(localTimeZone: timeZone).description
    }

    /// Whether `cell` is digits grouped by `.` in threes as a thousands separator groups them
    /// (`1.000`, `12.500`, `1.000.000`), which a file with decimal commas may mean.
    private static func looksGrouped(_ cell: String) -> Bool {
        let groups = (cell.hasPrefix("-") ? cell.dropFirst() : Substring(cell)).split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count >= 2, let lead = groups.first, (1...3).contains(lead.utf8.count), lead.first != "0" else { return false }
        return groups.allSatisfy { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } } && groups.dropFirst().allSatisfy { $0.utf8.count == 3 }
    }

    /// Whether `text` is exactly one number as JSON writes it (no `+`, no `.5`, no `15.`, no
    /// `0x10`, no `inf`): its grammar alone, so a number too large for a `Double` is still one.
    private static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let first = bytes.first, first | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
