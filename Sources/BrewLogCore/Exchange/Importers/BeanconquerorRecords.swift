#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one record of a Beanconqueror export becomes a bag or a brew: what the ``BeanconquerorExport/Decoder`` judges
/// each record with, and links them by.
extension BeanconquerorExport {
    /// One record of the export and where it is, for messages.
    struct Located {
        let value: JSONValue
        let file: String?
        let path: String
    }

    /// A bag read from BEANS, before the day it was finished is known.
    struct BagDraft {
        let uuid: String
        var bag: BeanBag
        let finished: Bool
        let knownDays: [CalendarDay]
        let place: Located
    }

    /// The reading of one export: its time zone, and the problems met so far.
    struct Reader {
        let timeZone: any UTCOffsetSource
        let today: CalendarDay
        var problems: [ForeignImportProblems.Problem] = []
        /// Where each uuid was first met, by the array it is in (`BREWS`, `BEANS`): a second record
        /// with the same uuid would get the same id and be dropped as already imported.
        private var firstPlaces: [String: String] = [:]

        /// The keys a brew maps to BrewLog's fields (the rest are kept when not empty).
        static let brewKeys: Set<String> = ["config", "grind_size", "grind_weight", "brew_temperature", "brew_time", "tds",
                                            "brew_quantity", "brew_beverage_quantity", "note"]
        /// The keys a bean maps to a bag's fields.
        /// `text`, or `nil` when it is empty or only whitespace (what the app leaves in a field not filled in).
        static func nonBlank(_ text: String) -> String? {
            text.allSatisfy(\.isWhitespace) ? nil : text
        }

        /// `bean_information` is kept whole (it holds more than the country and process read from it).
        static let beanKeys: Set<String> = ["config", "name", "roaster", "roastingDate", "weight", "openDate", "finished", "note",
                                            "country", "cost"]

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
            bag.price = amount(place, "cost")
            // The app's 2020 exports hold the country on the bean; later ones in bean_information,
            // one entry per origin of a blend.
            let information = place.value["bean_information"]?.elements ?? []
            let countries = ([text(place, "country")] + information.map { $0["country"]?.text }).compactMap { $0.flatMap(Self.nonBlank) }
            if !countries.isEmpty { bag.origin = countries.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ") }
            let processes = information.compactMap { $0["processing"]?.text.flatMap(Self.nonBlank) }
            if let process = processes.first, processes.allSatisfy({ $0 == process }) { bag.process = process }
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
        mutating func brew(_ place: Located, uuid: String, created: Double, methods: [String: String], mills: [String: String], bags: [String: BeanBag],
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
            if let mill = place.value["mill"]?.text, let name = mills[mill] {
                record.grinder = Self.nonBlank(name)
                mapped.insert("mill")
            }
            record.tdsPercent = amount(place, "tds")
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
}
