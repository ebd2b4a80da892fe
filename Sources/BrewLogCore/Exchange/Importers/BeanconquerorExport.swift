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
/// BEANS become bean bags, PREPARATION names the brews' methods, BREWS become brews linked to
/// their bag by id. What the app writes as "nothing" (`0`, `""`, empty lists, objects of zeros)
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
            case let (.main, .element("SETTINGS"?, index, value)):
                if index == 0 { settings = value }
                return index == 0
            case let (.main, .member(key, value)) where ["BREWS", "BEANS", "PREPARATION", "SETTINGS"].contains(key):
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
            guard reader.brew(place, uuid: uuid, created: created, methods: [:], bags: [:], ratingMaximum: nil) != nil else { return false }
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
                reader.brew(brew.place, uuid: brew.uuid, created: brew.created, methods: methods, bags: bagsByUUID, ratingMaximum: maximum)
            }
            let lastBrewDay = Dictionary(records.compactMap { record in record.bean.map { ($0, record.timestamp.day) } },
                                         uniquingKeysWith: { max($0, $1) })
            let bags = drafts.compactMap { reader.finish($0, lastBrewDay: lastBrewDay[$0.bag.id.rawValue]) }
            guard reader.problems.isEmpty else { return .failure(ForeignImportProblems(reader.problems)) }
            return .success(ExchangeContents(records: records, entries: bags.map(JournalEntry.bean), unknownKindCount: 0))
        }
    }
}

/// One record of the export and where it is, for messages.
private struct Located {
    let value: JSONValue
    let file: String?
    let path: String
}

/// A bag read from BEANS, before the day it was finished is known.
private struct BagDraft {
    let uuid: String
    var bag: BeanBag
    let finished: Bool
    let knownDays: [CalendarDay]
    let place: Located
}

/// The reading of one export: its time zone, and the problems met so far.
private struct Reader {
    let timeZone: any UTCOffsetSource
    let today: CalendarDay
    var problems: [ForeignImportProblems.Problem] = []
    /// Where each uuid was first met, by the array it is in (`BREWS`, `BEANS`): a second record
    /// with the same uuid would get the same id and be dropped as already imported.
    private var firstPlaces: [String: String] = [:]

    /// The keys a brew maps to BrewLog's fields (the rest are kept when not empty).
    static let brewKeys: Set<String> = ["config", "grind_size", "grind_weight", "brew_temperature", "brew_time",
                                        "brew_quantity", "brew_beverage_quantity", "note"]
    /// The keys a bean maps to a bag's fields.
    static let beanKeys: Set<String> = ["config", "name", "roaster", "roastingDate", "weight", "openDate", "finished", "note"]

    init(timeZone: any UTCOffsetSource, today: CalendarDay) {
        self.timeZone = timeZone
        self.today = today
    }

    mutating func fail(_ place: Located, _ reason: String) {
        problems.append(.init(file: place.file, path: place.path, reason: reason))
    }

    /// The app's rating maximum: the first SETTINGS record's `brew_rating`, or 10 without one
    /// (the app's 2020–2021 versions rated 0–10 and wrote no such setting).
    mutating func ratingMaximum(_ settings: JSONValue?) -> Double {
        guard let setting = settings?["brew_rating"], !setting.isEmptyDefault else { return 10 }
        guard let maximum = setting.numeric, maximum >= 1, maximum <= 1000 else {
            problems.append(.init(path: "SETTINGS[0]", reason: "\"brew_rating\" \(cappedForMessage(setting.compactText)) is not a rating maximum from 1 to 1000"))
            return 10
        }
        return maximum
    }

