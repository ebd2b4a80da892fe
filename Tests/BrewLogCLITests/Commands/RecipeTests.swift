import Foundation
import Testing
import BrewLogTestSupport

@Suite("recipes and [add] defaults: saved in the config with its comments, layered under the command line")
struct RecipeTests {
    private let commented = """
        # my brewlog settings
        [ui]
        \tcolor = never   ; no colours in cron mail

        [recipe "v60"]
        \t# the morning pour-over
        \tmethod = V60
        \tgrind = 20 clicks

        """

    private func sandbox(config: String? = nil) -> Sandbox {
        let sandbox = Sandbox(runner: .inProcess)
        if let config {
            let folder = sandbox.home + "/.config/brewlog"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/config", contents: Data(config.utf8))
        }
        return sandbox
    }

    private func config(_ sandbox: Sandbox) -> String {
        (try? String(contentsOfFile: sandbox.home + "/.config/brewlog/config", encoding: .utf8)) ?? ""
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("recipe save writes recipe.NAME.* keys in place, keeping every comment and the other sections byte for byte")
    func saveKeepsComments() {
        let sandbox = self.sandbox(config: commented)
        #expect(sandbox.ok(["recipe", "save", "v60", "--replace", "-m", "V60", "--grind", "22 clicks", "--dose", "15", "--ratio", "1:16", "--temp", "201F"])
            == "Replaced recipe v60: V60 · dose 15 g · water 240 g · ratio 1:16.0 · grind 22 clicks · temp 93.9 °C\n")
        #expect(config(sandbox) == """
            # my brewlog settings
            [ui]
            \tcolor = never   ; no colours in cron mail

            [recipe "v60"]
            \t# the morning pour-over
            \tmethod = V60
            \tgrind = 22 clicks
            \tdose = 15
            \twater = 240
            \ttemp = 93.9

            """)
        #expect(sandbox.ok(["config", "get", "recipe.v60.water"]) == "240\n")
    }

    @Test("a recipe round-trips: save, list, show (text and JSON), a config edit, rm")
    func roundTrip() throws {
        let sandbox = self.sandbox(config: commented)
        sandbox.ok(["recipe", "save", "shot", "-m", "Espresso", "-c", "Brazil", "--dose", "18", "--yield", "36", "--time", "28", "--tag", "dark"])
        #expect(sandbox.ok(["recipe", "list"]) == """
            shot  Espresso · Brazil · dose 18 g · yield 36 g · ratio 1:2.0 · time 0:28 · tags dark
            v60   V60 · grind 20 clicks

            """)
        let shown = try json(sandbox.ok(["recipe", "show", "shot", "--json"]))
        #expect(shown["name"] as? String == "shot" && shown["yield_g"] as? Int == 36 && shown["time_s"] as? Int == 28)
        sandbox.ok(["config", "set", "recipe.shot.dose", "19g"])
        #expect(sandbox.ok(["recipe", "show", "shot"]).contains("dose      19 g\n"))
        #expect(sandbox.ok(["recipe", "rm", "shot"]) == "Removed recipe shot.\n")
        #expect(!config(sandbox).contains("shot"))
        #expect(config(sandbox).hasPrefix(commented))
        #expect(sandbox.run(["recipe", "show", "shot"]).status == 1)
        #expect(sandbox.run(["recipe", "rm", "shot"]).status == 1)
    }

    @Test("recipe save --from takes an earlier brew's method parameters, not its coffee or tags; typed fields win")
    func saveFrom() throws {
        let sandbox = self.sandbox()
        _ = sandbox.add(["-m", "AeroPress", "-c", "Kenya", "--dose", "17", "--water", "220", "-r", "5", "-n", "lovely", "--tag", "a"])
        sandbox.ok(["recipe", "save", "aero", "--from", "last", "--water", "230"])
        let recipe = try json(sandbox.ok(["recipe", "show", "aero", "--json"]))
        #expect(recipe["method"] as? String == "AeroPress" && recipe["dose_g"] as? Int == 17 && recipe["water_g"] as? Int == 230)
        #expect(recipe["rating"] == nil && recipe["notes"] == nil && recipe["tags"] == nil && recipe["coffee"] == nil)
    }

    @Test("precedence, lowest first: [add] defaults, then the recipe, then the command line; tags from a higher level replace")
    func precedence() throws {
        let sandbox = self.sandbox(config: """
            [add]
            \tmethod = V60
            \tcoffee = House blend
            \tdose = 15
            \ttags = morning,home
            [recipe "strong"]
            \tdose = 18
            \ttags = strong

            """)
        let plain = try json(sandbox.ok(["add", "--json"]))
        #expect(plain["method"] as? String == "V60" && plain["dose_g"] as? Int == 15 && plain["tags"] as? [String] == ["morning", "home"])
        #expect(plain["started_from"] == nil)
        let recipe = try json(sandbox.ok(["add", "--recipe", "strong", "--json", "-d", "yesterday"]))
        #expect(recipe["method"] as? String == "V60" && recipe["coffee"] as? String == "House blend")
        #expect(recipe["dose_g"] as? Int == 18 && recipe["tags"] as? [String] == ["strong"])
        #expect((recipe["started_from"] as? [String: String]) == ["recipe": "strong"])
        let typed = try json(sandbox.ok(["add", "--recipe", "strong", "--dose", "20", "--tag", "x", "-m", "Chemex", "--json", "-d", "-2d"]))
        #expect(typed["method"] as? String == "Chemex" && typed["dose_g"] as? Int == 20 && typed["tags"] as? [String] == ["x"])
        let layers = try json(sandbox.ok(["add", "--recipe", "strong", "-r", "4", "-d", "-3d", "--json"]))["layers"] as? [[String: String]]
        #expect(layers == [["layer": "add"], ["layer": "recipe", "name": "strong"], ["layer": "command line"]])
    }

    @Test("refusals change nothing", arguments: [
        (["add", "--recipe", "nope"], 64),
        (["add", "--recipe", "v60", "--like", "last"], 64),
        (["recipe", "save", "bell\u{07}name", "--dose", "15"], 64),
        (["recipe", "save", "-x", "--dose", "15"], 64),
        (["recipe", "save", "empty"], 64),
        (["recipe", "save", "rated", "-r", "4"], 64),
        (["recipe", "save", "both", "--dose", "15", "--water", "250", "--ratio", "1:16"], 64),
        (["recipe", "list", "extra"], 64),
        (["recipe", "show", "v60", "--dose", "3"], 64),
        (["recipe", "frobnicate"], 64),
        (["recipe", "rm", "nope"], 1),
    ] as [([String], Int32)])
    func refusals(arguments: [String], status: Int32) {
        let sandbox = self.sandbox(config: commented)
        let result = sandbox.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.hasPrefix("brewlog: error: "))
        #expect(config(sandbox) == commented)
        #expect(sandbox.journal == nil)
    }

    @Test("recipe names complete from the config")
    func completion() {
        let sandbox = self.sandbox(config: commented + "[recipe \"shot\"]\n\tdose = 18\n")
        #expect(sandbox.ok(["__complete", "recipes"]) == "shot\nv60\n")
    }
}
