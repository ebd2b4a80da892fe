import Foundation
import Testing
import BrewLogTestSupport

@Suite("dial: which brews it shows, method changes, and the command that repeats the best")
struct DialSelectionTests {
    /// Two Kenyas (so `kenya` alone is ambiguous), a morning V60 and an afternoon espresso of the
    /// Kenya AA on each day, and a plain `Kenya` that `kenya` names exactly.
    private let journal = [
        #"{"id":"v1v1v1v1v1v1","date":"2026-11-25T08:00:00+01:00","rating":3,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"22"}"#,
        #"{"id":"e1e1e1e1e1e1","date":"2026-11-25T15:00:00+01:00","rating":4,"notes":"","method":"Espresso","coffee":"Kenya AA","dose_g":18,"yield_g":36,"grind":"4"}"#,
        #"{"id":"v2v2v2v2v2v2","date":"2026-11-26T08:00:00+01:00","rating":5,"notes":"","method":"v60","coffee":"kenya aa","dose_g":15,"water_g":250,"grind":"20"}"#,
        #"{"id":"e2e2e2e2e2e2","date":"2026-11-26T15:00:00+01:00","rating":2,"notes":"","method":"Espresso","coffee":"Kenya AA","dose_g":18,"yield_g":40,"grind":"4"}"#,
        #"{"id":"p1p1p1p1p1p1","date":"2026-11-27T08:00:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Kenya Peaberry","dose_g":15,"water_g":240}"#,
        #"{"id":"n1n1n1n1n1n1","date":"2026-11-27T09:00:00+01:00","notes":"","method":"AeroPress","coffee":"Kenya"}"#,
        #"{"id":"b1b1b1b1b1b1","date":"2026-11-28T08:00:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Brazil Cerrado","dose_g":15,"water_g":250}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox() -> Sandbox { Sandbox(journal: journal, runner: .inProcess) }

    @Test("a method change is marked like any other change; the same method in another case is no change")
    func methodChange() throws {
        #expect(sandbox().ok(["dial", "Kenya AA"]) == """
            Dialling in Kenya AA: 4 brews
            DATE              METHOD     GRIND  DOSE   WATER   YIELD  RATIO    TEMP  TIME  RATING
            2026-11-25 08:00  V60        22     15 g   250 g   -      1:16.7   -     -     ★★★☆☆
            2026-11-25 15:00  Espresso*  4*     18 g*  -*      36 g*  1:2.0*   -     -     ★★★★☆
            2026-11-26 08:00  v60*       20*    15 g*  250 g*  -*     1:16.7*  -     -     ★★★★★
            2026-11-26 15:00  Espresso*  4*     18 g*  -*      40 g*  1:2.2*   -     -     ★★☆☆☆
            Best: 2026-11-26 08:00 ★★★★★ v60 · kenya aa · dose 15 g · water 250 g · ratio 1:16.7 · grind 20
            Save it: brewlog recipe save kenya-aa --from v2v2v2v2v2v2
            Repeat it: brewlog add --like v2v2v2v2v2v2

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox().ok(["dial", "kenya aa", "--json"]).utf8)) as? [String: Any])
        let changed = (json["brews"] as? [[String: Any]])?.map { $0["changed"] as? [String] ?? ["?"] }
        #expect(changed?.map { $0.contains("method") } == [false, true, true, true])
        let sameMethod = Sandbox(journal: journal.replacingOccurrences(of: #""method":"Espresso""#, with: #""method":"V60""#), runner: .inProcess)
        let rows = sameMethod.ok(["dial", "kenya aa"]).split(separator: "\n").dropFirst(2).prefix(4)
        #expect(rows.allSatisfy { !$0.contains("V60*") && !$0.contains("v60*") }, "\(rows)")
    }

    @Test("-m keeps the brews of one method, ignoring case; changes are counted between the brews kept")
    func methodFilter() {
        #expect(sandbox().ok(["dial", "kenya aa", "-m", "espresso"]) == """
            Dialling in Kenya AA with Espresso: 2 brews
            DATE              METHOD    GRIND  DOSE  WATER  YIELD  RATIO   TEMP  TIME  RATING
            2026-11-25 15:00  Espresso  4      18 g  -      36 g   1:2.0   -     -     ★★★★☆
            2026-11-26 15:00  Espresso  4      18 g  -      40 g*  1:2.2*  -     -     ★★☆☆☆
            Best: 2026-11-25 15:00 ★★★★☆ Espresso · Kenya AA · dose 18 g · yield 36 g · ratio 1:2.0 · grind 4
            Save it: brewlog recipe save kenya-aa --from e1e1e1e1e1e1
            Repeat it: brewlog add --like e1e1e1e1e1e1

            """)
        #expect(sandbox().ok(["dial", "Kenya AA", "--method", "V60", "--json"]).contains(#""changed":["grind"]"#))
    }

    @Test("-m naming a method the coffee was never brewed with exits 1 and names its methods, or the near one")
    func methodNotFound() {
        let none = sandbox().run(["dial", "kenya aa", "-m", "AeroPress"])
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderr.contains("no brews of Kenya AA with the method 'AeroPress'"), "\(none.stderr)")
        #expect(none.stderr.contains("hint: its methods: Espresso, V60"), "\(none.stderr)")
        let typo = sandbox().run(["dial", "kenya aa", "-m", "expresso"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean 'Espresso'?"), "\(typo)")
    }

    @Test("the coffee may be a part of its name that no other coffee has, in any case", arguments: [
        ("cerr", "Dialling in Brazil Cerrado: 1 brew"), ("BRAZIL", "Dialling in Brazil Cerrado: 1 brew"),
        ("aa", "Dialling in Kenya AA: 4 brews"), ("peaberry", "Dialling in Kenya Peaberry: 1 brew"),
        ("kenya", "Dialling in Kenya: 1 brew"),
    ])
    func substring(text: String, heading: String) {
        #expect(sandbox().ok(["dial", text]).hasPrefix(heading + "\n"))
    }

    @Test("a part of several coffees' names is a usage error that lists them")
    func ambiguous() {
        let result = sandbox().run(["dial", "ken"])
        #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("""
            brewlog: error: 'ken' is part of 3 coffees: Kenya, Kenya AA, Kenya Peaberry
            hint: give more of the name, e.g. brewlog dial Kenya
            Usage: brewlog dial <coffee> [-m <m>] [--json]
            """), "\(result.stderr)")
    }

    @Test("a coffee no name holds exits 1, with the near name when one is close, else the coffees there are", arguments: [
        ("kenia aa", "hint: did you mean 'Kenya AA'?"),
        ("Ethiopia", "hint: coffees: Brazil Cerrado, Kenya, Kenya AA, Kenya Peaberry"),
    ])
    func noMatch(text: String, hint: String) {
        let result = sandbox().run(["dial", text])
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "brewlog: error: no brews of the coffee '\(text)'\n\(hint)\n", "\(result.stderr)")
    }

    @Test("the output ends with the command that logs the best brew again; no rated brew, no command")
    func repeatLine() {
        let output = sandbox().ok(["dial", "peaberry"])
        #expect(output.hasSuffix("Save it: brewlog recipe save kenya-peaberry --from p1p1p1p1p1p1\nRepeat it: brewlog add --like p1p1p1p1p1p1\n"))
        let unrated = sandbox().ok(["dial", "Kenya"])
        #expect(unrated.hasSuffix("No rated brew yet: rate one (brewlog edit ID -r N) to find the best recipe.\n"), "\(unrated)")
    }

    @Test("the repeat command logs a brew with the best brew's recipe")
    func repeatRuns() throws {
        let sandbox = sandbox()
        let line = try #require(sandbox.ok(["dial", "aa", "-m", "v60"]).split(separator: "\n").last)
        let words = line.split(separator: " ").map(String.init)
        #expect(Array(words.prefix(3)) == ["Repeat", "it:", "brewlog"])
        let id = sandbox.add(Array(words.dropFirst(3).dropFirst()))
        #expect(sandbox.ok(["show", id]).contains("grind     20"))
    }

    @Test("the commands to paste carry --file when the journal was given so, and a recipe name not taken yet")
    func pasteableCommands() {
        let sandbox = self.sandbox()
        sandbox.writeJournal("")
        let other = sandbox.home + "/other journal.jsonl"
        _ = FileManager.default.createFile(atPath: other, contents: Data(journal.utf8))
        sandbox.ok(["recipe", "save", "brazil-cerrado", "-m", "Chemex"])
        let output = sandbox.ok(["--file", other, "dial", "brazil"])
        #expect(output.hasSuffix("""
            Save it: brewlog --file '\(other)' recipe save brazil-cerrado-2 --from b1b1b1b1b1b1
            Repeat it: brewlog --file '\(other)' add --like b1b1b1b1b1b1

            """), "\(output)")
    }
}