    /// The record's uuid and creation moment, or a problem.
    mutating func identity(_ place: Located) -> (uuid: String, created: Double)? {
        guard let members = place.value.members else { fail(place, "expected an object, got \(place.value.kind)"); return nil }
        if let repeated = JSONValue.firstRepeatedKey(members) {
            fail(place, "has the key \"\(cappedForMessage(repeated))\" twice; the app writes each key once"); return nil
        }
        // Its uuid is kept as beanconqueror_uuid: a key of that name would be kept twice.
        if members.contains(where: { $0.key == "uuid" }) {
            fail(place, "has a key \"uuid\" beside config.uuid, which the app never writes"); return nil
        }
        guard let uuid = place.value["config"]?["uuid"]?.text, !uuid.isEmpty else {
            fail(place, "has no config.uuid, which every record the app writes has"); return nil
        }
        guard let seconds = place.value["config"]?["unix_timestamp"]?.numeric else {
            fail(place, "has no config.unix_timestamp (uuid \(uuid))"); return nil
        }
        // Seconds since 1970 of a day BrewLog can write (years 1 to 9999 as RFC 3339 has them).
        guard seconds >= 0, seconds < 253_402_300_800 else {
            fail(place, "config.unix_timestamp \(cappedForMessage(formatNumber(seconds))) is not a moment from 1970-01-01 to 9999-12-31 (uuid \(uuid))"); return nil
        }
        let array = String(place.path.prefix { $0 != "[" }), here = (place.file.map { $0 + ": " } ?? "") + place.path
        if let first = firstPlaces[array + "|" + uuid] {
            fail(place, "has the uuid \(uuid) of \(first) too; the app never writes two records with one uuid"); return nil
        }
        firstPlaces[array + "|" + uuid] = here
        return (uuid, seconds)
    }

    /// A number member: `nil` when absent, `null`, `""` or 0 (the app's "not entered").
    mutating func amount(_ place: Located, _ key: String) -> Double? {
        guard let value = place.value[key] else { return nil }
        if value.isEmptyDefault { return nil }
        guard let number = value.numeric else { fail(place, "\"\(key)\" is \(value.kind), not a number"); return nil }
        return number
    }

    /// A text member: `nil` when absent, `null` or empty.
    mutating func text(_ place: Located, _ key: String) -> String? {
        guard let value = place.value[key], !value.isEmptyDefault else { return nil }
        guard let text = value.text else { fail(place, "\"\(key)\" is \(value.kind), not text"); return nil }
        return text
    }

    /// A date member (`2026-11-08T06:24:32.574Z`, as the app writes it, or `2026-11-08`) as a day
    /// on the local clock.
    mutating func day(_ place: Located, _ key: String) -> CalendarDay? {
        guard let text = text(place, key) else { return nil }
        if let moment = Timestamp(rfc3339: text) {
            return CalendarDay(date: moment.date, utcOffsetSeconds: timeZone.secondsFromGMT(for: moment.date))
        }
        if let day = CalendarDay(parsing: text) { return day }
        fail(place, "\"\(key)\" \"\(cappedForMessage(text))\" is not a date")
        return nil
    }

    /// The members not in `mapped` and not empty, kept as `beanconqueror_KEY`, after the uuid.
    func unknownFields(_ value: JSONValue, uuid: String, mapped: Set<String>) -> [UnknownField] {
        var kept = [UnknownField(key: "beanconqueror_uuid", rawJSON: JSONValue.string(uuid).compactText)]
        for member in value.members ?? [] where !mapped.contains(member.key) && !member.value.isEmptyDefault {
            // Quantities in grams are what BrewLog stores: that unit needs no keeping.
            if member.key.hasSuffix("quantity_type"), member.value.text == "GR" { continue }
            kept.append(UnknownField(key: "beanconqueror_" + member.key, rawJSON: member.value.compactText))
        }
        return kept
    }

    mutating func bag(_ place: Located) -> BagDraft? {
        guard let (uuid, created) = identity(place) else { return nil }
        let name = text(place, "name") ?? ""
        guard !name.allSatisfy(\.isWhitespace) else { fail(place, "has no name (uuid \(uuid))"); return nil }
        let roasted = day(place, "roastingDate")
        let opened = day(place, "openDate")
        let bought = day(place, "buyDate")
        let createdDate = Date(timeIntervalSince1970: created)
        let createdDay = CalendarDay(date: createdDate, utcOffsetSeconds: timeZone.secondsFromGMT(for: createdDate))
        var bag = BeanBag(id: ForeignID.make(.beanconqueror, "bean", uuid), name: name, roaster: text(place, "roaster"),
                          roasted: roasted, weightGrams: amount(place, "weight"), opened: opened,
                          notes: text(place, "note"),
                          unknownFields: unknownFields(place.value, uuid: uuid, mapped: Self.beanKeys))
        if let opened, let roasted, opened < roasted {
            // The app lets a bag be opened "before" its roast; BrewLog keeps days in order.
            bag.opened = roasted
        }
        let finished: Bool
        switch place.value["finished"] {
        case nil, .null?, .bool(false)?: finished = false
        case .bool(true)?: finished = true
        case let other?: fail(place, "\"finished\" is \(other.kind), not true or false"); return nil
        }
        return BagDraft(uuid: uuid, bag: bag, finished: finished,
                        knownDays: [roasted, opened, bought, createdDay].compactMap { $0 }, place: place)
    }

