import Testing
import BrewLogTestSupport

/// `export` prints each brew's line exactly as the journal holds it (a CRLF end as LF), in JSON
/// Lines and as a JSON array's items, whoever wrote the line and whether or not a filter decodes it.
@Suite("export prints each brew's line as the journal holds it, in any spelling")
struct ExportLinesTests {
    static let lines = [
        #"{"id":"canon0000001","date":"2026-11-20T08:00:00+01:00","rating":4,"notes":"Bright","method":"V60","coffee":"Kenya AA"}"#,
        #"{"id": "spaced000001", "date": "2026-11-21T08:00:00+01:00", "notes": "", "method": "v60", "dose_g": 15.5}"#,
        #"{"date":"2026-11-22T08:00:00+01:00","id":"sorted000001","method":"Espresso","notes":""}"#,
        #"{"id":"escape000001","date":"2026-11-23T08:00:00Z","notes":"a\nb \"c\" \u00e9 ☕","method":"V60","zz":[1,{"x":null}]}"#,
        #"{"id":"crlf00000001","date":"2026-11-24T08:00:00+01:00","notes":"crlf","method":"Chemex"}"# + "\r",
    ]
    static let skip = #"{"id":"skip00000001","kind":"skip","day":"2026-11-25"}"#

    @Test("JSON Lines and JSON, without a filter and with one that reads the fields", arguments: [
        ([] as [String], [0, 1, 2, 3, 4], true),
        (["-m", "V60"], [0, 1, 3], false),
    ])
    func lines(filter: [String], brews: [Int], withSkip: Bool) {
        let sandbox = Sandbox(journal: (Self.lines + [Self.skip]).joined(separator: "\n") + "\n", runner: .inProcess)
        let items = brews.map { Self.lines[$0].hasSuffix("\r") ? String(Self.lines[$0].dropLast()) : Self.lines[$0] } + (withSkip ? [Self.skip] : [])
        #expect(sandbox.ok(["export"] + filter) == items.map { $0 + "\n" }.joined())
        #expect(sandbox.ok(["export", "--format", "json"] + filter) == "[" + items.joined(separator: ",\n") + "]\n")
    }
}
