import Foundation
import Testing
import BrewLogTestSupport

@Suite("stats by streak day, diff's notes and -q, --history=N, filters' tags")
struct StatsDiffEdgeTests {
    @Test("stats counts brew days as the streak does (the day start applies) and gives coffees no ratio")
    func statsDays() throws {
        let journal = [
            #"{"id":"a1","date":"2026-11-22T18:00:00+01:00","notes":"","method":"V60","coffee":"Kenya","dose_g":15,"water_g":250}"#,
            #"{"id":"a2","date":"2026-11-23T00:40:00+01:00","notes":"late","method":"Espresso","coffee":"Kenya","dose_g":18,"yield_g":36}"#,
        ].joined(separator: "\n") + "\n"
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        #expect(sandbox.ok(["stats"]).hasPrefix("Brews       2 on 2 days"))
        sandbox.ok(["config", "set", "streak.day-starts", "04:00"])
        #expect(sandbox.ok(["stats"]).hasPrefix("Brews       2 on 1 day"))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["stats", "--json"]).utf8)) as? [String: Any])
        #expect(stats["brew_days"] as? Int == 1)
        let coffees = try #require(stats["coffees"] as? [[String: Any]])
        #expect(coffees.count == 1 && coffees[0]["averages"] == nil)
    }

    @Test("diff marks the notes when they differ after the first line; -q answers with the exit status")
    func diffNotes() {
        let journal = [
            #"{"id":"n1","date":"2026-11-20T08:00:00Z","notes":"same\nB"}"#,
            #"{"id":"n2","date":"2026-11-20T08:00:00Z","notes":"same\nC"}"#,
            #"{"id":"n3","date":"2026-11-20T08:00:00Z","notes":"same\nC"}"#,
        ].joined(separator: "\n") + "\n"
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        #expect(sandbox.ok(["diff", "n1", "n2"]).contains("≠ notes"))
        #expect(!sandbox.ok(["diff", "n2", "n3"]).contains("≠"))
        let differ = sandbox.run(["diff", "n1", "n2", "-q"])
        #expect(differ.status == 1 && differ.stdout == "" && differ.stderr == "")
        let same = sandbox.run(["diff", "n2", "n3", "-q"])
        #expect(same.status == 0 && same.stdout == "")
    }

    @Test("streak --history=N is --history N; both at once is refused")
    func historyInline() {
        let sandbox = Sandbox(journal: #"{"id":"a1","date":"2026-11-29T08:00:00+01:00","notes":""}"# + "\n", runner: .inProcess)
        #expect(sandbox.ok(["streak", "--history=1"]) == sandbox.ok(["streak", "--history", "1"]))
        #expect(sandbox.run(["streak", "--history=1", "2"]).status == 64)
        #expect(sandbox.run(["streak", "--check=1"]).status == 64)
    }

    @Test("a --tag filter that no tag can be is refused", arguments: ["a,b", "", "two words"])
    func tagFilter(tag: String) {
        let result = Sandbox(runner: .inProcess).run(["list", "--tag", tag])
        #expect(result.status == 64)
    }

    @Test("add --once-per-day names the streak day it found a brew on")
    func oncePerDayNamesStreakDay() {
        let sandbox = Sandbox(now: "2026-11-28T02:00:00+01:00", journal: #"{"id":"a1","date":"2026-11-27T20:00:00+01:00","notes":""}"# + "\n", runner: .inProcess)
        sandbox.ok(["config", "set", "streak.day-starts", "04:00"])
        #expect(sandbox.run(["add", "--once-per-day"]).stderr == "2026-11-27 already has a brew (a1); nothing added.\n")
    }

    @Test("streak --explain marks a skip day's note that goes on past its first line")
    func explainMarker() {
        let sandbox = Sandbox(now: "2026-11-29T09:00:00+01:00", journal: #"{"id":"a1","date":"2026-11-27T20:00:00+01:00","notes":""}"# + "\n", runner: .inProcess)
        sandbox.ok(["skip", "2026-11-28", "--notes", "line one\nline two"])
        #expect(sandbox.ok(["streak", "--explain"]).contains("skip    line one ⏎"))
    }
}
