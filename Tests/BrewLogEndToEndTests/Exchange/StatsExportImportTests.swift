import Foundation
import Testing
import BrewLogTestSupport

@Suite("brewlog stats, export, import and completion")
struct StatsExportImportTests {
    func sandbox() -> Sandbox {
        Sandbox(journal: sampleJournal)
    }

    @Test("stats figures on a fixed journal: per method its brews, average rating and averages (never espresso and pour-over together), per coffee the average rating")
    func statsFigures() {
        let output = sandbox().ok(["stats"])
        #expect(output.hasPrefix("""
            Brews       4 on 3 days
            Streak      3 current, 3 longest (today included)
            Rating      4.0 average

            METHOD     BREWS  RATING  DOSE  WATER   RATIO
            V60            2   ★ 3.5  15 g  250 g  1:16.7
            AeroPress      1       -     -      -       -
            Espresso       1   ★ 5.0  18 g   36 g   1:2.0

            COFFEE    BREWS  RATING
            Brazil        1   ★ 5.0
            Kenya AA      1   ★ 3.0


            """))
    }

    @Test("stats --json and --since: per method an object of averages keyed by journal key, and the ratio")
    func statsJSON() {
        let sandbox = self.sandbox()
        let none = #""averages":{"dose_g":null,"water_g":null,"yield_g":null,"ratio":null,"temp_c":null,"time_s":null}"#
        #expect(sandbox.ok(["stats", "--json", "--since", "2026-11-28"]) ==
            #"{"brews":3,"brew_days":2,"average_rating":4.5,"#
            + #""streak":{"current":3,"longest":3,"brewed_today":true,"last_brew_day":"2026-11-29","current_start":"2026-11-27"},"#
            + #""methods":[{"name":"AeroPress","brews":1,"average_rating":null,\#(none)},"#
            + #"{"name":"Espresso","brews":1,"average_rating":5,"averages":{"dose_g":18,"water_g":36,"yield_g":null,"ratio":2,"temp_c":null,"time_s":null}},"#
            + #"{"name":"v60","brews":1,"average_rating":4,\#(none)}],"#
            + #""coffees":[{"name":"Brazil","brews":1,"average_rating":5}],"cost_per_cup":null}"# + "\n")
    }

    @Test("stats lists 8 methods and says how many more; --all lists every one")
    func statsAll() {
        let lines = (1...10).map { #"{"id":"m\#($0)","date":"2026-11-2\#($0 % 9)T08:00:00+01:00","notes":"","method":"M\#($0)"}"# }
        let sandbox = Sandbox(journal: lines.joined(separator: "\n") + "\n")
        let short = sandbox.ok(["stats"])
        #expect(short.contains("\n… and 2 more (--all lists them)\n"))
        let all = sandbox.ok(["stats", "--all"])
        #expect(!all.contains("more (--all"))
        #expect((1...10).allSatisfy { all.contains("\nM\($0) ") })
    }

    @Test("the heatmap: 26 weeks as columns, weekdays as rows, month labels and a legend, in 80 columns")
    func heatmap() {
        let output = sandbox().ok(["stats"])
        let heatmap = output.components(separatedBy: "\n\n").last ?? ""
        let dot = " ·"
        let quiet = String(repeating: dot, count: 25)
        #expect(heatmap == """
                Jun       Jul     Aug       Sep     Oct     Nov
            Mon\(quiet) ·
               \(quiet) ·
            Wed\(quiet) ·
               \(quiet) ·
            Fri\(quiet) ░
               \(quiet) ▒
            Sun\(quiet) ░
                Less · ░ ▒ ▓ █ More

            """)
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test("export and import round-trip through every format with hostile notes", arguments: ["jsonl", "json", "csv"])
    func roundTrip(format: String) throws {
        let source = Sandbox()
        let hostile = "comma, \"quotes\", 'single'\nnew line\r\nCRLF; semicolon\ttab ☕️ \\ backslash"
        source.ok(["add", "--notes", hostile, "--tag", "a", "--tag", "b", "--dose", "15.5", "--water", "250", "--rating", "4"])
        source.ok(["add", "--date", "yesterday", "--method", "V60, hand"])
        let exported = source.ok(["export", "--format", format])
        let file = source.home + "/brews.\(format)"
        _ = FileManager.default.createFile(atPath: file, contents: Data(exported.utf8))

        let target = Sandbox()
        #expect(target.ok(["import", file]) == "Imported 2 new brews, skipped 0 already present.\n")
        #expect(target.ok(["export", "--format", format]) == exported)
        #expect(target.ok(["import", file]) == "Imported 0 new brews, skipped 2 already present.\n")
        #expect(target.journalLines.count == 2)
        #expect(target.journalLines.sorted() == source.journalLines.sorted())
    }

    @Test("CSV survives a round trip through Python's csv module", .enabled(if: ExternalTool.python3.isInstalled, "needs python3 to read and write the CSV"))
    func pythonCSV() throws {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", "a, \"b\"\nc\r\nd", "--tag", "x", "--tag", "y"])
        let csv = sandbox.home + "/out.csv", rewritten = sandbox.home + "/python.csv"
        _ = FileManager.default.createFile(atPath: csv, contents: Data(sandbox.ok(["export", "--format", "csv"]).utf8))
        let python = runProcess(ExternalTool.python3.executable, ["-c", """
            import csv, sys
            rows = list(csv.DictReader(open(sys.argv[1], newline='')))
            assert rows[0]['notes'] == 'a, "b"\\nc\\r\\nd', repr(rows[0]['notes'])
            assert rows[0]['tags'] == 'x,y'
            w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), fieldnames=rows[0].keys())
            w.writeheader(); w.writerows(rows)
            """, csv, rewritten], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"], directory: sandbox.home)
        try #require(python.status == 0, "python3: \(python.stderr)")
        let target = Sandbox()
        target.ok(["import", rewritten])
        #expect(target.journal == sandbox.journal)
    }

    @Test("an import with the same id but different content is a conflict, left alone unless --prefer incoming")
    func conflicts() throws {
        let sandbox = self.sandbox()
        let file = sandbox.home + "/in.jsonl"
        let changed = #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","rating":5,"notes":"changed"}"#
        let fresh = #"{"id":"dddd00000005","date":"2026-11-26T08:00:00+01:00","notes":"new"}"#
        _ = FileManager.default.createFile(atPath: file, contents: Data((changed + "\n" + fresh + "\n").utf8))
        let dryRun = sandbox.run(["import", file, "--dry-run"])
        #expect(dryRun.status == 1 && dryRun.stderr == "")
        #expect(dryRun.stdout == """
            conflict: aaaa00000001 differs in rating, notes, method, coffee, dose_g, water_g, tags; kept the journal's
            Would import 1 new brew, skipped 0 already present, 1 conflict left alone (--prefer incoming takes them, --prefer existing keeps the journal's).

            """)
        #expect(sandbox.journal == sampleJournal)
        // The new brew lands; the conflict left without a --prefer makes the status 1.
        let quiet = sandbox.run(["import", file, "-q"])
        #expect(quiet.status == 1 && quiet.stdout == "" && quiet.stderr == "")
        #expect(sandbox.ok(["show", "aaaa", "--json"]).contains(#""rating":3"#))
        #expect(sandbox.journalLines.count == 5)
        #expect(sandbox.ok(["import", file, "--prefer", "existing", "--json"])
            == #"{"added":0,"skipped":1,"replaced":0,"removed":0,"already_removed":0,"conflicts":[{"id":"aaaa00000001","fields":["rating","notes","method","coffee","dose_g","water_g","tags"]}],"added_ids":[]}"# + "\n")
        #expect(sandbox.ok(["import", file, "--prefer", "incoming"]) == "Imported 0 new brews, replaced 1, skipped 1 already present.\n")
        #expect(sandbox.ok(["show", "aaaa", "--json"]).contains(#""rating":5,"notes":"changed""#))
    }

    @Test("a file with any bad record imports nothing and names every bad line", arguments: ["jsonl", "csv"])
    func badImport(format: String) {
        let sandbox = self.sandbox()
        let file = sandbox.home + "/bad.\(format)"
        let text = format == "jsonl"
            ? #"{"id":"n1","date":"2026-11-20T08:00:00Z","notes":""}"# + "\n{oops\n" + #"{"id":"n3","date":"2026-11-20T08:00:00Z","rating":9}"# + "\n"
            : "id,date,rating,notes\r\nn1,2026-11-20T08:00:00Z,,\r\nn2,not a date,,\r\nn3,2026-11-20T08:00:00Z,9,\r\n"
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        let result = sandbox.run(["import", file])
        #expect(result.status == 65)
        let expectedLines = format == "jsonl" ? [2, 3] : [3, 4]
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.prefix(2).map { $0.split(separator: ":")[1] } == expectedLines.map { Substring("\($0)") })
        #expect(result.stdout == "")
        #expect(lines.dropFirst(2).first == "brewlog: error: \(file) has 2 bad records; nothing imported")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("duplicate ids within an import file are refused")
    func duplicateInFile() {
        let sandbox = Sandbox()
        let file = sandbox.home + "/dup.json"
        let brew = #"{"id":"n1","date":"2026-11-20T08:00:00Z","notes":""}"#
        _ = FileManager.default.createFile(atPath: file, contents: Data("[\(brew),\n\(brew)]".utf8))
        #expect(sandbox.run(["import", file]).status == 65)
        #expect(sandbox.journal == nil)
    }

    @Test("the bash completion script parses in bash")
    func bashParses() {
        expectParses("bash", by: "/usr/bin/bash")
    }

    @Test("the zsh completion script parses in zsh", CompletionTests.needsZsh)
    func zshParses() {
        expectParses("zsh", by: ExternalTool.zsh.executable)
    }

    @Test("the fish completion script parses in fish", CompletionTests.needsFish)
    func fishParses() {
        expectParses("fish", by: ExternalTool.fish.executable)
    }

    /// Expects `shell -n` (read the script, run nothing) to accept `shell`'s completion script.
    private func expectParses(_ shell: String, by path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let sandbox = Sandbox()
        let file = sandbox.home + "/completion.\(shell)"
        _ = FileManager.default.createFile(atPath: file, contents: Data(sandbox.ok(["completion", shell]).utf8))
        let result = runProcess(path, ["-n", file], environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home], directory: sandbox.home)
        #expect(result.status == 0, "\(shell) -n: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("bash completion offers commands, options, option values and brew ids")
    func bashCompletes() throws {
        let sandbox = self.sandbox()
        let script = sandbox.home + "/completion.bash"
        _ = FileManager.default.createFile(atPath: script, contents: Data(sandbox.ok(["completion", "bash"]).utf8))
        let folder = (brewlogBinary as NSString).deletingLastPathComponent
        let probe = """
            source \(script)
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _brewlog; echo "${COMPREPLY[*]}"; }
            complete_words brewlog ed
            complete_words brewlog edit --un
            complete_words brewlog edit --unset te
            complete_words brewlog show cc
            complete_words brewlog export --format c
            """
        let result = runProcess("/usr/bin/bash", ["-c", probe], environment: sandbox.environment.merging(["PATH": folder + ":/usr/bin:/bin"]) { $1 },
                                directory: sandbox.home)
        #expect(result.stdout == "edit\n--untag --unset\ntemp\ncccc00000003\ncsv\n", "\(result.stderr)")
    }
}
