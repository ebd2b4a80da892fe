import Foundation
import Testing
@testable import BrewLogCore

/// The hash a tombstone's `was` holds: SHA-256, as `sha256sum` prints it.
@Suite("SHA-256 of a removed line")
struct SHA256Tests {
    @Test("the FIPS 180-4 examples and every padding boundary match sha256sum", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (String(repeating: "a", count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (String(repeating: "a", count: 65), "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (String(repeating: "a", count: 119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (String(repeating: "a", count: 120), "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func vectors(_ text: String, _ digest: String) {
        #expect(SHA256.hexDigest(of: Array(text.utf8)) == digest)
    }
}

/// The `removed` kind: its line, its hash, and how the store leaves and reads it.
@Suite("Tombstones in the journal and the store")
struct TombstoneTests {
    static let line = #"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00+01:00","was":"\#(String(repeating: "0f", count: 32))"}"#

    @Test("a tombstone line reads and writes back byte for byte, unknown keys kept")
    func roundTrip() throws {
        for text in [Self.line, String(Self.line.dropLast()) + #","x-by":"phone"}"#] {
            guard case let .entry(entry)? = try RecordLineCodec.decode(text), let tombstone = entry.tombstone else {
                Issue.record("not read as a tombstone: \(text)")
                continue
            }
            #expect(tombstone.id.rawValue == "aaaa00000001")
            #expect(tombstone.at == stamp("2026-11-29T09:00:00+01:00"))
            #expect(RecordLineCodec.encode(entry) == text)
        }
    }

    @Test("a tombstone without a proper at or was is a bad line, said so", arguments: [
        (#"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00+01:00"}"#, "missing required key \"was\""),
        (#"{"id":"aaaa00000001","kind":"removed","was":"\#(String(repeating: "a", count: 64))"}"#, "missing required key \"at\""),
        (#"{"id":"aaaa00000001","kind":"removed","at":"yesterday","was":"\#(String(repeating: "a", count: 64))"}"#, "\"at\" of a removed record must be"),
        (#"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00Z","was":"\#(String(repeating: "A", count: 64))"}"#, "\"was\" of a removed record must be"),
        (#"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00Z","was":"\#(String(repeating: "a", count: 63))"}"#, "\"was\" of a removed record must be"),
        (#"{"id":"aaaa00000001","kind":"removed","at":"2026-11-29T09:00:00Z","was":7}"#, "\"was\" of a removed record must be"),
        (#"{"kind":"removed","at":"2026-11-29T09:00:00Z","was":"\#(String(repeating: "a", count: 64))"}"#, "missing required key \"id\""),
    ])
    func badLines(_ text: String, _ reason: String) {
        #expect(throws: LineProblem.self) { try RecordLineCodec.decode(text) }
        do {
            _ = try RecordLineCodec.decode(text)
        } catch {
            #expect(error.reason.hasPrefix(reason), "\(error.reason)")
        }
    }

    @Test("the line hash of a line BrewLog wrote is the SHA-256 of its bytes; a reformatted copy hashes the same; an edit does not")
    func lineHash() throws {
        let written = #"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","rating":4,"notes":"bright","method":"V60","x-extra":{"a":1}}"#
        let record = try BrewLineCodec.decode(written)
        #expect(BrewLineCodec.encode(record) == written)
        #expect(Tombstone.lineHash(of: record) == SHA256.hexDigest(of: Array(written.utf8)))
        let reformatted = #"{ "method": "V60", "notes": "bright", "rating": 4, "id": "aaaa00000001", "date": "2026-11-28T08:00:00+01:00", "x-extra": {"a":1} }"#
        #expect(Tombstone.lineHash(of: try BrewLineCodec.decode(reformatted)) == Tombstone.lineHash(of: record))
        var edited = record
        edited.rating = 5
        #expect(Tombstone.lineHash(of: edited) != Tombstone.lineHash(of: record))
        var tagged = record
        tagged.tags = ["x"]
        #expect(Tombstone.lineHash(of: tagged) != Tombstone.lineHash(of: record))
    }

    private func store(_ records: [BrewRecord] = [], entries: [JournalEntry] = []) throws -> (BrewLogStore, InMemoryJournal) {
        let journal = InMemoryJournal(records, entries: entries)
        let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T09:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        return (store, journal)
    }

    static let brewA = BrewRecord(id: BrewID(unchecked: "aaaa00000001"), timestamp: stamp("2026-11-28T08:00:00+01:00"), rating: 4, method: "V60")
    static let brewB = BrewRecord(id: BrewID(unchecked: "bbbb00000002"), timestamp: stamp("2026-11-28T09:00:00+01:00"), method: "Kalita")

    @Test("removing a brew leaves its tombstone: the same id, dated now, with the removed line's hash")
    func removeBrew() throws {
        let (store, journal) = try store([Self.brewA, Self.brewB])
        guard let brew = store.brew(id: Self.brewA.id) else { Issue.record("no brew"); return }
        store.remove(brew)
        try store.save()
        #expect(journal.records.map(\.id) == [Self.brewB.id])
        #expect(journal.entries == [.removed(Tombstone(id: Self.brewA.id, at: stamp("2026-11-29T09:00:00+01:00"),
                                                       was: SHA256.hexDigest(of: Array(BrewLineCodec.encode(Self.brewA).utf8))))])
        // Readers pass over it: no brew, no record to name, and its id is never given out again.
        #expect(store.count == 1 && store.skipDays.isEmpty && store.beanBags.isEmpty)
        #expect(throws: BrewLookupError.self) { try store.record(matching: "aaaa00000001") }
        #expect(throws: BrewLookupError.self) { try store.record(matching: "aaaa") }
        #expect(store.isTaken(Self.brewA.id))
        #expect(!store.insert(Brew(record: Self.brewA)))
    }

    @Test("removing a skip day or a bag leaves its tombstone; removing a tombstone leaves nothing")
    func removeEntries() throws {
        let skip = JournalEntry.skip(SkipDay(id: BrewID(unchecked: "ssss00000001"), day: CalendarDay(daysSinceEpoch: 20_412)))
        let bag = JournalEntry.bean(BeanBag(id: BrewID(unchecked: "gggg00000001"), name: "Guji"))
        let (store, journal) = try store(entries: [skip, bag])
        store.remove([skip, bag])
        try store.save()
        #expect(journal.entries.map(\.kind) == [.removed, .removed])
        #expect(journal.entries.compactMap(\.tombstone?.was) == [Tombstone.lineHash(of: skip), Tombstone.lineHash(of: bag)])
        #expect(store.skipDays.isEmpty && store.beanBags.isEmpty)
        store.remove(store.entries)
        try store.save()
        #expect(journal.entries.isEmpty)
    }

    @Test("compacting drops the tombstones older than the days kept, and only those", arguments: [(0, 2), (3, 1), (400, 0)])
    func compact(days: Int, dropped: Int) throws {
        let old = Tombstone(id: BrewID(unchecked: "dddd00000001"), at: stamp("2026-11-20T09:00:00+01:00"), was: String(repeating: "a", count: 64))
        let recent = Tombstone(id: BrewID(unchecked: "dddd00000002"), at: stamp("2026-11-28T09:00:00+01:00"), was: String(repeating: "b", count: 64))
        let (store, journal) = try store([Self.brewA], entries: [.removed(old), .removed(recent)])
        #expect(store.compactTombstones(keepingDays: days).count == dropped)
        try store.save()
        #expect(journal.entries.count == 2 - dropped)
        #expect(journal.records == [Self.brewA])
    }
}
