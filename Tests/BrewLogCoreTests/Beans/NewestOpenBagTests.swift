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

    @Test("of bags opened the same day, the later roast counts as opened last, else the later line; a brew of their name goes to the same bag", arguments: [
        ("2026-11-20", "2026-11-10", "bag100000001"),
        ("2026-11-10", "2026-11-20", "bag100000002"),
        ("2026-11-15", "2026-11-15", "bag100000002"),
        (nil, "2026-11-10", "bag100000002"),
        ("2026-11-10", nil, "bag100000002"),
    ] as [(String?, String?, String)])
    func sameDayTies(firstRoast: String?, secondRoast: String?, expected: String) throws {
        let store = BrewLogStore(journal: InMemoryJournal([], entries: [
            bag("bag100000001", "Kenya AA", roasted: firstRoast, opened: "2026-11-25"),
            bag("bag100000002", "Kenya AA", roasted: secondRoast, opened: "2026-11-25"),
        ]), clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        #expect(store.newestOpenBag?.id.rawValue == expected)
        #expect(BeanMatching(bags: store.beanBags).bag(coffee: "Kenya AA", on: day("2026-11-29"))?.id.rawValue == expected)
    }

    @Test("a bag's usage from a file journal decodes only lines that could be its own, and finds every one, links before it opened and escaped keys included")
    func usageFromFile() throws {
        let kenya = BeanBag(id: BrewID(unchecked: "bag100000001"), name: "Kenya", roasted: nil, weightGrams: 250,
                            opened: day("2026-11-20"), finished: nil)
        func line(_ id: String, _ date: String, coffee: String, dose: Int, extra: String = "") -> String {
            #"{"id":"\#(id)","date":"\#(date)T08:00:00Z","coffee":"\#(coffee)","dose_g":\#(dose)\#(extra)}"#
        }
        var lines: [String] = []
        for index in 0..<5_000 {
            lines.append(line(String(format: "old%09d", index), "2026-10-\(String(format: "%02d", 1 + index % 28))", coffee: index % 2 == 0 ? "Kenya" : "Brazil", dose: 15))
        }
        lines += [
            line("linked000001", "2026-11-01", coffee: "Brazil", dose: 11, extra: #","bean":"bag100000001""#),
            line("escaped00001", "2026-11-02", coffee: "Brazil", dose: 12, extra: #","be\u0061n":"bag100000001""#),
            line("inuse0000001", "2026-11-21", coffee: "Kenya", dose: 13),
            line("other0000001", "2026-11-22", coffee: "Brazil", dose: 14),
            RecordLineCodec.encode(.bean(kenya)),
        ]
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        let usage = store.beanUsage(of: kenya)
        #expect(usage.brews.map(\.id.rawValue) == ["linked000001", "escaped00001", "inuse0000001"])
        #expect(usage.gramsUsed == 36)
        #expect(usage.brews == BeanUsage.of(store.beanBags, brews: store.brewsByDate.map(\.record))[0].brews)
    }

    @Test("a load notes the brews whose line may name a bag: a bean key, or a line only the general decoder reads")
    func linkedLines() throws {
        let lines = [
            #"{"id":"a0000001","date":"2026-11-01T08:00:00Z","coffee":"Kenya"}"#,
            #"{"id":"a0000002","date":"2026-11-02T08:00:00Z","coffee":"Kenya","bean":"bag100000001"}"#,
            #"{"id":"a0000003","date":"2026-11-03T08:00:00Z","notes":"caf\u00e9"}"#,
            #"{"coffee": "Kenya", "bean": "bag100000001", "id": "a0000004", "date": "2026-11-04T08:00:00Z"}"#,
            #"{"id":"skip0001","kind":"skip","day":"2026-11-05"}"#,
            #"{"id":"a0000005","date":"2026-11-06T08:00:00Z","coffee":"Kenya","notes":"plain"}"#,
        ]
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        defer { journal.release() }
        let snapshot = try journal.load()
        #expect(snapshot.linked == [1, 2, 3])
    }
}
