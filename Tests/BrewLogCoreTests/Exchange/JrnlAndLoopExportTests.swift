import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

@Suite("jrnl's JSON export: entries as brews on the local clock, notes from title and body, tags")
struct JrnlExportTests {
    private func decode(_ text: String) -> Result<ExchangeContents, ForeignImportProblems> {
        JrnlExport.decode(Array(text.utf8), timeZone: zone("Europe/Berlin"))
    }

    @Test("an entry is a brew at its date and time in the local offset, notes the title then the body, tags without @, starred tagged starred")
    func entries() throws {
        let records = try decode(ForeignExportFixtures.jrnl).get().records
        #expect(records.count == 2)
        #expect(records[0].timestamp.description == "2026-11-20T07:30:00+01:00")
        #expect(records[0].notes == "Kenya on the V60.\nBright, blackcurrant; grind one finer next time.")
        #expect(records[0].tags == ["v60", "kenya", "starred"])
        #expect(records[1].notes == "Espresso after lunch.")
        #expect(records[1].tags.isEmpty)
        #expect(records[1].rating == nil)
    }

    @Test("ids come from date and time: decoded twice, the same; two entries alike are told apart")
    func ids() throws {
        let first = try decode(ForeignExportFixtures.jrnl).get()
        #expect(first == (try decode(ForeignExportFixtures.jrnl).get()))
        let twin = #"{"entries":[{"title":"A.","body":"","date":"2026-11-20","time":"07:30","tags":[],"starred":false},{"title":"A.","body":"","date":"2026-11-20","time":"07:30","tags":[],"starred":false}]}"#
        let records = try decode(twin).get().records
        #expect(Set(records.map(\.id)).count == 2)
    }

    @Test("a malformed export is refused naming the entry", arguments: [
        (#"{"entries":[{"title":"A.","date":"20.11.2026","time":"07:30"}]}"#, "entries[0]", #""date" must be YYYY-MM-DD, got "20.11.2026""#),
        (#"{"entries":[{"title":"A.","date":"2026-11-20","time":"7pm"}]}"#, "entries[0]", #""time" must be HH:MM, got "7pm""#),
        (#"{"entries":[{"date":"2026-11-20","time":"07:30"}]}"#, "entries[0]", #""title" must be text, got nothing"#),
        (#"{"entries":[{"title":"A.","date":"2026-11-20","time":"07:30","tags":["@two words"]}]}"#, "entries[0]", "tag 'two words' must not contain commas or whitespace"),
        (#"[]"#, nil, "this is not jrnl's JSON export: expected an object with \"entries\" (write one with jrnl --export json)"),
    ])
    func malformed(text: String, path: String?, reason: String) {
        guard case let .failure(found) = decode(text) else { Issue.record("decoded"); return }
        #expect(found.problems.map(\.path) == [path])
        #expect(found.problems.map(\.reason) == [reason])
    }
}

@Suite("Loop Habit Tracker's Checkmarks.csv: done days as brews at noon, skipped days as skip days")
struct LoopExportTests {
    private func decode(_ text: String, habit: String = "Coffee") -> Result<ExchangeContents, ForeignImportProblems> {
        LoopExport.decode(Array(text.utf8), habit: habit, timeZone: zone("Europe/Berlin"))
    }

    @Test("the header's habits, without the empty cell after the trailing comma")
    func habits() throws {
        #expect(try LoopExport.habits(in: Array(ForeignExportFixtures.loop.utf8)).get() == ["Coffee", "Walk"])
    }

    @Test("YES_MANUAL is a brew at 12:00 local, SKIP a skip day, YES_AUTO, NO and UNKNOWN nothing; oldest first")
    func column() throws {
        let found = try decode(ForeignExportFixtures.loop).get()
        #expect(found.records.map(\.timestamp.description) == ["2026-11-19T12:00:00+01:00", "2026-11-22T12:00:00+01:00"])
        #expect(found.records.allSatisfy { $0.unknownFields.map(\.key) == ["loop_habit"] })
        let skips = found.entries.compactMap { if case let .skip(skip) = $0 { skip.day.description } else { nil } }
        #expect(skips == ["2026-11-21"])
        let walk = try decode(ForeignExportFixtures.loop, habit: "Walk").get()
        #expect(walk.records.map(\.timestamp.day.description) == ["2026-11-21"])
        #expect(walk.entries.isEmpty)
        #expect(Set(walk.records.map(\.id)).isDisjoint(with: found.records.map(\.id)))
    }

    @Test("Loop 1's numbers read as Loop 2's words, CRLF line ends too")
    func numbers() throws {
        let found = try decode("Date,Coffee,\r\n2026-11-22,2,\r\n2026-11-21,3,\r\n2026-11-20,1,\r\n2026-11-19,0,\r\n2026-11-18,-1,\r\n").get()
        #expect(found.records.count == 1)
        #expect(found.entries.count == 1)
    }

    @Test("a numerical habit's amount, a bad day, a day twice and a one-habit file are refused with their line")
    func malformed() {
        #expect(decode("Date,Coffee,\n2026-11-22,1500,\n").failure?.problems.first?.line == 2)
        #expect(decode("Date,Coffee,\n22.11.2026,YES_MANUAL,\n").failure?.problems.first?.reason == "expected a day YYYY-MM-DD first, got \"22.11.2026\"")
        #expect(decode("Date,Coffee,\n2026-11-22,NO,\n2026-11-22,NO,\n").failure?.problems.first?.reason == "2026-11-22 is here a second time (first on line 2)")
        #expect(decode("Date,Value,Notes\n2026-11-22,YES_MANUAL,\n").failure?.problems.first?.reason.hasPrefix("this is one habit's Checkmarks.csv") == true)
    }
}
