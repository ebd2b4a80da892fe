import Foundation
import Testing
import BrewLogTestSupport

/// An import reads its input as a stream and stops after a few bad records in every format, so
/// endless garbage on standard input ends at once instead of filling memory.
@Suite("import stops reading garbage after 20 bad records, in every format")
struct ImportStreamTests {
    @Test("an endless stream of bad input ends with 65, says it stopped reading, and changes nothing", arguments: [
        ("yes a,b", "csv"), ("yes date,x", "csv"), ("yes '[1,'", "json"), ("yes '['", "json"), ("yes '{}'", "json"),
        ("yes a,b", "jsonl"), ("yes '{}'", "jsonl"), ("yes 'date,\"open quote'", "csv"),
        ("yes ''", "jsonl"), ("yes '{\"kind\":\"future\"}'", "jsonl"), ("(echo '['; yes '')", "json"),
    ])
    func endless(generator: String, format: String) {
        let sandbox = Sandbox(journal: journalLine(id: "keep0001"))
        // At most 64 MB, so that an import that does not stop still ends (and fails this test).
        let result = sandbox.shell("\(generator) | head -c 64000000 | \"$B\" import - --format \(format)")
        #expect(result.status == 65, "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("stopped reading"), "\(result.stderr.suffix(300))")
        #expect(sandbox.journal == journalLine(id: "keep0001"))
    }

    @Test("ids are unique across kinds in an import file too, unknown kinds included")
    func unknownKindDuplicates() {
        let sandbox = Sandbox()
        let result = sandbox.run(["import", "-"], stdin: #"{"id":"a1a1a1a1","kind":"future"}"# + "\n" + #"{"id":"a1a1a1a1","kind":"future"}"# + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("standard input:2: duplicate id 'a1a1a1a1' in the file (first on line 1)"), "\(result.stderr)")
    }

    @Test("a file with many bad records lists the first 20 and counts the rest")
    func listsTwenty() {
        let sandbox = Sandbox()
        let file = sandbox.home + "/bad.jsonl"
        _ = FileManager.default.createFile(atPath: file, contents: Data(String(repeating: "nope\n", count: 5).utf8))
        let few = sandbox.run(["import", file])
        #expect(few.stderr.split(separator: "\n").filter { $0.contains("bad.jsonl:") }.count == 5, "\(few.stderr)")
        let many = sandbox.run(["import", "-"], stdin: String(repeating: "nope\n", count: 19) + journalLine(id: "good0001") + "nope\nnope\n")
        let lines = many.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("standard input:") }.count == 20, "\(many.stderr)")
        #expect(many.status == 65)
    }
}

@Suite("CSV problems are named as CSV problems")
struct CSVProblemTests {
    @Test("a number cell JSON would not write (15., +5, .5) is refused as a field that must be a number, never as malformed JSON",
          arguments: ["15.", "+5", ".5", "0x10"])
    func numberCells(cell: String) {
        let sandbox = Sandbox()
        let result = sandbox.run(["import", "-", "--format", "csv"], stdin: "date,dose_g\n2026-11-20T08:00:00Z,\(cell)\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"standard input:2: "dose_g" must be a number"#), "\(result.stderr)")
        #expect(!result.stderr.contains("malformed JSON"))
    }

    @Test("bytes that are not UTF-8 are reported on their own line")
    func notUTF8Line() {
        let sandbox = Sandbox()
        let file = sandbox.home + "/latin1.csv"
        _ = FileManager.default.createFile(atPath: file, contents: Data(Array("date,notes\n2026-11-20T08:00:00Z,ok\n2026-11-21T08:00:00Z,caf".utf8) + [0xE9, 0x0A]))
        let result = sandbox.run(["import", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("latin1.csv:3: the file is not valid UTF-8"), "\(result.stderr)")
    }
}
