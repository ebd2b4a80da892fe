/// jrnl's `jrnl --export json`, read as jrnl writes it: an object of `tags` (counts) and
/// `entries`, each entry with `title`, `body`, `date` (`YYYY-MM-DD`), `time` (`HH:MM`), `tags`
/// (as typed, with their `@`) and `starred`.
///
/// Each entry becomes a brew at its date and time on the local clock (jrnl keeps no offset), its
/// notes the title, then the body after a line break; its tags without their `@` (or another of
/// jrnl's tag symbols, `#`), and `starred` for a starred entry. Its id is hashed from the date,
/// time and title, so importing the export again adds nothing; entries that share all three are
/// told apart by their order.
public enum JrnlExport {
    /// The brews of an export held in memory, placed on `timeZone`'s clock.
    public static func decode(_ bytes: [UInt8], timeZone: any UTCOffsetSource) -> Result<ExchangeContents, ForeignImportProblems> {
        var decoder = Decoder(timeZone: timeZone)
        bytes.withUnsafeBufferPointer { decoder.feed($0) }
        decoder.endOfFile()
        return decoder.finish()
    }

    /// An export read block by block as it arrives (``ForeignExportDecoder``): each entry is
    /// judged as soon as it is complete, so a file that is garbage, huge or endless ends as soon
    /// as ``hasEnoughProblems``.
    public struct Decoder: ForeignExportDecoder {
        private let timeZone: any UTCOffsetSource
        private let problemLimit: Int
        private var stream = JSONDocumentStream()
        private var records: [BrewRecord] = []
        private var problems: [ForeignImportProblems.Problem] = []
        private var seen: [String: Int] = [:]
        private var refused = false

        /// A decoder placing moments on `timeZone`'s clock, that has enough once `problemLimit`
        /// problems are found.
        public init(timeZone: any UTCOffsetSource, problemLimit: Int = 20) {
            self.timeZone = timeZone
            self.problemLimit = problemLimit
        }

        /// Whether so much is wrong that reading on would only find more.
        public var hasEnoughProblems: Bool { problems.count >= problemLimit || refused || stream.failure != nil }

        /// Reads the next block of the export.
        public mutating func feed(_ block: UnsafeBufferPointer<UInt8>) {
            guard !hasEnoughProblems else { return }
            var stream = self.stream
            let failure = stream.feed(block) { piece, line in take(piece, line: line) }
            self.stream = stream
            // Past the limit or refused, the rest of the block is not judged: nor its syntax.
            if let failure, !refused, problems.count < problemLimit { problems.append(.init(line: failure.line, reason: failure.message)) }
        }

        /// The export is at its end: its document must be complete and hold `entries`.
        public mutating func endOfFile() {
            guard !hasEnoughProblems else { return }
            var stream = self.stream
            let failure = stream.finish { piece, line in take(piece, line: line) }
            self.stream = stream
            if let failure {
                if !refused, problems.count < problemLimit { problems.append(.init(line: failure.line, reason: failure.message)) }
            } else if !stream.arrayMembers.contains("entries") {
                refuse()
            }
        }

        /// The brews read, or every problem found.
        public func finish() -> Result<ExchangeContents, ForeignImportProblems> {
            guard problems.isEmpty else { return .failure(ForeignImportProblems(problems)) }
            return .success(ExchangeContents(records: records, entries: [], unknownKindCount: 0))
        }

        private mutating func refuse() {
            guard !refused else { return }
            refused = true
            problems.append(.init(reason: "this is not jrnl's JSON export: expected an object with \"entries\" (write one with jrnl --export json)"))
        }

