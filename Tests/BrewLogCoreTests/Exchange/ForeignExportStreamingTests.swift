import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// Feeds `bytes` to `decoder` in blocks of `size` bytes, as the command line reads a file, and
/// says how many bytes it read before the decoder had enough.
private func feed(_ bytes: [UInt8], into decoder: inout some ForeignExportDecoder, size: Int) -> Int {
    var read = 0
    while read < bytes.count, !decoder.hasEnoughProblems {
        let end = min(bytes.count, read + size)
        bytes[read..<end].withUnsafeBufferPointer { decoder.feed($0) }
        read = end
    }
    decoder.endOfFile()
    return read
}

/// Bytes of a record repeated `count` times inside an opening and a closing.
private func repeated(_ opening: String, _ record: String, _ count: Int, separator: String = ",", closing: String = "") -> [UInt8] {
    Array((opening + Array(repeating: record, count: count).joined(separator: separator) + closing).utf8)
}

@Suite("Every importer judges its input as it streams in: garbage ends at once, a piece in any block sizes reads alike")
struct ForeignExportStreamingTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    @Test("an export fed in blocks of any size decodes as it does whole", arguments: [1, 7, 64, 4096])
    func blockSizes(size: Int) throws {
        var beanconqueror = BeanconquerorExport.Decoder(timeZone: berlin, today: today)
        beanconqueror.begin(.main)
        _ = feed(Array(ForeignExportFixtures.beanconqueror.utf8), into: &beanconqueror, size: size)
        let whole = try BeanconquerorExport.decode(Array(ForeignExportFixtures.beanconqueror.utf8), timeZone: berlin, today: today).get()
        #expect(try beanconqueror.finish().get() == whole)
        var jrnl = JrnlExport.Decoder(timeZone: berlin)
        _ = feed(Array(ForeignExportFixtures.jrnl.utf8), into: &jrnl, size: size)
        #expect(try jrnl.finish().get() == JrnlExport.decode(Array(ForeignExportFixtures.jrnl.utf8), timeZone: berlin).get())
        var loop = LoopExport.Decoder(habit: "Coffee", timeZone: berlin)
        _ = feed(Array(ForeignExportFixtures.loop.utf8), into: &loop, size: size)
        #expect(try loop.finish().get() == LoopExport.decode(Array(ForeignExportFixtures.loop.utf8), habit: "Coffee", timeZone: berlin).get())
    }

    @Test("a stream of bad records stops after the limit, long before its end", arguments: ForeignFormat.allCases)
    func badRecordsStop(format: ForeignFormat) {
        let count = 100_000
        let read: Int
        let total: Int
        let problems: Int
        switch format {
        case .beanconqueror:
            let bytes = repeated(#"{"BREWS":["#, #"{"config":{"uuid":"u","unix_timestamp":1795156200}}"#, count)
            var decoder = BeanconquerorExport.Decoder(timeZone: berlin, today: today, problemLimit: 20)
            decoder.begin(.main)
            (read, total) = (feed(bytes, into: &decoder, size: 1 << 16), bytes.count)
            problems = decoder.finish().failure?.problems.count ?? 0
        case .jrnl:
            let bytes = repeated(#"{"entries":["#, #"{"title":"walk","date":"2026-13-01","time":"10:00"}"#, count)
            var decoder = JrnlExport.Decoder(timeZone: berlin, problemLimit: 20)
            (read, total) = (feed(bytes, into: &decoder, size: 1 << 16), bytes.count)
            problems = decoder.finish().failure?.problems.count ?? 0
        case .loop:
            let bytes = repeated("Date,Coffee,\n", "2026-11-01,YES_MANUAL,", count, separator: "\n")
            var decoder = LoopExport.Decoder(habit: nil, timeZone: berlin, problemLimit: 20)
            (read, total) = (feed(bytes, into: &decoder, size: 1 << 16), bytes.count)
            problems = decoder.finish().failure?.problems.count ?? 0
        }
        #expect(problems == 20)
        #expect(read < total / 10, "read \(read) of \(total) bytes")
    }

    @Test("random bytes end at the first block", arguments: ForeignFormat.allCases)
    func garbage(format: ForeignFormat) {
        var generator = SeededRandomGenerator(seed: 7)
        let bytes = (0..<(1 << 20)).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
        let read: Int
        switch format {
        case .beanconqueror:
            var decoder = BeanconquerorExport.Decoder(timeZone: berlin, today: today)
            decoder.begin(.main)
            read = feed(bytes, into: &decoder, size: 1 << 16)
            #expect(decoder.finish().failure != nil)
        case .jrnl:
            var decoder = JrnlExport.Decoder(timeZone: berlin)
            read = feed(bytes, into: &decoder, size: 1 << 16)
            #expect(decoder.finish().failure != nil)
        case .loop:
            var decoder = LoopExport.Decoder(habit: nil, timeZone: berlin)
            read = feed(bytes, into: &decoder, size: 1 << 16)
            #expect(decoder.finish().failure != nil)
        }
        #expect(read == 1 << 16)
    }

    @Test("an array nobody imports ends the document once more than the limit of it was left out, and than was kept")
    func ignoredArray() {
        var stream = JSONDocumentStream(maximumIgnoredBytes: 1000)
        let bytes = repeated(#"{"VERSION":["#, "1", 10_000)
        let failure = bytes.withUnsafeBufferPointer { stream.feed($0) { _, _ in false } }
        #expect(failure?.message == "more than 1000 bytes of it is not what this import reads")
        var kept = JSONDocumentStream(maximumIgnoredBytes: 1000)
        let wanted = repeated(#"{"BREWS":["#, "[1,2,3,4,5,6,7,8,9]", 10_000, closing: "]}")
        #expect(kept.read(wanted) { _, _ in true } == nil)
    }

    @Test("the document's structure is checked byte by byte, each piece by the scanner", arguments: [
        ("", "the file is empty: expected a JSON document"),
        ("x", "expected a JSON object or array, got 'x'"),
        (#"{"a" 1}"#, #"expected ':' after the key "a""#),
        (#"{"a":1 "b":2}"#, #"expected ',' or '}' after the value of "a""#),
        (#"{"a":[1 2]}"#, #"expected ',' or ']' after an element of "a""#),
        (#"{"a":[1,]}"#, "expected a value, got ']'"),
        (#"{"a":1,"a":2}"#, #"the key "a" is in the document twice"#),
        (#"{"a":[{"b":tru}]}"#, "malformed JSON"),
        (#"{"a":["\u00"]}"#, "malformed JSON"),
        (#"{"a":[1]"#, "the JSON document ends early (the file was cut short?)"),
        (#"[1] 2"#, "unexpected text after the JSON document"),
    ])
    func structure(text: String, message: String) {
        var stream = JSONDocumentStream()
        let failure = stream.read(Array(text.utf8)) { _, _ in true }
        #expect(failure?.message.hasPrefix(message) == true, "\(String(describing: failure))")
    }

    @Test("nesting past the scanner's limit ends the document as the brackets arrive")
    func deepNesting() {
        var stream = JSONDocumentStream()
        let bytes = Array(#"{"a":["#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        let failure = bytes.withUnsafeBufferPointer { stream.feed($0) { _, _ in true } }
        #expect(failure?.message == "values nested more than \(JSONScanner.maximumDepth) deep")
    }
}

@Suite("An export read in blocks of any size is judged exactly as when read whole")
struct ForeignExportBlockTests {
    private let berlin = zone("Europe/Berlin")
    private let today = CalendarDay(year: 2026, month: 12, day: 1)!

    @Test("jrnl: a document that is refused is not judged further, in whatever block its rest comes", arguments: [
        "[2]S", #"[""e"#, #"["":-"#, #"{"entries":5,"x":}"#,
    ])
    func jrnlRefused(text: String) {
        let whole = JrnlExport.decode(Array(text.utf8), timeZone: berlin)
        var decoder = JrnlExport.Decoder(timeZone: berlin)
        _ = feed(Array(text.utf8), into: &decoder, size: 1)
        #expect(decoder.finish() == whole)
        #expect(whole.failure?.problems.count == 1)
    }

    @Test("Beanconqueror: a chunk that is an object is refused once, however many members follow")
    func chunkRefusedOnce() {
        let chunk = (name: "Beanconqueror_Brews_1.json", bytes: Array(#"{"a":1,"b":2,"c":3}"#.utf8))
        let whole = BeanconquerorExport.decode(Array(#"{"BREWS":[]}"#.utf8), brewChunks: [chunk], timeZone: berlin, today: today)
        #expect(whole.failure?.problems.map(\.reason) == ["this is a JSON object, not a chunk file of the export: expected an array"])
        var decoder = BeanconquerorExport.Decoder(timeZone: berlin, today: today)
        decoder.begin(.main)
        _ = feed(Array(#"{"BREWS":[]}"#.utf8), into: &decoder, size: 1)
        decoder.begin(.brews(chunk.name))
        _ = feed(chunk.bytes, into: &decoder, size: 1)
        #expect(decoder.finish() == whole)
    }

    @Test("Loop: a first line that cannot be the header is refused alike, arrived whole or in part", arguments: [
        " Date,Coffee,\n2026-11-01,2,\n", "Dat\u{1}e,Coffee,\n", "Xyz\n", "\r\n  \nDate,Coffee,\n2026-11-01,2,\n",
    ])
    func loopHeader(text: String) {
        let whole = LoopExport.decode(Array(text.utf8), habit: "Coffee", timeZone: berlin)
        var decoder = LoopExport.Decoder(habit: "Coffee", timeZone: berlin)
        _ = feed(Array(text.utf8), into: &decoder, size: 1)
        #expect(decoder.finish() == whole, "\(whole)")
    }
}
