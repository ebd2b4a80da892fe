import Foundation
import Testing
import BrewLogTestSupport

@Suite("export and import of awkward data")
struct ExchangeEdgeTests {
    /// Writes `text` to a file in the sandbox's home and returns its path.
    func file(_ sandbox: Sandbox, _ name: String, _ text: String) -> String {
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test("a 2 MB note of control characters survives add, export and import in every format",
          arguments: ["jsonl", "json", "csv"])
    func hugeControlNote(format: String) {
        let source = Sandbox()
        let note = String(repeating: "\u{1B}\u{0}\u{7}\"\\", count: 400_000)
        let id = source.ok(["add", "-q", "--notes", "-"], stdin: note).trimmingCharacters(in: .whitespacesAndNewlines)
        let exported = source.ok(["export", "--format", format])
        let target = Sandbox()
        target.ok(["import", file(source, "brews.\(format)", exported)])
        #expect(target.journal == source.journal)
        let shown = target.ok(["show", id, "--json"])
        #expect(shown.hasSuffix("\n") && shown.contains(#""notes":"\u001b\u0000\u0007\"\\\u001b"#))
    }

    @Test("CSV keeps a tag holding ';' as one tag")
    func csvSemicolonTag() {
        let source = Sandbox()
        source.ok(["add", "--tag", "a;b", "--tag", "c"])
        let exported = source.ok(["export", "--format", "csv"])
        #expect(exported.contains(#","a;b,c""#))
        let target = Sandbox()
        target.ok(["import", file(source, "brews.csv", exported)])
        #expect(target.journal == source.journal)
    }

    @Test("CSV import refuses an empty tag in the tag column", arguments: ["a,,b", ",a", "a,"])
    func csvEmptyTag(tags: String) {
        let sandbox = Sandbox()
        let path = file(sandbox, "brews.csv", "id,date,tags\r\nabcd1234,2026-11-28T10:00:00Z,\"\(tags)\"\r\n")
        let result = sandbox.run(["import", path])
        #expect(result.status == 65)
        #expect(sandbox.journal == nil)
    }

    @Test("a CSV header naming a column twice is named as such")
    func csvDuplicateColumn() {
        let sandbox = Sandbox()
        let path = file(sandbox, "brews.csv", "id,id,date\r\nabcd1234,abcd1234,2026-11-28T10:00:00Z\r\n")
        let result = sandbox.run(["import", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):1: CSV header: column 'id' appears twice\n"), "\(result.stderr)")
    }
}

@Suite("An import of garbage ends at once")
struct EndlessImportTests {
    @Test("an endless stream of bad lines stops after a few, exit 65, nothing imported", arguments: [
        "yes garbage | timeout 20 \"$B\" import -",
        "timeout 20 \"$B\" import /dev/urandom --format csv",
        "timeout 20 \"$B\" import /dev/urandom --format json",
    ])
    func endless(script: String) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(script + "; echo \"status=$?\" >&2")
        #expect(result.stderr.hasSuffix("status=65\n"), "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("stopped reading"), "\(result.stderr.suffix(300))")
        #expect(sandbox.journal == sampleJournal)
    }
}
