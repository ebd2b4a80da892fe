import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// Random text that exercises escaping: quotes, backslashes, newlines, control characters, emoji, CJK.
func hostileText(_ rng: inout SeededRandomGenerator, maxLength: Int) -> String {
    let pieces = ["\"", "\\", "\n", "\r\n", "\t", "\u{01}", "\u{1F}", "é", "☕️", "👩‍🔬", "日本語", " ", "a", "Z", "{", "}", ",", ":", "\u{2028}", "/", "\u{7F}"]
    let length = Int.random(in: 0...maxLength, using: &rng)
    return (0..<length).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
}

func randomRecord(_ rng: inout SeededRandomGenerator) -> BrewRecord {
    let seconds = Double(Int.random(in: 0...2_000_000_000, using: &rng))
    let offset = Int.random(in: -12...14, using: &rng) * 3600 + [0, 1800, 2700][Int.random(in: 0...2, using: &rng)]
    var record = BrewRecord(id: BrewID.random(using: &rng),
                            timestamp: Timestamp(date: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset),
                            notes: hostileText(&rng, maxLength: 40))
    if Bool.random(using: &rng) { record.rating = Int.random(in: 1...5, using: &rng) }
    if Bool.random(using: &rng) { record.method = "V60 " + hostileText(&rng, maxLength: 3) }
    if Bool.random(using: &rng) { record.coffee = "Kenya \"AA\"" }
    if Bool.random(using: &rng) { record.doseGrams = Double(Int.random(in: 50...300, using: &rng)) / 10 }
    if Bool.random(using: &rng) { record.waterGrams = Double.random(in: 1...1000, using: &rng) }
    if Bool.random(using: &rng) { record.grind = "22 clicks" }
    if Bool.random(using: &rng) { record.temperatureCelsius = Double(Int.random(in: 0...1000, using: &rng)) / 10 }
    if Bool.random(using: &rng) { record.brewTimeSeconds = Int.random(in: 1...600, using: &rng) }
    if Bool.random(using: &rng) { record.tags = ["morning", "décaf", "☕"] }
    return record
}

@Suite("The JSON Lines codec")
struct CodecTests {
    @Test("random brews with hostile notes survive encode then decode", arguments: 0..<8)
    func roundTrip(seed: Int) throws {
        var rng = SeededRandomGenerator(seed: UInt64(seed))
        for _ in 0..<250 {
            let record = randomRecord(&rng)
            let line = BrewLineCodec.encode(record)
            #expect(!line.contains("\n"))
            let decoded = try BrewLineCodec.decode(line)
            #expect(decoded == record)
            #expect(BrewLineCodec.encode(decoded) == line)
        }
    }

    @Test("a huge multi-line note round-trips")
    func hugeNotes() throws {
        let notes = String(repeating: "bright, \"juicy\"\nline\\two ☕️ ", count: 40_000)
        let record = BrewRecord(id: .random(), timestamp: stamp("2026-11-29T07:15:00+01:00"), notes: notes)
        #expect(try BrewLineCodec.decode(BrewLineCodec.encode(record)).notes == notes)
    }

    @Test("lines use the journal's keys, omit absent optionals and always write notes")
    func exactKeys() {
        let record = BrewRecord(id: BrewID("0123456789ab")!, timestamp: stamp("2026-11-29T07:15:00+01:00"), rating: 4,
                                notes: "", method: "V60", doseGrams: 15, waterGrams: 250.5, temperatureCelsius: 94,
                                brewTimeSeconds: 165, tags: ["morning"])
        #expect(BrewLineCodec.encode(record) ==
            #"{"id":"0123456789ab","date":"2026-11-29T07:15:00+01:00","rating":4,"notes":"","method":"V60","dose_g":15,"water_g":250.5,"temp_c":94,"time_s":165,"tags":["morning"]}"#)
    }

