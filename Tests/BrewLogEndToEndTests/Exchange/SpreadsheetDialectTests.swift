import Foundation
import Testing
import BrewLogTestSupport

/// A spreadsheet's CSV file, written the way one program writes it in one locale.
struct SpreadsheetFile: Sendable, CustomTestStringConvertible {
    /// Who writes it so.
    let writer: String
    /// The file's name, or `nil` to import it from standard input.
    let name: String?
    let text: String

    var testDescription: String { writer }
}

/// Three brews as BrewLog's own CSV export writes them (RFC 3339 with offsets, decimal points,
/// commas, no ids): what every spreadsheet file below holds too.
private let plainCSV = "date,method,coffee,dose_g,water_g,rating,notes,tags\r\n"
    + "2026-11-17T19:00:00+01:00,V60,Kenya AA,15.5,250,4,\"hell; süß\",morgen\r\n"
    + "2026-11-18T07:30:00+01:00,Espresso,Kenya AA,18,,5,\"sagte \"\"wow\"\"\",\"a,b\"\r\n"
    + "2026-07-01T08:00:00+02:00,V60,Kenya AA,15,250,3,\"zwei\nZeilen\",\r\n"

private let spreadsheetFiles = [
    SpreadsheetFile(writer: "Excel, German, CSV UTF-8: a byte order mark, ';', CRLF, decimal commas, quoted cells", name: "excel.csv", text:
        "\u{FEFF}date;method;coffee;dose_g;water_g;rating;notes;tags\r\n"
        + "2026-11-17 19:00;V60;Kenya AA;15,5;250;4;\"hell; süß\";morgen\r\n"
        + "2026-11-18 07:30;Espresso;Kenya AA;18;;5;\"sagte \"\"wow\"\"\";a,b\r\n"
        + "2026-07-01 08:00;V60;Kenya AA;15;250;3;\"zwei\nZeilen\";\r\n"),
    SpreadsheetFile(writer: "Excel, German, with its sep=; first line, from standard input", name: nil, text:
        "sep=;\r\ndate;method;coffee;dose_g;water_g;rating;notes;tags\r\n"
        + "2026-11-17 19:00;V60;Kenya AA;15,5;250;4;\"hell; süß\";morgen\r\n"
        + "2026-11-18 07:30;Espresso;Kenya AA;18;;5;\"sagte \"\"wow\"\"\";a,b\r\n"
        + "2026-07-01 08:00;V60;Kenya AA;15;250;3;\"zwei\nZeilen\";\r\n"),
    SpreadsheetFile(writer: "LibreOffice, German, text cells quoted, dates with seconds, capitalised header", name: "calc.csv", text:
        "\"Date\";\"Method\";\"Coffee\";\"Dose_g\";\"Water_g\";\"Rating\";\"Notes\";\"Tags\"\n"
        + "2026-11-17 19:00:00;\"V60\";\"Kenya AA\";15,5;250;4;\"hell; süß\";\"morgen\"\n"
        + "2026-11-18 07:30:00;\"Espresso\";\"Kenya AA\";18;;5;\"sagte \"\"wow\"\"\";\"a,b\"\n"
        + "2026-07-01 08:00:00;\"V60\";\"Kenya AA\";15;250;3;\"zwei\nZeilen\";\n"),
    SpreadsheetFile(writer: "LibreOffice, German, from standard input", name: nil, text:
        "date;method;coffee;dose_g;water_g;rating;notes;tags\n"
        + "2026-11-17 19:00;V60;Kenya AA;15,5;250;4;\"hell; süß\";morgen\n"
        + "2026-11-18 07:30;Espresso;Kenya AA;18;;5;\"sagte \"\"wow\"\"\";a,b\n"
        + "2026-07-01 08:00;V60;Kenya AA;15;250;3;\"zwei\nZeilen\";\n"),
    SpreadsheetFile(writer: "tab-separated, English, the T kept, columns reordered", name: "brews.tsv", text:
        "notes\tdate\tmethod\tcoffee\tdose_g\twater_g\trating\ttags\n"
        + "\"hell; süß\"\t2026-11-17T19:00\tV60\tKenya AA\t15.5\t250\t4\tmorgen\n"
        + "\"sagte \"\"wow\"\"\"\t2026-11-18T07:30\tEspresso\tKenya AA\t18\t\t5\ta,b\n"
        + "\"zwei\nZeilen\"\t2026-07-01T08:00\tV60\tKenya AA\t15\t250\t3\t\n"),
    SpreadsheetFile(writer: "tab-separated, from standard input", name: nil, text:
        "date\tmethod\tcoffee\tdose_g\twater_g\trating\tnotes\ttags\r\n"
        + "2026-11-17 19:00\tV60\tKenya AA\t15.5\t250\t4\t\"hell; süß\"\tmorgen\r\n"
        + "2026-11-18 07:30\tEspresso\tKenya AA\t18\t\t5\t\"sagte \"\"wow\"\"\"\ta,b\r\n"
        + "2026-07-01 08:00\tV60\tKenya AA\t15\t250\t3\t\"zwei\nZeilen\"\t\r\n"),
    SpreadsheetFile(writer: "commas, dates on the local clock", name: "local.csv", text:
        "date,method,coffee,dose_g,water_g,rating,notes,tags\n"
        + "2026-11-17 19:00,V60,Kenya AA,15.5,250,4,\"hell; süß\",morgen\n"
        + "2026-11-18 07:30,Espresso,Kenya AA,18,,5,\"sagte \"\"wow\"\"\",\"a,b\"\n"
        + "2026-07-01 08:00,V60,Kenya AA,15,250,3,\"zwei\nZeilen\",\n"),
]

