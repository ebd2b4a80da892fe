import Foundation
import Testing
@testable import BrewLogCore

/// How the import merge and the merge driver carry tombstones: a removal travels, a removal
/// against an edit is a conflict, and nothing comes back silently.
@Suite("Tombstones through an import and a three-way merge")
struct TombstoneMergeTests {
    static let now = stamp("2026-11-29T09:00:00+01:00")
    static let brew = BrewRecord(id: BrewID(unchecked: "aaaa00000001"), timestamp: stamp("2026-11-28T08:00:00+01:00"), rating: 4, method: "V60")
    static var edited: BrewRecord {
        var copy = brew
        copy.rating = 2
        return copy
    }
    static let tombstone = Tombstone(id: brew.id, at: now, was: Tombstone.lineHash(of: brew))

    private func store(_ records: [BrewRecord] = [], entries: [JournalEntry] = []) throws -> (BrewLogStore, InMemoryJournal) {
        let journal = InMemoryJournal(records, entries: entries)
        let store = BrewLogStore(journal: journal, clock: .fixed(Self.now.date), timeZone: zone("Europe/Berlin"))
        try store.load()
        return (store, journal)
    }

    @Test("an incoming brew exactly as it was removed is skipped as already removed, whatever --prefer says",
          arguments: [nil, MergePreference.existing, .incoming])
    func alreadyRemoved(_ preference: MergePreference?) throws {
        let (store, journal) = try store(entries: [.removed(Self.tombstone)])
        let outcome = store.merge([Self.brew], entries: [], preference: preference)
        try store.save()
        #expect(outcome.alreadyRemoved == 1 && outcome.added == 0 && outcome.conflicts.isEmpty)
        #expect(journal.records.isEmpty && journal.entries == [.removed(Self.tombstone)])
    }

    @Test("an incoming brew changed since it was removed here is a conflict; --prefer incoming brings it back, --prefer existing keeps it removed",
          arguments: [nil, MergePreference.existing, .incoming])
    func removedHereChangedThere(_ preference: MergePreference?) throws {
        let (store, journal) = try store(entries: [.removed(Self.tombstone)])
        let outcome = store.merge([Self.edited], entries: [], preference: preference)
        try store.save()
        if preference == .incoming {
            #expect(outcome.replaced == 1 && outcome.conflicts.isEmpty)
            #expect(journal.records == [Self.edited] && journal.entries.isEmpty)
        } else {
            #expect(outcome.conflicts.map(\.reason) == [.removedHere])
            #expect(outcome.leftConflicts(preference: preference) == (preference == nil))
            #expect(journal.records.isEmpty && journal.entries == [.removed(Self.tombstone)])
        }
    }

    @Test("an incoming tombstone removes the brew when it is unchanged here, leaving that tombstone")
    func removedThere() throws {
        let (store, journal) = try store([Self.brew])
        let outcome = store.merge([], entries: [.removed(Self.tombstone)], preference: nil)
        try store.save()
        #expect(outcome.removed == 1 && outcome.conflicts.isEmpty && outcome.added == 0)
        #expect(journal.records.isEmpty && journal.entries == [.removed(Self.tombstone)])
    }

    @Test("an incoming tombstone of a brew changed here since is a conflict; --prefer incoming removes it all the same",
          arguments: [nil, MergePreference.existing, .incoming])
    func removedThereChangedHere(_ preference: MergePreference?) throws {
        let (store, journal) = try store([Self.edited])
        let outcome = store.merge([], entries: [.removed(Self.tombstone)], preference: preference)
        try store.save()
        if preference == .incoming {
            #expect(outcome.removed == 1 && outcome.conflicts.isEmpty)
            #expect(journal.records.isEmpty && journal.entries == [.removed(Self.tombstone)])
        } else {
            #expect(outcome.conflicts.map(\.reason) == [.removedThere])
            #expect(journal.records == [Self.edited] && journal.entries.isEmpty)
        }
    }

    @Test("an incoming tombstone of a record never here is kept, so the removal travels on; one removed here too changes nothing")
    func tombstoneOfTombstone() throws {
        let (store, journal) = try store()
        #expect(store.merge([], entries: [.removed(Self.tombstone)], preference: nil).alreadyRemoved == 1)
        try store.save()
        #expect(journal.entries == [.removed(Self.tombstone)])
        var later = Self.tombstone
        later.at = stamp("2026-11-30T09:00:00+01:00")
        let again = store.merge([], entries: [.removed(later)], preference: .incoming)
        try store.save()
        #expect(again.alreadyRemoved == 1 && again.conflicts.isEmpty && again.addedIDs.isEmpty)
        #expect(journal.entries == [.removed(Self.tombstone)])
    }

    @Test("a skip day and a bag follow the same rules as a brew")
    func otherKinds() throws {
        let skip = JournalEntry.skip(SkipDay(id: BrewID(unchecked: "ssss00000001"), day: CalendarDay(daysSinceEpoch: 20_412)))
        let bag = JournalEntry.bean(BeanBag(id: BrewID(unchecked: "gggg00000001"), name: "Guji"))
        let (store, journal) = try store(entries: [skip, bag])
        store.remove(skip)
        try store.save()
        var renamed = BeanBag(id: BrewID(unchecked: "gggg00000001"), name: "Guji")
        renamed.roaster = "Friedhats"
        let incoming = [skip, .removed(Tombstone(id: renamed.id, at: Self.now, was: Tombstone.lineHash(of: bag)))]
        let outcome = store.merge([], entries: incoming, preference: nil)
        try store.save()
        #expect(outcome.alreadyRemoved == 1 && outcome.removed == 1 && outcome.conflicts.isEmpty)
        #expect(journal.entries.map(\.kind) == [.removed, .removed])
        #expect(store.skipDays.isEmpty && store.beanBags.isEmpty)
    }