    @Test("unknown keys are kept with their exact JSON text")
    func unknownKeysKept() throws {
        let line = #"{"id":"abc","x-scale":{"model":"Acaia", "g":[1, 2.50]},"date":"2026-11-29T07:15:00Z","notes":"n","weird":1.50e2}"#
        let record = try BrewLineCodec.decode(line)
        #expect(record.unknownFields == [UnknownField(key: "x-scale", rawJSON: #"{"model":"Acaia", "g":[1, 2.50]}"#),
                                         UnknownField(key: "weird", rawJSON: "1.50e2")])
        #expect(BrewLineCodec.encode(record).hasSuffix(#","x-scale":{"model":"Acaia", "g":[1, 2.50]},"weird":1.50e2}"#))
    }

    @Test("escapes decode, including surrogate pairs")
    func escapes() throws {
        let record = try BrewLineCodec.decode(#"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"\"q\" \\ \/ \n\t \u00e9 \ud83d\ude00"}"#)
        #expect(record.notes == "\"q\" \\ / \n\t é 😀")
    }

    static let badLines: [(String, String)] = [
        ("not json", "malformed JSON"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z""#, "malformed JSON"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z"} trailing"#, "unexpected text after"),
        (#"{"date":"2026-11-29T07:15:00Z"}"#, "missing required key \"id\""),
        (#"{"id":"a"}"#, "missing required key \"date\""),
        (#"{"id":"","date":"2026-11-29T07:15:00Z"}"#, "\"id\" must be"),
        (#"{"id":"a b","date":"2026-11-29T07:15:00Z"}"#, "\"id\" must be"),
        (#"{"id":"a","date":"yesterday"}"#, "\"date\" is not an RFC 3339"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","rating":6}"#, "rating must be 1...5"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","rating":4.5}"#, "whole number"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","rating":"4"}"#, "must be a whole number, got a string"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","dose_g":0}"#, "dose must be more than 0"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","temp_c":101}"#, "temperature must be 0...100"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","time_s":-3}"#, "brew time must be"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","tags":["two words"]}"#, "must not contain commas or whitespace"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","tags":"solo"}"#, "\"tags\" must be an array"),
        (#"{"id":"a","id":"b","date":"2026-11-29T07:15:00Z"}"#, "duplicate key \"id\""),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"\ud800"}"#, "unpaired surrogate"),
        (#"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"\q"}"#, "invalid escape"),
    ]

    @Test("bad lines are refused with a reason", arguments: badLines)
    func badLine(line: String, reason: String) {
        #expect {
            try BrewLineCodec.decode(line)
        } throws: { error in
            (error as? LineProblem)?.reason.contains(reason) == true
        }
    }

    @Test("invalid UTF-8 in a string is refused")
    func invalidUTF8() {
        var bytes = Array(#"{"id":"a","date":"2026-11-29T07:15:00Z","notes":"x"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        #expect {
            try bytes.withUnsafeBufferPointer { try BrewLineCodec.decode($0) }
        } throws: { error in
            (error as? LineProblem)?.reason.contains("invalid UTF-8") == true
        }
    }
}

@Suite("Validating a line without building it agrees with decoding it")
struct ValidationAgreesWithDecodingTests {
    @Test("good lines: the same id and timestamp", arguments: 0..<4)
    func goodLines(seed: Int) throws {
        var rng = SeededRandomGenerator(seed: UInt64(seed) + 100)
        for _ in 0..<200 {
            var line = BrewLineCodec.encode(randomRecord(&rng))
            let decoded = try BrewLineCodec.decode(line)
            let validated = try line.withUTF8 { try BrewLineCodec.validate($0) }
            #expect(validated.id == decoded.id)
            #expect(validated.timestamp == decoded.timestamp)
        }
    }

    @Test("bad lines: the same reason", arguments: CodecTests.badLines)
    func badLines(line: String, reason: String) {
        var copy = line
        let decodeReason = (try? BrewLineCodec.decode(line)) == nil ? problem { try BrewLineCodec.decode(line) } : nil
        let validateReason = copy.withUTF8 { bytes in problem { try BrewLineCodec.validate(bytes) } }
        #expect(decodeReason != nil)
        #expect(validateReason == decodeReason)
    }

    @Test("invalid UTF-8 anywhere in a text field or tag is caught without decoding", arguments: ["notes", "method", "coffee", "grind", "tag"])
    func invalidUTF8(field: String) {
        let prefix = #"{"id":"a","date":"2026-11-29T07:15:00Z","# + (field == "tag" ? #""tags":[""# : "\"\(field)\":\"")
        let bytes = Array(prefix.utf8) + [0xE2, 0x28, 0xA1] + Array((field == "tag" ? "\"]}" : "\"}").utf8)
        let reason = bytes.withUnsafeBufferPointer { buffer in problem { try BrewLineCodec.validate(buffer) } }
        #expect(reason?.contains("invalid UTF-8") == true)
    }

    @Test("a tag with a non-breaking space is refused in both modes")
    func unicodeWhitespaceTag() {
        var line = #"{"id":"a","date":"2026-11-29T07:15:00Z","tags":["a\#u{00A0}b"]}"#
        #expect(problem { try BrewLineCodec.decode(line) }?.contains("whitespace") == true)
        #expect(line.withUTF8 { bytes in problem { try BrewLineCodec.validate(bytes) } }?.contains("whitespace") == true)
    }

    func problem<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? LineProblem)?.reason ?? "\(error)"
        }
    }
}

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test("well-formed and ill-formed sequences", arguments: [
        ([0x61, 0x62], true), ([0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true), ([0xF0, 0x9F, 0x98, 0x80], true),
        ([0xEF, 0xBB, 0xBF], true), ([0xF4, 0x8F, 0xBF, 0xBF], true),
        ([0xC3], false), ([0xC0, 0xAF], false), ([0xE0, 0x80, 0xAF], false), ([0xED, 0xA0, 0x80], false),
        ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false), ([0x80], false), ([0xE2, 0x82], false),
        ([0xE2, 0x28, 0xA1], false), ([0xFF], false),
    ] as [([UInt8], Bool)])
    func sequences(bytes: [UInt8], valid: Bool) {
        #expect(bytes.withUnsafeBufferPointer(isValidUTF8) == valid)
        #expect(bytes.withUnsafeBufferPointer(isValidUTF8) == (String(validating: bytes, as: UTF8.self) != nil))
    }

    @Test("a sequence inside ASCII is judged alike wherever it falls in the eight-byte words read at once", arguments: [
        [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0x80], [0xE2, 0x82], [0xFF],
    ] as [[UInt8]])
    func insideASCII(sequence: [UInt8]) {
        let alone = sequence.withUnsafeBufferPointer(firstInvalidUTF8Offset)
        for before in 0...17 {
            for after in [0, 1, 7, 8, 9, 16] {
                let bytes = [UInt8](repeating: 0x61, count: before) + sequence + [UInt8](repeating: 0x62, count: after)
                #expect(bytes.withUnsafeBufferPointer(firstInvalidUTF8Offset) == alone.map { $0 + before }, "\(before) before, \(after) after")
                #expect(bytes.withUnsafeBufferPointer(isValidUTF8) == (String(validating: bytes, as: UTF8.self) != nil))
            }
        }
        #expect([UInt8](repeating: 0x7F, count: 40).withUnsafeBufferPointer(isValidUTF8))
        #expect([UInt8]().withUnsafeBufferPointer(isValidUTF8))
    }
}