    /// The bag, finished (when the app says so) on the latest day the export knows for it: its
    /// newest brew, or its opening, purchase, roast or the day it was entered.
    mutating func finish(_ draft: BagDraft, lastBrewDay: CalendarDay?) -> BeanBag? {
        var bag = draft.bag
        if draft.finished {
            bag.finished = (draft.knownDays + [lastBrewDay].compactMap { $0 }).max()
        }
        do throws(BeanProblem) { try bag.validate() } catch {
            fail(draft.place, error.message)
            return nil
        }
        // A bag of days to come could not be entered or edited here: the file is wrong about them.
        for (word, day) in [("roasted", bag.roasted), ("opened", bag.opened), ("finished", bag.finished)] {
            if let day, day > today {
                fail(draft.place, "the bag \(cappedForMessage(bag.name)) would be \(word) on \(day), a day to come (today is \(today); uuid \(draft.uuid))")
                return nil
            }
        }
        return bag
    }

    /// The brew of a BREWS record whose identity is known: linked to its method and bag when
    /// `methods` and `bags` name them, its rating scaled from `ratingMaximum`. Without a maximum
    /// (judging a brew as it arrives) the rating is only checked to be one at all, and the keys
    /// kept as unknown keys are left out.
    mutating func brew(_ place: Located, uuid: String, created: Double, methods: [String: String], bags: [String: BeanBag],
                       ratingMaximum: Double?) -> BrewRecord? {
        let date = Date(timeIntervalSince1970: created.rounded(.down))
        var record = BrewRecord(id: ForeignID.make(.beanconqueror, "brew", uuid), timestamp: Timestamp(date: date, timeZone: timeZone))
        var mapped = Self.brewKeys
        if let preparation = place.value["method_of_preparation"]?.text, let name = methods[preparation] {
            record.method = name.isEmpty ? nil : name
            mapped.insert("method_of_preparation")
        }
        if let beanUUID = place.value["bean"]?.text, let bag = bags[beanUUID] {
            record.coffee = bag.name
            record.bean = bag.id.rawValue
            mapped.insert("bean")
        }
        record.doseGrams = amount(place, "grind_weight")
        record.waterGrams = amount(place, "brew_quantity")
        record.yieldGrams = amount(place, "brew_beverage_quantity")
        record.temperatureCelsius = amount(place, "brew_temperature")
        if let seconds = amount(place, "brew_time") {
            // Checked as a number first: a conversion of a number out of range would trap.
            guard seconds >= 0.5, seconds < 86_400.5 else {
                fail(place, "\"brew_time\" \(cappedForMessage(formatNumber(seconds))) is not a brew time from 1 to 86400 seconds (uuid \(uuid))")
                return nil
            }
            record.brewTimeSeconds = Int(seconds.rounded())
        }
        if let rating = amount(place, "rating"), rating != 0 {
            guard rating > 0, rating <= (ratingMaximum ?? 1000) else {
                let scale = ratingMaximum.map { "from 0 to \(formatNumber($0)), the app's maximum" } ?? "of 0 or more"
                fail(place, "\"rating\" \(cappedForMessage(formatNumber(rating))) is not a rating \(scale) (uuid \(uuid))")
                return nil
            }
            // The app's scale (its maximum, in its steps) onto 1–5.
            if let ratingMaximum { record.rating = min(5, max(1, Int((rating / ratingMaximum * 5).rounded()))) }
        }
        record.grind = text(place, "grind_size")
        record.notes = text(place, "note") ?? ""
        // Judging a brew as it streams in needs its fields, not the keys kept as they are.
        if ratingMaximum != nil { record.unknownFields = unknownFields(place.value, uuid: uuid, mapped: mapped) }
        do throws(InvalidFieldError) { try record.validate() } catch {
            fail(place, "\(error.message) (uuid \(uuid))")
            return nil
        }
        return record
    }
}
