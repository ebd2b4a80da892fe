#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Beanconqueror's export, read as the app writes it (`Beanconqueror.json` in its export zip: an
/// object of `BEANS`, `BREWS`, `PREPARATION`, `SETTINGS` and more, every record carrying
/// `config.uuid` and `config.unix_timestamp`; past 500 brews or bags the rest are JSON arrays in
/// `Beanconqueror_Brews_N.json` and `Beanconqueror_Beans_N.json` beside it).
///
/// BEANS become bean bags (a bean's country its origin, its cost its price), PREPARATION names
/// the brews' methods and MILL their grinders, BREWS become brews linked to their bag by id
/// (their TDS kept as `tds_pct`). What the app writes as "nothing" (`0`, `""`, empty lists, objects of zeros)
/// is left out; the other keys BrewLog has no field for are kept as unknown keys prefixed
/// `beanconqueror_`, with the record's uuid as `beanconqueror_uuid`. The rating is scaled to 1–5
/// from the app's maximum (`SETTINGS[0].brew_rating`; 10 in exports without it, which the app's
/// 2020–2021 versions wrote), and kept as the app held it in `beanconqueror_rating`.
public enum BeanconquerorExport {
    /// The file that holds the `number`-th extra chunk of brews (`brews` true) or of bags.
    public static func chunkFileName(brews: Bool, number: Int) -> String {
        "Beanconqueror_\(brews ? "Brews" : "Beans")_\(number).json"
    }

    /// A chunk file's name and bytes.
    public typealias Chunk = (name: String, bytes: [UInt8])

    /// The brews and bags of an export held in memory: `main` is `Beanconqueror.json`, the chunks
    /// the files of more brews and bags beside it; moments and days are placed on `timeZone`'s
    /// clock, and no bag may be roasted, opened or finished after `today`.
    public static func decode(_ main: [UInt8], brewChunks: [Chunk] = [], beanChunks: [Chunk] = [],
                              timeZone: any UTCOffsetSource, today: CalendarDay) -> Result<ExchangeContents, ForeignImportProblems> {
        var decoder = Decoder(timeZone: timeZone, today: today)
        decoder.read(main, as: .main)
        for chunk in beanChunks { decoder.read(chunk.bytes, as: .beans(chunk.name)) }
        for chunk in brewChunks { decoder.read(chunk.bytes, as: .brews(chunk.name)) }
        return decoder.finish()
    }

    /// Which file of the export is being read.
    public enum Part: Equatable, Sendable {
        /// `Beanconqueror.json`.
        case main
        /// A chunk file of more brews, by name.
        case brews(String)
        /// A chunk file of more bags, by name.
        case beans(String)

        var fileName: String? {
            switch self {
            case .main: nil
            case let .brews(name), let .beans(name): name
            }
        }
    }

    /// An export read block by block as it arrives (``ForeignExportDecoder``): each bag and brew
    /// is judged as soon as it is complete, so a file that is garbage, huge or endless ends as
    /// soon as ``hasEnoughProblems``; brews are linked to their methods and bags, which may come
    /// later in the file, by ``finish()``.
    public struct Decoder: ForeignExportDecoder {
        private var reader: Reader
        private var stream = JSONDocumentStream()
        private var part = Part.main
        private var sawRecords = false
        /// Set when the part read is not the document it should be: the rest of it is not read.
        private var partRefused = false
        private var brews: [(place: Located, uuid: String, created: Double)] = []
        private var drafts: [BagDraft] = []
        private var methods: [String: String] = [:]
        /// The grinders of MILL by uuid: a brew's `mill` names one.
        private var mills: [String: String] = [:]
        private var settings: JSONValue?
        private let problemLimit: Int

        /// A decoder placing moments on `timeZone`'s clock, refusing bags of days after `today`,
        /// that has enough once `problemLimit` problems are found.
        public init(timeZone: any UTCOffsetSource, today: CalendarDay, problemLimit: Int = 20) {
            self.reader = Reader(timeZone: timeZone, today: today)
            self.problemLimit = problemLimit
        }

        /// Whether so much is wrong that reading on would only find more.
        public var hasEnoughProblems: Bool { reader.problems.count >= problemLimit || stream.failure != nil }

        /// Starts reading `part` (the main file first, then any chunks).
        public mutating func begin(_ part: Part) {
            self.part = part
            stream = JSONDocumentStream()
            partRefused = false
        }

        /// Reads the next block of the part being read.
        public mutating func feed(_ block: UnsafeBufferPointer<UInt8>) {
            guard !hasEnoughProblems, !partRefused else { return }
            var stream = self.stream
            let failure = stream.feed(block) { piece, _ in take(piece) }
            self.stream = stream
            // Past the limit or refused, the rest of the block is not judged: nor its syntax.
            if let failure, !partRefused, reader.problems.count < problemLimit { problem(failure) }
        }

        /// The part being read is at its end: its document must be complete.
        public mutating func endOfFile() {
            guard !hasEnoughProblems, !partRefused else { return }
            var stream = self.stream
            let failure = stream.finish { piece, _ in take(piece) }
            self.stream = stream
            if let failure {
                if !partRefused, reader.problems.count < problemLimit { problem(failure) }
                return
            }
            if part == .main, !sawRecords, stream.arrayMembers.isDisjoint(with: ["BREWS", "BEANS"]) {
                reader.problems.append(.init(reason: "this is a JSON object without BEANS or BREWS, not Beanconqueror.json"))
            }
        }

