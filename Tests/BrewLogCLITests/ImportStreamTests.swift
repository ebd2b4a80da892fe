import Foundation
import Testing

/// An import reads its input as a stream and stops after a few bad records in every format, so
/// endless garbage on standard input ends at once instead of filling memory.
@Suite("import stops reading garbage after 20 bad records, in every format")
struct ImportStreamTests {
    @Test("an endless stream of bad input ends with 65, says it stopped reading, and changes nothing", arguments: [
        ("yes a,b", "csv"), ("yes date,x", "csv"), ("yes '[1,'", "json"), ("yes '['", "json"), ("yes '{}'", "json"),
        ("yes a,b", "jsonl"), ("yes '{}'", "jsonl"), ("yes 'date,\"open quote'", "csv"),
    ])
    func endless(generator: String, format: String) {
        let sandbox = Sandbox(journal: journalLine(id: "keep0001"))
        // At most 64 MB, so that an import that does not stop still ends (and fails this test).
        let result = sandbox.shell("\(generator) | head -c 64000000 | \"$B\" import - --format \(format)")
        #expect(result.status == 65, "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("stopped reading"), "\(result.stderr.suffix(300))")
        #expect(sandbox.journal == journalLine(id: "keep0001"))
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
