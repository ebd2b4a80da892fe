@testable import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

/// `export` (JSON Lines and JSON) copies each brew's line as bytes instead of making its text:
/// the output must be exactly what making the text gives, line for line, in every spelling
/// another program may have written, for a brew changed since it was read, and when a filter
/// decodes the lines.
@Suite("export copies each brew's line: the same bytes as its text, in every spelling")
struct ExportLineCopyTests {
    /// Brews as BrewLog writes them, as `json.dumps` spaces them, with their keys sorted, with
    /// escapes and raw non-ASCII text, with unknown keys (nested ones too), a CRLF end, spaces
    /// around the object, and a line out of date order; a skip day between them; the last line
    /// without its newline.
    static let lines = [
        #"{"id":"canon0000001","date":"2026-11-20T08:00:00+01:00","rating":4,"notes":"Bright","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"tags":["morning"]}"#,
        #"{"id": "spaced000001", "date": "2026-11-21T08:00:00+01:00", "rating": 3, "notes": "", "method": "AeroPress", "dose_g": 15.5}"#,
        #"{"coffee":"Brazil","date":"2026-11-22T08:00:00+01:00","dose_g":18,"id":"sorted000001","method":"Espresso","notes":"","yield_g":36}"#,
        #"{"id":"escape000001","date":"2026-11-23T08:00:00Z","notes":"line\none \"quoted\" \u00e9 \\ tab\t","method":"Moka\u0020pot"}"#,
        #"{"id":"unicode00001","date":"2026-11-24T08:00:00-05:00","notes":"Äthiopien ☕ 珈琲","coffee":"Guji é"}"#,
        #"{"id":"unknown00001","date":"2026-11-25T08:00:00+01:00","notes":"","zz_tool":{"a":[1,2,{"b":null}],"c":"d"},"method":"V60"}"#,
        #"{"id":"crlf00000001","date":"2026-11-26T08:00:00+01:00","notes":"crlf","method":"Chemex"}"# + "\r",
        #"  {"id":"padded000001","date":"2026-11-27T08:00:00+01:00","notes":"padded"}   "#,
        #"{"id":"skip00000001","kind":"skip","day":"2026-11-28"}"#,
        #"{"id":"early0000001","date":"2026-11-19T08:00:00+01:00","notes":"out of order","method":"V60"}"#,
        #"{"id":"last00000001","date":"2026-11-28T08:00:00+01:00","notes":"no newline","method":"v60"}"#,
    ]

    private func store() throws -> (BrewLogStore, TemporaryFolder) {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", Self.lines.joined(separator: "\n"))
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        return (store, folder)
    }

    /// Each brew's line as the copy gives it, and as its text, in date order.
    private func bothWays(_ store: BrewLogStore, decoding: Bool) -> (copied: [String], text: [String]) {
        var copied: [String] = [], text: [String] = []
        store.visitJournalLinesByDate(where: { _ in true }, decoding: decoding) { _, line in
            copied.append(String(decoding: line, as: UTF8.self))
        }
        store.visitBrewsByDate(where: { _ in true }, decoding: decoding) { _, line in text.append(line()) }
        return (copied, text)
    }

    @Test("the copied bytes are each line's text, the journal's own bytes less a CR before the newline", arguments: [false, true])
    func copiesAreTheText(decoding: Bool) throws {
        let (store, folder) = try store()
        _ = folder
        let (copied, text) = bothWays(store, decoding: decoding)
        #expect(copied == text)
        let byDate = ["early", "canon", "spaced", "sorted", "escape", "unicode", "unknown", "crlf", "padded", "last"]
        let brewLines = Self.lines.filter { !$0.contains(#""kind""#) }
        let expected = byDate.map { prefix in
            let line = brewLines.first { $0.contains(#""\#(prefix)"#) } ?? ""
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        #expect(copied == expected)
    }

    @Test("a brew changed since it was read is copied as BrewLog writes it now, as its text is")
    func changedBrew() throws {
        let (store, folder) = try store()
        _ = folder
        try store.brew(matching: "spaced000001").notes = "edited"
        _ = try store.brew(matching: "sorted000001")
        let (copied, text) = bothWays(store, decoding: false)
        #expect(copied == text)
        #expect(copied.contains(BrewLineCodec.line(of: try store.brew(matching: "spaced000001"))))
        #expect(copied.contains(Self.lines[2]), "an object unchanged since keeps its line")
    }

    @Test("export in JSON Lines and JSON is what the writer makes of each line's text, and of the brews as objects")
    func exports() throws {
        let (store, folder) = try store()
        _ = folder
        for format in [ExchangeFormat.jsonl, .json] {
            var copying = ExchangeWriter(format: format), making = ExchangeWriter(format: format)
            var copied: [UInt8] = [], made: [UInt8] = []
            store.visitJournalLinesByDate(where: { _ in true }, decoding: false) { _, line in copying.appendBrew(line: line, to: &copied) }
            store.visitBrewsByDate(where: { _ in true }, decoding: false) { record, line in making.appendBrew(record: record, line: line, to: &made) }
            #expect(copied == made, "\(format)")
            #expect(copying.opening + String(decoding: copied, as: UTF8.self) + copying.closing == format.encode(store.brewsByDate), "\(format)")
        }
    }
}
