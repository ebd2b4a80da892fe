import Foundation
import Testing
@testable import BrewLogCore

let skipLine = #"{"id":"skip00000001","kind":"skip","day":"2026-11-28","notes":"flight"}"#
let grinderLine = #"{"id":"grnd00000001","kind":"grinder","name":"Kenya AA",  "weight_g": 250, "future":{"a":[1,2]}}"#
let anonymousKindLine = #"{"kind":"playlist","songs":["a","b"]}"#

@Suite("Records of other kinds: skip days are kept, tracked and saved; unknown kinds are kept byte for byte")
struct JournalKindsTests {
    @Test("a file journal reads brews, skip days and unknown kinds, each where it belongs")
    func reads() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", [lineA, skipLine, grinderLine, lineB, anonymousKindLine].joined(separator: "\n") + "\n")
        let snapshot = try load(folder.file("j.jsonl"))
        #expect(snapshot.count == 2)
        #expect(snapshot.entries == [.skip(SkipDay(id: BrewID(unchecked: "skip00000001"), day: day("2026-11-28"), notes: "flight"))])
        #expect(snapshot.unknownKindCount == 2)
        let report = try FileJournal(path: folder.file("j.jsonl")).reading(timeout: 1) { journal throws(JournalError) in try journal.check() }
        #expect(report.brewCount == 2)
        #expect(report.entries.count == 1)
        #expect(report.unknownKindCount == 2)
        #expect(report.problems.isEmpty)
    }

    @Test("a skip day is appended, and removing one rewrites the journal keeping every other line byte for byte")
    func appendsAndRewrites() throws {
        let folder = TemporaryFolder()
        let original = [lineA, grinderLine, skipLine, "", lineC].joined(separator: "\n") + "\n"
        folder.write("j.jsonl", original)
        do {
            let journal = try writer(folder.file("j.jsonl"))
            let store = try fileStore(journal)
            let (skip, added) = store.recordSkip(on: day("2026-11-26"), notes: "ill")
            #expect(added)
            #expect(store.pendingChanges.isAppendOnly)
            try store.save()
            #expect(folder.text("j.jsonl") == original + RecordLineCodec.encode(.skip(skip)) + "\n")
            let again = store.recordSkip(on: day("2026-11-26"), notes: "other")
            #expect(!again.added && again.skip == skip)
            #expect(store.pendingChanges.isEmpty)
            store.remove(.skip(skip))
            try store.save()
            let removedNew = tombstoneLine(store, skip.id.rawValue)
            #expect(folder.text("j.jsonl") == original + removedNew + "\n")
            let old = try #require(store.skipDay(on: day("2026-11-28")))
            store.remove(.skip(old))
            try store.save()
            #expect(folder.text("j.jsonl") == [lineA, grinderLine, tombstoneLine(store, old.id.rawValue), "", lineC, removedNew].joined(separator: "\n") + "\n")
        }
        let snapshot = try load(folder.file("j.jsonl"))
        #expect(snapshot.entries.allSatisfy { $0.kind == .removed } && snapshot.entries.count == 2)
        #expect(snapshot.unknownKindCount == 1)
    }

    @Test("a brew edit rewrites around skip days and unknown kinds, and a skip day added in the same save follows the brews")
    func mixedRewrite() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", [skipLine, lineA, grinderLine, lineB].joined(separator: "\n") + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        try store.brew(matching: "bbbb").notes = "edited"
        let skip = store.recordSkip(on: day("2026-11-20")).skip
        let brew = store.recordBrew { $0.notes = "new" }
        try store.save()
        let lines = (folder.text("j.jsonl") ?? "").split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(Array(lines.prefix(3)) == [skipLine, lineA, grinderLine])
        #expect(lines[3].contains("\"notes\":\"edited\""))
        #expect(lines[4].contains(brew.id.rawValue))
        #expect(lines[5] == RecordLineCodec.encode(.skip(skip)))
        journal.release()
        #expect(try load(folder.file("j.jsonl")).entries.count == 2)
    }

    static let badLines: [(String, String)] = [
        (#"{"id":"s1","kind":"skip"}"#, "missing required key \"day\" in a skip record"),
        (#"{"id":"s1","kind":"skip","day":"2026-02-30"}"#, "\"day\" of a skip record must be a date as YYYY-MM-DD, got \"2026-02-30\""),
        (#"{"id":"s1","kind":"skip","day":20261128}"#, "\"day\" of a skip record must be a date as YYYY-MM-DD, got a number"),
        (#"{"kind":"skip","day":"2026-11-28"}"#, "missing required key \"id\""),
        (#"{"id":"last","kind":"skip","day":"2026-11-28"}"#, "\"id\" must be \(BrewID.rule) (got \"last\")"),
        (#"{"id":"s1","kind":"skip","day":"2026-11-28","notes":5}"#, "\"notes\" must be a string, got a number"),
        (#"{"id":"s1","kind":3,"day":"2026-11-28"}"#, "\"kind\" must be a string, got a number"),
        (#"{"id":"s1","kind":"skip","kind":"skip","day":"2026-11-28"}"#, "malformed JSON at byte 26: duplicate key \"kind\""),
    ]

    @Test("a bad record of a known kind is a bad line, with a reason of its own", arguments: badLines)
    func badLine(_ line: String, _ reason: String) {
        var text = line
        let result = text.withUTF8 { checkLine($0, terminated: true, first: false) }
        guard case let .failure(problem) = result else {
            Issue.record("\(line) read as \(result)")
            return
        }
        #expect(problem.reason == reason)
    }

    @Test("a record cut short is malformed JSON; without its newline, an interrupted write")
    func cutShort() {
        var text = #"{"id":"s1","kind":"skip","day":"2026-11-28""#
        let terminated = text.withUTF8 { checkLine($0, terminated: true, first: false) }
        let unterminated = text.withUTF8 { checkLine($0, terminated: false, first: false) }
        guard case let .failure(first) = terminated, case let .failure(second) = unterminated else {
            Issue.record("a line cut short was read")
            return
        }
        #expect(first.reason.hasPrefix("malformed JSON"))
        #expect(second.reason.hasPrefix("incomplete last line"))
    }

    @Test("a key a brew knows, with a value no brew could have, is just an unknown key of a skip record")
    func brewKeysInASkipRecord() throws {
        let content = try RecordLineCodec.decode(#"{"id":"s1","rating":"great","kind":"skip","day":"2026-11-28"}"#)
        guard case let .entry(.skip(skip))? = content else {
            Issue.record("read as \(String(describing: content))")
            return
        }
        #expect(skip.unknownFields == [UnknownField(key: "rating", rawJSON: "\"great\"")])
        var text = #"{"id":"s1","rating":"great","kind":"skip","day":"2026-11-28"}"#
        let result = text.withUTF8 { checkLine($0, terminated: true, first: false) }
        guard case .success(.entry?) = result else {
            Issue.record("checked as \(result)")
            return
        }
    }

    @Test("ids are unique across kinds, and a day has one skip record: anything else is a problem")
    func uniqueAcrossKinds() throws {
        let folder = TemporaryFolder()
        let clash = #"{"id":"aaaa00000001","kind":"skip","day":"2026-11-01"}"#
        let unknownClash = #"{"id":"skip00000001","kind":"grinder","name":"x"}"#
        folder.write("j.jsonl", [lineA, skipLine, clash, unknownClash].joined(separator: "\n") + "\n")
        let report = try FileJournal(path: folder.file("j.jsonl")).reading(timeout: 1) { journal throws(JournalError) in try journal.check() }
        #expect(report.problems.map(\.line) == [3, 4])
        #expect(report.problems.first?.reason == "duplicate id 'aaaa00000001' (first on line 1)")
        #expect(throws: JournalError.malformedLine(path: folder.file("j.jsonl"), line: 3, reason: "duplicate id 'aaaa00000001' (first on line 1)")) {
            try load(folder.file("j.jsonl"))
        }
        let twice = [skipLine, #"{"id":"skip00000002","kind":"skip","day":"2026-11-28"}"#].joined(separator: "\n") + "\n"
        folder.write("twice.jsonl", twice)
        let second = try FileJournal(path: folder.file("twice.jsonl")).reading(timeout: 1) { journal throws(JournalError) in try journal.check() }
        #expect(second.problems.map(\.reason) == ["a second skip record for 2026-11-28 (first on line 1)"])
        #expect(second.entries.count == 1)
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-28T08:00:00Z")])
        let skip = store.recordSkip(on: day("2026-11-20")).skip
        #expect(!store.insert(Brew(record: BrewRecord(id: skip.id, timestamp: stamp("2026-11-27T08:00:00Z")))))
        #expect(!store.insert(.skip(SkipDay(id: try #require(store.brews.first).id, day: day("2026-11-01")))))
        #expect(!store.insert(.skip(SkipDay(id: BrewID(unchecked: "other1"), day: day("2026-11-20")))))
        #expect(store.insert(.skip(SkipDay(id: BrewID(unchecked: "other1"), day: day("2026-11-21")))))
    }

    @Test("a skip line encodes and decodes to the same record, whatever its notes hold",
          arguments: ["", "flight to Tokyo", "quote \" backslash \\ newline \n tab \t bell \u{07}", "☕️ 東京", String(repeating: "x", count: 10_000)])
    func roundTrip(_ notes: String) throws {
        let skip = SkipDay(id: .random(), day: day("2026-11-28"), notes: notes.isEmpty ? nil : notes,
                           unknownFields: [UnknownField(key: "x-from", rawJSON: #"{"app":"loop"}"#)])
        let line = RecordLineCodec.encode(.skip(skip))
        #expect(try RecordLineCodec.decode(line) == .entry(.skip(skip)))
        #expect(!line.contains("\n"))
    }

    @Test("a brew line never reads as a record of another kind, and the brew codec refuses a line with a kind")
    func brewsStayBrews() throws {
        #expect(try RecordLineCodec.decode(lineA) == nil)
        #expect(throws: LineProblem.notABrew) { try BrewLineCodec.decode(#"{"id":"a1","date":"2026-11-27T08:00:00+01:00","notes":"","kind":"skip"}"#) }
        // A brew whose notes merely mention "kind" is still a brew.
        var text = #"{"id":"a1","date":"2026-11-27T08:00:00+01:00","notes":"\"kind\": \"skip\""}"#
        let result = text.withUTF8 { checkLine($0, terminated: true, first: false) }
        guard case .success(.brew?) = result else {
            Issue.record("read as \(result)")
            return
        }
    }

    @Test("a scope that read the streak hears about a new skip day, a removed one and new rules; not about a notes edit")
    func tracking() throws {
        let store = try makeStore(now: "2026-11-29T12:00:00Z", records: [record("2026-11-27T08:00:00Z"), record("2026-11-29T08:00:00Z")])
        #expect(store.streak == 1)
        let calls = CallCounter()
        _ = withTracking { store.streak } onChange: { calls.increment() }
        try #require(store.brews.first).notes = "edited"
        #expect(calls.value == 0)
        let skip = store.recordSkip(on: day("2026-11-28")).skip
        #expect(calls.value == 1)
        #expect(store.streak == 3 - 1)
        #expect(store.streakSummary.current == 2)

        _ = withTracking { store.streak } onChange: { calls.increment() }
        store.remove(.skip(skip))
        #expect(calls.value == 2)
        #expect(store.streak == 1)

        _ = withTracking { store.streakSummary } onChange: { calls.increment() }
        store.rules = StreakRules(restWeekdays: [WeekdayNumber.saturday])
        #expect(calls.value == 3)
        #expect(store.streak == 2)
        store.rules = StreakRules(restWeekdays: [WeekdayNumber.saturday])
        #expect(calls.value == 3)
    }

    @Test("the memoised streak follows a brew still to come once its moment is reached")
    func futureBrewBecomesPast() throws {
        let moments = MomentSequence(["2026-11-29T07:00:00Z", "2026-11-29T09:00:00Z"].map { stamp($0).date })
        let store = BrewLogStore(journal: InMemoryJournal([record("2026-11-29T08:00:00Z")]), clock: BrewClock { moments.next() }, timeZone: zone("UTC"))
        try store.load()
        #expect(store.streak == 0)
        #expect(store.streak == 1)
    }

    @Test("the in-memory journal saves skip days too")
    func inMemory() throws {
        let journal = InMemoryJournal([record("2026-11-28T08:00:00Z")])
        let store = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try store.load()
        let skip = store.recordSkip(on: day("2026-11-29"), notes: "rest").skip
        try store.save()
        #expect(journal.entries == [.skip(skip)])
        let reloaded = BrewLogStore(journal: journal, clock: .fixed(stamp("2026-11-29T12:00:00Z").date), timeZone: zone("UTC"))
        try reloaded.load()
        #expect(reloaded.skipDays == [skip])
        #expect(reloaded.streakSummary.todayIsCovered)
        #expect(!reloaded.streakSummary.brewedToday)
        let found = try reloaded.record(matching: String(skip.id.rawValue.prefix(6)))
        guard case .entry(.skip(skip)) = found else {
            Issue.record("found \(found)")
            return
        }
        reloaded.remove(.skip(skip))
        try reloaded.save()
        #expect(journal.entries.map(\.kind) == [.removed])
    }
}
