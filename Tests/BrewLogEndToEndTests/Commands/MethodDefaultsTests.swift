import BrewLogTestSupport
import Foundation
import Testing

@Suite("Per-method defaults and --unset, through the binary and its config file")
struct MethodDefaultsTests {
    /// [add] for a V60 morning, [add "Espresso"] for shots (no water), a recipe that unsets the tags.
    private func sandbox() -> Sandbox {
        let sandbox = Sandbox()
        for (key, value) in [("add.method", "V60"), ("add.dose", "15"), ("add.water", "250"), ("add.tags", "home"),
                             ("add.Espresso.dose", "18"), ("add.Espresso.unset", "water"), ("add.V60.grind", "20"),
                             ("recipe.shot.method", "espresso"), ("recipe.shot.yield", "36"), ("recipe.shot.unset", "tags")] {
            sandbox.ok(["config", "set", key, value])
        }
        return sandbox
    }

    /// The brew `add` wrote, without its id and date.
    private func added(_ sandbox: Sandbox, _ arguments: [String]) throws -> String {
        sandbox.ok(["add", "-q"] + arguments)
        let line = try #require(sandbox.journalLines.last)
        return String(line[try #require(line.range(of: #""notes""#)).lowerBound...])
    }

    @Test("each layer alone and together, with --unset at each level", arguments: [
        ([], #""notes":"","method":"V60","dose_g":15,"water_g":250,"grind":"20","tags":["home"]}"#),
        (["-m", "ESPRESSO"], #""notes":"","method":"ESPRESSO","dose_g":18,"tags":["home"]}"#),
        (["--recipe", "shot"], #""notes":"","method":"espresso","dose_g":18,"yield_g":36}"#),
        (["--recipe", "shot", "-m", "V60"], #""notes":"","method":"V60","dose_g":15,"water_g":250,"yield_g":36,"grind":"20"}"#),
        (["--recipe", "shot", "--tag", "x", "--unset", "dose"], #""notes":"","method":"espresso","yield_g":36,"tags":["x"]}"#),
        (["--unset", "method"], #""notes":"","dose_g":15,"water_g":250,"tags":["home"]}"#),
        (["-m", "Chemex", "--unset", "tags", "--unset", "water"], #""notes":"","method":"Chemex","dose_g":15}"#),
    ])
    func layers(arguments: [String], expected: String) throws {
        #expect(try added(sandbox(), arguments) == expected)
    }

    @Test("a bad unset list in the config is refused where it is set, and the file is unchanged", arguments: ["rating", "water,water", "", "dose,nope"])
    func badUnset(value: String) {
        let sandbox = self.sandbox()
        let before = sandbox.config
        let result = sandbox.run(["config", "set", "add.Espresso.unset", value])
        #expect(result.status == 64 || result.status == 78, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(sandbox.config == before)
    }

    @Test("config help lists the per-method keys once")
    func help() {
        let help = Sandbox().ok(["config", "--help"])
        #expect(help.contains("  add.METHOD.FIELD = 18\n"))
        #expect(help.contains("  recipe.NAME.unset = water,tags\n"))
        #expect(!help.contains("add.METHOD.dose"))
    }

    @Test("config set, get and unset find a method's section ignoring case, so no second section is made")
    func sectionCase() {
        let sandbox = self.sandbox()
        sandbox.ok(["config", "set", "add.ESPRESSO.dose", "20"])
        sandbox.ok(["config", "set", "add.espresso.yield", "40"])
        #expect(!(sandbox.config ?? "").lowercased().contains("[add \"espresso\"]\n\tdose = 18\n[add"), "\(sandbox.config ?? "")")
        #expect((sandbox.config ?? "").components(separatedBy: "[add \"").count == 3, "[add \"Espresso\"] and [add \"V60\"] only")
        #expect(sandbox.ok(["config", "get", "add.espresso.dose"]) == "20\n")
        #expect(sandbox.ok(["add", "-m", "Espresso", "--json"]).contains(#""dose_g":20,"yield_g":40"#))
        sandbox.ok(["config", "unset", "add.EsPrEsSo.yield"])
        #expect(sandbox.run(["config", "get", "add.Espresso.yield"]).status == 1)
    }

    @Test("of two sections that differ only in case, written by hand, the later one's values win")
    func handWrittenSections() {
        let sandbox = Sandbox()
        sandbox.writeConfig("[add \"ESPRESSO\"]\n\tdose = 20\n[add \"Espresso\"]\n\tdose = 18\n")
        #expect(sandbox.ok(["add", "-m", "espresso", "--json"]).contains(#""dose_g":18"#))
        sandbox.writeConfig("[add \"Espresso\"]\n\tdose = 18\n[add \"ESPRESSO\"]\n\tdose = 20\n")
        #expect(sandbox.ok(["add", "-m", "espresso", "--json", "-d", "8:00"]).contains(#""dose_g":20"#))
    }

    @Test("--unset and unset lists take a field in any case, by name or journal key", arguments: ["WATER", "water_g", "Water"])
    func unsetSpellings(name: String) throws {
        let sandbox = self.sandbox()
        #expect(try added(sandbox, ["--unset", name]).contains("water") == false)
        sandbox.ok(["config", "set", "add.V60.unset", name])
        #expect(try added(sandbox, ["-d", "8:00"]).contains("water") == false)
    }
}
