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
        let header = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().first { _, line in
            line.contains { $0 != 0x0D && $0 != 0x20 }
        }
        guard let (index, line) = header else {
            return .failure(ForeignImportProblems("the file is empty: expected Loop's Checkmarks.csv"))
        }
        return headerNames(Array(line), number: index + 1)
    }

    /// The brews and skip days of the column of `habit` in an export held in memory, placed on
    /// `timeZone`'s clock (`habit` is matched as ``Decoder`` matches it).
    public static func decode(_ bytes: [UInt8], habit: String, timeZone: any UTCOffsetSource) -> Result<ExchangeContents, ForeignImportProblems> {
        var decoder = Decoder(habit: habit, timeZone: timeZone)
        bytes.withUnsafeBufferPointer { decoder.feed($0) }
        decoder.endOfFile()
        if let choice = decoder.habitChoice {
            return .failure(ForeignImportProblems("no habit \"\(cappedForMessage(habit))\" in the header (it has \(choice.names.count))"))
        }
        return decoder.finish()
    }

    /// The names of a header line (`Date,HABIT,…,`), or what is wrong with it.
    static func headerNames(_ line: [UInt8], number: Int) -> Result<[String], ForeignImportProblems> {
        guard mayStartHeader(line) else { return .failure(ForeignImportProblems(line: number, notAHeader)) }
        guard let text = String(validating: line.last == 0x0D ? Array(line.dropLast()) : line, as: UTF8.self) else {
            return .failure(ForeignImportProblems(line: number, "the header is not valid UTF-8"))
        }
        let cells = Line(number: number, text: text).cells
        guard cells.first == "Date", cells.count >= 2 else {
            return .failure(ForeignImportProblems(line: number, "expected Loop's Checkmarks.csv header \"Date,HABIT,…\", got \"\(cappedForMessage(text))\""))
        }
        let names = Array(cells.dropFirst())
        if names.prefix(2) == ["Value", "Notes"] || names == ["Value"] {
            return .failure(ForeignImportProblems(line: number, "this is one habit's Checkmarks.csv (from its numbered folder), which does not name the habit: import the Checkmarks.csv at the top of Loop's export, with --habit NAME"))
        }
        if let empty = names.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) {
            return .failure(ForeignImportProblems(line: number, "column \(empty + 2) of the header names no habit; Loop names every column"))
        }
        return .success(names)
    }

    /// What is wrong with a first line that does not start as Loop's header does: said the same
    /// whether the whole line has arrived or only its start.
    static let notAHeader = "expected Loop's Checkmarks.csv header \"Date,HABIT,…\": the first line does not start with \"Date,\""

    /// Whether `bytes`, a header line or the start of one, is or may become `Date,…`.
    static func mayStartHeader(_ bytes: [UInt8]) -> Bool {
        let header = Array("Date,".utf8)
        return bytes.starts(with: header) || header.starts(with: bytes)
    }

    /// Why the header names no habit to read: the caller asks for one of `names`.
    public enum HabitChoice: Equatable, Sendable {
        /// Several habits and none named.
        case needed(names: [String])
        /// The habit named is not one of them.
        case unknown(given: String, names: [String])

        /// The header's habits.
        public var names: [String] {
            switch self {
            case let .needed(names), let .unknown(_, names): names
            }
        }
    }

    /// An export read block by block as it arrives (``ForeignExportDecoder``): each line is
    /// judged as soon as it is complete, so a file that is garbage, huge or endless ends as soon
    /// as ``hasEnoughProblems``.
    ///
    /// The habit is the header's column named exactly `habit`, else the only one named so
    /// ignoring case, else (no `habit`) the header's only habit; without one, ``habitChoice``
    /// says why and nothing more is read. Two columns of the habit's name are an error.
    public struct Decoder: ForeignExportDecoder {
        private let habit: String?
        private let timeZone: any UTCOffsetSource
        private let problemLimit: Int
        /// Set when the header names no habit to read.
        public private(set) var habitChoice: HabitChoice?
        private var column: Int?
        private var habitField: UnknownField?
        private var habitName = ""
        private var pending: [UInt8] = []
        private var lineNumber = 0
        private var blankBytes = 0
        private var ignoredBytes = 0
        private var records: [BrewRecord] = []
        private var skips: [JournalEntry] = []
        private var problems: [ForeignImportProblems.Problem] = []
        private var days: [CalendarDay: Int] = [:]
        private var stopped = false

        /// The longest line read: far beyond any row of Loop's.
        static let maximumLineLength = 1 << 20
        /// The most blank lines read, in bytes: Loop writes none, so an endless stream of them is garbage.
        static let maximumBlankBytes = 1 << 20
        /// The most rows read that become nothing (days not done, or done only as not due), in bytes.
        let maximumIgnoredBytes: Int

        /// A decoder of the column of `habit` (`nil`: the only one), placing days on `timeZone`'s
        /// clock, that has enough once `problemLimit` problems are found, or more than
        /// `maximumIgnoredBytes` of rows that become nothing.
        public init(habit: String?, timeZone: any UTCOffsetSource, problemLimit: Int = 20, maximumIgnoredBytes: Int = 16 << 20) {
            self.habit = habit
            self.timeZone = timeZone
            self.problemLimit = problemLimit
            self.maximumIgnoredBytes = maximumIgnoredBytes
        }

        /// Whether so much is wrong that reading on would only find more (or no habit to read).
        public var hasEnoughProblems: Bool { stopped || problems.count >= problemLimit || habitChoice != nil }

        /// Reads the next block of the file.
        public mutating func feed(_ block: UnsafeBufferPointer<UInt8>) {
            var start = 0
            while !hasEnoughProblems, start < block.count {
                guard let newline = block[start...].firstIndex(of: 0x0A) else {
                    pending.append(contentsOf: block[start...])
                    if pending.count > Decoder.maximumLineLength { stop("line \(lineNumber + 1) is longer than \(Decoder.maximumLineLength >> 20) MiB") }
                    // A header that cannot become "Date,…" is refused before its line ends (a line
                    // that may still be blank may still be skipped).
                    if column == nil, pending.contains(where: { $0 != 0x0D && $0 != 0x20 }), !LoopExport.mayStartHeader(pending) {
                        problems.append(.init(line: lineNumber + 1, reason: LoopExport.notAHeader))
                        stopped = true
                    }
                    return
                }
                pending.append(contentsOf: block[start..<newline])
                take(pending)
                pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
                start = newline + 1
            }
        }

        /// The file is at its end: the last line is read even without its line end.
        public mutating func endOfFile() {
            if !hasEnoughProblems, !pending.isEmpty { take(pending) }
            pending = []
            if !hasEnoughProblems, column == nil { problems.append(.init(reason: "the file is empty: expected Loop's Checkmarks.csv")) }
        }

        /// The brews and skip days read (oldest first), or every problem found.
        public func finish() -> Result<ExchangeContents, ForeignImportProblems> {
            guard problems.isEmpty else { return .failure(ForeignImportProblems(problems)) }
            // Loop writes the newest day first; a journal reads best oldest first.
            return .success(ExchangeContents(records: records.reversed(), entries: skips.reversed(), unknownKindCount: 0))
        }

        private mutating func stop(_ reason: String) {
            problems.append(.init(line: lineNumber + 1, reason: reason))
            stopped = true
        }

        private mutating func take(_ bytes: [UInt8]) {
            lineNumber += 1
            if !bytes.contains(where: { $0 != 0x0D && $0 != 0x20 }) {
                blankBytes += bytes.count + 1
                if blankBytes > Decoder.maximumBlankBytes { stop("more than \(Decoder.maximumBlankBytes >> 20) MiB of blank lines") }
                return
            }
            guard let column else { return readHeader(bytes) }
            guard let text = String(validating: bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes, as: UTF8.self) else {
                problems.append(.init(line: lineNumber, reason: "the line is not valid UTF-8"))
                return
            }
            if !readDay(Line(number: lineNumber, text: text).cells, column: column) {
                ignoredBytes += bytes.count + 1
                if ignoredBytes > maximumIgnoredBytes { stop("more than \(maximumIgnoredBytes) bytes of rows that import nothing") }
            }
        }

        private mutating func readHeader(_ bytes: [UInt8]) {
            let names: [String]
            switch LoopExport.headerNames(bytes, number: lineNumber) {
            case let .success(found): names = found
            case let .failure(found):
                problems += found.problems
                stopped = true
                return
            }
            let chosen: String
            if let habit {
                let alike = names.filter { $0.lowercased() == habit.lowercased() }
                if names.contains(habit) {
                    chosen = habit
                } else if Set(alike).count == 1 {
                    chosen = alike[0]
                } else {
                    habitChoice = .unknown(given: habit, names: names)
                    return
                }
            } else if names.count == 1 {
                chosen = names[0]
            } else {
                habitChoice = .needed(names: names)
                return
            }
            let columns = names.indices.filter { names[$0] == chosen }
            guard columns.count == 1 else {
                let listed = columns.map { String($0 + 2) }.joined(separator: " and ")
                problems.append(.init(line: lineNumber, reason: "the header has \(columns.count) columns named \"\(cappedForMessage(chosen))\" (columns \(listed)): which is the habit?"))
                stopped = true
                return
            }
            column = columns[0]
            habitName = chosen
            habitField = UnknownField(key: "loop_habit", rawJSON: JSONValue.string(chosen).compactText)
        }

        /// Reads one day's row; whether it became a record (a bad row is a problem, not ignored).
        @discardableResult
        private mutating func readDay(_ cells: [String], column: Int) -> Bool {
            guard let dayText = cells.first, let day = CalendarDay(parsing: dayText) else {
                problems.append(.init(line: lineNumber, reason: "expected a day YYYY-MM-DD first, got \"\(cappedForMessage(cells.first ?? ""))\""))
                return true
            }
            if let earlier = days[day] {
                problems.append(.init(line: lineNumber, reason: "\(day) is here a second time (first on line \(earlier))"))
                return true
            }
            days[day] = lineNumber
            let value = column + 1 < cells.count ? cells[column + 1] : ""
            let identity = "\(habitName)\n\(day)"
            let kept = habitField.map { [$0] } ?? []
            switch value {
            case "YES_MANUAL", "2":
                let moment = LocalClock.moment(on: day, secondOfDay: 12 * 3600, in: timeZone)
                records.append(BrewRecord(id: ForeignID.make(.loop, "brew", identity), timestamp: moment, unknownFields: kept))
                return true
            case "SKIP", "3":
                skips.append(.skip(SkipDay(id: ForeignID.make(.loop, "skip", identity), day: day, unknownFields: kept)))
                return true
            case "YES_AUTO", "NO", "UNKNOWN", "1", "0", "-1", "":
                return false
            default:
                problems.append(.init(line: lineNumber, reason: "\"\(cappedForMessage(value))\" in column \"\(cappedForMessage(habitName))\" is not a yes/no day (a numerical habit's amount?): BrewLog reads yes/no habits"))
                return true
            }
        }
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
}