    @Test("two skip days brought back onto one day: the first comes back, the second stays removed, a conflict")
    func revivedOntoOneDay() throws {
        let ids = ["ssss00000001", "ssss00000002"].map { BrewID(unchecked: $0) }
        let tombstones = ids.map { JournalEntry.removed(Tombstone(id: $0, at: Self.now, was: String(repeating: "c", count: 64))) }
        let (store, journal) = try store(entries: tombstones)
        let incoming = ids.map { JournalEntry.skip(SkipDay(id: $0, day: CalendarDay(daysSinceEpoch: 20_412))) }
        let outcome = store.merge([], entries: incoming, preference: .incoming)
        try store.save()
        #expect(outcome.replaced == 1 && outcome.conflicts.map(\.reason) == [.dayTaken] && outcome.unresolvable)
        #expect(journal.entries.map(\.kind) == [.removed, .skip] && journal.entries.map(\.id) == [ids[1], ids[0]])
    }

    // MARK: - The merge driver

    static let a = #"{"id":"a","date":"2026-11-28T08:00:00+01:00","notes":""}"#
    static let aEdited = #"{"id":"a","date":"2026-11-28T08:00:00+01:00","rating":5,"notes":""}"#
    static let b = #"{"id":"b","date":"2026-11-28T09:00:00+01:00","notes":""}"#
    static func removed(_ line: String, at: String = "2026-11-29T09:00:00+01:00") -> String {
        let id = line.split(separator: "\"")[3]
        return #"{"id":"\#(id)","kind":"removed","at":"\#(at)","was":"\#(SHA256.hexDigest(of: Array(line.utf8)))"}"#
    }
    static let marker = (ours: "<<<<<<< ours", separator: "=======", theirs: ">>>>>>> theirs")

    @Test("the merge driver carries tombstones", arguments: [
        ThreeWayMergeTests.Case(name: "removed on ours with a tombstone, unchanged on theirs: the tombstone",
                                base: [a, b], ours: [removed(a), b], theirs: [a, b], merged: [removed(a), b]),
        ThreeWayMergeTests.Case(name: "removed on theirs with a tombstone, unchanged on ours: the tombstone, in ours' place",
                                base: [a, b], ours: [a, b], theirs: [removed(a), b], merged: [removed(a), b]),
        ThreeWayMergeTests.Case(name: "removed on ours, changed on theirs: a conflict, the tombstone on ours' side",
                                base: [a, b], ours: [removed(a), b], theirs: [aEdited, b],
                                merged: [marker.ours, removed(a), marker.separator, aEdited, marker.theirs, b], conflicts: [.removedByOurs]),
        ThreeWayMergeTests.Case(name: "changed on ours, removed on theirs: a conflict, the tombstone on theirs' side",
                                base: [a, b], ours: [aEdited, b], theirs: [removed(a), b],
                                merged: [marker.ours, aEdited, marker.separator, removed(a), marker.theirs, b], conflicts: [.removedByTheirs]),
        ThreeWayMergeTests.Case(name: "removed on both sides, at different moments: ours' tombstone",
                                base: [a], ours: [removed(a)], theirs: [removed(a, at: "2026-11-30T07:00:00+01:00")], merged: [removed(a)]),
        ThreeWayMergeTests.Case(name: "removed on ours with a tombstone, outright on theirs: the tombstone",
                                base: [a, b], ours: [removed(a), b], theirs: [b], merged: [removed(a), b]),
        ThreeWayMergeTests.Case(name: "removed outright on ours, with a tombstone on theirs: the tombstone",
                                base: [a, b], ours: [b], theirs: [removed(a), b], merged: [b, removed(a)]),
        ThreeWayMergeTests.Case(name: "the same edit on both sides, then removed on ours: the tombstone (theirs is what it removed)",
                                base: [a], ours: [removed(aEdited)], theirs: [aEdited], merged: [removed(aEdited)]),
        ThreeWayMergeTests.Case(name: "added on both sides, removed on ours since: the tombstone when theirs is what it removed",
                                base: [], ours: [removed(a)], theirs: [a], merged: [removed(a)]),
        ThreeWayMergeTests.Case(name: "added on both sides, removed on theirs after an edit there: a conflict",
                                base: [], ours: [a], theirs: [removed(aEdited)],
                                merged: [marker.ours, a, marker.separator, removed(aEdited), marker.theirs], conflicts: [.removedByTheirs]),
        ThreeWayMergeTests.Case(name: "a tombstone compacted on theirs, kept on ours: gone",
                                base: [removed(a), b], ours: [removed(a), b], theirs: [b], merged: [b]),
    ])
    func driver(_ rule: ThreeWayMergeTests.Case) {
        let text = { (lines: [String]) in Array(lines.map { $0 + "\n" }.joined().utf8) }
        let result = ThreeWayMerge.merge(base: text(rule.base), ours: text(rule.ours), theirs: text(rule.theirs))
        #expect(String(decoding: result.bytes, as: UTF8.self) == rule.merged.map { $0 + "\n" }.joined())
        #expect(result.conflicts.map(\.reason) == rule.conflicts)
        #expect(result.problems.isEmpty)
    }
}
