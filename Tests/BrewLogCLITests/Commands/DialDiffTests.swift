import Foundation
import Testing
import BrewLogTestSupport

@Suite("dial and diff on a fixed journal")
struct DialDiffTests {
    private let journal = [
        #"{"id":"k1k1k1k1k1k1","date":"2026-11-25T08:00:00+01:00","rating":3,"notes":"flat","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"22","temp_c":94}"#,
        #"{"id":"b1b1b1b1b1b1","date":"2026-11-25T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":36}"#,
        #"{"id":"k2k2k2k2k2k2","date":"2026-11-26T08:00:00+01:00","rating":4,"notes":"better\nsweet finish","method":"V60","coffee":"kenya aa","dose_g":15,"water_g":250,"grind":"20","temp_c":94,"time_s":165}"#,
        #"{"id":"k3k3k3k3k3k3","date":"2026-11-27T08:00:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250,"grind":"20","temp_c":94,"time_s":165}"#,
        #"{"id":"k4k4k4k4k4k4","date":"2026-11-28T08:00:00+01:00","rating":2,"notes":"bitter","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250,"grind":"20","temp_c":96,"time_s":180}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox() -> Sandbox { Sandbox(journal: journal, runner: .inProcess) }

    @Test("dial: every brew of the coffee (ignoring case) in date order, changed cells marked, the best recipe and how to save and repeat it")
    func dialText() {
        #expect(sandbox().ok(["dial", "KENYA aa"]) == """
            Dialling in Kenya AA: 4 brews
            DATE              METHOD  GRIND  DOSE   WATER  YIELD  RATIO    TEMP      TIME   RATING
            2026-11-25 08:00  V60     22     15 g   250 g  -      1:16.7   94.0 °C   -      ★★★☆☆
            2026-11-26 08:00  V60     20*    15 g   250 g  -      1:16.7   94.0 °C   2:45*  ★★★★☆
            2026-11-27 08:00  V60     20     16 g*  250 g  -      1:15.6*  94.0 °C   2:45   ★★★★☆
            2026-11-28 08:00  V60     20     16 g   250 g  -      1:15.6   96.0 °C*  3:00*  ★★☆☆☆
            Best: 2026-11-27 08:00 ★★★★☆ V60 · Kenya AA · dose 16 g · water 250 g · ratio 1:15.6 · grind 20 · temp 94.0 °C · time 2:45
            Save it: brewlog recipe save kenya-aa --from k3k3k3k3k3k3
            Repeat it: brewlog add --like k3k3k3k3k3k3

            """)
    }

    @Test("dial --json: the coffee, each brew with its ratio, days off roast and changed keys, and the best brew")
    func dialJSON() throws {
        let output = sandbox().ok(["dial", "Brazil", "--json"])
        #expect(output == #"{"coffee":"Brazil","brews":[{"id":"b1b1b1b1b1b1","date":"2026-11-25T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":36,"ratio":2,"days_off_roast":null,"changed":[]}],"best":{"id":"b1b1b1b1b1b1","date":"2026-11-25T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":36}}"# + "\n")
        let kenya = try #require(try JSONSerialization.jsonObject(with: Data(sandbox().ok(["dial", "kenya aa", "--json"]).utf8)) as? [String: Any])
        let brews = try #require(kenya["brews"] as? [[String: Any]])
        #expect(brews.map { $0["changed"] as? [String] ?? ["?"] } == [[], ["grind", "time_s"], ["dose_g"], ["temp_c", "time_s"]])
        #expect((kenya["best"] as? [String: Any])?["id"] as? String == "k3k3k3k3k3k3")
    }

    @Test("dial of a coffee with no brews exits 1 and names the coffees there are")
    func dialUnknown() {
        let result = sandbox().run(["dial", "Ethiopia"])
        #expect(result.status == 1 && result.stdout == "")
        #expect(result.stderr.contains("coffees: Brazil, Kenya AA"))
    }

    @Test("diff: two brews side by side, the rows that differ marked; the notes by their first line")
    func diffText() {
        #expect(sandbox().ok(["diff", "k2k2", "k4k4"]) == """
              id       k2k2k2k2k2k2             k4k4k4k4k4k4
            ≠ date     2026-11-26 08:00 +01:00  2026-11-28 08:00 +01:00
            ≠ rating   ★★★★☆ (4)                ★★☆☆☆ (2)
              method   V60                      V60
            ≠ coffee   kenya aa                 Kenya AA
            ≠ dose     15 g                     16 g
              water    250 g                    250 g
              yield    -                        -
            ≠ ratio    1:16.7                   1:15.6
              grind    20                       20
              grinder  -                        -
            ≠ temp     94.0 °C                  96.0 °C
            ≠ time     2:45                     3:00
              tds      -                        -
              tags     -                        -
            ≠ notes    better ⏎                 bitter

            """)
    }

    @Test("diff --json: both brews and the keys that differ (never the id)")
    func diffJSON() {
        let output = sandbox().ok(["diff", "k3k3", "k4k4", "--json"])
        #expect(output.hasPrefix(#"{"a":{"id":"k3k3k3k3k3k3""#))
        #expect(output.hasSuffix(#""differs":["date","rating","notes","temp_c","time_s"]}"# + "\n"))
    }

    @Test("diff refuses a missing or ambiguous id, and takes exactly two", arguments: [
        (["diff", "k2k2", "zzzz"], 1),
        (["diff", "k2k2"], 64),
        (["diff", "k2k2", "k3k3", "k4k4"], 64),
    ] as [([String], Int32)])
    func diffRefusals(arguments: [String], status: Int32) {
        #expect(sandbox().run(arguments).status == status)
    }
}
