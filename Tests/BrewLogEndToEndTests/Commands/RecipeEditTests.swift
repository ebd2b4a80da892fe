import BrewLogTestSupport
import Foundation
import Testing

@Suite("recipe save refuses to replace unless asked; recipe edit changes only what it names")
struct RecipeEditTests {
    private func sandbox() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.ok(["recipe", "save", "v60", "-m", "V60", "-c", "Kenya AA", "--dose", "15", "--water", "250", "--tag", "home"])
        return sandbox
    }

    @Test("saving over an existing recipe exits 1 naming edit and --replace, and the config is unchanged")
    func refusesToReplace() {
        let sandbox = self.sandbox()
        let before = sandbox.config
        let result = sandbox.run(["recipe", "save", "v60", "-m", "French press", "--dose", "30"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            brewlog: error: a recipe named 'v60' exists; nothing was saved
            hint: change some of its fields with: brewlog recipe edit v60 FIELDS; or replace it: brewlog recipe save v60 --replace ...

            """)
        #expect(sandbox.config == before)
    }

    @Test("--replace replaces the whole recipe")
    func replaces() {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(["recipe", "save", "v60", "--replace", "-m", "French press", "--dose", "30"]) == "Replaced recipe v60: French press · dose 30 g\n")
        #expect(sandbox.ok(["recipe", "show", "v60", "--json"]) == #"{"name":"v60","method":"French press","dose_g":30}"# + "\n")
    }

    @Test("edit changes the fields named, takes others out of the recipe, and keeps the rest", arguments: [
        (["--grind", "21"], #"{"name":"v60","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"21","tags":["home"]}"#),
        (["--dose", "16", "--ratio", "1:16"], #"{"name":"v60","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":256,"tags":["home"]}"#),
        (["--tag", "light"], #"{"name":"v60","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"tags":["light"]}"#),
        (["--unset", "water", "--unset", "tags"], #"{"name":"v60","method":"V60","coffee":"Kenya AA","dose_g":15}"#),
    ])
    func edits(arguments: [String], expected: String) {
        let sandbox = self.sandbox()
        sandbox.ok(["recipe", "edit", "v60"] + arguments)
        #expect(sandbox.ok(["recipe", "show", "v60", "--json"]) == expected + "\n")
    }

    @Test("a recipe's unset (from save --unset) removes the [add] defaults from the brews made with it; typing the field again lifts it, edit --unset too")
    func unsetReachesAdd() throws {
        let sandbox = self.sandbox()
        sandbox.ok(["config", "set", "add.water", "300"])
        sandbox.ok(["config", "set", "add.grind", "20"])
        sandbox.ok(["recipe", "save", "v60", "--replace", "-m", "V60", "-c", "Kenya AA", "--dose", "15", "--tag", "home", "--unset", "water", "--unset", "grind"])
        #expect(sandbox.ok(["config", "get", "recipe.v60.unset"]) == "water,grind\n")
        let brew = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["add", "--recipe", "v60", "--json"]).utf8)) as? [String: Any])
        #expect(brew["water_g"] == nil && brew["grind"] == nil && brew["dose_g"] as? Int == 15)
        sandbox.ok(["recipe", "edit", "v60", "--water", "240"])
        #expect(sandbox.ok(["config", "get", "recipe.v60.unset"]) == "grind\n")
        sandbox.ok(["recipe", "edit", "v60", "--unset", "grind"])
        #expect(sandbox.run(["config", "get", "recipe.v60.unset"]).status == 1)
    }

    @Test("edit refusals change nothing", arguments: [
        (["recipe", "edit", "nope", "--dose", "15"], 1, "brewlog: error: no recipe named 'nope'"),
        (["recipe", "edit", "v60"], 64, "brewlog: error: 'recipe edit' needs a field to change"),
        (["recipe", "edit", "v60", "--from", "last"], 64, "brewlog: error: '--from' does not go with 'recipe edit'\nhint: it goes with 'recipe save'"),
        (["recipe", "edit", "v60", "--unset", "rating"], 64, "brewlog: error: cannot unset 'rating'"),
        (["recipe", "edit", "v60", "--unset", "dose", "--dose", "3"], 64, "brewlog: error: '--unset dose' and '--dose' contradict each other"),
        (["recipe", "show", "v60", "--unset", "dose"], 64, "brewlog: error: '--unset' does not go with 'recipe show'\nhint: it goes with 'recipe save' or 'recipe edit'"),
        (["recipe", "edit", "v60", "--dose", "0"], 64, "brewlog: error: dose must be more than 0 and at most 1000 grams (got 0)"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) {
        let sandbox = self.sandbox()
        let before = sandbox.config
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(sandbox.config == before)
    }
}
