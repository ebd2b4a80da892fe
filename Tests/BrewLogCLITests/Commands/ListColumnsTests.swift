import Testing
import BrewLogTestSupport

@Suite("list --columns and --sort, and ui.list-columns")
struct ListColumnsTests {
    private let journal = [
        #"{"id":"aaaa00000001","date":"2026-11-26T08:00:00+01:00","rating":3,"notes":"first line\nmore","method":"V60","coffee":"Kenya","dose_g":15,"water_g":250,"grind":"22","temp_c":94,"time_s":165,"tags":["a","b"]}"#,
        #"{"id":"aaaa00000002","date":"2026-11-27T08:00:00+01:00","notes":"","method":"Espresso","dose_g":18,"yield_g":36}"#,
        #"{"id":"aaaa00000003","date":"2026-11-28T08:00:00+01:00","rating":5,"notes":"best","method":"V60","dose_g":16,"water_g":250}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox() -> Sandbox { Sandbox(journal: journal, runner: .inProcess) }

    @Test("--columns chooses and orders the columns, every one of them")
    func columns() {
        #expect(sandbox().ok(["list", "--columns", "date,grind,dose,water,yield,ratio,temp,time,tags,notes"]) == """
            DATE              GRIND  DOSE  WATER  YIELD  RATIO   TEMP     TIME  TAGS  NOTES
            2026-11-26 08:00  22     15 g  250 g  -      1:16.7  94.0 °C  2:45  a,b   first line ⏎
            2026-11-27 08:00  -      18 g  -      36 g   1:2.0   -        -     -
            2026-11-28 08:00  -      16 g  250 g  -      1:15.6  -        -     -     best

            """)
    }

    @Test("notes in the middle are padded to the widest note, so the columns after them line up")
    func notesInTheMiddle() {
        #expect(sandbox().ok(["list", "--columns", "id,notes,rating"]) == """
            ID            NOTES         RATING
            aaaa00000001  first line ⏎  ★★★☆☆
            aaaa00000002                -
            aaaa00000003  best          ★★★★★

            """)
    }

    @Test("--sort rating and ratio order lowest first, unrated first, ties by date; --limit keeps the last n", arguments: [
        (["--sort", "rating"], ["aaaa00000002", "aaaa00000001", "aaaa00000003"]),
        (["--sort", "ratio"], ["aaaa00000002", "aaaa00000003", "aaaa00000001"]),
        (["--sort", "ratio", "--limit", "1"], ["aaaa00000001"]),
        (["--sort", "date"], ["aaaa00000001", "aaaa00000002", "aaaa00000003"]),
        (["--sort", "rating", "-m", "v60"], ["aaaa00000001", "aaaa00000003"]),
    ])
    func sort(arguments: [String], ids: [String]) {
        #expect(sandbox().ok(["list", "-q"] + arguments) == ids.map { $0 + "\n" }.joined())
    }

    @Test("ui.list-columns is the default; --columns wins over it")
    func configured() {
        let sandbox = self.sandbox()
        sandbox.ok(["config", "set", "ui.list-columns", "rating,id"])
        #expect(sandbox.ok(["list", "--limit", "1"]) == "RATING  ID\n★★★★★   aaaa00000003\n")
        #expect(sandbox.ok(["list", "--limit", "1", "--columns", "id"]) == "ID\naaaa00000003\n")
    }

    @Test("a bad column or sort key is a usage error", arguments: [
        ["--columns", "id,nope"], ["--columns", "id,id"], ["--columns", ""], ["--columns", "id,"], ["--sort", "notes"],
    ])
    func refusals(arguments: [String]) {
        let result = sandbox().run(["list"] + arguments)
        #expect(result.status == 64 && result.stdout == "")
    }
}