@Suite("import reads the CSV dialects spreadsheets write")
struct SpreadsheetDialectTests {
    private func write(_ sandbox: Sandbox, _ name: String, _ text: String) -> String {
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Imports `file` from its file or from standard input, with `options` after it.
    private func importing(_ file: SpreadsheetFile, into sandbox: Sandbox, _ options: [String] = [], env: [String: String?] = [:]) -> RunResult {
        guard let name = file.name else { return sandbox.run(["import", "-"] + options, stdin: file.text, env: env) }
        return sandbox.run(["import", write(sandbox, name, file.text)] + options, env: env)
    }

    @Test("a spreadsheet's file imports as the same brews, with the same ids, as BrewLog's own CSV; again, it adds nothing, whatever the day",
          arguments: spreadsheetFiles)
    func importsAlike(file: SpreadsheetFile) {
        let plain = Sandbox()
        #expect(plain.ok(["import", write(plain, "plain.csv", plainCSV)]) == "Imported 3 new brews, skipped 0 already present.\n")
        let sandbox = Sandbox()
        let first = importing(file, into: sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Imported 3 new brews, skipped 0 already present.\n")
        #expect(sandbox.journal == plain.journal)
        #expect(sandbox.journal?.contains(#""date":"2026-07-01T08:00:00+02:00""#) == true)
        #expect(importing(file, into: sandbox).stdout == "Imported 0 new brews, skipped 3 already present.\n")
        let later = importing(file, into: sandbox, env: ["BREWLOG_NOW": "2027-02-01T12:00:00+01:00"])
        #expect(later.stdout == "Imported 0 new brews, skipped 3 already present.\n")
        #expect(sandbox.journal == plain.journal)
    }

    @Test("a date without an offset is read on TZ's clock")
    func readsOnTZ() {
        let sandbox = Sandbox(timeZone: "America/New_York")
        _ = sandbox.ok(["import", "-"], stdin: "date;method\n2026-11-17 19:00;V60\n2026-07-01 08:00;V60\n")
        #expect(sandbox.journal?.contains(#""date":"2026-11-17T19:00:00-05:00""#) == true)
        #expect(sandbox.journal?.contains(#""date":"2026-07-01T08:00:00-04:00""#) == true)
    }

    @Test("--delimiter names the delimiter, in any of its spellings, over the sniff and a sep= line, and makes the file CSV whatever its name", arguments: [
        (",", "date,notes\n2026-11-17 19:00,a\n"),
        ("comma", "sep=;\ndate,notes\n2026-11-17 19:00,a\n"),
        (";", "sep=,\ndate;notes\n2026-11-17 19:00;a\n"),
        ("semicolon", "date;notes\n2026-11-17 19:00;a\n"),
        ("tab", "date\tnotes\n2026-11-17 19:00\ta\n"),
        ("TAB", "date\tnotes\n2026-11-17 19:00\ta\n"),
        (#"\t"#, "date\tnotes\n2026-11-17 19:00\ta\n"),
        ("\t", "date\tnotes\n2026-11-17 19:00\ta\n"),
    ])
    func delimiterOption(value: String, text: String) {
        let sandbox = Sandbox()
        #expect(sandbox.ok(["import", "-", "--delimiter", value], stdin: text) == "Imported 1 new brew, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", write(sandbox, "brews.jsonl", text), "--delimiter=\(value)"]) == "Imported 0 new brews, skipped 1 already present.\n")
    }

    @Test("a refused file changes nothing, exits as it says, and names FILE:LINE and what to write", arguments: [
        ("decimal comma split by ','", [String](), "date,dose_g\r\n2026-11-17 19:00,15,5\r\n", 65, ":2: expected 2 fields, found 3"),
        ("thousands or decimals?", [], "sep=;\r\ndate;water_g\r\n2026-11-17 19:00;1.000\r\n", 65,
         #":3: "water_g" "1.000" could be 1 or 1000 (a thousands separator is not read): write 1,000 or 1000"#),
        ("a thousands separator", [], "date;water_g\n2026-11-17 19:00;1.000,5\n", 65,
         #":2: "water_g" "1.000,5" has a thousands separator, which is not read: write 1000,5"#),
        ("a decimal comma in a tab-separated file", [], "date\tdose_g\n2026-11-17 19:00\t15,5\n", 65,
         #":2: "dose_g" must be a number, got "15,5" (a decimal comma is read in a file separated by ';')"#),
        ("a German date", [], "date;notes\n17.11.2026 19:00;x\n", 65,
         #":2: "date" is not a moment BrewLog reads: "17.11.2026 19:00" (write YYYY-MM-DD HH:MM[:SS], read on the local clock, or RFC 3339 with an offset)"#),
        ("a day without a time", [], "date;notes\n2026-11-17;x\n", 65,
         #":2: "date" "2026-11-17" is a day, not a moment: add a time of day, read on the local clock (2026-11-17 12:00)"#),
        ("a sep= line BrewLog does not read", [], "sep=|\ndate|notes\n2026-11-17 19:00|x\n", 65,
         ":1: the first line 'sep=|' names a delimiter BrewLog does not read (',', ';' or a tab)"),
        ("the wrong --delimiter", ["--delimiter", ","], "date;notes\n2026-11-17 19:00;x\n", 65,
         ":1: the header has no 'date' column split at ',' (split at ';' it has)"),
    ])
    func refusals(name: String, options: [String], text: String, status: Int32, message: String) {
        let original = #"{"id":"keep00000001","date":"2026-11-20T08:00:00+01:00"}"# + "\n"
        let sandbox = Sandbox(journal: original)
        let path = write(sandbox, "brews.csv", text)
        let result = sandbox.run(["import", path] + options)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.hasPrefix(path + message + "\n"), "\(result.stderr)")
        #expect(result.stderr.contains("brewlog: error: \(path) has 1 bad record; nothing imported"), "\(result.stderr)")
        #expect(sandbox.journal == original)
    }

    @Test("a --delimiter that is no delimiter, or given with another format, is a usage error that changes nothing", arguments: [
        (["--delimiter", "|"], "brewlog: error: invalid value '|' for '--delimiter'\nhint: use ',', ';' or tab\n"),
        (["--delimiter", ";;"], "brewlog: error: invalid value ';;' for '--delimiter'\nhint: use ',', ';' or tab\n"),
        (["--delimiter", ";", "--format", "json"], "brewlog: error: '--delimiter' reads CSV, not json\nhint: pass --format csv, or leave out --delimiter\n"),
    ])
    func delimiterUsage(options: [String], message: String) {
        let original = #"{"id":"keep00000001","date":"2026-11-20T08:00:00+01:00"}"# + "\n"
        let sandbox = Sandbox(journal: original)
        let result = sandbox.run(["import", "-"] + options, stdin: "date;notes\n2026-11-17 19:00;x\n")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == original)
    }

    @Test("the import guide's spreadsheet example prints what it shows: refused for 1.000, imported with 16, then nothing more")
    func readmeExample() throws {
        let readme = repositoryRoot
            .appendingPathComponent("docs/import.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Importing from a spreadsheet\n"))
        let rest = text[start.upperBound...]
        let body = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        let file = try #require(body.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        let console = try #require(body.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```").first)
        let outputs = console.components(separatedBy: "$ ").dropFirst().map { $0.components(separatedBy: "\n").dropFirst().joined(separator: "\n") }
        #expect(outputs.count == 3)
        let sandbox = Sandbox()
        // Excel's "CSV UTF-8": a byte order mark and CRLF.
        let path = write(sandbox, "kaffee.csv", "\u{FEFF}" + file.replacingOccurrences(of: "\n", with: "\r\n"))
        let refused = sandbox.run(["import", path])
        #expect(refused.status == 65)
        #expect(refused.stderr == outputs.first?.replacingOccurrences(of: "kaffee.csv", with: path))
        _ = write(sandbox, "kaffee.csv", "\u{FEFF}" + file.replacingOccurrences(of: ";1.000;", with: ";16;").replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(sandbox.ok(["import", path]) == outputs.dropFirst().first)
        #expect(sandbox.ok(["import", path], env: ["BREWLOG_NOW": "2027-02-01T12:00:00+01:00"]) == outputs.last)
    }

    @Test("import's help, usage and completion name --delimiter and its values")
    func helpAndCompletion() {
        let sandbox = Sandbox(runner: .inProcess)
        let help = sandbox.ok(["import", "--help"])
        #expect(help.contains("[--delimiter ,|;|tab]"), "\(help)")
        #expect(help.contains("--delimiter <char>"), "\(help)")
        #expect(sandbox.ok(["completion", "bash"]).contains("delimiter) _brewlog_complete fixed 'comma' 'semicolon' 'tab'"))
    }
}
