import Foundation
import Testing
@testable import BrewLogCore

/// The import merge: by id, never duplicating, and the same whatever the order of the records.
@Suite("Merging records into a store by id")
struct JournalMergeTests {
    private static func id(_ text: String) -> BrewID { BrewID(unchecked: text) }

    private static func skip(_ id: String, _ day: String) -> JournalEntry {
        guard let parsed = CalendarDay(parsing: day) else {
            Issue.record("bad day literal \(day)")
            return .skip(SkipDay(id: Self.id(id), day: CalendarDay(daysSinceEpoch: 0)))
        }
        return .skip(SkipDay(id: Self.id(id), day: parsed))
    }

    private static func bag(_ id: String, _ name: String) -> JournalEntry {
        .bean(BeanBag(id: Self.id(id), name: name))
    }

    private func store(_ entries: [JournalEntry], brews: [BrewRecord] = []) throws -> BrewLogStore {
        let store = BrewLogStore(journal: InMemoryJournal(brews, entries: entries), clock: .fixed(stamp("2026-11-29T09:00:00Z").date),
                                 timeZone: zone("UTC"))
        try store.load()
        return store
    }

    private func days(_ store: BrewLogStore) -> [String: String] {
        Dictionary(uniqueKeysWithValues: store.skipDays.map { ($0.id.rawValue, $0.day.description) })
    }

    @Test("a skip day moved away by --prefer incoming frees its day for a new one, in either order", arguments: [false, true])
    func orderIndependent(reversed: Bool) throws {
        let store = try self.store([Self.skip("s1", "2026-11-21")])
        let incoming = [Self.skip("s9", "2026-11-21"), Self.skip("s1", "2026-11-25")]
        let outcome = store.merge([], entries: reversed ? incoming.reversed() : incoming, preference: .incoming)
        #expect(days(store) == ["s1": "2026-11-25", "s9": "2026-11-21"])
        #expect(outcome.added == 1 && outcome.replaced == 1 && outcome.conflicts.isEmpty)
    }

    @Test("two skip days that trade days are both replaced")
    func swap() throws {
        let store = try self.store([Self.skip("s1", "2026-11-21"), Self.skip("s2", "2026-11-22")])
        let outcome = store.merge([], entries: [Self.skip("s1", "2026-11-22"), Self.skip("s2", "2026-11-21")], preference: .incoming)
        #expect(days(store) == ["s1": "2026-11-22", "s2": "2026-11-21"])
        #expect(outcome.replaced == 2 && outcome.conflicts.isEmpty && !outcome.leftConflicts(preference: .incoming))
    }

    @Test("a skip day moved onto a day another keeps is a conflict --prefer cannot settle, and nothing of it changes")
    func dayTaken() throws {
        let store = try self.store([Self.skip("s1", "2026-11-21"), Self.skip("s2", "2026-11-22")])
        let outcome = store.merge([], entries: [Self.skip("s1", "2026-11-22")], preference: .incoming)
        #expect(days(store) == ["s1": "2026-11-21", "s2": "2026-11-22"])
        #expect(outcome.conflicts.map(\.reason) == [.dayTaken])
        #expect(outcome.leftConflicts(preference: .incoming))
    }

    @Test("an id held by a record of another kind is a conflict whatever the preference", arguments: [nil, MergePreference.existing, .incoming])
    func otherKind(preference: MergePreference?) throws {
        let brew = BrewRecord(id: Self.id("b1"), timestamp: stamp("2026-11-20T08:00:00Z"))
        let store = try self.store([Self.bag("k1", "Kenya")], brews: [brew])
        let outcome = store.merge([BrewRecord(id: Self.id("k1"), timestamp: stamp("2026-11-21T08:00:00Z"))],
                                  entries: [Self.skip("k1", "2026-11-25"), Self.skip("b1", "2026-11-26")], preference: preference)
        #expect(outcome.conflicts.map(\.reason) == [.otherKind, .otherKind, .otherKind])
        #expect(outcome.leftConflicts(preference: preference))
        #expect(store.count == 1 && store.skipDays.isEmpty)
    }

    @Test("new, identical and differing records are added, skipped and left or replaced")
    func basics() throws {
        let existing = BrewRecord(id: Self.id("b1"), timestamp: stamp("2026-11-20T08:00:00Z"), notes: "old")
        for preference in [nil, MergePreference.existing, .incoming] {
            let store = try self.store([Self.skip("s1", "2026-11-21")], brews: [existing])
            var changed = existing
            changed.notes = "new"
            let fresh = BrewRecord(id: Self.id("b2"), timestamp: stamp("2026-11-22T08:00:00Z"))
            let outcome = store.merge([changed, fresh], entries: [Self.skip("s1", "2026-11-21")], preference: preference)
            #expect(outcome.added == 1 && outcome.skipped == 1)
            #expect(outcome.replaced == (preference == .incoming ? 1 : 0))
            #expect(outcome.conflicts.count == (preference == .incoming ? 0 : 1))
            #expect(outcome.leftConflicts(preference: preference) == (preference == nil))
        }
    }
}
