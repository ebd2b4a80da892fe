/// Loop Habit Tracker's `Checkmarks.csv` (the one at the top of its export zip), read as Loop
/// writes it: a header `Date,HABIT,HABIT,…,` then a line per day, newest first, each cell what the
/// day was for that habit. Loop 2 writes words (`YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`,
/// `UNKNOWN`), Loop 1 their numbers (2, 1, 0, 3, -1); a numerical habit writes its amount.
///
/// Of one habit's column, a day done by hand (`YES_MANUAL`, 2) becomes a brew at 12:00 on the
/// local clock and a skipped day (`SKIP`, 3) a skip day; a day Loop counted done only because
/// the habit was not due (`YES_AUTO`), a day not done and an unknown one become nothing. Ids are
/// hashed from the habit's name and the day, so importing the export again adds nothing. Loop does
/// not quote cells, so a habit whose name holds a comma cannot be told apart from two.
public enum LoopExport {
    /// The habits' names in the header, in column order, or the problem with the header.
    public static func habits(in bytes: [UInt8]) -> Result<[String], ForeignImportProblems> {
        let lines = self.lines(bytes)
        guard let header = lines.first(where: { !$0.text.isEmpty }) else {
            return .failure(ForeignImportProblems("the file is empty: expected Loop's Checkmarks.csv"))
        }
        let cells = header.cells
        guard cells.first == "Date", cells.count >= 2 else {
            return .failure(ForeignImportProblems(line: header.number, "expected Loop's Checkmarks.csv header \"Date,HABIT,…\", got \"\(cappedForMessage(header.text))\""))
        }
        let names = Array(cells.dropFirst())
        if names.prefix(2) == ["Value", "Notes"] || names == ["Value"] {
            return .failure(ForeignImportProblems(line: header.number, "this is one habit's Checkmarks.csv (from its numbered folder), which does not name the habit: import the Checkmarks.csv at the top of Loop's export, with --habit NAME"))
        }
        return .success(names)
    }

    /// The brews and skip days of the column of `habit` (a name ``habits(in:)`` gave), placed on
    /// `timeZone`'s clock.
    public static func decode(_ bytes: [UInt8], habit: String, timeZone: any UTCOffsetSource) -> Result<ExchangeContents, ForeignImportProblems> {
        let names: [String]
        switch habits(in: bytes) {
        case let .success(found): names = found
        case let .failure(problems): return .failure(problems)
        }
        guard let column = names.firstIndex(of: habit) else {
            return .failure(ForeignImportProblems("no habit \"\(cappedForMessage(habit))\" in the header"))
        }
        var records: [BrewRecord] = []
        var skips: [JournalEntry] = []
        var problems: [ForeignImportProblems.Problem] = []
        var days: [CalendarDay: Int] = [:]
        let habitField = UnknownField(key: "loop_habit", rawJSON: JSONValue.string(habit).compactText)
        for line in lines(bytes).drop(while: { $0.text.isEmpty }).dropFirst() where !line.text.isEmpty {
            let cells = line.cells
            guard let dayText = cells.first, let day = CalendarDay(parsing: dayText) else {
                problems.append(.init(line: line.number, reason: "expected a day YYYY-MM-DD first, got \"\(cappedForMessage(cells.first ?? ""))\""))
                continue
            }
            if let earlier = days[day] {
                problems.append(.init(line: line.number, reason: "\(day) is here a second time (first on line \(earlier))"))
                continue
            }
            days[day] = line.number
            let value = column + 1 < cells.count ? cells[column + 1] : ""
            let identity = "\(habit)\n\(day)"
            switch value {
            case "YES_MANUAL", "2":
                let moment = LocalClock.moment(on: day, secondOfDay: 12 * 3600, in: timeZone)
                records.append(BrewRecord(id: ForeignID.make(.loop, "brew", identity), timestamp: moment, unknownFields: [habitField]))
            case "SKIP", "3":
                skips.append(.skip(SkipDay(id: ForeignID.make(.loop, "skip", identity), day: day, unknownFields: [habitField])))
            case "YES_AUTO", "NO", "UNKNOWN", "1", "0", "-1", "":
                continue
            default:
                problems.append(.init(line: line.number, reason: "\"\(cappedForMessage(value))\" in column \"\(cappedForMessage(habit))\" is not a yes/no day (a numerical habit's amount?): BrewLog reads yes/no habits"))
            }
        }
        guard problems.isEmpty else { return .failure(ForeignImportProblems(problems)) }
        // Loop writes the newest day first; a journal reads best oldest first.
        return .success(ExchangeContents(records: records.reversed(), entries: skips.reversed(), unknownKindCount: 0))
    }

    /// One line of the file, its number and text without the line end.
    private struct Line {
        let number: Int
        let text: String

        /// The cells, split at each comma (Loop quotes none); the empty cell after the trailing
        /// comma Loop writes is left out.
        var cells: [String] {
            var cells = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if cells.count > 1, cells.last == "" { cells.removeLast() }
            return cells
        }
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        // Split as bytes: in a String, a CRLF is one character, not a line feed.
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().map { index, line in
            Line(number: index + 1, text: String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self))
        }
    }
}
