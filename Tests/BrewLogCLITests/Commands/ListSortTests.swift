import Testing
import BrewLogTestSupport

@Suite("list --sort by any column, several keys, descending, and --reverse")
struct ListSortTests {
    /// Five brews a day apart: s2 unrated, s4 without coffee or grind, the methods and coffees
    /// spelled in two cases, the grinds `9`, `20` and `22` (in that order as numbers, not as text).
    static let journal = [
        #"{"id":"aaaa00000001","date":"2026-11-20T08:00:00+01:00","rating":3,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"22","time_s":165}"#,
        #"{"id":"aaaa00000002","date":"2026-11-21T08:00:00+01:00","notes":"","method":"espresso","coffee":"Brazil","dose_g":18,"yield_g":36,"grind":"9"}"#,
        #"{"id":"aaaa00000003","date":"2026-11-22T08:00:00+01:00","rating":5,"notes":"","method":"v60","coffee":"kenya aa","dose_g":16,"water_g":250,"grind":"20"}"#,
        #"{"id":"aaaa00000004","date":"2026-11-23T08:00:00+01:00","rating":3,"notes":"","method":"AeroPress","dose_g":15,"water_g":200}"#,
        #"{"id":"aaaa00000005","date":"2026-11-24T08:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":40,"grind":"9"}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox(_ journal: String = ListSortTests.journal) -> Sandbox { Sandbox(journal: journal, runner: .inProcess) }

    /// `list -q` with these arguments prints these brews (`s1` is `aaaa00000001`), in this order.
    static let orders: [(arguments: [String], brews: [Int])] = [
        (["--sort", "rating"], [2, 1, 4, 3, 5]),
        (["--sort", "-rating"], [2, 3, 5, 1, 4]),
        (["--sort", "method,-rating"], [4, 2, 5, 3, 1]),
        (["--sort", "Method, -Rating"], [4, 2, 5, 3, 1]),
        (["--sort", "grind"], [4, 2, 5, 3, 1]),
        (["--sort", "-grind"], [4, 1, 3, 2, 5]),
        (["--sort", "coffee"], [4, 2, 5, 1, 3]),
        (["--sort", "ratio"], [2, 5, 4, 3, 1]),
        (["--sort", "-ratio"], [1, 3, 4, 5, 2]),
        (["--sort", "dose,-date"], [4, 1, 3, 5, 2]),
        (["--sort", "dose_g,-date"], [4, 1, 3, 5, 2]),
        (["--sort", "time"], [2, 3, 4, 5, 1]),
        (["--sort", "-time"], [2, 3, 4, 5, 1]),
        (["--sort", "yield,water"], [4, 1, 3, 2, 5]),
        (["--sort", "id"], [1, 2, 3, 4, 5]),
        (["--sort", "-id"], [5, 4, 3, 2, 1]),
        (["--sort", "date"], [1, 2, 3, 4, 5]),
        (["--sort", "-date"], [5, 4, 3, 2, 1]),
        (["--sort", "rating", "-m", "v60"], [1, 3]),
        (["--reverse"], [5, 4, 3, 2, 1]),
        (["--reverse", "--limit", "2"], [5, 4]),
        (["--limit", "2"], [4, 5]),
        (["--sort", "rating", "--limit", "2"], [3, 5]),
        (["--sort", "rating", "--limit", "2", "--reverse"], [5, 3]),
        (["--sort", "-rating", "--limit", "2"], [1, 4]),
        (["--sort", "-date", "--limit", "2"], [2, 1]),
        (["--sort", "method,-rating", "--reverse"], [1, 3, 5, 2, 4]),
        (["--reverse", "-m", "v60", "--limit", "1"], [3]),
    ]

    @Test("--sort orders by each key, lowest first or '-' highest first, then by date; brews without a value come first either way; --limit keeps the last n of the order; --reverse prints them last first", arguments: orders)
    func order(arguments: [String], brews: [Int]) {
        #expect(sandbox().ok(["list", "-q"] + arguments) == brews.map { "aaaa0000000\($0)\n" }.joined())
    }

    @Test("--reverse and --sort order the table and --json alike")
    func everyOutput() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["list", "--sort", "method,-rating", "--columns", "id,method,rating,grind", "--limit", "3"]) == """
            ID            METHOD    RATING  GRIND
            aaaa00000005  Espresso  ★★★★★   9
            aaaa00000003  v60       ★★★★★   20
            aaaa00000001  V60       ★★★☆☆   22

            """)
        let json = sandbox.ok(["list", "--reverse", "--limit", "2", "--json"])
        #expect(json == "[" + Self.journal.split(separator: "\n").suffix(2).reversed().joined(separator: ",\n") + "]\n")
    }

    /// Twelve brews, their lines out of date order, the last two at one moment; each a day and
    /// a rating, the method spelled `V60` and `v60` in turn (one method, ignoring case).
    static let tied: [(day: Int, rating: Int)] = [(5, 1), (1, 2), (9, 3), (3, 1), (11, 2), (7, 3), (2, 1), (10, 2), (4, 3), (8, 1), (6, 2), (6, 2)]

    static let ties = tied.enumerated().map { index, brew in
        let day = (brew.day < 10 ? "0" : "") + String(brew.day)
        return #"{"id":"tie0000000\#(String(index, radix: 16))","date":"2026-11-\#(day)T08:00:00+01:00","rating":\#(brew.rating),"notes":"","method":"\#(index % 2 == 0 ? "V60" : "v60")"}"#
    }.joined(separator: "\n") + "\n"

    @Test("a stable sort: brews with equal keys stay in date order (at one moment, the journal's order), ascending and descending", arguments: [
        "rating", "-rating", "method,rating", "method,-rating", "-method,rating",
    ])
    func stable(sort: String) {
        let sandbox = self.sandbox(Self.ties)
        let printed = sandbox.ok(["list", "-q", "--sort", sort]).split(separator: "\n").map(String.init)
        let byDate = sandbox.ok(["list", "-q"]).split(separator: "\n").map(String.init)
        #expect(byDate.suffix(7).prefix(2) == ["tie0000000a", "tie0000000b"], "at one moment, the later line is the newer")
        let rating = { (id: String) -> Int? in Int(String(id.suffix(1)), radix: 16).map { Self.tied[$0].rating } }
        let values = sort.hasSuffix("-rating") ? [3, 2, 1] : [1, 2, 3]
        let expected: [String] = values.flatMap { value in byDate.filter { rating($0) == value } }
        #expect(printed == expected)
    }

    @Test("a bad --sort is a usage error that says why", arguments: [
        (["--sort", "nope"], "unknown sort key 'nope' for '--sort'"),
        (["--sort", "ratng"], "hint: did you mean 'rating'?"),
        (["--sort", "method,-ratng"], "hint: did you mean '-rating'?"),
        (["--sort", "rating,-rating"], "the sort key 'rating' is given twice in '--sort'"),
        (["--sort", "dose,dose_g"], "the sort key 'dose' is given twice in '--sort'"),
        (["--sort", "notes"], "'--sort' cannot order by 'notes'"),
        (["--sort", "tags"], "'--sort' cannot order by 'tags'"),
        (["--sort", "bean_name"], "'--sort' cannot order by 'bean_name'"),
        (["--sort", ""], "unknown sort key '' for '--sort'"),
        (["--sort", "rating,"], "unknown sort key '' for '--sort'"),
        (["--sort", "-"], "unknown sort key '-' for '--sort'"),
        (["--sort", "--rating"], "unknown sort key '--rating' for '--sort'"),
    ])
    func refusals(arguments: [String], message: String) {
        let result = sandbox().run(["list"] + arguments)
        #expect(result.status == 64 && result.stdout == "", "\(result)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("keys: id,date,rating,method,coffee,bean,dose,water,yield,ratio,grind,grinder,temp,time,tds,ey,days_off_roast,cost")
                || message.contains("twice"), "\(result.stderr)")
    }

    @Test("list's help says the new options")
    func help() {
        let help = sandbox().ok(["list", "--help"])
        for text in ["--sort <keys>", "--reverse", "'-key'", "method,-rating", "days_off_roast", "\"dose_g\""] {
            #expect(help.contains(text), "\(text)")
        }
    }
}
