import Foundation
import Testing
@testable import BrewLogCore

@Suite("The newest open bag, and its grams left read from the journal's records")
struct NewestOpenBagTests {
    private func bag(_ id: String, _ name: String, roasted: String? = nil, opened: String? = nil, finished: String? = nil) -> JournalEntry {
        .bean(BeanBag(id: BrewID(unchecked: id), name: name, roasted: roasted.map(day), weightGrams: 250,
                      opened: opened.map(day), finished: finished.map(day)))
    }

    @Test("the open bag opened last, else roasted last; a finished one never; ties go to the later line")
    func newest() throws {
        let store = BrewLogStore(journal: InMemoryJournal([], entries: [
            bag("bag100000001", "No days"),
            bag("bag100000002", "Roasted late", roasted: "2026-11-25"),
            bag("bag100000003", "Opened", opened: "2026-11-20"),
            bag("bag100000004", "Finished", opened: "2026-11-28", finished: "2026-11-29"),
            bag("bag100000005", "Tie, later line", opened: "2026-11-25"),
        ]), clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        #expect(store.newestOpenBag?.name == "Tie, later line")
    }

    @Test("grams left count the bag's brews only, the same as the usage of objects")
    func recordedUsage() throws {
        var kenya = record("2026-11-26T08:00:00Z")
        kenya.coffee = "Kenya"
        kenya.doseGrams = 18
        var other = record("2026-11-27T08:00:00Z")
        other.coffee = "Brazil"
        other.doseGrams = 20
        let store = BrewLogStore(journal: InMemoryJournal([kenya, other], entries: [bag("bag100000001", "Kenya", opened: "2026-11-20")]),
                                 clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        let bag = try #require(store.newestOpenBag)
        #expect(store.recordedUsage(of: bag).gramsLeft == 232)
        #expect(store.recordedUsage(of: bag).brews.map(\.id) == store.beanUsage(of: bag).brews.map(\.id))
    }
}
