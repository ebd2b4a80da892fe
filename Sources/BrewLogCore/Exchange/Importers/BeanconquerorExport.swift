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
/// `beanconqueror_`, with the record's uuid as `beanconqueror_uuid`.
public enum BeanconquerorExport {
    /// The file that holds the `number`-th extra chunk of brews (`brews` true) or of bags.
    public static func chunkFileName(brews: Bool, number: Int) -> String {
        "Beanconqueror_\(brews ? "Brews" : "Beans")_\(number).json"
    }

    /// A chunk file's name and bytes.
    public typealias Chunk = (name: String, bytes: [UInt8])

    /// The brews and bags of an export: `main` is `Beanconqueror.json`, the chunks the files of
    /// more brews and bags beside it; moments and days are placed on `timeZone`'s clock.
    public static func decode(_ main: [UInt8], brewChunks: [Chunk] = [], beanChunks: [Chunk] = [],
                              timeZone: any UTCOffsetSource) -> Result<ExchangeContents, ForeignImportProblems> {
        let document: JSONValue
        switch JSONValue.document(main) {
        case let .success(value): document = value
        case let .failure(problems): return .failure(problems)
        }
        guard document.members != nil, document["BREWS"] != nil || document["BEANS"] != nil else {
            let what = if case .array = document { "a JSON array (a chunk file?)" } else { document.kind }
            return .failure(ForeignImportProblems("this is \(what), not Beanconqueror.json: expected an object with BEANS and BREWS"))
        }
        var reader = Reader(timeZone: timeZone)
        var beans = reader.list(document["BEANS"], file: nil, label: "BEANS")
        for chunk in beanChunks { beans += reader.chunk(chunk) }
        var brews = reader.list(document["BREWS"], file: nil, label: "BREWS")
        for chunk in brewChunks { brews += reader.chunk(chunk) }
        let preparations = reader.list(document["PREPARATION"], file: nil, label: "PREPARATION")
        let methods = Dictionary(preparations.compactMap { item in
            item.value["config"]?["uuid"]?.text.map { ($0, item.value["name"]?.text ?? "") }
        }, uniquingKeysWith: { first, _ in first })
        let maximum = reader.ratingMaximum(document["SETTINGS"])

        let bagDrafts = beans.compactMap { reader.bag($0) }
        let bagsByUUID = Dictionary(bagDrafts.map { ($0.uuid, $0.bag) }, uniquingKeysWith: { first, _ in first })
        let records = brews.compactMap { reader.brew($0, methods: methods, bags: bagsByUUID, ratingMaximum: maximum) }
        let lastBrewDay = Dictionary(records.compactMap { record in record.bean.map { ($0, record.timestamp.day) } },
                                     uniquingKeysWith: { max($0, $1) })
        let bags = bagDrafts.compactMap { reader.finish($0, lastBrewDay: lastBrewDay[$0.bag.id.rawValue]) }
        guard reader.problems.isEmpty else { return .failure(ForeignImportProblems(reader.problems)) }
        return .success(ExchangeContents(records: records, entries: bags.map(JournalEntry.bean), unknownKindCount: 0))
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
    var problems: [ForeignImportProblems.Problem] = []
    /// Where each uuid was first met, by the array it is in (`BREWS`, `BEANS`): a second record
    /// with the same uuid would get the same id and be dropped as already imported.
    private var firstPlaces: [String: String] = [:]

    /// The keys a brew maps to BrewLog's fields (the rest are kept when not empty).
    static let brewKeys: Set<String> = ["config", "grind_size", "grind_weight", "brew_temperature", "brew_time",
                                        "brew_quantity", "brew_beverage_quantity", "note", "rating"]
    /// The keys a bean maps to a bag's fields.
    static let beanKeys: Set<String> = ["config", "name", "roaster", "roastingDate", "weight", "openDate", "finished", "note"]

    init(timeZone: any UTCOffsetSource) {
        self.timeZone = timeZone
    }

    mutating func fail(_ place: Located, _ reason: String) {
        problems.append(.init(file: place.file, path: place.path, reason: reason))
    }

    /// The elements of an array member (`nil` is an empty list).
    mutating func list(_ value: JSONValue?, file: String?, label: String) -> [Located] {
        switch value {
        case nil, .null?: return []
        case let .array(elements)?:
            return elements.enumerated().map { Located(value: $1, file: file, path: "\(label)[\($0)]") }
        case let other?:
            problems.append(.init(file: file, path: label, reason: "expected an array, got \(other.kind)"))
            return []
        }
    }

    /// The records of a chunk file: a JSON array.
    mutating func chunk(_ chunk: BeanconquerorExport.Chunk) -> [Located] {
        switch JSONValue.document(chunk.bytes) {
        case let .success(value): return list(value, file: chunk.name, label: "")
        case let .failure(found):
            problems += found.problems.map { .init(file: chunk.name, line: $0.line, reason: $0.reason) }
            return []
        }
    }

    /// The app's rating maximum (`SETTINGS.brew_rating`, 5 unless set); SETTINGS is a list of one.
    func ratingMaximum(_ settings: JSONValue?) -> Double {
        let object: JSONValue? = if case let .array(elements)? = settings { elements.first } else { settings }
        guard let maximum = object?["brew_rating"]?.numeric, maximum > 0 else { return 5 }
        return maximum
    }

    /// The record's uuid and creation moment, or a problem.
    mutating func identity(_ place: Located) -> (uuid: String, created: Double)? {
        guard place.value.members != nil else { fail(place, "expected an object, got \(place.value.kind)"); return nil }
        guard let uuid = place.value["config"]?["uuid"]?.text, !uuid.isEmpty else {
            fail(place, "has no config.uuid, which every record the app writes has"); return nil
        }
        guard let seconds = place.value["config"]?["unix_timestamp"]?.numeric else {
            fail(place, "has no config.unix_timestamp (uuid \(uuid))"); return nil
        }
        // Seconds since 1970 of a day BrewLog can write (years 1 to 9999 as RFC 3339 has them).
        guard seconds > 0, seconds < 253_402_300_800 else {
            fail(place, "config.unix_timestamp \(cappedForMessage(formatNumber(seconds))) is not a moment from 1970 to 9999 (uuid \(uuid))"); return nil
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
        return bag
    }

    mutating func brew(_ place: Located, methods: [String: String], bags: [String: BeanBag], ratingMaximum: Double) -> BrewRecord? {
        guard let (uuid, created) = identity(place) else { return nil }
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
        record.brewTimeSeconds = amount(place, "brew_time").map { max(1, Int($0.rounded())) }
        record.grind = text(place, "grind_size")
        record.notes = text(place, "note") ?? ""
        if let rating = amount(place, "rating"), rating > 0 {
            // The app's scale (its maximum, in its steps) onto 1–5; above the maximum counts as it.
            record.rating = min(5, max(1, Int((min(rating, ratingMaximum) / ratingMaximum * 5).rounded())))
        }
        record.unknownFields = unknownFields(place.value, uuid: uuid, mapped: mapped)
        do throws(InvalidFieldError) { try record.validate() } catch {
            fail(place, "\(error.message) (uuid \(uuid))")
            return nil
        }
        return record
    }
}
