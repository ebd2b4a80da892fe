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
}
