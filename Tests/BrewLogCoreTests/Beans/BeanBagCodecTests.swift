import Foundation
import Testing
@testable import BrewLogCore

@Suite("Bean bags in the journal: read, validated, written back, held by the store")
struct BeanBagCodecTests {
    @Test("a bean line reads every field and writes back the same line, unknown keys kept")
    func roundTrip() throws {
        let line = #"{"id":"bean00000001","kind":"bean","name":"Kenya AA","roaster":"Square Mile","origin":"Nyeri","process":"washed","roasted":"2026-11-01","weight_g":250.5,"opened":"2026-11-05","finished":"2026-11-20","notes":"jammy\nlong","tags":["light","gift"],"future":{"a":[1,2]}}"#
        guard case let .entry(.bean(bag))? = try RecordLineCodec.decode(line) else {
            Issue.record("not read as a bag")
            return
        }
        #expect(bag.name == "Kenya AA" && bag.roaster == "Square Mile" && bag.origin == "Nyeri" && bag.process == "washed")
        #expect(bag.roasted == day("2026-11-01") && bag.opened == day("2026-11-05") && bag.finished == day("2026-11-20"))
        #expect(bag.weightGrams == 250.5 && bag.notes == "jammy\nlong" && bag.tags == ["light", "gift"])
        #expect(bag.unknownFields == [UnknownField(key: "future", rawJSON: #"{"a":[1,2]}"#)])
        #expect(RecordLineCodec.encode(.bean(bag)) == line)
        let minimal = #"{"id":"bean00000002","kind":"bean","name":"x"}"#
        guard case let .entry(entry)? = try RecordLineCodec.decode(minimal) else {
            Issue.record("not read as a bag")
            return
        }
        #expect(RecordLineCodec.encode(entry) == minimal)
    }

    @Test("a bad bean line is refused with the reason", arguments: [
        (#"{"id":"bean00000001","kind":"bean"}"#, #"missing required key "name" in a bean record"#),
        (#"{"id":"bean00000001","kind":"bean","name":""}"#, #""name" of a bean record must be a non-empty string, got """#),
        (#"{"id":"bean00000001","kind":"bean","name":3}"#, #""name" of a bean record must be a non-empty string, got a number"#),
        (#"{"id":"bean00000001","kind":"bean","name":"x","roasted":"2026-02-30"}"#, #""roasted" of a bean record must be a date as YYYY-MM-DD, got "2026-02-30""#),
        (#"{"id":"bean00000001","kind":"bean","name":"x","weight_g":0}"#, "weight must be more than 0 and at most 100000 grams (got 0)"),
        (#"{"id":"bean00000001","kind":"bean","name":"x","weight_g":100001}"#, "weight must be more than 0 and at most 100000 grams (got 100001)"),
        (#"{"id":"bean00000001","kind":"bean","name":"x","weight_g":"250"}"#, #""weight_g" must be a number, got a string"#),
        (#"{"id":"bean00000001","kind":"bean","name":"x","tags":["a b"]}"#, "tag 'a b' must not contain commas or whitespace"),
        (#"{"id":"bean00000001","kind":"bean","name":"x","roaster":1}"#, #""roaster" must be a string, got a number"#),
        (#"{"id":"bean00000001","kind":"bean","name":"x","opened":"2026-11-05","finished":"2026-11-04"}"#, "a bean bag cannot be finished (2026-11-04) before it was opened (2026-11-05)"),
        (#"{"kind":"bean","name":"x"}"#, #"missing required key "id""#),
        (#"{"id":"bean00000001","kind":"bean","name":"x","roasted":"2026-11-20","opened":"2026-11-10"}"#, "a bean bag cannot be opened (2026-11-10) before it was roasted (2026-11-20)"),
        (#"{"id":"bean00000001","kind":"bean","name":"x","roasted":"2026-11-20","finished":"2026-11-10"}"#, "a bean bag cannot be finished (2026-11-10) before it was roasted (2026-11-20)"),
        (#"{"id":"bean00000001","kind":"bean","name":"  "}"#, #""name" must hold some text"#),
    ])
    func refused(line: String, reason: String) {
        #expect(throws: LineProblem(reason)) { try RecordLineCodec.decode(line) }
    }

    @Test("a bag's id is unique across kinds in the journal, and the store adds, edits and removes bags like skip days")
    func inTheStore() throws {
        let folder = TemporaryFolder()
        let bagLine = #"{"id":"bean00000001","kind":"bean","name":"Kenya AA","weight_g":250}"#
        let clash = #"{"id":"bean00000001","kind":"skip","day":"2026-11-01"}"#
        folder.write("clash.jsonl", [lineA, bagLine, clash].joined(separator: "\n") + "\n")
        let report = try FileJournal(path: folder.file("clash.jsonl")).reading(timeout: 1) { journal throws(JournalError) in try journal.check() }
        #expect(report.problems.map(\.reason) == ["duplicate id 'bean00000001' (first on line 2)"])

        let original = [lineA, bagLine, skipLine, "", lineC].joined(separator: "\n") + "\n"
        folder.write("j.jsonl", original)
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        #expect(store.beanBags.map(\.name) == ["Kenya AA"])
        let added = store.recordBean(BeanBag(id: BrewID(unchecked: "bean00000001"), name: "Brazil", weightGrams: 1000))
        #expect(added.id.rawValue != "bean00000001", "a new bag gets a fresh id")
        #expect(store.pendingChanges.isAppendOnly)
        try store.save()
        #expect(folder.text("j.jsonl") == original + RecordLineCodec.encode(.bean(added)) + "\n")
        var edited = try #require(store.beanBags.first)
        edited.finished = day("2026-11-20")
        #expect(store.update(.bean(edited)))
        #expect(!store.update(.skip(SkipDay(id: edited.id, day: day("2026-11-02")))), "a record never changes kind")
        store.remove(.bean(added))
        try store.save()
        let tombstone = JournalEntry.removed(Tombstone(id: added.id, at: store.nowTimestamp, was: Tombstone.lineHash(of: .bean(added))))
        #expect(folder.text("j.jsonl") == [lineA, RecordLineCodec.encode(.bean(edited)), skipLine, "", lineC, RecordLineCodec.encode(tombstone)]
            .joined(separator: "\n") + "\n")
        journal.release()
    }
}
