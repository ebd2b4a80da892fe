import Foundation
import Testing
import BrewLogTestSupport

@Suite("bean: bags of coffee on a fixed journal, read on 29 November 2026 in Berlin")
struct BeanCommandTests {
    /// Two bags of Kenya AA over time (the first finished), a bag its brews used up and more, a
    /// bag with neither roast date nor weight; a brew before any bag; a brew whose coffee is
    /// written in other case.
    static let journal = [
        #"{"id":"bag1bag1bag1","kind":"bean","name":"Kenya AA","roaster":"Square Mile","origin":"Nyeri","process":"washed","roasted":"2026-10-20","weight_g":250,"opened":"2026-10-25","finished":"2026-11-10","tags":["light"]}"#,
        #"{"id":"bag2bag2bag2","kind":"bean","name":"Kenya AA","roaster":"Square Mile","roasted":"2026-11-08","weight_g":250,"opened":"2026-11-12","notes":"second bag\nsweeter"}"#,
        #"{"id":"bag3bag3bag3","kind":"bean","name":"Brazil Cerrado","roasted":"2026-11-01","weight_g":30,"opened":"2026-11-20"}"#,
        #"{"id":"bag4bag4bag4","kind":"bean","name":"Ethiopia ☕","opened":"2026-11-25"}"#,
        #"{"id":"k0k0k0k0k0k0","date":"2026-10-24T08:00:00+02:00","rating":3,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250}"#,
        #"{"id":"k1k1k1k1k1k1","date":"2026-10-30T08:00:00+01:00","rating":4,"notes":"","method":"V60","coffee":"kenya aa","dose_g":15,"water_g":250}"#,
        #"{"id":"k2k2k2k2k2k2","date":"2026-11-13T08:00:00+01:00","rating":5,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250}"#,
        #"{"id":"k3k3k3k3k3k3","date":"2026-11-20T08:00:00+01:00","notes":"","method":"V60","coffee":"Kenya AA","dose_g":16.5,"water_g":250}"#,
        #"{"id":"b1b1b1b1b1b1","date":"2026-11-21T08:00:00+01:00","rating":2,"notes":"","method":"Espresso","coffee":"Brazil Cerrado","dose_g":18,"yield_g":36}"#,
        #"{"id":"b2b2b2b2b2b2","date":"2026-11-22T08:00:00+01:00","rating":3,"notes":"","method":"Espresso","coffee":"Brazil Cerrado","dose_g":18,"yield_g":40}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox() -> Sandbox { Sandbox(journal: Self.journal, runner: .inProcess) }

    @Test("bean list: the open bags, oldest first, with days off roast today, grams used and left, brews and average rating")
    func listText() {
        #expect(sandbox().ok(["bean", "list"]) == """
            ID            NAME            ROASTER      OFF ROAST    USED     LEFT  BREWS  RATING
            bag2bag2bag2  Kenya AA        Square Mile    21 days  32.5 g  217.5 g      2     5.0
            bag3bag3bag3  Brazil Cerrado  -              28 days    36 g     0 g!      2     2.5
            bag4bag4bag4  Ethiopia ☕     -                    -     0 g        -      0       -
            ! its brews used more than the bag held

            """)
    }

    @Test("bean list --all: finished bags too, with the day each was finished")
    func listAllText() {
        #expect(sandbox().ok(["bean", "list", "--all"]) == """
            ID            NAME            ROASTER      OFF ROAST    USED     LEFT  BREWS  RATING  FINISHED
            bag1bag1bag1  Kenya AA        Square Mile    21 days    15 g    235 g      1     4.0  2026-11-10
            bag2bag2bag2  Kenya AA        Square Mile    21 days  32.5 g  217.5 g      2     5.0  -
            bag3bag3bag3  Brazil Cerrado  -              28 days    36 g     0 g!      2     2.5  -
            bag4bag4bag4  Ethiopia ☕     -                    -     0 g        -      0       -  -
            ! its brews used more than the bag held

            """)
    }

    @Test("bean show NAME: the open bag of that name (ignoring case), every field, and each brew's days off roast")
    func showText() {
        #expect(sandbox().ok(["bean", "show", "KENYA aa"]) == """
            id        bag2bag2bag2
            name      Kenya AA
            roaster   Square Mile
            origin    -
            process   -
            roasted   2026-11-08 (21 days off roast today)
            weight    250 g
            opened    2026-11-12
            finished  -
            tags      -
            used      32.5 g
            left      217.5 g
            brews     2
            rating    5.0 on average
            notes
              second bag
              sweeter

            DATE              BREW          FRESHNESS                    RATING    DOSE
            2026-11-13 08:00  k2k2k2k2k2k2  brewed at 5 days off roast   ★★★★★     16 g
            2026-11-20 08:00  k3k3k3k3k3k3  brewed at 12 days off roast  -       16.5 g

            """)
    }

    @Test("bean show ID: a finished bag by an id prefix; the brew before any bag is in no bag")
    func showFinishedByID() {
        #expect(sandbox().ok(["bean", "show", "bag1"]) == """
            id        bag1bag1bag1
            name      Kenya AA
            roaster   Square Mile
            origin    Nyeri
            process   washed
            roasted   2026-10-20 (21 days off roast when finished)
            weight    250 g
            opened    2026-10-25
            finished  2026-11-10
            tags      light
            used      15 g
            left      235 g
            brews     1
            rating    4.0 on average

            DATE              BREW          FRESHNESS                    RATING  DOSE
            2026-10-30 08:00  k1k1k1k1k1k1  brewed at 10 days off roast  ★★★★☆   15 g

            """)
    }

    @Test("bean list --json and bean show --json: the journal keys plus days_off_roast, grams_used, grams_left, low, brews, average_rating, cost_per_cup")
    func json() {
        let sandbox = sandbox()
        #expect(sandbox.ok(["bean", "list", "--json"]) == "[" + [
            #"{"id":"bag2bag2bag2","kind":"bean","name":"Kenya AA","roaster":"Square Mile","roasted":"2026-11-08","weight_g":250,"opened":"2026-11-12","notes":"second bag\nsweeter","days_off_roast":21,"grams_used":32.5,"grams_left":217.5,"low":false,"brews":2,"average_rating":5,"cost_per_cup":null}"#,
            #"{"id":"bag3bag3bag3","kind":"bean","name":"Brazil Cerrado","roasted":"2026-11-01","weight_g":30,"opened":"2026-11-20","days_off_roast":28,"grams_used":36,"grams_left":0,"low":true,"brews":2,"average_rating":2.5,"cost_per_cup":null}"#,
            #"{"id":"bag4bag4bag4","kind":"bean","name":"Ethiopia ☕","opened":"2026-11-25","days_off_roast":null,"grams_used":0,"grams_left":null,"low":false,"brews":0,"average_rating":null,"cost_per_cup":null}"#,
        ].joined(separator: ",") + "]\n")
        #expect(sandbox.ok(["bean", "show", "bag1bag1bag1", "--json"]) == #"{"id":"bag1bag1bag1","kind":"bean","name":"Kenya AA","roaster":"Square Mile","origin":"Nyeri","process":"washed","roasted":"2026-10-20","weight_g":250,"opened":"2026-10-25","finished":"2026-11-10","tags":["light"],"days_off_roast":21,"grams_used":15,"grams_left":235,"low":false,"brews":1,"average_rating":4,"cost_per_cup":null}"# + "\n")
    }

    @Test("show names the brew's bag and its days off roast; list --columns bean names the bag; dial has the days off roast")
    func brewsShowTheirBag() {
        let sandbox = sandbox()
        #expect(sandbox.ok(["show", "k1k1"]).contains("coffee    kenya aa\nbean      Kenya AA (bag1bag1bag1), 10 days off roast\ndose      15 g\n"))
        #expect(!sandbox.ok(["show", "k0k0"]).contains("bean"), "a brew before any bag names none")
        #expect(sandbox.ok(["list", "--columns", "id,coffee,bean", "--coffee", "kenya aa"]) == """
            ID            COFFEE    BEAN
            k0k0k0k0k0k0  Kenya AA  -
            k1k1k1k1k1k1  kenya aa  Kenya AA
            k2k2k2k2k2k2  Kenya AA  Kenya AA
            k3k3k3k3k3k3  Kenya AA  Kenya AA

            """)
        #expect(sandbox.ok(["dial", "Brazil Cerrado"]) == """
            Dialling in Brazil Cerrado: 2 brews
            DATE              METHOD    GRIND  DOSE  WATER  YIELD  RATIO   TEMP  TIME  OFF ROAST  RATING
            2026-11-21 08:00  Espresso  -      18 g  -      36 g   1:2.0   -     -     20 d       ★★☆☆☆
            2026-11-22 08:00  Espresso  -      18 g  -      40 g*  1:2.2*  -     -     21 d       ★★★☆☆
            Best: 2026-11-22 08:00 ★★★☆☆ Espresso · Brazil Cerrado · dose 18 g · yield 40 g · ratio 1:2.2
            Save it: brewlog recipe save brazil-cerrado --from b2b2b2b2b2b2
            Repeat it: brewlog add --like b2b2b2b2b2b2

            """)
        let dial = sandbox.ok(["dial", "kenya aa", "--json"])
        let days = (try? JSONSerialization.jsonObject(with: Data(dial.utf8)) as? [String: Any])?["brews"] as? [[String: Any]]
        #expect(days?.map { $0["days_off_roast"] as? Int ?? -1 } == [-1, 10, 5, 12])
    }
}
