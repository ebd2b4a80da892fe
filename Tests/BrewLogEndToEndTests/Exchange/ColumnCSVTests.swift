import Foundation
import Testing
import BrewLogTestSupport

/// `export --format csv --columns` read back by real CSV readers: Python's `csv` module, and
/// BrewLog's own import.
@Suite("export --format csv --columns, read back by Python's csv module and by import")
struct ColumnCSVTests {
    /// A bag, and two brews: one of the bag by its coffee's name with notes a CSV must quote
    /// (comma, quotes, CRLF, a tab, a backslash, an emoji), one of no bag with a tag holding `;`.
    static let journal = [
        #"{"id":"bag1bag1bag1","kind":"bean","name":"Kenya, AA","roasted":"2026-11-08","opened":"2026-11-12"}"#,
        #"{"id":"aaaa00000001","date":"2026-11-25T08:00:00+01:00","rating":4,"notes":"comma, \"quoted\"\r\nCRLF; semi\ttab ☕️ \\ back","method":"V60","coffee":"Kenya, AA","dose_g":15.5,"water_g":250,"grind":"22 clicks","temp_c":93.5,"time_s":165,"tags":["a","b"]}"#,
        #"{"id":"aaaa00000002","date":"2026-11-26T07:30:00.25-05:00","notes":"","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":36,"tags":["x;y"]}"#,
    ].joined(separator: "\n") + "\n"

    /// Every column's key, in order, and each brew's cells: what a CSV reader must read back.
    static let header = ["id", "date", "rating", "method", "coffee", "bean", "bean_name", "dose_g", "water_g", "yield_g", "ratio",
                         "grind", "temp_c", "time_s", "days_off_roast", "tags", "notes"]
    static let rows = [
        ["aaaa00000001", "2026-11-25T08:00:00+01:00", "4", "V60", "Kenya, AA", "bag1bag1bag1", "Kenya, AA", "15.5", "250", "", "16.129",
         "22 clicks", "93.5", "165", "17", "a,b", "comma, \"quoted\"\r\nCRLF; semi\ttab ☕️ \\ back"],
        ["aaaa00000002", "2026-11-26T07:30:00.25-05:00", "", "Espresso", "Brazil", "", "", "18", "", "36", "2",
         "", "", "", "", "x;y", ""],
    ]

    @Test("Python's csv module reads every column back, cell for cell", .enabled(if: ExternalTool.python3.isInstalled, "needs python3 to read the CSV"))
    func python() throws {
        let sandbox = Sandbox(journal: Self.journal)
        let csv = sandbox.home + "/columns.csv"
        let columns = "id,date,rating,method,coffee,bean,bean_name,dose,water,yield,ratio,grind,temp,time,days_off_roast,tags,notes"
        _ = FileManager.default.createFile(atPath: csv, contents: Data(sandbox.ok(["export", "--format", "csv", "--columns", columns]).utf8))
        let python = runProcess(ExternalTool.python3.executable, ["-c", """
            import csv, json, sys
            print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))
            """, csv], environment: ["PATH": "/usr/bin:/bin"], directory: sandbox.home)
        try #require(python.status == 0, "python3: \(python.stderr)")
        let read = try JSONDecoder().decode([[String]].self, from: Data(python.stdout.utf8))
        #expect(read.first == Self.header)
        #expect(Array(read.dropFirst()) == Self.rows)
    }

    @Test("a CSV of journal fields imports into an empty journal and exports again byte for byte")
    func importRoundTrip() throws {
        let source = Sandbox(journal: Self.journal)
        let columns = ["--format", "csv", "--columns", "id,date,rating,method,coffee,dose,water,yield,grind,temp,time,tags,notes"]
        let exported = source.ok(["export"] + columns)
        let file = source.home + "/brews.csv"
        _ = FileManager.default.createFile(atPath: file, contents: Data(exported.utf8))
        let target = Sandbox()
        #expect(target.ok(["import", file]) == "Imported 2 new brews, skipped 0 already present.\n")
        #expect(target.ok(["export"] + columns) == exported)
        #expect(target.ok(["import", file]) == "Imported 0 new brews, skipped 2 already present.\n")
    }
}
