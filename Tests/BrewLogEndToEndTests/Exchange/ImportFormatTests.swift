import Foundation
import Testing
import BrewLogTestSupport

@Suite("import: rows without ids, formats told apart, duplicates named by line")
struct ImportFormatTests {
    private func write(_ sandbox: Sandbox, _ name: String, _ text: String) -> String {
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test("a CSV row with an empty id, or a file with no id column, gets an id from its moment, method and coffee: imported twice, added once")
    func csvRowsWithoutIDs() throws {
        let sandbox = Sandbox()
        let withEmptyCell = write(sandbox, "a.csv", "id,date,method,rating\r\n,2026-11-20T08:00:00Z,V60,4\r\n,2026-11-21T08:00:00Z,V60,5\r\n")
        #expect(sandbox.ok(["import", withEmptyCell]) == "Imported 2 new brews, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", withEmptyCell]) == "Imported 0 new brews, skipped 2 already present.\n")
        let ids = sandbox.ok(["list", "-q"]).split(separator: "\n")
        #expect(ids.count == 2)
        #expect(ids.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(ids).count == 2)
        // The same rows without an id column, with the columns reordered, the numbers written
        // otherwise and the header capitalised, as spreadsheets do: the same brews, the same ids.
        let noColumn = write(sandbox, "b.csv", "Rating,Method,DATE\n4.0,V60,2026-11-20T08:00:00Z\n5,V60,2026-11-21T08:00:00.000Z\n")
        #expect(sandbox.ok(["import", noColumn]) == "Imported 0 new brews, skipped 2 already present.\n")
    }

    @Test("a CSV row without an id is the same brew after its notes or rating were edited in a spreadsheet: a conflict, not a second brew")
    func csvEditedRowIsAConflict() {
        let sandbox = Sandbox()
        _ = sandbox.ok(["import", "-", "--format", "csv"], stdin: "date,method,coffee,notes,rating\n2026-11-20T08:00:00Z,V60,Kenya,bright,4\n")
        let edited = sandbox.run(["import", "-", "--format", "csv"], stdin: "date,method,coffee,notes,rating\n2026-11-20T08:00:00Z,V60,Kenya,bright and sweet,5\n")
        #expect(edited.status == 1, "\(edited)")
        #expect(edited.stdout.contains("differs in rating, notes") || edited.stdout.contains("differs in notes, rating"), "\(edited.stdout)")
        #expect(sandbox.journalLines.count == 1)
        _ = sandbox.ok(["import", "-", "--format", "csv", "--prefer", "incoming"], stdin: "date,method,coffee,notes,rating\n2026-11-20T08:00:00Z,V60,Kenya,bright and sweet,5\n")
        #expect(sandbox.journalLines.count == 1)
        #expect(sandbox.journal?.contains("bright and sweet") == true)
    }

    @Test("identical CSV rows without ids are each imported once, and importing the file again adds nothing")
    func csvIdenticalRows() {
        let sandbox = Sandbox()
        let file = "date,method,notes\n2026-11-20T08:00:00Z,V60,x\n2026-11-20T08:00:00Z,V60,x\n2026-11-20T08:00:00Z,V60,y\n"
        #expect(sandbox.ok(["import", "-", "--format", "csv"], stdin: file) == "Imported 3 new brews, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", "-", "--format", "csv"], stdin: file) == "Imported 0 new brews, skipped 3 already present.\n")
        #expect(Set(sandbox.ok(["list", "-q"]).split(separator: "\n")).count == 3)
    }

    @Test("a CSV saved by a spreadsheet as \"CSV UTF-8\" (with a byte order mark) imports, also from standard input")
    func csvWithByteOrderMark() {
        let sandbox = Sandbox()
        let text = "\u{FEFF}Date,Notes,Rating\r\n2026-11-20T08:00:00+01:00,Café crème,4\r\n"
        #expect(sandbox.ok(["import", write(sandbox, "excel.csv", text)]) == "Imported 1 new brew, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", "-"], stdin: text) == "Imported 0 new brews, skipped 1 already present.\n")
        #expect(sandbox.journal?.contains(#""notes":"Café crème""#) == true)
    }

    @Test("a CSV whose header is quoted (Python's QUOTE_ALL, R's write.csv) is recognised without --format, from standard input or a file of any name", arguments: [
        "\"id\",\"date\",\"notes\"\r\n\"\",\"2026-11-20T08:00:00Z\",\"hello, world\"\r\n",
        "\"id\",\"date\",\"notes\"\n\"\",\"2026-11-20T08:00:00Z\",\"hello, world\"\n",
        "\u{FEFF}\"notes\",\"date\"\r\n\"hello, world\",\"2026-11-20T08:00:00Z\"\r\n",
        "\"notes\",\"rating\",\"DATE\"\n\"hello, world\",4,\"2026-11-20T08:00:00Z\"\n",
    ])
    func quotedHeader(text: String) {
        let sandbox = Sandbox()
        #expect(sandbox.ok(["import", "-"], stdin: text) == "Imported 1 new brew, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", write(sandbox, "export.txt", text)]) == "Imported 0 new brews, skipped 1 already present.\n")
        #expect(sandbox.journal?.contains(#""notes":"hello, world""#) == true)
    }

    @Test("CSV or JSON on standard input is recognised from its first line", arguments: ["csv", "json", "jsonl"])
    func sniffsStandardInput(format: String) {
        let source = Sandbox(journal: sampleJournal)
        let exported = source.ok(["export", "--format", format])
        let target = Sandbox()
        #expect(target.ok(["import", "-"], stdin: exported) == "Imported 4 new brews, skipped 0 already present.\n")
        #expect(target.ok(["export"]) == source.ok(["export"]).replacingOccurrences(of: #","x-scale":{"g":15.0}"#, with: format == "csv" ? "" : #","x-scale":{"g":15.0}"#))
    }

    @Test("a file read in the wrong format is refused with a hint naming the right --format")
    func hintsAtTheFormat() {
        let source = Sandbox(journal: sampleJournal)
        let csv = source.ok(["export", "--format", "csv"])
        let target = Sandbox()
        let path = write(target, "brews.jsonl", csv)
        let result = target.run(["import", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("hint: this looks like csv, not jsonl: pass --format csv"), "\(result.stderr)")
        #expect(target.journal == nil)
        let explicit = target.run(["import", "-", "--format", "jsonl"], stdin: csv)
        #expect(explicit.status == 65 && explicit.stderr.contains("pass --format csv"))
    }

    @Test("a duplicate id in an import file names the line it is on and the line it first appeared on", arguments: ["jsonl", "json", "csv"])
    func duplicateLines(format: String) {
        let sandbox = Sandbox()
        let text = switch format {
        case "jsonl": #"{"id":"dup1","date":"2026-11-20T08:00:00Z"}"# + "\n\n" + #"{"id":"dup1","date":"2026-11-21T08:00:00Z"}"# + "\n"
        case "json": "[\n" + #"{"id":"dup1","date":"2026-11-20T08:00:00Z"},"# + "\n\n" + #"{"id":"dup1","date":"2026-11-21T08:00:00Z"}"# + "\n]\n"
        default: "id,date\n\ndup1,2026-11-20T08:00:00Z\ndup1,2026-11-21T08:00:00Z\n"
        }
        let path = write(sandbox, "dup.\(format)", text)
        let (line, first) = switch format {
        case "jsonl": (3, 1)
        case "json": (4, 2)
        default: (4, 3)
        }
        let result = sandbox.run(["import", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):\(line): duplicate id 'dup1' in the file (first on line \(first))\n"), "\(result.stderr)")
    }

    @Test("import --json prints the counts and every conflict with its differing fields; -q prints nothing")
    func importJSON() {
        let sandbox = Sandbox(journal: sampleJournal)
        let path = write(sandbox, "in.jsonl", #"{"id":"bbbb00000004","date":"2026-11-28T18:00:00+01:00","rating":2,"notes":"evening","method":"v60","tags":["evening"]}"# + "\n")
        let result = sandbox.run(["import", path, "--json", "--dry-run"])
        #expect(result.status == 1)
        #expect(result.stdout == #"{"added":0,"skipped":0,"replaced":0,"removed":0,"already_removed":0,"conflicts":[{"id":"bbbb00000004","fields":["rating","tags"]}],"added_ids":[]}"# + "\n")
        #expect(sandbox.run(["import", path, "--prefer", "incoming", "--json"]).stdout == #"{"added":0,"skipped":0,"replaced":1,"removed":0,"already_removed":0,"conflicts":[],"added_ids":[]}"# + "\n")
    }
}
