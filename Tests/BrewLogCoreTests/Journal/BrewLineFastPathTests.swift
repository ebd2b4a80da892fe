import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// The fast path may only ever answer what the decoder answers: every line it accepts, the decoder
/// accepts with the same id and date. These tests hold it to that, and check that it does accept
/// the lines BrewLog writes and the same brews as other tools write them (whitespace between the
/// tokens, keys in another order), so the journal's common case really is fast.
@Suite("The fast path for brew lines agrees with the decoder")
struct BrewLineFastPathTests {
    /// What the fast path says of `line`.
    static func fast(_ line: String) -> (id: BrewID, timestamp: Timestamp)? {
        var copy = line
        return copy.withUTF8 { BrewLineFastPath.recognise($0) }
    }

    /// What the decoder says of `line`: its id and date, or `nil` for a bad line.
    static func decoded(_ line: String) -> (id: BrewID, timestamp: Timestamp)? {
        var copy = line
        return copy.withUTF8 { bytes in try? BrewLineCodec.validate(bytes) }
    }

    /// Fails unless the fast path's answer is `nil` or the decoder's own, and unless the record
    /// it reads is the one the general decoder reads, every field alike.
    static func expectAgreement(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var copy = line
        let record = copy.withUTF8 { BrewLineFastPath.decode($0) }
        #expect((record == nil) == (fast(line) == nil), "decode and recognise disagree on \(line)", sourceLocation: sourceLocation)
        if let record {
            let general = copy.withUTF8 { bytes in try? BrewLineCodec.decodeInGeneral(bytes) }
            #expect(record == general, "fast path read other fields in \(line)", sourceLocation: sourceLocation)
        }
        guard let fast = fast(line) else { return }
        let decoded = decoded(line)
        #expect(decoded?.id == fast.id, "fast path accepted \(line)", sourceLocation: sourceLocation)
        #expect(decoded?.timestamp == fast.timestamp, "fast path read another date in \(line)", sourceLocation: sourceLocation)
    }

