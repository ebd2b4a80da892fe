import Testing
@testable import BrewLogCore

/// Keys are compared by their bytes, as JSON and every other tool compare them: two keys that
/// Unicode calls equal but that are spelt apart (`é` composed and decomposed, the Kelvin sign
/// and `K`) are two keys, kept byte for byte, never a "duplicate key" that makes a journal
/// unreadable.
@Suite("Keys Unicode calls equal but spelt apart are two keys")
struct UnicodeKeyTests {
    static let pairs: [(String, String)] = [("ke\u{301}", "k\u{e9}"), ("\u{212A}", "K"), ("A\u{30A}", "\u{C5}")]

    @Test("a brew with both keeps both, and writes its line back as it was", arguments: pairs.indices)
    func brew(_ index: Int) throws {
        let (first, second) = Self.pairs[index]
        let line = #"{"id":"a1a1a1a1a1a1","date":"2026-11-27T08:00:00+00:00","notes":"x","\#(first)":1,"\#(second)":2}"#
        let record = try BrewLineCodec.decode(line)
        #expect(record.unknownFields.count == 2)
        #expect(BrewLineCodec.encode(record) == line)
    }

    @Test("a record of a kind BrewLog does not know with both is read, not refused", arguments: pairs.indices)
    func unknownKind(_ index: Int) throws {
        let (first, second) = Self.pairs[index]
        let line = #"{"id":"u1u1u1u1u1u1","kind":"future","\#(first)":1,"\#(second)":2}"#
        guard case .unknownKind? = try RecordLineCodec.decode(line) else {
            Issue.record("not read as a record of an unknown kind")
            return
        }
    }

    @Test("the same key twice, byte for byte, is still refused")
    func sameBytes() {
        #expect(throws: LineProblem.self) {
            try BrewLineCodec.decode(#"{"id":"a1a1a1a1a1a1","date":"2026-11-27T08:00:00+00:00","notes":"x","k\#u{e9}":1,"k\#u{e9}":2}"#)
        }
    }
}