        /// Judges one piece of the document; whether it was kept.
        private mutating func take(_ piece: JSONDocumentStream.Piece, line: Int) -> Bool {
            guard !hasEnoughProblems else { return false }
            switch piece {
            case let .element("entries"?, index, entry):
                let path = "entries[\(index)]"
                switch JrnlExport.fields(entry, timeZone: timeZone) {
                case let .success(fields):
                    guard records.count < StreamJudge.maximumRecords else {
                        problems.append(.init(line: line, path: path, reason: "the export holds more than \(StreamJudge.maximumRecords) entries; split it"))
                        refused = true
                        return false
                    }
                    let occurrence = seen[fields.identity, default: 0]
                    seen[fields.identity] = occurrence + 1
                    let record = BrewRecord(id: ForeignID.make(.jrnl, "brew", fields.identity, occurrence: occurrence),
                                            timestamp: fields.moment, notes: fields.notes, tags: fields.tags)
                    do throws(InvalidFieldError) {
                        try record.validate()
                        records.append(record)
                        return true
                    } catch {
                        problems.append(.init(line: line, path: path, reason: error.message))
                    }
                case let .failure(reason):
                    problems.append(.init(line: line, path: path, reason: reason.message))
                }
                return false
            case .element(nil, _, _), .member("entries", _):
                refuse()
                return false
            default:
                return false
            }
        }
    }

    /// What is wrong with one entry.
    private struct EntryProblem: Error {
        let message: String
    }

    /// What a brew takes from one entry, and the entry's identity (its date, time and title).
    private struct EntryFields {
        let identity: String
        let moment: Timestamp
        let notes: String
        let tags: [String]
    }

    private static func fields(_ entry: JSONValue, timeZone: any UTCOffsetSource) -> Result<EntryFields, EntryProblem> {
        guard let members = entry.members else { return .failure(EntryProblem(message: "expected an object, got \(entry.kind)")) }
        if let repeated = JSONValue.firstRepeatedKey(members) {
            return .failure(EntryProblem(message: "has the key \"\(cappedForMessage(repeated))\" twice; jrnl writes each key once"))
        }
        guard let dateText = entry["date"]?.text, let day = CalendarDay(parsing: dateText) else {
            return .failure(EntryProblem(message: "\"date\" must be YYYY-MM-DD, got \(describe(entry["date"]))"))
        }
        guard let timeText = entry["time"]?.text, let second = secondOfDay(timeText) else {
            return .failure(EntryProblem(message: "\"time\" must be HH:MM, got \(describe(entry["time"]))"))
        }
        guard let title = entry["title"]?.text else {
            return .failure(EntryProblem(message: "\"title\" must be text, got \(describe(entry["title"]))"))
        }
        let body: String
        switch entry["body"] {
        case nil, .null?: body = ""
        case let .string(text)?: body = text
        case let other?: return .failure(EntryProblem(message: "\"body\" must be text, got \(other.kind)"))
        }
        var tags: [String] = []
        switch entry["tags"] {
        case nil, .null?: break
        case let .array(values)?:
            for value in values {
                guard let tag = value.text else { return .failure(EntryProblem(message: "\"tags\" must be a list of text, got \(value.kind) in it")) }
                let bare = tag.first == "@" || tag.first == "#" ? String(tag.dropFirst()) : tag
                if !tags.contains(bare) { tags.append(bare) }
            }
        case let other?: return .failure(EntryProblem(message: "\"tags\" must be a list, got \(other.kind)"))
        }
        switch entry["starred"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?: if !tags.contains("starred") { tags.append("starred") }
        case let other?: return .failure(EntryProblem(message: "\"starred\" must be true or false, got \(other.kind)"))
        }
        // jrnl keeps the blank and spaces between title and body, and the newline after it.
        let trimmedBody = body.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }
        let notes = trimmedBody.isEmpty ? title : title + "\n" + String(trimmedBody.reversed())
        return .success(EntryFields(identity: "\(dateText) \(timeText) \(title)",
                                    moment: LocalClock.moment(on: day, secondOfDay: second, in: timeZone), notes: notes, tags: tags))
    }

    /// `HH:MM` (24-hour, as jrnl writes it) as seconds into the day.
    private static func secondOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return hour * 3600 + minute * 60
    }

    /// A value for a message: quoted text, or what kind of value it is.
    private static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil: "nothing"
        case let .string(text)?: "\"\(cappedForMessage(text))\""
        case let other?: other.kind
        }
    }
}
