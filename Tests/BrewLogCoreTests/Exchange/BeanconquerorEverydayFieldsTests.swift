import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// What a Beanconqueror user's history must keep to be worth switching for: the grinder of each
/// brew, its TDS, and each bean's country and cost.
@Suite("Beanconqueror's grinder, TDS, country and cost come along")
struct BeanconquerorEverydayFieldsTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    private func contents(_ text: String) throws -> ExchangeContents {
        try BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today).get()
    }

    private func bags(_ contents: ExchangeContents) -> [BeanBag] {
        contents.entries.compactMap { if case let .bean(bag) = $0 { bag } else { nil } }
    }

    /// The fixture with a MILL record the first brew names.
    private var withMill: String {
        ForeignExportFixtures.beanconqueror
            .replacingOccurrences(of: #""MILL":[]"#, with: #""MILL":[{"name":"Kinu m47","note":"","config":{"uuid":"m1110000-0000-4000-8000-000000000001","unix_timestamp":1793523600},"finished":false}]"#)
            .replacingOccurrences(of: #"{"grind_size":"22","grind_weight":15,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"""#,
                                  with: #"{"grind_size":"22","grind_weight":15,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"m1110000-0000-4000-8000-000000000001""#)
    }

    @Test("a brew's mill names its grinder, and the mill's uuid is not kept as an unknown key")
    func grinder() throws {
        let text = withMill
        #expect(text.contains("Kinu m47") && text.contains(#""mill":"m1110000"#))
        let brews = try contents(text).records
        #expect(brews.map(\.grinder) == ["Kinu m47", nil, nil])
        #expect(!brews[0].unknownFields.contains { $0.key == "beanconqueror_mill" })
    }

    @Test("the 2020 export's brews all name the Comandante")
    func grinderOfTheOldExport() throws {
        let brews = try contents(ForeignExportFixtures.beanconqueror2020).records
        #expect(!brews.isEmpty && brews.allSatisfy { $0.grinder == "Comandante" })
    }

    @Test("TDS becomes tds_pct, which gives the extraction yield; 0 is no reading")
    func tds() throws {
        let brews = try contents(ForeignExportFixtures.beanconqueror).records
        #expect(brews.map(\.tdsPercent) == [1.38, nil, nil])
        // 1.38 % of 250 g of water from 15 g of coffee.
        #expect(abs((brews[0].extractionYield ?? 0) - 23) < 1e-9)
    }

    @Test("a TDS outside 0 to 30 % is an error in the file, naming the brew")
    func tdsOutOfRange() {
        let text = ForeignExportFixtures.beanconqueror.replacingOccurrences(of: #""tds":1.38"#, with: #""tds":138"#)
        guard case let .failure(problems) = BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today) else {
            Issue.record("a TDS of 138 % was imported")
            return
        }
        #expect(problems.problems.contains { $0.reason.contains("tds") && $0.reason.contains("c0ffee00-0000-4000-8000-0000000000b1") })
    }

    @Test("a bean's country (in bean_information, or on the bean in 2020) is its origin, its processing its process, its cost its price")
    func countryAndCost() throws {
        let found = bags(try contents(ForeignExportFixtures.beanconqueror))
        #expect(found.map(\.origin) == ["Ethiopia", nil])
        #expect(found.map(\.process) == ["washed", nil])
        #expect(found.map(\.price) == [18.5, nil])
        #expect(!found[0].unknownFields.contains { $0.key == "beanconqueror_cost" })
        // The entry holds more than the country: it stays as it was.
        #expect(found[0].unknownFields.contains { $0.key == "beanconqueror_bean_information" })
        let old = bags(try contents(ForeignExportFixtures.beanconqueror2020.replacingOccurrences(of: #""country":"","aromatics":"","weight":500"#,
                                                                                               with: #""country":"Rwanda","aromatics":"","weight":500"#)))
        #expect(old.map(\.origin) == [nil, "Rwanda"])
        #expect(old.map(\.price) == [nil, 12.5])
    }

    @Test("a blend's origins are listed once each, in the app's order")
    func blend() throws {
        let blend = #"[{"country":"Brazil","processing":"natural"},{"country":"Ethiopia","processing":"washed"},{"country":"Brazil","processing":"natural"}]"#
        let text = ForeignExportFixtures.beanconqueror.replacingOccurrences(
            of: #""bean_information":[{"country":"Ethiopia","region":"Guji","farm":"","farmer":"","elevation":"","harvest_time":"","variety":"","processing":"washed","certification":"","purchasing_price":0,"fob_price":0,"percentage":0}]"#,
            with: #""bean_information":"# + blend)
        let guji = try #require(bags(try contents(text)).first)
        #expect(guji.origin == "Brazil, Ethiopia")
        #expect(guji.process == nil)
    }

    @Test("a negative cost is an error in the file")
    func negativeCost() {
        let text = ForeignExportFixtures.beanconqueror.replacingOccurrences(of: #""cost":18.5"#, with: #""cost":-3"#)
        guard case .failure = BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today) else {
            Issue.record("a bag that cost -3 was imported")
            return
        }
    }
}
