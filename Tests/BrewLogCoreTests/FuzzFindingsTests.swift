import Foundation
import Testing
@testable import BrewLogCore

/// Inputs the fuzz targets (Fuzz/, `scripts/fuzz.sh`) found, each pinned to the behaviour it
/// broke, so a fix stays fixed. docs/fuzzing.md says which target found each one.
@Suite("Inputs found by fuzzing")
struct FuzzFindingsTests {
    /// What the general decoder says of `line`, or `nil` when it takes it.
    static func decodeProblem(_ line: String) -> LineProblem? {
        var copy = line
        return copy.withUTF8 { bytes in
            do throws(LineProblem) {
                _ = try BrewLineCodec.decodeInGeneral(bytes)
                return nil
            } catch {
                return error
            }
        }
    }

    /// What validation, as `brewlog check` runs it, says of `line`, or `nil` when it takes it.
    static func validateProblem(_ line: String) -> LineProblem? {
        var copy = line
        return copy.withUTF8 { bytes in
            do throws(LineProblem) {
                _ = try BrewLineCodec.validate(bytes)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("a bad tag before a syntax error: validation words the line's problem as decoding does", arguments: [
        #"{"tags":[""]"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","tags":["a b"],"rating":9}"#,
        #"{"tags":["a,b"],"id":"a","date":"2026-11-29T07:15:00Z"]"#,
    ])
    func tagBeforeSyntaxError(line: String) {
        let decoded = FuzzFindingsTests.decodeProblem(line)
        #expect(decoded != nil)
        #expect(FuzzFindingsTests.validateProblem(line) == decoded)
    }

    @Test("a CSV header the decoder reads over several lines, or a first line of only \"\": the stream judge finds no line bad in a file the decoder takes", arguments: [
        "date;\"\na\n\"\n", "date,\"\n\"\"\n\"\n", "sep=;\n\"\n\"date\n", "\"\"\n",
    ])
    func csvHeaderOverLines(text: String) throws {
        let bytes = Array(text.utf8)
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        guard case .success = ExchangeFormat.csv.decodeContents(bytes, csv: CSVDialect(localTimeZone: utc)) else {
            Issue.record("the decoder refuses \(text.debugDescription)")
            return
        }
        var judge = StreamJudge(format: .csv)
        // As an import reads it: each line judged when its newline arrives.
        let verdicts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { line in
            Array(line).withUnsafeBufferPointer { judge.judge($0) }
        }
        #expect(!verdicts.contains(false), "verdicts \(verdicts) for \(text.debugDescription)")
    }

    @Test("a Beanconqueror record with a key twice, or its own uuid key: refused, or imported as lines the journal reads back", arguments: [
        #"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1795362000},"x":1,"x":2}]}"#,
        #"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1795362000},"uuid":"z"}]}"#,
        #"{"BEANS":[{"name":"a","config":{"uuid":"y","unix_timestamp":1},"x":1,"x":2}]}"#,
    ])
    func beanconquerorKeyTwice(export: String) throws {
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        // Refusing the export with a problem is as good as importing lines that read back.
        guard case let .success(contents) = BeanconquerorExport.decode(Array(export.utf8), timeZone: utc, today: CalendarDay(year: 2026, month: 12, day: 1) ?? CalendarDay(daysSinceEpoch: 0)) else { return }
        for record in contents.records {
            let line = BrewLineCodec.encode(record)
            #expect(throws: Never.self, "the journal refuses \(line)") { _ = try BrewLineCodec.decode(line) }
        }
        for entry in contents.entries {
            let line = RecordLineCodec.encode(entry)
            #expect(throws: Never.self, "the journal refuses \(line)") { _ = try RecordLineCodec.decode(line) }
        }
    }

    @Test("a day before New York took standard time (local mean time, -04:56:02): jrnl's and Loop's brews read back from their lines")
    func localMeanTimeImports() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let jrnl = #"{"entries":[{"title":"Old.","body":"","date":"1850-01-01","time":"07:30","tags":[],"starred":false}]}"#
        let loop = "Date,Coffee,\n1850-01-01,2,\n"
        let imported = [
            try JrnlExport.decode(Array(jrnl.utf8), timeZone: zone).get().records,
            try LoopExport.decode(Array(loop.utf8), habit: "Coffee", timeZone: zone).get().records,
        ]
        for record in imported.joined() {
            let line = BrewLineCodec.encode(record)
            #expect(try BrewLineCodec.decode(line) == record, "\(line) for a brew at offset \(record.timestamp.utcOffsetSeconds) s")
        }
        #expect(imported.allSatisfy { $0.count == 1 })
    }
}
