/// jrnl's `jrnl --export json`, read as jrnl writes it: an object of `tags` (counts) and
/// `entries`, each entry with `title`, `body`, `date` (`YYYY-MM-DD`), `time` (`HH:MM`), `tags`
/// (as typed, with their `@`) and `starred`.
///
/// A diary holds more than brews: the entries a ``Selection`` picks become brews, the others are
/// counted (``Decoder/skippedEntries``) and left out. Each brew is at its entry's date and time
/// on the local clock (jrnl keeps no offset), its notes the title, then the body after a line
/// break; its tags without their `@` (or another of jrnl's tag symbols, `#`), and `starred` for a
/// starred entry; a tag that names a method becomes its method instead of a tag. Its id is hashed
/// from the date and time, so importing the export again adds nothing and an entry whose title
/// was corrected is the same brew; a later brew of the same minute adds its title, and brews
/// that share all three are told apart by their order.
public enum JrnlExport {
    /// Which entries are brews, and which tags name their method.
    public struct Selection: Sendable {
        /// Entries with one of these tags (without `@`, compared ignoring case) are brews; when
        /// empty, the entries with a tag that names a method are.
        public var tags: Set<String>
        /// Tags (lowercased, without `@`) that name a method, with the method as it is spelled.
        public var methods: [String: String]
        /// Whether every entry is a brew, whatever its tags.
        public var everyEntry: Bool

        /// Every entry a brew, no tag a method: the export as it is.
        public static let everyEntry = Selection(tags: [], methods: [:], everyEntry: true)

        /// The entries with one of `tags` (or, with none, those with a method tag), the tags of
        /// `methods` (and the methods themselves, as tags) naming them.
        public init(tags: Set<String>, methods: [String: String], everyEntry: Bool = false) {
            self.tags = Set(tags.map { $0.lowercased() })
            self.methods = Dictionary(methods.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            self.everyEntry = everyEntry
        }

        /// The method the entry's `tags` name (the first that names one), and the tags left.
        func method(in tags: [String]) -> (method: String?, tags: [String]) {
            guard let index = tags.firstIndex(where: { methods[$0.lowercased()] != nil }) else { return (nil, tags) }
            var rest = tags
            let tag = rest.remove(at: index)
            return (methods[tag.lowercased()], rest)
        }

        /// Whether an entry with `tags` is a brew.
        func picks(_ tags: [String]) -> Bool {
            if everyEntry { return true }
            if self.tags.isEmpty { return tags.contains { methods[$0.lowercased()] != nil } }
            return tags.contains { self.tags.contains($0.lowercased()) }
        }
    }

    /// The brews of an export held in memory, placed on `timeZone`'s clock.
    public static func decode(_ bytes: [UInt8], timeZone: any UTCOffsetSource,
                              selection: Selection = .everyEntry) -> Result<ExchangeContents, ForeignImportProblems> {
        var decoder = Decoder(timeZone: timeZone, selection: selection)
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
        private let selection: Selection
        /// The minutes that have a brew already: a later brew of the same minute adds its title.
        private var minutes: Set<String> = []
        private var seen: [String: Int] = [:]
        private var refused = false
        /// How many entries were read that the selection does not pick (not brews).
        public private(set) var skippedEntries = 0

        /// A decoder placing moments on `timeZone`'s clock, taking the entries `selection` picks,
        /// that has enough once `problemLimit` problems are found.
        public init(timeZone: any UTCOffsetSource, selection: Selection = .everyEntry, problemLimit: Int = 20) {
            self.timeZone = timeZone
            self.selection = selection
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
                    guard selection.picks(fields.tags) else {
                        skippedEntries += 1
                        return true
                    }
                    // The date and time name the brew; only a second brew of that minute needs its title too.
                    let identity = minutes.insert(fields.minute).inserted ? fields.minute : fields.minute + " " + fields.title
                    let occurrence = seen[identity, default: 0]
                    seen[identity] = occurrence + 1
                    let (method, tags) = selection.method(in: fields.tags)
                    let record = BrewRecord(id: ForeignID.make(.jrnl, "brew", identity, occurrence: occurrence),
                                            timestamp: fields.moment, notes: fields.notes, method: method, tags: tags)
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

    /// What a brew takes from one entry, and what identifies the entry (its date and time, and its title).
    private struct EntryFields {
        /// `YYYY-MM-DD HH:MM`.
        let minute: String
        let title: String
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
        return .success(EntryFields(minute: "\(dateText) \(timeText)", title: title,
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
