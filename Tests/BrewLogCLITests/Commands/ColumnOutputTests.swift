import Testing
import BrewLogTestSupport

/// `--columns` beyond the table: `list --json` and `export` in every format hold exactly the
/// columns chosen, derived ones included. The journal has two bags, a skip day and four brews:
/// one linked to a bag by `bean` (its coffee names no bag), one that belongs to a bag by its
/// coffee's name (in another case), one of a coffee without a bag, and one linked to a bag that
/// was removed (so it belongs to none, though its coffee names a bag).
@Suite("--columns in list --json and export: exactly those keys, derived ones included")
struct ColumnOutputTests {
    static let journal = [
        #"{"id":"bag1bag1bag1","kind":"bean","name":"Kenya AA","roasted":"2026-11-08","weight_g":250,"opened":"2026-11-12"}"#,
        #"{"id":"bag2bag2bag2","kind":"bean","name":"Brazil Cerrado","roasted":"2026-11-01","opened":"2026-11-20"}"#,
        #"{"id":"skip00000001","kind":"skip","day":"2026-11-26"}"#,
        #"{"id":"aaaa00000001","date":"2026-11-25T08:00:00+01:00","rating":4,"notes":"comma, \"quoted\"\nsecond line","method":"V60","coffee":"House","bean":"bag2bag2bag2","dose_g":15,"water_g":250,"temp_c":94,"time_s":165,"tags":["a","b"]}"#,
        #"{"id":"aaaa00000002","date":"2026-11-26T08:00:00+01:00","notes":"","method":"Espresso","coffee":"kenya aa","dose_g":18,"yield_g":36}"#,
        #"{"id":"aaaa00000003","date":"2026-11-27T08:00:00+01:00","notes":"","method":"V60","coffee":"Colombia","dose_g":16,"water_g":250}"#,
        #"{"id":"aaaa00000004","date":"2026-11-28T08:00:00+01:00","rating":2,"notes":"","coffee":"Kenya AA","bean":"gonegonegone"}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox() -> Sandbox { Sandbox(journal: Self.journal, runner: .inProcess) }

    static let columns = "date,rating,coffee,bean,bean_name,days_off_roast,ratio,temp,tags,notes"

    /// The four brews with ``columns``, as JSON objects.
    static let objects = [
        #"{"date":"2026-11-25T08:00:00+01:00","rating":4,"coffee":"House","bean":"bag2bag2bag2","bean_name":"Brazil Cerrado","days_off_roast":24,"ratio":16.667,"temp_c":94,"tags":["a","b"],"notes":"comma, \"quoted\"\nsecond line"}"#,
        #"{"date":"2026-11-26T08:00:00+01:00","rating":null,"coffee":"kenya aa","bean":"bag1bag1bag1","bean_name":"Kenya AA","days_off_roast":18,"ratio":2,"temp_c":null,"tags":[],"notes":""}"#,
        #"{"date":"2026-11-27T08:00:00+01:00","rating":null,"coffee":"Colombia","bean":null,"bean_name":null,"days_off_roast":null,"ratio":15.625,"temp_c":null,"tags":[],"notes":""}"#,
        #"{"date":"2026-11-28T08:00:00+01:00","rating":2,"coffee":"Kenya AA","bean":null,"bean_name":null,"days_off_roast":null,"ratio":null,"temp_c":null,"tags":[],"notes":""}"#,
    ]

    /// The four brews with ``columns``, as CSV: a header of keys, then rows, CRLF line ends.
    static let csv = [
        "date,rating,coffee,bean,bean_name,days_off_roast,ratio,temp_c,tags,notes",
        "2026-11-25T08:00:00+01:00,4,House,bag2bag2bag2,Brazil Cerrado,24,16.667,94,\"a,b\",\"comma, \"\"quoted\"\"\nsecond line\"",
        "2026-11-26T08:00:00+01:00,,kenya aa,bag1bag1bag1,Kenya AA,18,2,,,",
        "2026-11-27T08:00:00+01:00,,Colombia,,,,15.625,,,",
        "2026-11-28T08:00:00+01:00,2,Kenya AA,,,,,,,",
    ].map { $0 + "\r\n" }.joined()

    static let outputs: [(arguments: [String], expected: String)] = [
        (["list", "--json"], "[" + objects.joined(separator: ",\n") + "]\n"),
        (["export", "--format", "json"], "[" + objects.joined(separator: ",\n") + "]\n"),
        (["export", "--format", "jsonl"], objects.map { $0 + "\n" }.joined()),
        (["export"], objects.map { $0 + "\n" }.joined()),
        (["export", "--format", "csv"], csv),
    ]

    @Test("each brew holds exactly the columns chosen, in order: a field by its journal key, null (an empty cell) without a value; bags and skip days are left out", arguments: outputs)
    func everyFormat(arguments: [String], expected: String) {
        #expect(sandbox().ok(arguments + ["--columns", Self.columns]) == expected)
    }

    /// ``journal``'s brews with the columns `id,bean,bean_name,days_off_roast,ratio,dose`.
    static let derivedObjects = [
        #"{"id":"aaaa00000001","bean":"bag2bag2bag2","bean_name":"Brazil Cerrado","days_off_roast":24,"ratio":16.667,"dose_g":15}"#,
        #"{"id":"aaaa00000002","bean":"bag1bag1bag1","bean_name":"Kenya AA","days_off_roast":18,"ratio":2,"dose_g":18}"#,
        #"{"id":"aaaa00000003","bean":null,"bean_name":null,"days_off_roast":null,"ratio":15.625,"dose_g":16}"#,
        #"{"id":"aaaa00000004","bean":null,"bean_name":null,"days_off_roast":null,"ratio":null,"dose_g":null}"#,
    ]

    @Test("bean is the id of the bag a brew belongs to: by its link, by its coffee's name, or none (a link to a removed bag too)", arguments: [
        (["list", "--json"], "[" + derivedObjects.joined(separator: ",\n") + "]\n"),
        (["export"], derivedObjects.map { $0 + "\n" }.joined()),
    ])
    func derived(command: [String], expected: String) {
        #expect(sandbox().ok(command + ["--columns", "id,bean,bean_name,days_off_roast,ratio,dose"]) == expected)
    }

    @Test("a column is named as list heads it or by its key, in any case; the filters, --sort and --reverse apply", arguments: [
        (["list", "--json", "--columns", "ID,dose_g,Temp_C", "--sort", "-dose", "--limit", "2", "--reverse"],
         "[" + #"{"id":"aaaa00000001","dose_g":15,"temp_c":94}"# + ",\n" + #"{"id":"aaaa00000003","dose_g":16,"temp_c":null}"# + "]\n"),
        (["export", "--format", "csv", "--columns", "id,method", "-m", "v60", "--since", "2026-11-26"], "id,method\r\naaaa00000003,V60\r\n"),
        (["export", "--columns", "notes", "--coffee", "nobody"], ""),
        (["export", "--format", "json", "--columns", "id", "--coffee", "nobody"], "[]\n"),
        (["export", "--format", "csv", "--columns", "id", "--coffee", "nobody"], "id\r\n"),
    ])
    func names(arguments: [String], expected: String) {
        #expect(sandbox().ok(arguments) == expected)
    }

    @Test("without --columns, brews are their journal lines; ui.list-columns shapes the table, never the JSON")
    func journalLines() {
        let sandbox = self.sandbox()
        sandbox.ok(["config", "set", "ui.list-columns", "rating,id"])
        let brews = Self.journal.split(separator: "\n").filter { !$0.contains(#""kind""#) }
        #expect(sandbox.ok(["list", "--json"]) == "[" + brews.joined(separator: ",\n") + "]\n")
        #expect(sandbox.ok(["export"]) == (brews + Self.journal.split(separator: "\n").filter { $0.contains(#""kind":"skip""#) }
            + Self.journal.split(separator: "\n").filter { $0.contains(#""kind":"bean""#) }).map { $0 + "\n" }.joined())
    }

    @Test("the table shows the bag's name and the days off roast, and --sort orders by them")
    func table() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["list", "--columns", "id,bean,bean_name,days_off_roast"]) == """
            ID            BEAN            BEAN NAME       DAYS OFF ROAST
            aaaa00000001  Brazil Cerrado  Brazil Cerrado  24 d
            aaaa00000002  Kenya AA        Kenya AA        18 d
            aaaa00000003  -               -               -
            aaaa00000004  -               -               -

            """)
        #expect(sandbox.ok(["list", "-q", "--sort", "bean"]) == "aaaa00000003\naaaa00000004\naaaa00000001\naaaa00000002\n")
        #expect(sandbox.ok(["list", "-q", "--sort", "days_off_roast"]) == "aaaa00000003\naaaa00000004\naaaa00000002\naaaa00000001\n")
        #expect(sandbox.ok(["list", "-q", "--sort", "-days_off_roast"]) == "aaaa00000003\naaaa00000004\naaaa00000001\naaaa00000002\n")
    }

    @Test("a bad column is a usage error in every output", arguments: [
        ["list", "--json", "--columns", "id,nope"], ["export", "--columns", "id,nope"], ["export", "--format", "json", "--columns", "id,nope"],
        ["export", "--format", "csv", "--columns", "id,nope"], ["export", "--columns", "dose,dose_g"], ["export", "--columns", ""],
        ["export", "--columns", "id,"], ["list", "--json", "--columns", "ratio,Ratio"],
    ])
    func refusals(arguments: [String]) {
        let result = sandbox().run(arguments)
        #expect(result.status == 64 && result.stdout == "", "\(result)")
        #expect(result.stderr.contains("unknown column") || result.stderr.contains("is given twice in '--columns'"), "\(result.stderr)")
    }

    @Test("a mistyped column gets a did-you-mean and the list of columns")
    func didYouMean() {
        let result = sandbox().run(["export", "--format", "csv", "--columns", "id,bean_nme"])
        #expect(result.stderr.contains("unknown column 'bean_nme' for '--columns'\nhint: did you mean 'bean_name'? columns: id,date,rating,method,coffee,bean,bean_name,dose,water,yield,ratio,grind,grinder,temp,time,tds,ey,days_off_roast,cost,tags,notes"), "\(result.stderr)")
    }

    @Test("export's help says --columns")
    func help() {
        let help = sandbox().ok(["export", "--help"])
        for text in ["--columns <list>", "days_off_roast", "\"dose_g\"", "skip days and bags", "left out"] {
            #expect(help.contains(text), "\(text)")
        }
    }
}