        /// Reads a whole part held in memory.
        mutating func read(_ bytes: [UInt8], as part: Part) {
            begin(part)
            bytes.withUnsafeBufferPointer { feed($0) }
            endOfFile()
        }

        private mutating func problem(_ failure: JSONDocumentStream.Failure) {
            reader.problems.append(.init(file: part.fileName, line: failure.line, reason: failure.message))
        }

        /// Judges one piece of the document; whether it was kept.
        private mutating func take(_ piece: JSONDocumentStream.Piece) -> Bool {
            // Once enough is wrong, or the part is refused, the rest of its block is not judged.
            guard !hasEnoughProblems, !partRefused else { return false }
            switch (part, piece) {
            case (.main, .element(nil, _, _)), (.brews, .member), (.beans, .member):
                partRefused = true
                let what = part == .main ? "a JSON array (a chunk file?), not Beanconqueror.json: expected an object with BEANS and BREWS"
                                         : "a JSON object, not a chunk file of the export: expected an array"
                reader.problems.append(.init(file: part.fileName, reason: "this is " + what))
                return false
            case let (.main, .element("BREWS"?, index, value)):
                sawRecords = true
                return takeBrew(Located(value: value, file: nil, path: "BREWS[\(index)]"))
            case let (.brews(name), .element(nil, index, value)):
                return takeBrew(Located(value: value, file: name, path: "[\(index)]"))
            case let (.main, .element("BEANS"?, index, value)):
                sawRecords = true
                return takeBean(Located(value: value, file: nil, path: "BEANS[\(index)]"))
            case let (.beans(name), .element(nil, index, value)):
                return takeBean(Located(value: value, file: name, path: "[\(index)]"))
            case let (.main, .element("PREPARATION"?, _, value)):
                if let uuid = value["config"]?["uuid"]?.text, methods[uuid] == nil { methods[uuid] = value["name"]?.text ?? "" }
                return true
            case let (.main, .element("MILL"?, _, value)):
                if let uuid = value["config"]?["uuid"]?.text, mills[uuid] == nil { mills[uuid] = value["name"]?.text ?? "" }
                return true
            case let (.main, .element("SETTINGS"?, index, value)):
                if index == 0 { settings = value }
                return index == 0
            case let (.main, .member(key, value)) where ["BREWS", "BEANS", "PREPARATION", "MILL", "SETTINGS"].contains(key):
                switch value {
                case .null:
                    if key == "BREWS" || key == "BEANS" { sawRecords = true }
                    return true
                case .object where key == "SETTINGS":
                    settings = value
                    return true
                default:
                    reader.problems.append(.init(path: key, reason: "expected an array, got \(value.kind)"))
                    return false
                }
            default:
                return false
            }
        }

        /// Whether one more record would pass the most one import takes, which is then a problem.
        private mutating func isFull(_ place: Located) -> Bool {
            guard brews.count + drafts.count >= StreamJudge.maximumRecords else { return false }
            reader.problems.append(.init(file: place.file, path: place.path, reason: "the export holds more than \(StreamJudge.maximumRecords) records; split it"))
            partRefused = true
            return true
        }

        private mutating func takeBrew(_ place: Located) -> Bool {
            guard !isFull(place), let (uuid, created) = reader.identity(place) else { return false }
            // Judged now with what is known (no method, bag or rating maximum yet), so a stream of
            // bad brews ends as it comes; linked and scaled by finish().
            guard reader.brew(place, uuid: uuid, created: created, methods: [:], mills: [:], bags: [:], ratingMaximum: nil) != nil else { return false }
            brews.append((place, uuid, created))
            return true
        }

        private mutating func takeBean(_ place: Located) -> Bool {
            guard !isFull(place), let draft = reader.bag(place) else { return false }
            drafts.append(draft)
            return true
        }

        /// The bags and brews read, linked, or every problem found.
        public mutating func finish() -> Result<ExchangeContents, ForeignImportProblems> {
            guard reader.problems.isEmpty else { return .failure(ForeignImportProblems(reader.problems)) }
            let maximum = reader.ratingMaximum(settings)
            let bagsByUUID = Dictionary(drafts.map { ($0.uuid, $0.bag) }, uniquingKeysWith: { first, _ in first })
            var reader = self.reader
            let records = brews.compactMap { brew in
                reader.brew(brew.place, uuid: brew.uuid, created: brew.created, methods: methods, mills: mills,
                            bags: bagsByUUID, ratingMaximum: maximum)
            }
            let lastBrewDay = Dictionary(records.compactMap { record in record.bean.map { ($0, record.timestamp.day) } },
                                         uniquingKeysWith: { max($0, $1) })
            let bags = drafts.compactMap { reader.finish($0, lastBrewDay: lastBrewDay[$0.bag.id.rawValue]) }
            guard reader.problems.isEmpty else { return .failure(ForeignImportProblems(reader.problems)) }
            return .success(ExchangeContents(records: records, entries: bags.map(JournalEntry.bean), unknownKindCount: 0))
        }
    }
}
