import Foundation
import Testing
import BrewLogTestSupport

@Suite("brewlog list, show and streak")
struct ReadingCommandTests {
    func sandbox() -> Sandbox {
        Sandbox(journal: sampleJournal)
    }

    @Test("list prints an aligned table in date order, newest last")
    func table() {
        let output = sandbox().ok(["list"], env: ["COLUMNS": nil])
        #expect(output == """
            ID            DATE              RATING  METHOD     COFFEE    RATIO   NOTES
            aaaa00000001  2026-11-27 08:00  ★★★☆☆   V60        Kenya AA  1:16.7  first ⏎
            bbbb00000002  2026-11-28 08:00  -       AeroPress  -         -
            bbbb00000004  2026-11-28 18:00  ★★★★☆   v60        -         -       evening
            cccc00000003  2026-11-29 07:00  ★★★★★   Espresso   Brazil    1:2.0   today

            """)
    }

    @Test("list shows notes up to their first line break, whichever kind", arguments: ["one\ntwo", "one\r\ntwo", "one\rtwo", "one\n\rtwo"])
    func firstLine(notes: String) {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", notes])
        let output = sandbox.ok(["list"])
        #expect(output.hasSuffix("  one ⏎\n"), "\(output.debugDescription)")
        #expect(!output.contains("two"), "\(output.debugDescription)")
    }

    @Test("list marks a note that goes on past its line with ⏎, and shows a note opening with a blank line by its first text",
          arguments: [
              ("one", "one"), ("one\n", "one"), ("one\n\n\r\n", "one"), ("a\rb", "a ⏎"), ("\nsecond", "⏎ second"),
              ("\r\n\nsecond\nthird", "⏎ second ⏎"), ("\n\n", "-"),
          ])
    func moreLinesMarker(notes: String, shown: String) {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", notes])
        let output = sandbox.ok(["list"])
        let row = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(shown == "-" ? row.hasSuffix("-") : row.hasSuffix("  " + shown), "\(output.debugDescription)")
    }

    @Test("a cut note keeps its ⏎ marker within the width")
    func narrowMarker() {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", "a long first line that cannot fit at all\nsecond"])
        let output = sandbox.ok(["list"], env: ["COLUMNS": "80"])
        let row = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(row.hasSuffix("… ⏎"), "\(output.debugDescription)")
        #expect(row.count == 80, "\(output.debugDescription)")
    }

    @Test("list fits a narrow width: notes truncated with …, then columns dropped")
    func narrow() {
        let sandbox = self.sandbox()
        sandbox.ok(["add", "--notes", "a long note that cannot fit in sixty columns at all"])
        for width in [100, 80, 60, 50] {
            let output = sandbox.ok(["list"], env: ["COLUMNS": "\(width)"])
            #expect(output.split(separator: "\n").allSatisfy { $0.count <= width })
        }
        let sixty = sandbox.ok(["list"], env: ["COLUMNS": "60"])
        #expect(sixty.contains("  a long note…\n"))
        #expect(!sixty.contains("COFFEE"))
        #expect(!sixty.contains("METHOD"))
        #expect(sandbox.ok(["list"], env: ["COLUMNS": "100"]).contains("COFFEE"))
    }

    @Test("list filters", arguments: [
        (["--since", "2026-11-28"], ["bbbb00000002", "bbbb00000004", "cccc00000003"]),
        (["--until", "2026-11-28"], ["aaaa00000001", "bbbb00000002", "bbbb00000004"]),
        (["--since", "2026-11-28T12:00", "--until", "today"], ["bbbb00000004", "cccc00000003"]),
        (["--limit", "2"], ["bbbb00000004", "cccc00000003"]),
        (["--limit", "0"], []),
        (["--method", "V60"], ["aaaa00000001", "bbbb00000004"]),
        (["--coffee", "kenya"], []),
        (["--coffee", "KENYA AA"], ["aaaa00000001"]),
        (["--method", "press"], []),
        (["--method", "aeropress"], ["bbbb00000002"]),
        (["-m", "espresso", "-m", "AeroPress"], ["bbbb00000002", "cccc00000003"]),
        (["--min-rating", "4"], ["bbbb00000004", "cccc00000003"]),
        (["--min-rating", "1"], ["aaaa00000001", "bbbb00000004", "cccc00000003"]),
        (["--grep", "SECOND LINE"], ["aaaa00000001"]),
        (["--grep", "evening", "--min-rating", "5"], []),
        (["--tag", "evening"], ["bbbb00000004"]),
        (["--tag", "evening", "--tag", "morning"], []),
        (["--since", "yesterday", "--method", "v60"], ["bbbb00000004"]),
    ])
    func filters(arguments: [String], ids: [String]) {
        let output = sandbox().ok(["list", "-q"] + arguments)
        #expect(output.split(separator: "\n").map(String.init) == ids)
        // export and stats take the same filters (not --limit) and keep the same brews.
        if arguments.first != "--limit" {
            let exported = sandbox().ok(["export"] + arguments)
            #expect(exported.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst(3).first.map(String.init) } == ids)
            #expect(sandbox().ok(["stats", "--json"] + arguments).hasPrefix("{\"brews\":\(ids.count),"))
        }
    }

    @Test("a filter refusal is a usage error", arguments: [
        ["--since", "today", "--until", "yesterday"],
        ["--since", "2026-11-29T10:00", "--until", "2026-11-29T09:00"],
        ["--since", "2026-11-29T10:00+01:00", "--until", "2026-11-27"],
        ["--min-rating", "6"],
        ["--min-rating", "0"],
        ["--min-rating", "4.5"],
        ["--grep", ""],
    ])
    func filterRefusals(arguments: [String]) {
        for command in ["list", "stats", "export"] {
            let result = sandbox().run([command] + arguments)
            #expect(result.status == 64, "\(command) \(arguments)")
            #expect(result.stdout == "")
        }
    }

    @Test("list --json prints the journal's objects, unknown keys included")
    func listJSON() {
        let output = sandbox().ok(["list", "--json", "--limit", "3"])
        #expect(output.hasPrefix("[{\"id\":\"bbbb00000002\""))
        #expect(output.contains(#""x-scale":{"g":15.0}"#))
        #expect(output.hasSuffix("}]\n"))
    }

    @Test("show prints every field")
    func show() {
        #expect(sandbox().ok(["show", "aaaa"]) == """
            id        aaaa00000001
            date      2026-11-27 08:00 +01:00
            rating    ★★★☆☆ (3)
            method    V60
            coffee    Kenya AA
            dose      15 g
            water     250 g
            yield     -
            ratio     1:16.7
            grind     -
            grinder   -
            temp      -
            time      -
            tds       -
            tags      morning
            notes
              first
              second line

            """)
    }

    @Test("show last is the newest by date, not the last line")
    func showLast() {
        #expect(sandbox().ok(["show", "last", "--json"]).hasPrefix(#"{"id":"cccc00000003""#))
    }

    @Test("an ambiguous prefix is a usage error listing the candidates")
    func ambiguous() {
        let result = sandbox().run(["show", "bbbb"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("brewlog: error: id prefix 'bbbb' matches 2 brews: bbbb00000002, bbbb00000004\n"))
    }

    @Test("streak says where the streak stands", arguments: [
        ("2026-11-29T09:15:00+01:00", 0, "3-day streak, today included. Longest: 3 days.\n"),
        ("2026-11-30T09:15:00+01:00", 1, "3-day streak, but no brew yet today: log one before midnight to keep it. Longest: 3 days.\n"),
        ("2026-12-01T09:15:00+01:00", 1, "No streak yet (last brew: 2026-11-29). Log a brew today to start one. Longest: 3 days.\n"),
    ] as [(String, Int32, String)])
    func streak(now: String, checkStatus: Int32, sentence: String) {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["streak"], env: ["BREWLOG_NOW": now]) == sentence)
        let check = sandbox.run(["streak", "--check"], env: ["BREWLOG_NOW": now])
        #expect(check.status == checkStatus)
        #expect(check.stdout == sentence)
        #expect(check.stderr == "")
    }

    @Test("streak --json has its documented shape")
    func streakJSON() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["streak", "--json"]) ==
            #"{"current":3,"longest":3,"brewed_today":true,"last_brew_day":"2026-11-29","current_start":"2026-11-27"}"# + "\n")
        #expect(Sandbox().ok(["streak", "--json"]) ==
            #"{"current":0,"longest":0,"brewed_today":false,"last_brew_day":null,"current_start":null}"# + "\n")
    }

    @Test("an empty journal lists a friendly line, and JSON is an empty array")
    func emptyJournal() {
        let sandbox = Sandbox()
        #expect(sandbox.ok(["list"]) == "No brews yet. Log one with 'brewlog add'.\n")
        #expect(sandbox.ok(["list", "--json"]) == "[]\n")
        #expect(sandbox.journal == nil)
    }
}
