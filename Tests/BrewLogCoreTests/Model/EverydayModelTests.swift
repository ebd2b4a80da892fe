import Foundation
import Testing
@testable import BrewLogCore

/// The core's part of everyday entry: the sticky layer, `last:` with a part of a name, a bag's
/// price and what a brew cost, and the extraction yield.
@Suite("Everyday entry in the core: sticky fields, parts of names, prices, extraction")
struct EverydayModelTests {
    private static func brew(_ id: String, _ date: String, method: String?, coffee: String? = nil, grind: String? = nil,
                             temp: Double? = nil) -> BrewRecord {
        var record = fixedRecord(id, date)
        record.method = method
        record.coffee = coffee
        record.grind = grind
        record.temperatureCelsius = temp
        return record
    }

    @Test("the sticky layer is the lowest: it fills only what no layer sets, an unset removes it, and the method is never carried")
    func stickyIsLowest() {
        let last = Self.brew("v60a00000001", "2026-11-28T07:00:00Z", method: "V60", coffee: "Kenya", grind: "22", temp: 96)
        var defaults = BrewFieldValues()
        defaults[.method] = .text("V60")
        defaults[.temperature] = .number(93)
        var typed = BrewFieldValues()
        typed.unset = [.coffee]
        let layers = BrewLayers(defaults: defaults, methodDefaults: [], startingPoint: nil, typed: typed,
                                sticky: (last, [.grind, .temperature, .coffee, .method])).resolved
        #expect(layers.values[.grind] == .text("22"))
        #expect(layers.values[.temperature] == .number(93))
        #expect(layers.values[.coffee] == nil)
        #expect(layers.values[.method] == .text("V60"))
        #expect(layers.source(of: .grind) == .sticky(method: "V60", brew: last.id))
        #expect(layers.fields(from: .sticky(method: "V60", brew: last.id)) == [.grind])
        #expect(layers.used.first == .sticky(method: "V60", brew: last.id))
    }

    @Test("a sticky field the last brew does not have carries nothing, and names no layer")
    func stickyWithoutValues() {
        let last = Self.brew("v60a00000001", "2026-11-28T07:00:00Z", method: "V60")
        var defaults = BrewFieldValues()
        defaults[.method] = .text("V60")
        let layers = BrewLayers(defaults: defaults, methodDefaults: [], startingPoint: nil, typed: BrewFieldValues(),
                                sticky: (last, [.grind])).resolved
        #expect(layers.values[.grind] == nil)
        #expect(layers.used == [.defaults])
    }

    private static func store() throws -> BrewLogStore {
        try makeStore(now: "2026-11-30T12:00:00Z", records: [
            brew("v60a00000001", "2026-11-28T07:00:00Z", method: "V60", coffee: "Onyx Geometry"),
            brew("espr00000002", "2026-11-29T15:00:00Z", method: "Espresso", coffee: "Onyx Monarch"),
            brew("aero00000003", "2026-11-29T07:00:00Z", method: "AeroPress", coffee: "Kenya AA"),
            brew("v60b00000004", "2026-11-30T07:00:00Z", method: "v60", coffee: "Ethiopia"),
        ])
    }

    @Test("last:TEXT takes a unique part of a method, else of a coffee, ignoring case", arguments: [
        ("last:aero", "aero00000003"), ("last:60", "v60b00000004"), ("last:60~1", "v60a00000001"), ("last:ESPR", "espr00000002"),
        ("last:geometry", "v60a00000001"), ("last:kenya", "aero00000003"), ("last:opress", "aero00000003"), ("last:presso", "espr00000002"),
    ])
    func partOfAName(reference: String, expected: String) throws {
        #expect(try Self.store().brew(matching: reference).id.rawValue == expected)
    }

