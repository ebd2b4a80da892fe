import Foundation
import Testing
import BrewLogTestSupport

/// Unknown keys and records of unknown kinds are kept byte for byte, however deep their values
/// nest, up to a stated limit; past it, a clear error, never a crash.
@Suite("values nested 512 deep in unknown keys are kept; deeper ones are refused by name")
struct DeepUnknownValueTests {
    static func arrays(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
    static func objects(_ depth: Int) -> String { String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) }

    static func journal(depth: Int) -> String {
        #"{"id":"d1d1d1d1","date":"2026-11-20T08:00:00Z","rating":3,"x":\#(arrays(depth))}"# + "\n"
            + #"{"id":"d2d2d2d2","kind":"future","x":\#(objects(depth))}"# + "\n"
    }

    @Test("512 levels inside an unknown key and an unknown kind: read, kept through an edit, exported as they are")
    func kept() {
        let sandbox = Sandbox(journal: Self.journal(depth: 512))
        #expect(sandbox.run(["check"]).status == 0)
        sandbox.ok(["edit", "d1d1", "--rating", "5"])
        let lines = sandbox.journalLines
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(#""x":\#(Self.arrays(512))}"#) == true)
        #expect(lines.last == #"{"id":"d2d2d2d2","kind":"future","x":\#(Self.objects(512))}"#)
        #expect(sandbox.ok(["export"]).contains(Self.arrays(512)))
    }

    @Test("a journal's own export at the limit imports back, as JSON Lines and as a JSON array", arguments: ["jsonl", "json"])
    func exportImportsBack(format: String) {
        let sandbox = Sandbox(journal: Self.journal(depth: 512))
        let exported = sandbox.ok(["export", "--format", format])
        let other = Sandbox()
        let result = other.run(["import", "-", "--format", format], stdin: exported)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(other.journal?.contains(Self.arrays(512)) == true)
    }

    @Test("deeper values are a clear error on the line, never a crash", arguments: [513, 5_000, 200_000])
    func refused(depth: Int) {
        let sandbox = Sandbox(journal: Self.journal(depth: depth))
        let check = sandbox.run(["check"])
        #expect(check.status == 65, "\(check.stderr)")
        #expect(check.stdout.contains(":1: malformed JSON at byte") && check.stdout.contains("values nested more than 512 deep"))
        #expect(check.stdout.contains(":2: "))
        let imported = Sandbox().run(["import", "-", "--format", "jsonl"], stdin: Self.journal(depth: depth))
        #expect(imported.status == 65, "\(imported.stderr)")
    }
}

@Suite("a pretty-printed JSON import is written as one line a record")
struct PrettyJSONImportTests {
    @Test("unknown values printed over several lines (LF or CRLF) land on one journal line, and a reformatted backup imports back as already present")
    func prettyBackup() throws {
        let sandbox = Sandbox()
        let file = sandbox.home + "/in.json"
        let text = "[{\"id\":\"a1a1a1a1\",\"date\":\"2026-11-20T08:00:00+00:00\",\"notes\":\"\",\"extra\":[1,\n2]},\n"
            + "{\"id\":\"s1s1s1s1\",\"kind\":\"skip\",\"day\":\"2026-11-20\",\"meta\":{\n\"a\":1}},\n"
            + "{\"id\":\"b1b1b1b1\",\"kind\":\"bean\",\"name\":\"K\",\"x\":[\r\n1]}]\n"
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        #expect(sandbox.run(["import", file]).status == 0)
        #expect(sandbox.run(["check"]).status == 0)
        #expect(sandbox.journalLines.count == 3)
        #expect(sandbox.journalLines.first?.hasSuffix(#""extra":[1,2]}"#) == true, "\(sandbox.journal ?? "")")
        // The same journal exported, reformatted with spaces and line breaks, then imported again.
        let pretty = sandbox.ok(["export", "--format", "json"]).replacingOccurrences(of: ",", with: ", ").replacingOccurrences(of: "[", with: "[\n  ")
        let again = sandbox.run(["import", "-", "--format", "json"], stdin: pretty)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("Imported 0 new records, skipped 3 already present."), "\(again.stdout)")
    }
}
