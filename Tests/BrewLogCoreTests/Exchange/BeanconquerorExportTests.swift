import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

@Suite("Beanconqueror's export: bags, brews linked to them, methods, ratings scaled, the rest kept")
struct BeanconquerorExportTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    private func decode(_ text: String, brewChunks: [BeanconquerorExport.Chunk] = []) -> Result<ExchangeContents, ForeignImportProblems> {
        BeanconquerorExport.decode(Array(text.utf8), brewChunks: brewChunks, timeZone: berlin, today: today)
    }

    private func contents(_ text: String = ForeignExportFixtures.beanconqueror) throws -> ExchangeContents {
        try decode(text).get()
    }

    private func bags(_ contents: ExchangeContents) -> [BeanBag] {
        contents.entries.compactMap { if case let .bean(bag) = $0 { bag } else { nil } }
    }

    @Test("BEANS become bags: name, roaster, roast and opening day on the local clock, weight, notes; a finished one finished on its last brew's day")
    func bagsFromBeans() throws {
        let found = bags(try contents())
        #expect(found.map(\.name) == ["Ethiopia Guji", "Kenya AA"])
        let guji = found[0]
        #expect(guji.roaster == "Tim Wendelboe")
        #expect(guji.roasted == CalendarDay(year: 2026, month: 11, day: 10))
        #expect(guji.opened == CalendarDay(year: 2026, month: 11, day: 12))
        #expect(guji.weightGrams == 250)
        #expect(guji.notes == "peach")
        #expect(guji.finished == nil)
        #expect(guji.unknownFields.first?.key == "beanconqueror_uuid")
        #expect(guji.unknownFields.contains { $0.key == "beanconqueror_aromatics" && $0.rawJSON == #""peach, jasmine""# })
        #expect(!guji.unknownFields.contains { $0.key == "beanconqueror_cupping" || $0.key == "beanconqueror_url" })
        let kenya = found[1]
        #expect(kenya.weightGrams == nil)
        #expect(kenya.roaster == nil)
        #expect(kenya.finished == CalendarDay(year: 2026, month: 11, day: 21))
    }

    @Test("a brew takes its moment, method, coffee and bag link, dose, water, temperature, time, grind, TDS, notes, and its rating of 10 scaled to 1-5")
    func fullBrew() throws {
        let found = try contents()
        let brew = found.records[0]
        #expect(brew.timestamp.description == "2026-11-20T07:30:00+01:00")
        #expect(brew.method == "V60")
        #expect(brew.coffee == "Ethiopia Guji")
        #expect(brew.bean == bags(found)[0].id.rawValue)
        #expect(brew.doseGrams == 15)
        #expect(brew.waterGrams == 250)
        #expect(brew.yieldGrams == nil)
        #expect(brew.temperatureCelsius == 94)
        #expect(brew.brewTimeSeconds == 165)
        #expect(brew.grind == "22")
        #expect(brew.notes == "sweet, long finish")
        #expect(brew.rating == 4)
        #expect(brew.tdsPercent == 1.38)
        #expect(brew.grinder == nil)
        #expect(brew.unknownFields.map(\.key) == ["beanconqueror_uuid", "beanconqueror_rating", "beanconqueror_coffee_blooming_time"])
        #expect(brew.unknownFields.first { $0.key == "beanconqueror_rating" }?.rawJSON == "8")
    }

    @Test("rating 0 is unrated and time 0 no time; the yield is the beverage quantity")
    func zeroes() throws {
        let brew = try contents().records[1]
        #expect(brew.rating == nil)
        #expect(brew.brewTimeSeconds == nil)
        #expect(brew.temperatureCelsius == nil)
        #expect(brew.waterGrams == nil)
        #expect(brew.grind == nil)
        #expect(brew.yieldGrams == 36)
        #expect(brew.coffee == "Kenya AA")
    }

    @Test("a preparation the export does not hold leaves the method empty and keeps its uuid; the top rating is 5")
    func unknownPreparation() throws {
        let brew = try contents().records[2]
        #expect(brew.method == nil)
        #expect(brew.unknownFields.contains { $0.key == "beanconqueror_method_of_preparation" && $0.rawJSON == #""9e9e0000-0000-4000-8000-0000000000ff""# })
        #expect(brew.rating == 5)
    }

    @Test("ids come from the uuids: the same export decoded twice gives the same ids, and merged twice adds nothing")
    func stableIDs() throws {
        let first = try contents()
        let second = try contents()
        #expect(first == second)
        #expect(Set(first.records.map(\.id) + first.entries.map(\.id)).count == 5)
        let store = try makeStore(now: "2026-11-29T09:00:00+01:00", timeZone: "Europe/Berlin")
        let added = store.merge(first.records, entries: first.entries, preference: nil)
        #expect(added.added == 5)
        let again = store.merge(second.records, entries: second.entries, preference: nil)
        #expect(again.added == 0)
        #expect(again.skipped == 5)
        #expect(again.conflicts.isEmpty)
    }

    @Test("brews in a chunk file beside the main one are read too, and a problem in one names that file")
    func chunks() throws {
        let chunk = #"[{"grind_weight":16,"bean":"b1c0ffee-0000-4000-8000-000000000001","config":{"uuid":"c0ffee00-0000-4000-8000-0000000000c1","unix_timestamp":1795362000}}]"#
        let found = try decode(ForeignExportFixtures.beanconqueror, brewChunks: [("Beanconqueror_Brews_1.json", Array(chunk.utf8))]).get()
        #expect(found.records.count == 4)
        #expect(found.records[3].coffee == "Ethiopia Guji")
        let bad = decode(ForeignExportFixtures.beanconqueror, brewChunks: [("Beanconqueror_Brews_1.json", Array("[{}]".utf8))])
        #expect(bad.failure?.problems == [.init(file: "Beanconqueror_Brews_1.json", path: "[0]", reason: "has no config.uuid, which every record the app writes has")])
    }

    @Test("a malformed export is refused with where and what", arguments: [
        (#"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1795362000},"grind_weight":true}]}"#, nil as Int?, "BREWS[0]", #""grind_weight" is a boolean, not a number"#),
        (#"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1795362000},"grind_weight":5000}]}"#, nil, "BREWS[0]", "dose must be more than 0 and at most 1000 grams (got 5000) (uuid x)"),
        (#"{"BEANS":[{"name":"","config":{"uuid":"y","unix_timestamp":1}}]}"#, nil, "BEANS[0]", "has no name (uuid y)"),
        (#"{"BREWS":[{"config":{"uuid":"x"}}]}"#, nil, "BREWS[0]", "has no config.unix_timestamp (uuid x)"),
        (#"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1e19}}]}"#, nil, "BREWS[0]", "config.unix_timestamp 1e+19 is not a moment from 1970-01-01 to 9999-12-31 (uuid x)"),
        (#"{"BREWS":[{"config":{"uuid":"d","unix_timestamp":1795362000}},{"config":{"uuid":"d","unix_timestamp":1795362001}}]}"#, nil, "BREWS[1]",
         "has the uuid d of BREWS[0] too; the app never writes two records with one uuid"),
        ("{\n\"BREWS\": [\n{,}]}", 3, nil, "malformed JSON: expected a key in double quotes"),
        (#"[{"config":{}}]"#, nil, nil, "this is a JSON array (a chunk file?), not Beanconqueror.json: expected an object with BEANS and BREWS"),
    ])
    func malformed(text: String, line: Int?, path: String?, reason: String) {
        let problems = decode(text).failure?.problems ?? []
        #expect(problems.count == 1)
        #expect(problems.first?.line == line)
        #expect(problems.first?.path == path)
        #expect(problems.first?.reason == reason)
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