    @Test("a part of several names is ambiguous and names them; a part of no name matches nothing")
    func ambiguousPart() throws {
        #expect(throws: BrewLookupError.ambiguousName("onyx", candidates: ["Onyx Geometry", "Onyx Monarch"])) {
            try Self.store().brew(matching: "last:onyx")
        }
        #expect(throws: BrewLookupError.ambiguousName("e", candidates: ["AeroPress", "Espresso"])) { try Self.store().brew(matching: "last:e") }
        #expect(throws: BrewLookupError.noneOf("chemex")) { try Self.store().brew(matching: "last:chemex") }
    }

    @Test("the newest brews of a method, ignoring case, newest first")
    func newestOfMethod() throws {
        let store = try Self.store()
        #expect(store.newestRecords(ofMethod: "V60", limit: 5).map(\.id.rawValue) == ["v60b00000004", "v60a00000001"])
        #expect(store.newestRecords(ofMethod: "v60", limit: 1).map(\.id.rawValue) == ["v60b00000004"])
        #expect(store.newestRecords(ofMethod: "Chemex", limit: 5).isEmpty)
        #expect(store.newestRecords(ofMethod: "V60", limit: 0).isEmpty)
    }

    @Test("a method last brewed long ago is found past the newest few hundred brews; the journal's line order does not matter")
    func newestOfARareMethod() throws {
        var records = (0..<700).map { index in
            Self.brew(String(format: "v60%09d", index), "2026-11-01T00:00:00Z", method: "V60")
        }
        for index in records.indices {
            records[index].timestamp = Timestamp(date: Date(timeIntervalSince1970: 1_796_000_000 + Double(index) * 60), utcOffsetSeconds: 0)
        }
        records.insert(Self.brew("chemex000002", "2026-10-02T07:00:00Z", method: "Chemex"), at: 350)
        records.append(Self.brew("chemex000001", "2026-10-01T07:00:00Z", method: "Chemex"))
        let store = try makeStore(now: "2026-12-30T12:00:00Z", records: records)
        #expect(store.newestRecords(ofMethod: "chemex", limit: 5).map(\.id.rawValue) == ["chemex000002", "chemex000001"])
        #expect(store.newestRecords(ofMethod: "V60", limit: 2).map(\.id.rawValue) == ["v60000000699", "v60000000698"])
    }

    @Test("a bag's price reads and writes back in its place; a bad one is refused", arguments: [
        (#","price":14.5"#, 14.5 as Double?, nil as String?), (#","price":0"#, 0, nil),
        (#","price":-1"#, nil, "price must be 0 or more and at most 1000000000 (got -1)"),
        (#","price":1e10"#, nil, "price must be 0 or more and at most 1000000000 (got 10000000000)"),
        (#","price":"14.5""#, nil, #""price" must be a number, got a string"#),
    ])
    func price(member: String, expected: Double?, problem: String?) throws {
        let line = #"{"id":"bean00000001","kind":"bean","name":"Kenya AA","weight_g":250,"opened":"2026-11-05""# + member + #","notes":"n"}"#
        do throws(LineProblem) {
            guard case let .entry(.bean(bag))? = try RecordLineCodec.decode(line) else {
                Issue.record("not read as a bag")
                return
            }
            #expect(problem == nil)
            #expect(bag.price == expected)
            #expect(RecordLineCodec.encode(.bean(bag)) == line)
        } catch {
            #expect(error.reason == problem)
        }
    }

    @Test("a brew's cost is its bag's price × dose ÷ weight; without a price, a weight or a dose, none")
    func cost() {
        var bag = BeanBag(id: BrewID("bean00000001") ?? .random(), name: "Kenya AA", weightGrams: 250, opened: CalendarDay(year: 2026, month: 11, day: 1))
        bag.price = 20
        var brew = Self.brew("v60a00000001", "2026-11-28T07:00:00Z", method: "V60", coffee: "Kenya AA")
        brew.doseGrams = 15
        let bags = BeanMatching(bags: [bag])
        #expect(bags.cost(of: brew) == 1.2)
        #expect(BeanUsage(bag: bag, brews: [brew, { var other = brew; other.doseGrams = 25; return other }()]).costPerCup == 1.6)
        brew.doseGrams = nil
        #expect(bags.cost(of: brew) == nil)
        bag.price = nil
        #expect(BeanUsage(bag: bag, brews: [brew]).costPerCup == nil)
        #expect(BrewColumn(name: "cost") == .cost)
    }

    @Test("extraction yield: TDS × the yield, else the water, ÷ the dose", arguments: [
        (1.35 as Double?, 15.0 as Double?, 250.0 as Double?, nil as Double?, 22.5 as Double?),
        (9, 18, 200, 36, 18), (9, 18, nil, 36, 18), (nil, 18, nil, 36, nil), (9, nil, nil, 36, nil), (9, 18, nil, nil, nil),
    ])
    func extractionYield(tds: Double?, dose: Double?, water: Double?, yield: Double?, expected: Double?) {
        var brew = fixedRecord("v60a00000001", "2026-11-28T07:00:00Z")
        (brew.tdsPercent, brew.doseGrams, brew.waterGrams, brew.yieldGrams) = (tds, dose, water, yield)
        #expect(brew.extractionYield.map { ($0 * 1e6).rounded() / 1e6 } == expected)
        #expect(BrewColumn.extractionYield.value(of: brew, bags: BeanMatching(bags: [])) == expected.map(FieldValue.number))
    }
}