    /// A record whose text needs no escape: what nearly every journal line holds.
    static func plainRecord(_ rng: inout SeededRandomGenerator) -> BrewRecord {
        let words = ["bright", "jammy", "grind finer", "café", "日本", "☕️", "a,b", "x"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words.randomElement(using: &rng) ?? "" }.joined(separator: " ")
        }
        var record = randomRecord(&rng)
        record.notes = text(Int.random(in: 0...12, using: &rng))
        record.method = Bool.random(using: &rng) ? "V60" : nil
        record.coffee = Bool.random(using: &rng) ? text(2) : nil
        record.grind = Bool.random(using: &rng) ? "22 clicks" : nil
        record.yieldGrams = Bool.random(using: &rng) ? Double(Int.random(in: 1...999, using: &rng)) / 10 : nil
        record.tags = Bool.random(using: &rng) ? ["morning", "v2.1", "a:b"] : []
        return record
    }

    /// How another tool might spell a line: the separators around `:` and `,`, inside the braces
    /// and brackets, and the order of the keys.
    enum Spelling: CaseIterable {
        /// `json.dumps`'s default: `", "` and `": "`, BrewLog's order.
        case spaced
        /// Keys sorted, no whitespace (`sort_keys=True`, compact separators).
        case sorted
        /// A space between every two tokens, around the line too.
        case padded
        /// Keys shuffled, and a random run of JSON whitespace (space, tab, CR, LF) between tokens.
        case scrambled
    }

    /// `record` written as `spelling` says, its values as BrewLog writes them.
    static func line(_ record: BrewRecord, _ spelling: Spelling, _ rng: inout SeededRandomGenerator) -> String {
        func space(_ compact: String, _ spaced: String) -> String {
            switch spelling {
            case .sorted: compact
            case .spaced: spaced
            case .padded: " "
            case .scrambled: String((0..<Int.random(in: 0...3, using: &rng)).map { _ in [" ", "\t", "\r", "\n"].randomElement(using: &rng) ?? " " })
            }
        }
        func value(_ value: FieldValue) -> String {
            guard case .tags(let tags) = value else {
                var bytes: [UInt8] = []
                BrewLineCodec.appendJSONValue(value, to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            let items = tags.map { tag in
                var bytes: [UInt8] = []
                BrewLineCodec.appendJSONValue(.text(tag), to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            var array = "[" + space("", "")
            for (index, item) in items.enumerated() {
                array += (index == 0 ? "" : space("", "") + "," + space("", " ")) + item
            }
            return array + space("", "") + "]"
        }
        var fields = BrewField.allCases.filter { record[$0] != nil }
        switch spelling {
        case .spaced, .padded: break
        case .sorted: fields.sort { $0.journalKey < $1.journalKey }
        case .scrambled: fields.shuffle(using: &rng)
        }
        var members: [String] = []
        for field in fields {
            guard let fieldValue = record[field] else { continue }
            members.append("\"" + field.journalKey + "\"" + space("", "") + ":" + space("", " ") + value(fieldValue))
        }
        var text = space("", "") + "{" + space("", "")
        for (index, member) in members.enumerated() {
            text += (index == 0 ? "" : space("", "") + "," + space("", " ")) + member
        }
        return text + space("", "") + "}" + space("", "")
    }

    @Test("every line BrewLog writes for text without escapes takes the fast path, with the decoder's id and date", arguments: 0..<4)
    func canonicalLines(seed: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(seed))
        for _ in 0..<500 {
            let line = BrewLineCodec.encode(BrewLineFastPathTests.plainRecord(&rng))
            let fast = BrewLineFastPathTests.fast(line)
            #expect(fast != nil, "not recognised: \(line)")
            BrewLineFastPathTests.expectAgreement(line)
        }
    }

    @Test("every brew as another tool writes it takes the fast path, with the decoder's id and date",
          arguments: Spelling.allCases)
    func otherToolsLines(spelling: Spelling) {
        var rng = SeededRandomGenerator(seed: 7)
        for _ in 0..<500 {
            let line = BrewLineFastPathTests.line(BrewLineFastPathTests.plainRecord(&rng), spelling, &rng)
            #expect(BrewLineFastPathTests.fast(line) != nil, "not recognised: \(line)")
            BrewLineFastPathTests.expectAgreement(line)
        }
    }

    @Test("valid lines outside BrewLog's own shape that the fast path also takes", arguments: [
        #"{"date":"2026-11-29T07:15:00Z","id":"a"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"","rating":3}"#,
        #"{"id": "a","date":"2026-11-29T07:15:00Z"}"#,
        #" {"id":"a","date":"2026-11-29T07:15:00Z"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z"} "#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z"}"# + "\r",
        "{\t\"id\"\r:\n\"a\" ,\"date\":\"2026-11-29T07:15:00Z\"\t}",
        #"{"id":"a","date":"2026-11-29T07:15:00Z","tags":[]}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","tags":[ ]}"#,
        #"{"tags" : [ "a" , "b" ] , "time_s" : 30 , "id" : "a" , "rating" : 4.0 , "date" : "2026-11-29T07:15:00Z"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00.123456-03:30","coffee":"","method":"","grind":"","notes":"","bean":""}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","dose_g":15.25,"water_g":2.5e2,"yield_g":36.0,"temp_c":93.5,"time_s":1e2}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"café ☕ 𝄞","coffee":"Ethiopia Guji","tags":["x","y-z","_1"]}"#,
    ])
    func takenOutsideOwnShape(line: String) {
        #expect(BrewLineFastPathTests.fast(line) != nil)
        #expect(BrewLineFastPathTests.decoded(line) != nil)
        BrewLineFastPathTests.expectAgreement(line)
    }

    @Test("lines the fast path is not sure of are left to the decoder", arguments: [
        #"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"two\nlines"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"say \"hi\""}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","notes":null}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","tags":["café"]}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","extra":1}"#,
        #"{"extra":1, "id":"a","date":"2026-11-29T07:15:00Z"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","kind":"brew"}"#,
        #"{"kind": "brew", "id": "a", "date": "2026-11-29T07:15:00Z"}"#,
        #"{"id":"a","date":"2026-11-29T07:15:00Z","dose_g":-1}"#,
        #"{"i\u0064":"a","date":"2026-11-29T07:15:00Z"}"#,
    ])
    func leftToDecoder(line: String) {
        #expect(BrewLineFastPathTests.fast(line) == nil)
    }

    @Test("bad lines in other spellings are never taken", arguments: [
        #"{"id":"a","date":"2026-11-29T07:15:00Z","rating":3,"rating":4}"#,
        #"{"rating": 3, "id": "a", "date": "2026-11-29T07:15:00Z", "rating": 3}"#,
        #"{"date": "2026-11-29T07:15:00Z", "id": "a", "id": "b"}"#,
        #"{"date": "2026-11-29T07:15:00Z"}"#,
        #"{"rating": 3, "id": "a"}"#,
        #"{ }"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z",}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z"} x"#,
        #"{"id": "a" "date": "2026-11-29T07:15:00Z"}"#,
        #"{"id" "a", "date": "2026-11-29T07:15:00Z"}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z", "tags": ["a",]}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z", "tags": [,]}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z", "tags": [ "a" "b" ]}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z", "rating": 6}"#,
        #"{"id": "a", "date": "2026-11-29T07:15:00Z", "time_s": 1.5}"#,
        #"{"id": "last", "date": "2026-11-29T07:15:00Z"}"#,
        #"{"date": "2026-11-29", "id": "a"}"#,
        "{\u{0C}\"id\":\"a\",\"date\":\"2026-11-29T07:15:00Z\"}",
        "{\"id\":\u{0B}\"a\",\"date\":\"2026-11-29T07:15:00Z\"}",
        "{\"id\":\"a\",\u{A0}\"date\":\"2026-11-29T07:15:00Z\"}",
    ])
    func badOtherSpellings(line: String) {
        #expect(BrewLineFastPathTests.decoded(line) == nil, "decoder on \(line)")
        #expect(BrewLineFastPathTests.fast(line) == nil, "fast path on \(line)")
    }

    @Test("field rules at their edges: the fast path accepts exactly what the decoder accepts", arguments: [
        (#""rating":1"#, true), (#""rating":5"#, true), (#""rating":0"#, false), (#""rating":6"#, false),
        (#""rating":4.0"#, true), (#""rating":4.5"#, false), (#""rating":05"#, false), (#""rating":"4""#, false),
        (#""dose_g":0"#, false), (#""dose_g":0.0001"#, true), (#""dose_g":1000"#, true), (#""dose_g":1000.0000001"#, false),
        (#""water_g":10000"#, true), (#""water_g":10001"#, false), (#""yield_g":36.5"#, true),
        (#""temp_c":0"#, true), (#""temp_c":100"#, true), (#""temp_c":100.5"#, false), (#""temp_c":1."#, false),
        (#""time_s":86400"#, true), (#""time_s":86401"#, false), (#""time_s":0"#, false),
        (#""time_s":123456789012345678901234567890"#, false), (#""dose_g":1.0000000000000000000001"#, true), (#""dose_g":1e1"#, true), (#""dose_g":1e4"#, false),
        (#""tags":["a"]"#, true), (#""tags":["a","b"]"#, true), (#""tags":[""]"#, false), (#""tags":["a b"]"#, false),
        (#""tags":["a,b"]"#, false), (#""tags":["a"],"#, false), (#""tags":["a""#, false),
        (#""notes":"","method":"""#, true), (#""grind":"fine\t""#, true), (#""coffee":"\u0041""#, true),
    ])
    func edges(fields: String, valid: Bool) {
        // As BrewLog writes it, and with the fields first and spaces after the separators.
        let lines = [
            #"{"id":"ab-1.x_Y:z","date":"2026-11-29T07:15:00.123456+05:45","# + fields + "}",
            "{" + fields.replacingOccurrences(of: "\":", with: "\": ") + #", "id": "ab-1.x_Y:z", "date": "2026-11-29T07:15:00.123456+05:45"}"#,
        ]
        for line in lines {
            BrewLineFastPathTests.expectAgreement(line)
            #expect((BrewLineFastPathTests.decoded(line) != nil) == valid, "decoder on \(line)")
            if !valid { #expect(BrewLineFastPathTests.fast(line) == nil) }
        }
    }

    @Test("ids and dates at their edges", arguments: [
        (#""id":"last""#, false), (#""id":"""#, false), (#""id":"a b""#, false), (#""id":"é""#, false),
        (#""id":""# + String(repeating: "a", count: 64) + "\"", true), (#""id":""# + String(repeating: "a", count: 65) + "\"", false),
        (#""id":"lastx""#, true), (#""id":"LAST""#, true),
    ])
    func ids(idField: String, valid: Bool) {
        for line in ["{" + idField + #","date":"2026-02-28T23:59:60Z"}"#, #"{"date": "2026-02-28T23:59:60Z", "# + idField + "}"] {
            BrewLineFastPathTests.expectAgreement(line)
            #expect((BrewLineFastPathTests.fast(line) != nil) == valid, "fast path on \(line)")
        }
    }

    @Test("mutated lines: whatever the fast path accepts, the decoder accepts the same way",
          arguments: [nil] + Spelling.allCases.map(Optional.some), 0..<2)
    func mutations(spelling: Spelling?, seed: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(100 + seed))
        let alphabet = Array(#"{}[]":,\ 0123456789.eE+-abnulltruefalse"#.utf8)
            + [0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, 0x7F, 0x80, 0xA0, 0xC3, 0xA9, 0xE2, 0xFF]
        var accepted = 0
        for _ in 0..<1500 {
            let record = BrewLineFastPathTests.plainRecord(&rng)
            let text = spelling.map { BrewLineFastPathTests.line(record, $0, &rng) } ?? BrewLineCodec.encode(record)
            var bytes = Array(text.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0...3, using: &rng) {
                case 0: bytes[at] = alphabet.randomElement(using: &rng) ?? 0
                case 1: bytes.insert(alphabet.randomElement(using: &rng) ?? 0, at: at)
                case 2: bytes.remove(at: at)
                default:
                    let end = min(bytes.count, at + Int.random(in: 1...12, using: &rng))
                    bytes.insert(contentsOf: bytes[at..<end], at: end)
                }
            }
            let fast = bytes.withUnsafeBufferPointer { BrewLineFastPath.recognise($0) }
            guard let fast else { continue }
            accepted += 1
            let decoded = bytes.withUnsafeBufferPointer { buffer in try? BrewLineCodec.validate(buffer) }
            #expect(decoded?.id == fast.id && decoded?.timestamp == fast.timestamp,
                    "fast path accepted \(String(decoding: bytes, as: UTF8.self))")
        }
        // Mutations inside text leave many lines valid: the comparison above really ran.
        #expect(accepted > 100)
    }

    @Test("the id byte test allows exactly A-Z a-z 0-9 . _ : -")
    func idBytes() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(BrewID.isIDByte(byte) == allowed.contains(byte), "byte \(byte)")
            // The branch-free check an index's ids go through agrees, in every place of an id.
            for id in [[byte], [byte, 0x61], [0x61, byte, 0x62]] {
                let valid = id.withUnsafeBufferPointer(BrewID.isValid(bytes:))
                #expect(valid == BrewID.isValid(id), "id \(id)")
            }
        }
        for id in ["last", "lasT", String(repeating: "a", count: 64), String(repeating: "a", count: 65), ""] {
            var text = id
            #expect(text.withUTF8(BrewID.isValid(bytes:)) == BrewID.isValid(id.utf8), "id '\(id)'")
        }
    }
}
