import Foundation
import Testing
@testable import BrewLogCore

/// A journal line at a fixed date with `fields` (JSON members, without braces) after it.
private func line(_ fields: String, id: String = "a1") -> String {
    #"{"id":"\#(id)","date":"2026-11-29T07:15:00Z","notes":"""# + (fields.isEmpty ? "" : ",") + fields + "}"
}

/// The reason `text` is not a brew, or `nil` when it decodes.
private func problem(_ text: String) -> String? {
    do throws(LineProblem) {
        _ = try BrewLineCodec.decode(text)
        return nil
    } catch {
        return error.reason
    }
}

/// The reason the line of `bytes` is not a brew, in both the decoding and the checking reader.
private func problems(_ bytes: [UInt8]) -> (decode: String?, validate: String?) {
    bytes.withUnsafeBufferPointer { buffer in
        let decoded: String?
        do throws(LineProblem) {
            _ = try BrewLineCodec.decode(buffer)
            decoded = nil
        } catch {
            decoded = error.reason
        }
        let validated: String?
        do throws(LineProblem) {
            _ = try BrewLineCodec.validate(buffer)
            validated = nil
        } catch {
            validated = error.reason
        }
        return (decoded, validated)
    }
}

@Suite("Field ranges, ids, leap seconds and hostile bytes in journal lines")
struct FieldRangeTests {
    /// Each numeric field at and just past its bounds: `nil` means the value is accepted.
    static let ranges: [(String, String?)] = [
        (#""rating":1"#, nil), (#""rating":5"#, nil), (#""rating":0"#, "rating must be 1...5 (got 0)"),
        (#""rating":1e30"#, "rating must be 1...5 (got 1e30)"),
        (#""dose_g":1000"#, nil), (#""dose_g":0.000001"#, nil), (#""dose_g":1e-300"#, nil),
        (#""dose_g":1000.5"#, "dose must be more than 0 and at most 1000 grams (got 1000.5)"),
        (#""dose_g":0"#, "dose must be more than 0 and at most 1000 grams (got 0)"),
        (#""dose_g":1e308"#, "dose must be more than 0 and at most 1000 grams"),
        (#""water_g":10000"#, nil), (#""water_g":10000.01"#, "water must be more than 0 and at most 10000 grams (got 10000.01)"),
        (#""water_g":-1"#, "water must be more than 0 and at most 10000 grams (got -1)"),
        (#""temp_c":0"#, nil), (#""temp_c":100"#, nil), (#""temp_c":100.5"#, "temperature must be 0...100 °C (got 100.5)"),
        (#""time_s":1"#, nil), (#""time_s":86400"#, nil), (#""time_s":0"#, "brew time must be 1...86400 seconds (got 0)"),
        (#""time_s":86401"#, "brew time must be 1...86400 seconds (got 86401)"),
        (#""time_s":9223372036854775807"#, "brew time must be 1...86400 seconds (got 9223372036854775807)"),
        (#""time_s":1e30"#, "brew time must be 1...86400 seconds (got 1e30)"),
        (#""time_s":1.5"#, "\"time_s\" must be a whole number (got 1.5)"),
    ]

    @Test("numeric fields are read within their ranges, and the reason names the range", arguments: ranges)
    func numericRange(fields: String, expected: String?) {
        let reason = problem(line(fields))
        if let expected {
            #expect(reason?.hasPrefix(expected) == true, "\(fields): \(reason ?? "accepted")")
        } else {
            #expect(reason == nil, "\(fields): \(reason ?? "")")
        }
    }

    /// Ids as a journal may hold them, and whether they are read.
    static let ids: [(String, Bool)] = [
        ("a", true), ("6b216b11ca23", true), ("A.b_c:d-9", true), (String(repeating: "x", count: 64), true),
        (String(repeating: "x", count: 65), false), ("last", false), ("café-1", false), ("a/b", false),
        ("brew#1", false), ("a\\u0000b", false), ("☕", false),
    ]

    @Test("an id is 1 to 64 characters of A-Z a-z 0-9 . _ : - and not 'last'", arguments: ids)
    func idCharset(id: String, valid: Bool) {
        let reason = problem(line("", id: id))
        if valid {
            #expect(reason == nil, "\(id): \(reason ?? "")")
            #expect(BrewID(id) != nil)
        } else {
            #expect(reason?.hasPrefix("\"id\" must be 1 to 64 characters of A-Z a-z 0-9 . _ : - and not 'last'") == true, "\(id): \(reason ?? "accepted")")
        }
    }

    @Test("ids are equal and hash alike only when their bytes are the same")
    func byteIdentity() {
        let composed = BrewID(unchecked: "caf\u{E9}-1"), decomposed = BrewID(unchecked: "cafe\u{301}-1")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(composed == BrewID(unchecked: "caf\u{E9}-1"))
        var filter = DuplicateFilter()
        #expect(filter.admit(composed, line: 1) == nil)
        #expect(filter.admit(decomposed, line: 2) == nil)
        #expect(filter.admit(BrewID(unchecked: "caf\u{E9}-1"), line: 3)?.reason == "duplicate id 'caf\u{E9}-1' (first on line 1)")
    }

    @Test("durations too long for an integer are read as out of range, not trapped on", arguments: [
        "99999999999999999999", "9223372036854775807", "99999999999999999999s", "99999999999999999999h",
        "2562047788015216h", "99999999999999999999h59m", "99999999999999999999:00", "99999999999999999999:00:00",
        "153722867280912931:00",
    ])
    func hugeDurations(text: String) {
        let seconds = BrewTime.parse(text)
        #expect(seconds.map { $0 > 86_400 } == true, "\(text) read as \(seconds.map(String.init) ?? "nil")")
    }

    @Test("a leap second (:60) is read as :59 of the same minute", arguments: [
        ("2016-12-31T23:59:60Z", "2016-12-31T23:59:59+00:00"),
        ("2026-11-29T23:59:60+01:00", "2026-11-29T23:59:59+01:00"),
        ("2017-01-01T00:59:60.5+01:00", "2017-01-01T00:59:59.5+01:00"),
    ])
    func leapSecondTimestamp(text: String, expected: String) {
        #expect(Timestamp(rfc3339: text)?.description == expected)
        #expect(problem(#"{"id":"a","date":"\#(text)"}"#) == nil)
    }

    /// Lines whose unknown key or value is not UTF-8.
    static let invalidUTF8: [[UInt8]] = [
        Array(#"{"id":"a","date":"2026-11-29T07:15:00Z",""#.utf8) + [0xFF] + Array(#"":1}"#.utf8),
        Array(#"{"id":"a","date":"2026-11-29T07:15:00Z","x-"#.utf8) + [0xC3, 0x28] + Array(#"":true}"#.utf8),
        Array(#"{"id":"a","date":"2026-11-29T07:15:00Z","x-\n"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"":1}"#.utf8),
        Array(#"{"id":"a","date":"2026-11-29T07:15:00Z","x":""#.utf8) + [0xFE] + Array(#""}"#.utf8),
        Array(#"{"id":"a","date":"2026-11-29T07:15:00Z","x":{""#.utf8) + [0xF8, 0x88] + Array(#"":[1]}}"#.utf8),
    ]

    @Test("an unknown key or value that is not UTF-8 makes a bad line", arguments: invalidUTF8)
    func unknownKeyUTF8(bytes: [UInt8]) {
        let (decoded, validated) = problems(bytes)
        #expect(decoded?.contains("invalid UTF-8") == true, "decode: \(decoded ?? "accepted")")
        #expect(validated?.contains("invalid UTF-8") == true, "validate: \(validated ?? "accepted")")
    }

    @Test("a byte order mark at the start of a journal is reported by name on line 1")
    func byteOrderMark() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array((line("") + "\n" + line("", id: "b2") + "\n").utf8)
        let scan = JournalReader(bytes, firstProblemOnly: false)
        let expected = "the file starts with a UTF-8 byte order mark (BOM); 'brewlog check --repair' removes it"
        #expect(scan.problems.map(\.line) == [1])
        #expect(scan.problems.first?.reason == expected)
        #expect(scan.entries.count == 1)
        do throws(JournalError) {
            _ = try JournalReader.records(of: bytes, path: "j")
            Issue.record("a journal with a byte order mark was read")
        } catch {
            #expect(error.description == "j:1: " + expected)
        }
    }

    @Test("error messages echo at most 40 characters of a value")
    func cappedEcho() {
        let digits = String(repeating: "9", count: 100_000)
        let tag = String(repeating: "x", count: 100_000) + " y"
        let reasons = [
            problem(line(#""time_s":\#(digits)"#)), problem(line(#""rating":\#(digits).5"#)),
            problem(line(#""dose_g":\#(digits)e99999"#)), problem(line(#""tags":["\#(tag)"]"#)),
            problem(#"{"id":"a","date":"\#(digits)"}"#), problem(#"{"id":"\#(digits)","date":"2026-11-29T07:15:00Z"}"#),
            problem(#"{"id":"a","date":"2026-11-29T07:15:00Z","\#(digits)":1,"\#(digits)":2}"#),
        ]
        for reason in reasons {
            #expect(reason.map { $0.count < 200 && $0.contains("…") } == true, "\(reason?.prefix(300) ?? "accepted")")
        }
    }

    @Test("averages of huge values stay finite, and a ratio never overflows")
    func finiteFigures() {
        var big = record("2026-11-29T07:15:00Z")
        big.doseGrams = 1e308
        big.waterGrams = 1e308
        let stats = BrewStatistics([big, big, big])
        #expect(stats.methods.first?.averages[.dose] == 1e308)
        #expect(stats.methods.first?.averageRatio == 1)
        var tiny = record("2026-11-29T07:15:00Z")
        tiny.doseGrams = .leastNonzeroMagnitude
        tiny.waterGrams = 10_000
        #expect(tiny.ratio.map(\.isFinite) ?? true)
        #expect(Brew(record: tiny).ratio.map(\.isFinite) ?? true)
    }
}
