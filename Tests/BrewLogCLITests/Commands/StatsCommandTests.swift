import Foundation
import Testing
import BrewLogTestSupport

@Suite("stats: averages per method, the filters' note, the heatmap's range, marks and month labels")
struct StatsCommandTests {
    /// A week of pour-overs (one spelt `v60`) and espressos, read on Sunday 29 November 2026.
    static let twoMethods = [
        #"{"id":"v60a00000001","date":"2026-11-25T07:30:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"temp_c":94,"time_s":165}"#,
        #"{"id":"v60a00000002","date":"2026-11-26T07:30:00+01:00","rating":5,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250,"temp_c":93,"time_s":180}"#,
        #"{"id":"v60a00000003","date":"2026-11-27T07:30:00+01:00","rating":3,"notes":"","method":"v60","coffee":"Ethiopia Guji","dose_g":15,"water_g":240,"time_s":170}"#,
        #"{"id":"shot00000001","date":"2026-11-27T15:00:00+01:00","rating":4,"notes":"","method":"Espresso","coffee":"Ethiopia Guji","dose_g":18,"yield_g":36,"temp_c":93,"time_s":28}"#,
        #"{"id":"shot00000002","date":"2026-11-28T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Ethiopia Guji","dose_g":18.5,"yield_g":40,"temp_c":93.5,"time_s":31}"#,
    ].joined(separator: "\n") + "\n"

