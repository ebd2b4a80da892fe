import BrewLogCore
import BrewLogTestSupport
import Foundation
import Testing

@Suite("Brews that name their bag: add --bean, forgiving names, did you mean, a bag running low, finished and removed bags")
struct BeanLinkTests {
    /// Two open bags (Ethiopia Guji, 100 g; Kenya AA, 250 g) and a finished Kenya AA.
    private func sandbox(runner: Sandbox.Runner = .binary) -> Sandbox {
        let sandbox = Sandbox(runner: runner)
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
        #expect(result.stderr == "warning: no bag or earlier brew has the coffee '\(typed)' spelled this way; did you mean '\(known)'?\n")
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

    @Test("a finished bag: --like takes the open bag of its name, saying so; typed, it links with a warning")
    func finishedBagLinks() throws {
        let sandbox = Sandbox(now: "2026-11-12T08:00:00+01:00")
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-11-10", "--weight", "250", "-q"])
        sandbox.ok(["add", "-b", "kenya", "--dose", "15", "-q"])
        let old = try bagID(sandbox, named: "Kenya AA")
        sandbox.ok(["bean", "finish", "kenya", "-q"], env: ["BREWLOG_NOW": "2026-11-13T08:00:00+01:00"])
        sandbox.ok(["bean", "add", "Kenya AA", "--roasted", "2026-11-20", "-q"], env: ["BREWLOG_NOW": "2026-11-22T08:00:00+01:00"])
        let later = ["BREWLOG_NOW": "2026-11-29T09:15:00+01:00"]
        let fresh = try bagID(sandbox, named: "Kenya AA")
        let likedID = try #require(try lastBrew(sandbox)["id"] as? String)
        let liked = sandbox.run(["add", "--like", "last", "-r", "5", "-d", "7:00"], env: later)
        #expect(liked.status == 0)
        #expect(liked.stderr == "note: --like \(likedID) names the bag \(old) (Kenya AA), finished on 2026-11-13; the brew is linked to the open bag of that name, \(fresh)\n")
        var brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == fresh && brew["coffee"] as? String == "Kenya AA")
        let typed = sandbox.run(["add", "-b", old, "-d", "8:00"], env: later)
        #expect(typed.stderr == "warning: the bag \(old) (Kenya AA) was finished on 2026-11-13; the brew counts for it anyway\n")
        brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == old)
        // The old bag's brews keep their own days off roast; only "today" stops at the finish day.
        let shown = sandbox.ok(["bean", "show", old], env: later)
        #expect(shown.contains("(3 days off roast when finished)") && shown.contains("brewed at 19 days off roast"), "\(shown)")
    }

    /// A recipe `k` linking the Kenya AA bag by its id, opened on 10 November and finished on the
    /// 13th; then it is 29 November.
    private func finishedRecipeBag() throws -> (sandbox: Sandbox, old: String) {
        let sandbox = Sandbox(now: "2026-11-10T08:00:00+01:00", runner: .inProcess)
        sandbox.ok(["bean", "add", "Kenya AA", "--weight", "250", "-q"])
        let old = try bagID(sandbox, named: "Kenya AA")
        sandbox.ok(["recipe", "save", "k", "-b", old, "-m", "V60"])
        sandbox.ok(["bean", "finish", old, "-q"], env: ["BREWLOG_NOW": "2026-11-13T08:00:00+01:00"])
        sandbox.environment["BREWLOG_NOW"] = "2026-11-29T09:15:00+01:00"
        return (sandbox, old)
    }

    @Test("a recipe whose bag was finished since takes the one open bag of that coffee, and says so on standard error")
    func recipeBagFinished() throws {
        let (sandbox, old) = try finishedRecipeBag()
        sandbox.ok(["bean", "add", "Kenya AA", "--opened", "2026-11-20", "-q"])
        let fresh = try bagID(sandbox, named: "Kenya AA")
        let result = sandbox.run(["add", "--recipe", "k", "-d", "7:00"])
        #expect(result.status == 0 && result.stdout.hasPrefix("Logged "))
        #expect(result.stderr == "note: the recipe k names the bag \(old) (Kenya AA), finished on 2026-11-13; the brew is linked to the open bag of that name, \(fresh)\n")
        let brew = try lastBrew(sandbox)
        #expect(brew["bean"] as? String == fresh && brew["coffee"] as? String == "Kenya AA")
        // A brew of a day the bag was still in use is its own, and needs no word.
        let backDated = sandbox.run(["add", "--recipe", "k", "-d", "2026-11-12"])
        #expect(backDated.status == 0 && backDated.stderr.isEmpty, "\(backDated.stderr)")
        #expect(sandbox.journalLines.last?.contains(#""bean":"\#(old)""#) == true, "\(sandbox.journalLines)")
        #expect(sandbox.run(["add", "--recipe", "k", "-d", "7:30", "-q"]).stderr.isEmpty, "nothing under -q")
    }

    @Test("a recipe whose bag was finished, with no open bag of that coffee or with several, links none and warns", arguments: [0, 2])
    func recipeBagFinishedNoneOrSeveral(openBags: Int) throws {
        let (sandbox, old) = try finishedRecipeBag()
        for day in ["2026-11-20", "2026-11-21"].prefix(openBags) { sandbox.ok(["bean", "add", "Kenya AA", "--opened", day, "-q"]) }
        let bags = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["bean", "list", "--json"]).utf8)) as? [[String: Any]])
        let ids = bags.compactMap { $0["id"] as? String }
        let result = sandbox.run(["add", "--recipe", "k", "-d", "7:00"])
        #expect(result.status == 0)
        let brew = try lastBrew(sandbox)
        let id = try #require(brew["id"] as? String)
        let others = openBags == 0 ? "no open bag has its name" : "2 open bags have its name (\(ids.joined(separator: ", ")))"
        #expect(result.stderr == "warning: the recipe k names the bag \(old) (Kenya AA), finished on 2026-11-13, and \(others); the brew is linked to no bag: link one with 'brewlog edit \(id) --bean BAG'\n")
        #expect(brew["bean"] == nil && brew["coffee"] as? String == "Kenya AA")
    }

    @Test("--like a brew whose bag was removed logs without a link; a bag named by the config that is not there says where it came from")
    func removedAndMissingBags() throws {
        let sandbox = self.sandbox()
        sandbox.ok(["add", "-b", "guji", "--dose", "15", "-q", "-d", "7:00"])
        sandbox.ok(["bean", "rm", "guji", "-q"])
        #expect(sandbox.run(["add", "--like", "last", "-q"]).status == 0)
        #expect(try lastBrew(sandbox)["bean"] == nil)
        sandbox.ok(["config", "set", "add.bean", "nosuch"])
        let before = sandbox.journal
        let result = sandbox.run(["add", "-m", "V60"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            brewlog: error: no bean bag named 'nosuch' or with that id
            hint: the bag comes from add.bean in the config; name one with --bean BAG, or leave it out with --unset bean

            """)
        #expect(sandbox.journal == before)
        #expect(sandbox.run(["add", "-m", "V60", "--unset", "bean", "-q"]).status == 0)
    }

    @Test("a brew that takes its bag past empty says so once")
    func runsOut() {
        let sandbox = self.sandbox()
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "90", "-d", "7:00"]).stderr == "Ethiopia Guji is running low: 10 g left.\n")
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "18", "-d", "7:30"]).stderr == "Ethiopia Guji has run out: its brews used 8 g more than the bag held.\n")
        #expect(sandbox.run(["add", "-b", "guji", "--dose", "18", "-d", "8:00"]).stderr.isEmpty)
    }

    @Test("two open bags of one name: add -b, edit -b, add.bean and a recipe's bag are refused as bean finish and edit refuse it, naming both ids", arguments: [
        (["add", "-b", "Ethiopia Guji"], "give the id of the one you mean ('brewlog bean list --all' shows them)"),
        (["add", "-b", "guji"], "give more of the name, or the bag's id"),
        (["edit", "last", "-b", "ethiopia guji"], "give the id of the one you mean ('brewlog bean list --all' shows them)"),
        (["add", "--recipe", "g"], "the bag comes from the recipe g; name one with --bean BAG, or leave it out with --unset bean"),
        (["bean", "finish", "Ethiopia Guji"], "give the id of the one you mean ('brewlog bean list --all' shows them)"),
        (["bean", "edit", "Ethiopia Guji", "--roaster", "x"], "give the id of the one you mean ('brewlog bean list --all' shows them)"),
    ])
    func twoOpenBagsOfOneName(arguments: [String], hint: String) throws {
        let sandbox = self.sandbox(runner: .inProcess)
        sandbox.ok(["bean", "add", "Ethiopia Guji", "--opened", "2026-11-29", "-q"])
        sandbox.ok(["recipe", "save", "g", "-b", "Ethiopia Guji", "-m", "V60"])
        sandbox.ok(["add", "-c", "x", "-q"])
        let bags = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["bean", "list", "--json"]).utf8)) as? [[String: Any]])
        let guji = bags.filter { $0["name"] as? String == "Ethiopia Guji" }.compactMap { $0["id"] as? String }
        #expect(guji.count == 2)
        let before = sandbox.journal
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(guji.allSatisfy(result.stderr.contains), "\(result.stderr)")
        #expect(result.stderr.contains("\nhint: \(hint)\n"), "\(result.stderr)")
        #expect(sandbox.journal == before)
    }
}
