import Foundation
import Testing
import BrewLogCore
import BrewLogTestSupport

/// A spelling of a number, or of something that looks like one, as a file may hold it.
struct NumberSpelling: CustomTestStringConvertible, Sendable {
    let text: String
    /// A JSON number too large, or too small, for any field's range.
    let outOfRange: Bool
    var testDescription: String { text }
}

@Suite("Every number cell of an imported file, CSV or JSON Lines, is range-checked before it is converted")
struct NumberCellImportTests {
    static let fields: [BrewField] = BrewField.allCases.filter(\.isNumeric)

    static let spellings: [NumberSpelling] = [
        .init(text: "1e400", outOfRange: true), .init(text: "-1e400", outOfRange: true), .init(text: "1e308", outOfRange: true),
        .init(text: "9223372036854775808", outOfRange: true), .init(text: "-0", outOfRange: false), .init(text: "nan", outOfRange: false),
        .init(text: "inf", outOfRange: false), .init(text: "0x10", outOfRange: false), .init(text: "1_000", outOfRange: false),
    ]

    /// Runs `import` of a one-brew file whose `field` holds `spelling`, in `format`.
    private func importing(_ field: BrewField, _ spelling: NumberSpelling, csv: Bool) -> (result: RunResult, changed: Bool) {
        let sandbox = Sandbox(journal: #"{"id":"aaaa00000001","date":"2026-11-28T08:00:00+01:00","notes":""}"# + "\n", runner: .inProcess)
        let before = sandbox.journal
        let path = sandbox.home + (csv ? "/brews.csv" : "/brews.jsonl")
        let text = csv ? "date,\(field.journalKey)\n2026-11-29T08:00:00+01:00,\(spelling.text)\n"
            : #"{"id":"bbbb00000001","date":"2026-11-29T08:00:00+01:00","notes":"","\#(field.journalKey)":\#(spelling.text)}"# + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let result = sandbox.run(["import", path])
        return (result, sandbox.journal != before)
    }

    @Test("a CSV cell out of range says the field's range with the cell as written; one that is no number says so, never 'got a string'",
          arguments: fields, spellings)
    func csv(field: BrewField, spelling: NumberSpelling) throws {
        let (result, changed) = importing(field, spelling, csv: true)
        let limit = try #require(field.limit)
        if field.limit?.contains(0) == true && spelling.text == "-0" {
            #expect(result.status == 0 && changed, "\(result.stderr)")
            return
        }
        #expect(result.status == 65 && !changed, "\(result.stderr)")
        let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        if spelling.outOfRange || spelling.text == "-0" {
            #expect(line.hasSuffix(".csv:2: " + limit.problem(got: spelling.text).message), "\(line)")
        } else {
            let kind = if case .number = field.kind { "a number" } else { "a whole number" }
            #expect(line.hasSuffix(#".csv:2: "\#(field.journalKey)" must be \#(kind), got "\#(spelling.text)""#), "\(line)")
        }
    }

    @Test("a JSON Lines value out of range is refused saying so; one that is no JSON number is malformed, never read as its first digit",
          arguments: fields, spellings)
    func jsonLines(field: BrewField, spelling: NumberSpelling) throws {
        let (result, changed) = importing(field, spelling, csv: false)
        if field.limit?.contains(0) == true && spelling.text == "-0" {
            #expect(result.status == 0 && changed, "\(result.stderr)")
            return
        }
        #expect(result.status == 65 && !changed, "\(result.stderr)")
        let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        if spelling.text.hasSuffix("e400") {
            #expect(line.contains("number \(spelling.text) is out of range"), "\(line)")
        } else if spelling.outOfRange || spelling.text == "-0" {
            let limit = try #require(field.limit)
            #expect(line.contains(": \(limit.name) must be \(limit.rangeText) (got "), "\(line)")
        } else {
            #expect(line.contains(": malformed JSON at byte "), "\(line)")
            #expect(!line.contains("(got 0)"), "\(line)")
        }
    }
}