    /// The Stats section of docs/report-and-live-views.md: each `brewlog stats` command it shows, with its output.
    static let readmeCommands: [(arguments: [String], output: String)] = {
        let readme = repositoryRoot
            .appendingPathComponent("docs/report-and-live-views.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8), let start = text.range(of: "\n## Stats\n") else { return [] }
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        return section.components(separatedBy: "```console\n").dropFirst().flatMap { block in
            (block.components(separatedBy: "```").first ?? "").components(separatedBy: "$ ").dropFirst().map { chunk in
                let lines = chunk.components(separatedBy: "\n")
                return (Array(lines[0].split(separator: " ").map(String.init).dropFirst()), lines.dropFirst().joined(separator: "\n"))
            }
        }
    }()

    private func sandbox(now: String = "2026-11-29T09:15:00+01:00", journal: String = twoMethods) -> Sandbox {
        Sandbox(now: now, journal: journal, runner: .inProcess)
    }

    /// The heatmap's lines: the month line, seven weekday rows and the legend.
    private func heatmap(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(9).map(String.init)
    }

    @Test("each method has its own averages, in a table within 80 columns; methods differing in case are one")
    func perMethodTable() {
        let output = sandbox().ok(["stats"])
        #expect(output.hasPrefix("""
            Brews       5 on 4 days
            Streak      4 current, 4 longest
            Rating      4.2 average

            METHOD    BREWS  RATING    DOSE    WATER  YIELD   RATIO     TEMP  TIME
            V60           3   ★ 4.0  15.3 g  246.7 g      -  1:16.1  93.5 °C  2:52
            Espresso      2   ★ 4.5  18.3 g        -   38 g   1:2.1  93.3 °C  0:30

            COFFEE         BREWS  RATING
            Ethiopia Guji      3   ★ 4.0
            Kenya AA           2   ★ 4.5


            """))
        #expect(!output.contains("average\nDose"))
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test("the stats guide's examples, on this journal, print exactly what the guide shows")
    func readmeExamples() {
        #expect(Self.readmeCommands.map(\.arguments) == [["stats"], ["stats", "--since", "2026-11-16", "-m", "espresso"]])
        let sandbox = self.sandbox()
        for command in Self.readmeCommands {
            #expect(sandbox.ok(command.arguments) == command.output, "\(command.arguments)")
        }
    }

    @Test("a column no listed method has a value for is left out; a method without one shows -")
    func emptyColumns() {
        let journal = [
            #"{"id":"p1","date":"2026-11-28T08:00:00+01:00","notes":"","method":"French press","dose_g":30,"water_g":500}"#,
            #"{"id":"s1","date":"2026-11-28T15:00:00+01:00","notes":"","method":"Espresso","dose_g":18}"#,
            #"{"id":"n1","date":"2026-11-29T08:00:00+01:00","notes":"","dose_g":15,"water_g":250}"#,
        ].joined(separator: "\n") + "\n"
        let output = sandbox(journal: journal).ok(["stats"])
        #expect(output.contains("""

            METHOD        BREWS  RATING  DOSE  WATER   RATIO
            Espresso          1       -  18 g      -       -
            French press      1       -  30 g  500 g  1:16.7
            (no method)       1       -  15 g  250 g  1:16.7

            """))
    }

    @Test("a long method name is cut so that the row keeps within 80 columns")
    func longName() {
        let name = String(repeating: "Long method name ", count: 4)
        let journal = #"{"id":"l1","date":"2026-11-28T08:00:00+01:00","notes":"","method":"\#(name)","dose_g":15,"water_g":250,"yield_g":200,"temp_c":94,"time_s":165}"# + "\n"
        let lines = sandbox(journal: journal).ok(["stats"]).split(separator: "\n")
        let row = lines.first { $0.hasPrefix("Long method") }
        #expect(row.map { $0.count == 80 && $0.contains("…") } == true, "\(row ?? "")")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("--json: per method an object of averages keyed by journal key, plus the ratio; no dose across methods")
    func json() throws {
        let output = sandbox().ok(["stats", "--json"])
        #expect(!output.contains("average_dose"))
        #expect(output.contains(#""methods":[{"name":"V60","brews":3,"average_rating":4,"#
            + #""averages":{"dose_g":15.333,"water_g":246.667,"yield_g":null,"ratio":16.097,"temp_c":93.5,"time_s":171.667}},"#
            + #"{"name":"Espresso","brews":2,"average_rating":4.5,"#
            + #""averages":{"dose_g":18.25,"water_g":null,"yield_g":38,"ratio":2.081,"temp_c":93.25,"time_s":29.5}}]"#))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let coffees = try #require(stats["coffees"] as? [[String: Any]])
        #expect(coffees.allSatisfy { $0["averages"] == nil })
    }

    @Test("with filters the streak line has one note, saying the streak is the whole journal's", arguments: [
        ("2026-11-29T09:15:00+01:00", [String](), "Streak      4 current, 4 longest\n"),
        ("2026-11-29T09:15:00+01:00", ["--since", "2026-11-27"], "Streak      4 current, 4 longest (whole journal, not filtered)\n"),
        ("2026-11-29T09:15:00+01:00", ["-m", "espresso"], "Streak      4 current, 4 longest (whole journal, not filtered)\n"),
        ("2026-11-28T18:00:00+01:00", [], "Streak      4 current, 4 longest (today included)\n"),
        ("2026-11-28T18:00:00+01:00", ["--since", "2026-11-27"], "Streak      4 current, 4 longest (today included; whole journal, not filtered)\n"),
    ])
    func filterNote(now: String, filters: [String], expected: String) {
        let output = sandbox(now: now).ok(["stats"] + filters)
        #expect(output.contains("\n" + expected), "\(output)")
        #expect(output.split(separator: "\n").allSatisfy { $0.filter { $0 == "(" }.count <= 1 })
    }

    @Test("the heatmap draws the weeks of the filtered days, with only the brews the filters keep; the days outside them are blank")
    func heatmapFollowsFilters() {
        #expect(heatmap(sandbox().ok(["stats", "--since", "2026-11-26", "--until", "2026-11-27"])) == [
            "    Nov",
            "Mon",
            "",
            "Wed",
            "    ░",
            "Fri ▒",
            "",
            "Sun",
            "    Less · ░ ▒ ▓ █ More",
        ])
    }

    @Test("days before --since in its week are blank, not drawn as no brew, rest or skip days")
    func blankBeforeSince() {
        let journal = [
            #"{"id":"b1","date":"2026-11-10T08:00:00+01:00","notes":""}"#,
            #"{"id":"b2","date":"2026-11-20T08:00:00+01:00","notes":""}"#,
        ].joined(separator: "\n") + "\n"
        let sandbox = self.sandbox(journal: journal)
        sandbox.writeConfig("[streak]\nrest-days = mon,tue\n")
        sandbox.ok(["skip", "2026-11-18"])
        #expect(heatmap(sandbox.ok(["stats", "--since", "2026-11-19"])) == [
            "    Nov",
            "Mon   -",
            "      -",
            "Wed   ·",
            "    · ·",
            "Fri ░ ·",
            "    · ·",
            "Sun · ·",
            "    Less · ░ ▒ ▓ █ More  - rest",
        ])
    }

    @Test("the heatmap's weeks: from --since (at most 26 weeks back) to --until or today", arguments: [
        ([String](), 26, "Jun"),
        (["--since", "2025-01-01"], 26, "Jun"),
        (["--since", "2026-11-23"], 1, "Nov"),
        (["--since", "2026-11-01", "--until", "2026-11-15"], 3, "Oct"),
        (["--until", "2026-08-10"], 26, "Feb"),
        (["--since", "2026-08-10", "--until", "2027-01-01"], 16, "Aug"),
    ])
    func heatmapWeeks(filters: [String], weeks: Int, firstMonth: String) {
        let lines = heatmap(sandbox().ok(["stats"] + filters))
        // Two columns a week after the weekday labels; a row ends at its last day drawn.
        #expect(lines[1...7].map { ($0.count - 3) / 2 }.max() == weeks, "\(lines)")
        #expect(lines[0].split(separator: " ").first.map(String.init) == firstMonth, "\(lines)")
    }

    @Test("a brew the day start moves before --since is still drawn")
    func dayStartBeforeSince() {
        let sandbox = self.sandbox(journal: #"{"id":"late1","date":"2026-11-23T01:00:00+01:00","notes":""}"# + "\n")
        sandbox.ok(["config", "set", "streak.day-starts", "04:00"])
        let lines = heatmap(sandbox.ok(["stats", "--since", "2026-11-23"]))
        #expect(lines[7] == "Sun ░ ·", "\(lines)")
    }

    @Test("no rest or skip mark before the journal's first brew day; the legend names only the marks drawn", arguments: [
        (["2026-11-10", "2026-11-24"], "    · · · ~", "    Less · ░ ▒ ▓ █ More  - rest  ~ skip"),
        (["2026-11-10"], "    · · · ·", "    Less · ░ ▒ ▓ █ More  - rest"),
    ])
    func marksFromFirstBrewDay(skips: [String], tuesdays: String, legend: String) {
        let journal = [
            #"{"id":"b1","date":"2026-11-19T08:00:00+01:00","notes":""}"#,
            #"{"id":"b2","date":"2026-11-27T08:00:00+01:00","notes":""}"#,
        ].joined(separator: "\n") + "\n"
        let sandbox = self.sandbox(journal: journal)
        sandbox.writeConfig("[streak]\nrest-days = wed\n")
        for day in skips { sandbox.ok(["skip", day]) }
        #expect(heatmap(sandbox.ok(["stats", "--since", "2026-11-02"])) == [
            "    Nov",
            "Mon · · · ·",
            tuesdays,
            "Wed · · · -",
            "    · · ░ ·",
            "Fri · · · ░",
            "    · · · ·",
            "Sun · · · ·",
            legend,
        ])
    }

    @Test("month labels never drop a month: after a one-week May comes June", arguments: [
        ("2026-11-20T09:00:00+01:00", [String](), "    May Jun     Jul     Aug       Sep     Oct     Nov"),
        ("2026-11-29T09:15:00+01:00", [], "    Jun       Jul     Aug       Sep     Oct     Nov"),
        ("2026-11-29T09:15:00+01:00", ["--since", "2026-05-31", "--until", "2026-07-15"], "    May Jun     Jul"),
        ("2026-11-29T09:15:00+01:00", ["--since", "2026-04-30", "--until", "2026-06-03"], "    Apr May   Jun"),
        ("2026-11-29T09:15:00+01:00", ["--since", "2026-05-31", "--until", "2026-06-03"], "  May Jun"),
    ])
    func monthLabels(now: String, filters: [String], expected: String) {
        let lines = heatmap(sandbox(now: now).ok(["stats"] + filters))
        #expect(lines[0] == expected, "\(lines)")
    }
}
