import Foundation
import Testing
import BrewLogTestSupport

@Suite("add --like: a new brew starts from an earlier brew's recipe; the command line wins")
struct AddStartingPointTests {
    private let espresso = #"{"id":"e5e5e5e50001","date":"2026-11-27T08:00:00+01:00","rating":5,"notes":"thick","method":"Espresso","coffee":"Brazil","dose_g":18,"yield_g":36,"grind":"8","temp_c":93,"time_s":28,"tags":["home","dark"],"x-extra":1}"#
    private let pourOver = #"{"id":"f0f0f0f00002","date":"2026-11-28T08:00:00+01:00","rating":2,"notes":"sour","method":"V60","coffee":"Kenya","dose_g":15,"water_g":250}"#

    private func sandbox() -> Sandbox {
        Sandbox(journal: espresso + "\n" + pourOver + "\n", runner: .inProcess)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--like PREFIX copies method, coffee, dose, water, yield, grind, temp, time and tags, never the rating, notes, date or unknown keys")
    func recipeFieldsOnly() throws {
        let sandbox = self.sandbox()
        let added = try json(sandbox.ok(["add", "--like", "e5e5", "--json"]))
        #expect(added["method"] as? String == "Espresso" && added["coffee"] as? String == "Brazil")
        #expect(added["dose_g"] as? Int == 18 && added["yield_g"] as? Int == 36 && added["grind"] as? String == "8")
        #expect(added["temp_c"] as? Int == 93 && added["time_s"] as? Int == 28 && added["tags"] as? [String] == ["home", "dark"])
        #expect(added["rating"] == nil && added["notes"] as? String == "" && added["x-extra"] == nil)
        #expect(added["date"] as? String == "2026-11-29T09:15:00+01:00")
        #expect((added["started_from"] as? [String: String]) == ["brew": "e5e5e5e50001"])
    }

    @Test("--like last is the newest brew by date, and the human line names it")
    func likeLast() {
        let sandbox = self.sandbox()
        let output = sandbox.ok(["add", "--like", "last", "-r", "4"])
        #expect(output.hasPrefix("Logged "))
        #expect(output.contains(" (like f0f0f0f00002). "))
        #expect(sandbox.journalLines.last?.contains(#""rating":4,"notes":"","method":"V60","coffee":"Kenya","dose_g":15,"water_g":250"#) == true)
    }

    @Test("the command line wins over the liked brew, field by field; typed tags replace its tags")
    func commandLineWins() throws {
        let sandbox = self.sandbox()
        let added = try json(sandbox.ok(["add", "--like", "e5e5", "-c", "Ethiopia", "--dose", "17", "--tag", "light", "--json"]))
        #expect(added["coffee"] as? String == "Ethiopia" && added["dose_g"] as? Int == 17)
        #expect(added["yield_g"] as? Int == 36 && added["tags"] as? [String] == ["light"])
    }

    @Test("--ratio works from the liked brew's dose")
    func ratioFromLikedDose() throws {
        let sandbox = self.sandbox()
        let added = try json(sandbox.ok(["add", "--like", "f0f0", "--ratio", "1:16", "--json"]))
        #expect(added["dose_g"] as? Int == 15 && added["water_g"] as? Int == 240)
    }

    @Test("--like of an id that matches nothing exits 1, an ambiguous prefix 64; nothing is added", arguments: [
        (["--like", "zzzz"], 1),
        (["--like", "e5"], 64),
    ] as [([String], Int32)])
    func refusals(arguments: [String], status: Int32) {
        let sandbox = self.sandbox()
        let before = sandbox.journal
        let result = sandbox.run(["add"] + arguments)
        #expect(result.status == status)
        #expect(sandbox.journal == before)
    }
}
