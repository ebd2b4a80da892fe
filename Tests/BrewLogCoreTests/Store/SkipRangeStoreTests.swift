import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

@Suite("Skip days over a range of days: every day in the one save, which makes the same system calls as one day's")
struct SkipRangeStoreTests {
    /// Runs `change` on a journal of lines A and B (plus `extra`), then saves, recording the
    /// save's system calls; returns them, the journal before the save and after it.
    func save(extra: String = "", _ change: (BrewLogStore) -> Void) throws -> (calls: [String], before: String, after: String?) {
        let folder = TemporaryFolder()
        let before = lineA + "\n" + lineB + "\n" + extra
        folder.write("j.jsonl", before)
        let system = ScriptedSystemCalls(step: .max) {}
        let journal = try writer(folder.file("j.jsonl"), system: system)
        defer { journal.release() }
        let store = try fileStore(journal)
        change(store)
        system.arm()
        try store.save()
        return (system.calls, before, folder.text("j.jsonl"))
    }

    /// A skip record's line as BrewLog writes it.
    func skipLine(_ id: String, _ day: String, notes: String? = nil) -> String {
        #"{"id":"\#(id)","kind":"skip","day":"\#(day)""# + (notes.map { #","notes":"\#($0)""# } ?? "") + "}\n"
    }

    @Test("a fortnight across a year end is one append: the calls of one day's, every line after the old bytes in day order")
    func recordIsOneAppend() throws {
        let one = try save { store in store.recordSkip(on: day("2026-12-31"), notes: "away") }
        var results: [(skip: SkipDay, added: Bool)] = []
        let range = try save { store in results = store.recordSkips(on: day("2026-12-25")...day("2027-01-07"), notes: "away") }
        #expect(range.calls == one.calls, "one day: \(one.calls)\na range: \(range.calls)")
        #expect(one.calls.contains("write") && !one.calls.contains("rename") && !one.calls.contains("exchange"), "an append: \(one.calls)")
        #expect(results.map(\.skip.day.description) == (0..<14).map { day("2026-12-25").adding(days: $0).description })
        #expect(results.allSatisfy { $0.added })
        let added = results.map { skipLine($0.skip.id.rawValue, $0.skip.day.description, notes: "away") }.joined()
        #expect(range.after == range.before + added)
    }

    @Test("days skipped already are kept as they are, notes and all, and only the others are added")
    func keepsSkippedDays() throws {
        var results: [(skip: SkipDay, added: Bool)] = []
        let extra = skipLine("skip00000001", "2026-12-26", notes: "family")
        let saved = try save(extra: extra) { store in results = store.recordSkips(on: day("2026-12-25")...day("2026-12-27"), notes: "away") }
        #expect(results.map(\.added) == [true, false, true])
        #expect(results[1].skip == SkipDay(id: BrewID(unchecked: "skip00000001"), day: day("2026-12-26"), notes: "family"))
        let added = [results[0], results[2]].map { skipLine($0.skip.id.rawValue, $0.skip.day.description, notes: "away") }.joined()
        #expect(saved.after == saved.before + added)
    }

    @Test("removing the skip days of a range is one rewrite, with the calls of removing one day's, leaving the other days alone")
    func removeIsOneRewrite() throws {
        let extra = (20...31).map { skipLine("skip000000\($0)", "2026-12-\($0)") }.joined() + skipLine("skip00000101", "2027-01-01")
        let one = try save(extra: extra) { store in store.removeSkips(on: day("2026-12-24")...day("2026-12-24")) }
        var removed: [SkipDay] = []
        var tombstones = ""
        let range = try save(extra: extra) { store in
            removed = store.removeSkips(on: day("2026-12-24")...day("2027-01-10"))
            tombstones = removed.map { tombstoneLine(store, $0.id.rawValue) + "\n" }.joined()
        }
        #expect(range.calls == one.calls, "one day: \(one.calls)\na range: \(range.calls)")
        #expect(one.calls.contains("rename") || one.calls.contains("exchange"), "a rewrite: \(one.calls)")
        #expect(removed.map(\.day.description) == (24...31).map { "2026-12-\($0)" } + ["2027-01-01"])
        #expect(range.after == lineA + "\n" + lineB + "\n" + (20...23).map { skipLine("skip000000\($0)", "2026-12-\($0)") }.joined() + tombstones)
    }
}
