import Foundation
import Testing

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
}
