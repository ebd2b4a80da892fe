import BrewLogCore
import BrewLogTestSupport
import Foundation
import Testing

@Suite("Brews that name their bag: add --bean, forgiving names, did you mean, a bag running low, finished and removed bags")
struct BeanLinkTests {
    /// Two open bags (Ethiopia Guji, 100 g; Kenya AA, 250 g) and a finished Kenya AA.
    private func sandbox() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-10-01", "--opened", "2026-10-05", "--weight", "250", "-q"])
        sandbox.ok(["bean", "finish", "Kenya AA", "2026-11-01", "-q"])
        sandbox.ok(["bean", "add", "Ethiopia Guji", "--roasted", "2026-11-20", "--weight", "100", "-q"])
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-11-15", "--weight", "250", "-q"])
        return sandbox
    }

    private func bagID(_ sandbox: Sandbox, named name: String) throws -> String {
        let bags = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["bean", "list", "--json"]).utf8)) as? [[String: Any]])
        return try #require(bags.first { $0["name"] as? String == name }?["id"] as? String)
    }

    private func lastBrew(_ sandbox: Sandbox) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["show", "last", "--json"]).utf8)) as? [String: Any])
    }

    @Test("--bean stores the bag's id and gives the brew its name as the coffee; -b and a part of the name do too", arguments: [
        ["--bean", "Ethiopia Guji"], ["-b", "guji"], ["--bean", "ETHIOPIA"], ["-b", "opia g"],
    ])
    func links(arguments: [String]) throws {
        let sandbox = self.sandbox()
        let guji = try bagID(sandbox, named: "Ethiopia Guji")
        sandbox.ok(["add", "-m", "V60", "--dose", "15"] + arguments)
        let brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == guji && brew["coffee"] as? String == "Ethiopia Guji")
        #expect(sandbox.ok(["show", "last"]).contains("\nbean      Ethiopia Guji (\(guji)), 9 days off roast\n"))
    }

    @Test("a coffee typed with the bag stays as typed; the link still decides the bag")
    func typedCoffeeStays() throws {
        let sandbox = self.sandbox()
        sandbox.ok(["add", "-b", "guji", "-c", "Guji natural", "--dose", "15"])
        #expect(try lastBrew(sandbox)["coffee"] as? String == "Guji natural")
        #expect(sandbox.ok(["bean", "show", "guji"]).contains("used      15 g\n"))
    }

    @Test("an explicit link beats the name rule, both ways")
    func linkBeatsName() throws {
        let sandbox = self.sandbox()
        // Named Kenya AA, linked to the Guji bag: it counts for Guji only.
        sandbox.ok(["add", "-b", "guji", "-c", "Kenya AA", "--dose", "20"])
        // Named Ethiopia Guji, no link: it counts for Guji by its name.
        sandbox.ok(["add", "-c", "Ethiopia Guji", "--dose", "10", "-d", "8:00"])
        let list = sandbox.ok(["bean", "list"])
        #expect(list.contains("Ethiopia Guji  -           9 days  30 g   70 g      2"), "\(list)")
        #expect(list.contains("Kenya AA       -          14 days   0 g  250 g      0"), "\(list)")
    }

    @Test("add.bean and recipe.NAME.bean link too; the bag's name is the coffee unless the same layer or a higher one names one")
    func configLinks() throws {
        let sandbox = self.sandbox()
        let guji = try bagID(sandbox, named: "Ethiopia Guji"), kenya = try bagID(sandbox, named: "Kenya AA")
        sandbox.ok(["config", "set", "add.coffee", "House blend"])
        sandbox.ok(["add", "-b", "guji", "--dose", "15", "-d", "6:00"])
        var brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == guji && brew["coffee"] as? String == "Ethiopia Guji")
        sandbox.ok(["config", "set", "add.bean", "guji"])
        sandbox.ok(["add", "--dose", "15", "-d", "7:00"])
        brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == guji && brew["coffee"] as? String == "House blend")
        #expect(sandbox.ok(["recipe", "save", "k", "-b", "kenya", "-m", "V60"]) == "Saved recipe k: V60 · bean kenya\n")
        sandbox.ok(["add", "--recipe", "k", "-d", "8:00"])
        brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == kenya && brew["coffee"] as? String == "Kenya AA")
        sandbox.ok(["add", "--unset", "bean", "-d", "8:30"])
        brew = try lastBrew(sandbox)
        #expect(brew["bean"] == nil && brew["coffee"] as? String == "House blend")
    }

    @Test("edit --bean links a brew (fixing its coffee) and --unset bean unlinks it")
    func editLinks() throws {
        let sandbox = self.sandbox()
        let guji = try bagID(sandbox, named: "Ethiopia Guji")
        sandbox.ok(["add", "-c", "Ethopia Guji", "--dose", "15", "-q"])
        #expect(sandbox.ok(["edit", "last", "--bean", "guji"]) == "Updated \(try lastBrew(sandbox)["id"] as? String ?? ""): coffee, bean.\n")
        var brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == guji && brew["coffee"] as? String == "Ethiopia Guji")
        sandbox.ok(["edit", "last", "--unset", "bean"])
        brew = try lastBrew(sandbox)
        #expect(brew["bean"] == nil && brew["coffee"] as? String == "Ethiopia Guji")
    }

    @Test("a bag that cannot be told, or is not there, is refused and nothing is written", arguments: [
        (["add", "-b", "a"], Int32(64), "brewlog: error: 'a' is part of 2 open bags' names: "),
        (["add", "-b", "Brazil"], 1, "brewlog: error: no bean bag named 'Brazil' or with that id"),
        (["edit", "last", "-b", "nope"], 1, "brewlog: error: no bean bag named 'nope' or with that id"),
    ])
    func refused(arguments: [String], status: Int32, message: String) {
        let sandbox = self.sandbox()
        sandbox.ok(["add", "-c", "x", "-q"])
        let before = sandbox.journal
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == before)
    }

    @Test("a coffee no bag and no brew has, close to a known one, is logged with a warning; exact names and -q say nothing", arguments: [
        ("Ethopia Guji", "Ethiopia Guji"), ("ethiopia guji", "Ethiopia Guji"), ("EthiopiaGuji", "Ethiopia Guji"), ("Ethiopia  Guji", "Ethiopia Guji"),
        ("Ethiopia", "Ethiopia Guji"), ("Kenya AA Nyeri", "Kenya AA"), ("Kenia AA", "Kenya AA"), ("House blnd", "House blend"),
    ])
    func didYouMean(typed: String, known: String) {
        let sandbox = self.sandbox()
        sandbox.ok(["add", "-c", "House blend", "-d", "7:00", "-q"])
        let result = sandbox.run(["add", "-c", typed])
        #expect(result.status == 0 && result.stdout.hasPrefix("Logged "))
        #expect(result.stderr == "warning: no bag or earlier brew has the coffee '\(typed)'; did you mean '\(known)'?\n")
        #expect(sandbox.run(["add", "-c", typed, "-d", "8:00"]).stderr.isEmpty, "once a brew has it, it is known")
        let quiet = sandbox.run(["add", "-c", typed + "x", "-d", "8:10", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test("a new coffee far from every known one, or a known one, gets no warning", arguments: ["Brazil Cerrado", "Kenya AA", "Ethiopia Guji", "Dak"])
    func noWarning(coffee: String) {
        let sandbox = self.sandbox()
        let result = sandbox.run(["add", "-c", coffee])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("add says once when a brew takes its bag under two average doses; bean list marks it low")
    func runningLow() {
        let sandbox = self.sandbox()
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "30", "-d", "7:00"]).stderr.isEmpty)
        // 40 g left, under 2 × 30 g.
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "30", "-d", "7:30"]).stderr == "Ethiopia Guji is running low: 40 g left.\n")
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "30", "-d", "8:00"]).stderr.isEmpty, "said once")
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "5", "-d", "8:30", "-q"]).stderr.isEmpty)
        let list = sandbox.ok(["bean", "list"])
        #expect(list.contains("Ethiopia Guji  -           9 days  95 g  5 g low      4"), "\(list)")
    }

    @Test("a bag without a brew is low under 30 g")
    func lowWithoutBrews() {
        let sandbox = Sandbox()
        sandbox.ok(["bean", "add", "Tiny", "--weight", "29", "-q"])
        #expect(sandbox.ok(["bean", "list"]).contains("29 g low"))
    }

    @Test("a finished bag's days off roast stop at its finish day")
    func finishedStops() {
        let sandbox = self.sandbox()
        let list = sandbox.ok(["bean", "list", "--all"])
        #expect(list.contains("31 days"), "finished 2026-11-01, roasted 2026-10-01: \(list)")
    }

    @Test("bean rm removes the bag; brews that named it keep the link and belong to no bag")
    func removed() throws {
        let sandbox = self.sandbox()
        let guji = try bagID(sandbox, named: "Ethiopia Guji")
        sandbox.ok(["add", "-b", "guji", "--dose", "15"])
        #expect(sandbox.ok(["bean", "rm", "guji"]) == "Removed bag \(guji) (Ethiopia Guji).\n")
        #expect(try lastBrew(sandbox)["bean"] as? String == guji)
        let shown = sandbox.ok(["show", "last"])
        #expect(shown.contains("\nbean      \(guji) (no such bag)\n"), "\(shown)")
        #expect(sandbox.ok(["list", "--columns", "coffee,bean"]).contains("Ethiopia Guji  -"))
        #expect(sandbox.run(["bean", "rm", "guji"]).status == 1)
    }
}
