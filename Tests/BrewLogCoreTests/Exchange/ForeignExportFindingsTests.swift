import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

@Suite("Beanconqueror, jrnl and Loop exports: numbers out of range, ratings of every app version, days that cannot be")
struct ForeignExportFindingsTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    private func beanconqueror(_ text: String) -> Result<ExchangeContents, ForeignImportProblems> {
        BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today)
    }

    private func brew(_ members: String) -> String {
        #"{"BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200}"# + members + "}]}"
    }

    @Test("a brew time out of range is refused by name before any conversion, never a trap", arguments: [
        "1e20", "1e308", "9223372036854775808", "-3", "0.4", "86401", "-1e308",
    ])
    func brewTimeOutOfRange(value: String) {
        let found = beanconqueror(brew(#","brew_time":"# + value))
        #expect(found.failure?.problems.first?.reason.hasPrefix(#""brew_time" "#) == true, "\(found)")
        #expect(found.failure?.problems.first?.reason.contains("is not a brew time from 1 to 86400 seconds") == true)
    }

    @Test("a fractional brew time rounds to the nearest second", arguments: [("12.4", 12), ("12.5", 13), ("0.5", 1), ("86400.4", 86400)])
    func fractionalBrewTime(value: String, seconds: Int) throws {
        #expect(try beanconqueror(brew(#","brew_time":"# + value)).get().records.first?.brewTimeSeconds == seconds)
    }

    @Test("an export of the app's 2020 versions rates 0-10 without saying so: 4, 8 and 9 become 2, 4 and 5, 0 unrated, the app's own kept")
    func ratingsOf2020() throws {
        let found = try BeanconquerorExport.decode(Array(ForeignExportFixtures.beanconqueror2020.utf8), timeZone: berlin, today: today).get()
        #expect(found.records.map(\.rating) == [nil, 2, 4, 5])
        #expect(found.records.map { $0.unknownFields.first { $0.key == "beanconqueror_rating" }?.rawJSON } == [nil, "4", "8", "9"])
        #expect(found.records.map(\.method) == ["Chemex", "V60", "Chemex", "V60"])
        #expect(found.records.map(\.coffee) == ["Ruanda Muhonso", "Ruanda Muhonso", "Fire Finch", "Fire Finch"])
        #expect(found.entries.count == 2)
    }

    @Test("a rating above the app's maximum, or below 0, is an error in the file, not a 5", arguments: [
        (#""SETTINGS":[{"brew_rating":5}],"#, "6", "from 0 to 5, the app's maximum"),
        ("", "11", "from 0 to 10, the app's maximum"),
        ("", "-1", "of 0 or more"),
    ])
    func ratingAboveMaximum(settings: String, rating: String, scale: String) {
        let text = "{" + settings + #""BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200},"rating":"# + rating + "}]}"
        #expect(beanconqueror(text).failure?.problems.first?.reason == #""rating" \#(rating) is not a rating \#(scale) (uuid u1)"#)
    }

    @Test("a maximum set to 5 scales 3 of 5 to 3; a broken maximum is named")
    func ratingMaximumSet() {
        let rated = #"{"SETTINGS":[{"brew_rating":5}],"BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200},"rating":3}]}"#
        #expect((try? beanconqueror(rated).get().records.first?.rating) == 3)
        let broken = #"{"SETTINGS":[{"brew_rating":"many"}],"BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200},"rating":3}]}"#
        #expect(beanconqueror(broken).failure?.problems.first?.reason.contains(#""brew_rating" "many" is not a rating maximum"#) == true)
    }

    @Test("a bag roasted, opened or finished after today is refused, naming the bag", arguments: [
        #""roastingDate":"2030-01-01T00:00:00.000Z""#,
        #""openDate":"5138-01-01T00:00:00.000Z""#,
        #""buyDate":"2031-06-01T00:00:00.000Z","finished":true"#,
    ])
    func futureBag(members: String) {
        let text = #"{"BEANS":[{"name":"Kenya AA","config":{"uuid":"b1","unix_timestamp":1795156200},"# + members + "}]}"
        let reason = beanconqueror(text).failure?.problems.first?.reason ?? ""
        #expect(reason.hasPrefix("the bag Kenya AA would be "), "\(reason)")
        #expect(reason.contains("a day to come (today is 2026-12-01"))
    }

    @Test("year 0000 is no day: not a calendar day, nor a journal's date, nor an importer's")
    func yearZero() {
        #expect(CalendarDay(year: 0, month: 12, day: 31) == nil)
        #expect(CalendarDay(parsing: "0000-06-01") == nil)
        #expect(CalendarDay(year: 1, month: 1, day: 1) != nil)
        #expect(Timestamp(rfc3339: "0000-06-01T12:00:00+00:00") == nil)
        #expect(LoopExport.decode(Array("Date,Coffee,\n0000-11-01,YES_MANUAL,\n".utf8), habit: "Coffee", timeZone: berlin).failure != nil)
        let jrnl = #"{"entries":[{"title":"x","body":"","date":"0000-11-01","time":"10:00","tags":[],"starred":false}]}"#
        #expect(JrnlExport.decode(Array(jrnl.utf8), timeZone: berlin).failure != nil)
        let line = #"{"id":"aaaaaaaaaaaa","date":"0000-06-01T12:00:00+00:00","notes":""}"#
        #expect(ExchangeFormat.jsonl.decodeContents(Array(line.utf8), csv: CSVDialect(delimiter: nil, localTimeZone: berlin)).failure != nil)
    }

    @Test("Loop: two columns of the habit's name, or a column with no name, are errors in the file", arguments: [
        ("Date,Coffee,Walk,Coffee,\n2026-11-22,YES_MANUAL,NO,NO,\n", "Coffee", #"the header has 2 columns named "Coffee" (columns 2 and 4): which is the habit?"#),
        ("Date,,\n2026-11-22,YES_MANUAL,\n", "", "column 2 of the header names no habit; Loop names every column"),
        ("Date,Coffee,,Walk,\n2026-11-22,YES_MANUAL,NO,NO,\n", "Coffee", "column 3 of the header names no habit; Loop names every column"),
    ])
    func loopHeader(text: String, habit: String, reason: String) {
        #expect(LoopExport.decode(Array(text.utf8), habit: habit, timeZone: berlin).failure?.problems.first?.reason == reason)
    }

    @Test("Loop: a habit matches exactly, else the only one alike ignoring case; without one named, the only habit")
    func loopHabitChoice() {
        var decoder = LoopExport.Decoder(habit: nil, timeZone: berlin)
        Array(ForeignExportFixtures.loop.utf8).withUnsafeBufferPointer { decoder.feed($0) }
        #expect(decoder.habitChoice == .needed(names: ["Coffee", "Walk"]))
        var unknown = LoopExport.Decoder(habit: "Tea", timeZone: berlin)
        Array(ForeignExportFixtures.loop.utf8).withUnsafeBufferPointer { unknown.feed($0) }
        #expect(unknown.habitChoice == .unknown(given: "Tea", names: ["Coffee", "Walk"]))
        #expect((try? LoopExport.decode(Array(ForeignExportFixtures.loop.utf8), habit: "walk", timeZone: berlin).get().records.count) == 1)
    }

    @Test("plain import: a second record with an id already in the file is bad as it streams, so an endless stream of one record ends", arguments: [
        (ExchangeFormat.jsonl, #"{"id":"x","date":"2026-11-01T10:00:00Z","notes":""}"#),
        (ExchangeFormat.csv, "x,2026-11-01 10:00"),
    ])
    func repeatedIDs(format: ExchangeFormat, record: String) {
        var judge = StreamJudge(format: format)
        var results: [Bool] = []
        for line in (format == .csv ? ["id,date"] : []) + [record, record, record] {
            var copy = line
            results.append(copy.withUTF8 { judge.judge($0) })
        }
        #expect(results.suffix(3) == [true, false, false])
    }
}

@Suite("Other tools' exports: what their apps never write is an error, not a guess")
struct ForeignExportStrictnessTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    @Test("a key twice in one record is an error where it is, in Beanconqueror's and jrnl's exports alike")
    func repeatedKeys() {
        let brew = #"{"BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200},"rating":2,"rating":5}]}"#
        let found = BeanconquerorExport.decode(Array(brew.utf8), timeZone: berlin, today: today).failure?.problems.first
        #expect(found?.path == "BREWS[0]")
        #expect(found?.reason == #"has the key "rating" twice; the app writes each key once"#)
        let entry = #"{"entries":[{"title":"a","title":"b","body":"","date":"2026-11-20","time":"07:30","tags":[],"starred":false}]}"#
        #expect(JrnlExport.decode(Array(entry.utf8), timeZone: berlin).failure?.problems.first?.reason == #"has the key "title" twice; jrnl writes each key once"#)
    }

    @Test("a number written as text is read only when it is a decimal as JSON writes one", arguments: [
        ("\"4\"", 2), ("\"8.0\"", 4), ("\"0x4\"", nil), ("\"+4\"", nil), ("\" 4\"", nil), ("\"4e0\"", 2), ("\"inf\"", nil),
    ] as [(String, Int?)])
    func numbersAsText(value: String, rating: Int?) {
        let text = #"{"BREWS":[{"config":{"uuid":"u1","unix_timestamp":1795156200},"rating":"# + value + "}]}"
        let result = BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today)
        if let rating {
            #expect((try? result.get().records.first?.rating) == rating)
        } else {
            #expect(result.failure?.problems.first?.reason == #""rating" is a string, not a number"#, "\(result)")
        }
    }

    @Test("a rating of -0 is unrated, and a record of the first second of 1970 is a moment")
    func edges() throws {
        let text = #"{"BREWS":[{"config":{"uuid":"u1","unix_timestamp":0},"rating":"-0"}]}"#
        let brew = try #require(try BeanconquerorExport.decode(Array(text.utf8), timeZone: berlin, today: today).get().records.first)
        #expect(brew.rating == nil)
        #expect(brew.timestamp.description == "1970-01-01T01:00:00+01:00")
    }

    @Test("jrnl's starred is true or false; anything else is an error in the file")
    func starred() {
        let entry = #"{"entries":[{"title":"a","body":"","date":"2026-11-20","time":"07:30","tags":[],"starred":"yes"}]}"#
        #expect(JrnlExport.decode(Array(entry.utf8), timeZone: berlin).failure?.problems.first?.reason == #""starred" must be true or false, got a string"#)
    }

    @Test("Loop: rows that import nothing stop the import past their limit")
    func loopIgnoredRows() {
        var decoder = LoopExport.Decoder(habit: nil, timeZone: berlin, maximumIgnoredBytes: 1000)
        var text = "Date,Coffee,\n"
        var day = CalendarDay(year: 2026, month: 11, day: 30)!
        for _ in 0..<1000 {
            text += "\(day),NO,\n"
            day = day.adding(days: -1)
        }
        Array(text.utf8).withUnsafeBufferPointer { decoder.feed($0) }
        decoder.endOfFile()
        #expect(decoder.hasEnoughProblems)
        #expect(decoder.finish().failure?.problems.first?.reason == "more than 1000 bytes of rows that import nothing")
    }
}
