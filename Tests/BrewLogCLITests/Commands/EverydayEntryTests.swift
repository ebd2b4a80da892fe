import BrewLogTestSupport
@testable import BrewLogCLI
import Foundation
import Testing

/// The second brew of the day in one short command: sticky fields, ratios as each method thinks
/// of them, recipes as method parameters, `last:` with a part of a name.
@Suite("Everyday entry: sticky fields, ratios, recipes as method parameters, last:PART")
struct EverydayEntryTests {
    private func sandbox(_ config: String = "") -> Sandbox {
        let sandbox = Sandbox(runner: .inProcess)
        if !config.isEmpty { sandbox.writeConfig(config) }
        return sandbox
    }

    /// The journal's last line as JSON.
    private func last(_ sandbox: Sandbox) throws -> [String: Any] {
        let line = try #require(sandbox.journalLines.last)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// `output` with the newest brew's id as `ID`.
    private func plain(_ output: String, _ sandbox: Sandbox) -> String {
        let id = sandbox.journalLines.last.map { String($0.dropFirst(7).prefix(12)) } ?? ""
        return output.replacingOccurrences(of: id, with: "ID")
    }

    @Test("add.sticky carries the grind and temperature of the newest brew of the same method, and says so")
    func sticky() throws {
        let sandbox = sandbox("[add]\n\tsticky = grind,temp\n")
        _ = sandbox.add(["-m", "V60", "--grind", "22", "--temp", "96", "-d", "-3h"])
        _ = sandbox.add(["-m", "Espresso", "--grind", "4", "--temp", "93", "-d", "-2h"])
        let output = sandbox.ok(["add", "-m", "v60", "--dose", "15"])
        #expect(plain(output, sandbox) == "Logged ID at 09:15: v60 (last V60). Streak 1 day, longest 1.\n  grind 22, temp 96.0 °C from the last V60\n")
        let brew = try last(sandbox)
        #expect(brew["grind"] as? String == "22" && brew["temp_c"] as? Int == 96)
    }

    @Test("a sticky field loses to any layer that sets it, and to --unset; a method with no brew yet carries nothing")
    func stickyIsLowest() throws {
        let sandbox = sandbox("[add]\n\tsticky = grind,temp\n\ttemp = 94\n")
        _ = sandbox.add(["-m", "V60", "--grind", "22", "--temp", "96", "-d", "-3h"])
        _ = sandbox.add(["-m", "V60", "--unset", "grind"])
        let brew = try last(sandbox)
        #expect(brew["grind"] == nil && brew["temp_c"] as? Int == 94)
        _ = sandbox.add(["-m", "Chemex"])
        #expect(try last(sandbox)["grind"] == nil)
    }

    @Test("add.METHOD.sticky replaces add.sticky for that method; the JSON names the sticky layer")
    func stickyPerMethod() throws {
        let sandbox = sandbox("[add]\n\tsticky = temp\n[add \"espresso\"]\n\tsticky = grind,dose\n")
        _ = sandbox.add(["-m", "Espresso", "--grind", "4", "--dose", "18", "--temp", "93", "-d", "-2h"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["add", "-m", "espresso", "--json"]).utf8)) as? [String: Any])
        #expect(json["grind"] as? String == "4" && json["dose_g"] as? Int == 18 && json["temp_c"] == nil)
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(layers.first?["layer"] as? String == "sticky" && layers.first?["method"] as? String == "Espresso")
    }

    @Test("a bad add.sticky is a configuration problem, named")
    func badSticky() {
        let result = sandbox().run(["config", "set", "add.sticky", "grind,rating"])
        #expect(result.status == 64 && result.stderr.contains("'rating' is not a recipe field"), "\(result.stderr)")
    }

    @Test("--ratio sets the yield of an espresso whose recent brews record yields, and says which it set", arguments: [
        (["-m", "espresso", "--dose", "18", "--ratio", "1:2"], "yield_g", 36.0, "yield 36 g by ratio 1:2"),
        (["-m", "V60", "--dose", "15", "--ratio", "1:16"], "water_g", 240.0, "water 240 g by ratio 1:16"),
        (["-m", "Espresso", "--yield", "40", "--ratio", "2"], "dose_g", 20.0, "dose 20 g by ratio 1:2"),
    ])
    func ratio(arguments: [String], key: String, grams: Double, says: String) throws {
        let sandbox = sandbox()
        _ = sandbox.add(["-m", "Espresso", "--dose", "18", "--yield", "38", "-d", "-3h"])
        _ = sandbox.add(["-m", "V60", "--dose", "15", "--water", "250", "-d", "-2h"])
        let output = sandbox.ok(["add"] + arguments)
        #expect(output.contains(says), "\(output)")
        #expect((try last(sandbox))[key] as? Double == grams)
    }

    @Test("never an error for -m espresso --dose 18 --ratio 1:2: a yield from a layer makes it the yield, and --json says which")
    func ratioWithYieldDefault() throws {
        let sandbox = sandbox("[add \"espresso\"]\n\tyield = 40\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["add", "-m", "espresso", "--dose", "18", "--ratio", "1:2", "--json"]).utf8)) as? [String: Any])
        #expect(json["yield_g"] as? Int == 36 && json["water_g"] == nil && json["ratio_set"] as? String == "yield_g")
    }

    @Test("--ratio with the dose and the grams it sets says the same thing twice: refused, nothing written")
    func ratioTwice() {
        let sandbox = sandbox()
        let result = sandbox.run(["add", "-m", "espresso", "--dose", "18", "--yield", "36", "--ratio", "1:2"])
        #expect(result.status == 64 && result.stderr.contains("'--ratio' with both '--dose' and '--yield'"), "\(result.stderr)")
        #expect(sandbox.journal == nil)
    }

    @Test("recipe save --from keeps the method parameters only; --with adds coffee, bean, time or tags")
    func recipeFrom() throws {
        let sandbox = sandbox()
        sandbox.ok(["bean", "add", "Onyx Geometry", "-q"])
        _ = sandbox.add(["-m", "V60", "-b", "onyx", "--dose", "15", "--water", "250", "--grind", "22", "--grinder", "Kinu m47",
                     "--temp", "96", "--time", "2:50", "--tag", "home", "-r", "4", "--tds", "1.4"])
        sandbox.ok(["recipe", "save", "plain", "--from", "last"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["recipe", "show", "plain", "--json"]).utf8)) as? [String: Any])
        #expect(Set(plain.keys) == ["name", "method", "dose_g", "water_g", "grind", "grinder", "temp_c"])
        sandbox.ok(["recipe", "save", "kept", "--from", "last", "--with", "coffee,bean", "--with", "tags"])
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["recipe", "show", "kept", "--json"]).utf8)) as? [String: Any])
        #expect(kept["coffee"] as? String == "Onyx Geometry" && kept["bean"] as? String == "Onyx Geometry" && kept["tags"] as? [String] == ["home"])
        #expect(kept["time_s"] == nil)
        let refused = sandbox.run(["recipe", "save", "x", "--from", "last", "--with", "dose"])
        #expect(refused.status == 64 && refused.stderr.contains("'--with' takes coffee, bean, time, tags"), "\(refused.stderr)")
        #expect(sandbox.run(["recipe", "save", "y", "--with", "coffee", "-m", "V60"]).status == 64)
    }

    @Test("recipe edit --unset takes the field out of the recipe: the default stands again")
    func recipeEditUnset() throws {
        let sandbox = sandbox("[add]\n\tgrind = 20\n")
        sandbox.ok(["recipe", "save", "v60", "-m", "V60", "--grind", "24", "--dose", "15"])
        sandbox.ok(["recipe", "edit", "v60", "--unset", "grind"])
        #expect(!(sandbox.config ?? "").contains("unset"), "\(sandbox.config ?? "")")
        _ = sandbox.add(["--recipe", "v60"])
        #expect(try last(sandbox)["grind"] as? String == "20")
        // save --unset still makes the recipe go without the default.
        sandbox.ok(["recipe", "save", "bare", "-m", "V60", "--unset", "grind"])
        _ = sandbox.add(["--recipe", "bare"])
        #expect(try last(sandbox)["grind"] == nil)
    }

    @Test("last:PART takes a unique part of a method or coffee; an ambiguous part is a usage error naming the candidates")
    func lastPart() {
        let sandbox = sandbox()
        let geometry = sandbox.add(["-m", "V60", "-c", "Onyx Geometry", "-d", "-3h"])
        _ = sandbox.add(["-m", "Espresso", "-c", "Onyx Monarch", "-d", "-2h"])
        #expect(sandbox.ok(["show", "last:geom", "-q"]) == "")
        #expect(sandbox.ok(["show", "last:geom", "--json"]).contains(geometry))
        let result = sandbox.run(["show", "last:onyx"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("'onyx' is part of 2 names: 'Onyx Geometry', 'Onyx Monarch'"), "\(result.stderr)")
    }

    @Test("a default bag of another coffee than the one typed is not linked: the brew follows its coffee, and a note says so")
    func defaultBagOfAnotherCoffee() throws {
        let sandbox = sandbox()
        sandbox.ok(["bean", "add", "Onyx Geometry", "-q"])
        let house = sandbox.ok(["bean", "add", "House blend", "-q"]).trimmingCharacters(in: .whitespacesAndNewlines)
        sandbox.ok(["config", "set", "add.bean", "onyx"])
        let result = sandbox.run(["add", "-m", "V60", "-c", "House blend"])
        #expect(result.status == 0 && result.stderr.contains("names the bag") && result.stderr.contains("the brew's coffee is 'House blend'"), "\(result)")
        #expect(try last(sandbox)["bean"] == nil)
        #expect(sandbox.ok(["list", "--json", "--columns", "bean"]).contains(house))
        _ = sandbox.add(["-m", "V60"])
        #expect(try last(sandbox)["bean"] as? String != nil)
    }

    @Test("jrnl: only entries with a method tag (or --tag) are brews, the tag is the method, and the rest is counted in a note")
    func jrnl() throws {
        let sandbox = sandbox()
        let diary = #"{"tags":{},"entries":[{"title":"Kenya","body":"","date":"2026-11-20","time":"07:30","tags":["@v60"],"starred":false},"#
            + #"{"title":"Went for a walk","body":"","date":"2026-11-20","time":"17:30","tags":["@walk"],"starred":false}]}"#
        let path = sandbox.home + "/jrnl.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(diary.utf8))
        let none = sandbox.run(["import", "--from", "jrnl", path])
        #expect(none.status == 0 && none.stdout.contains("Imported 0 new brews") && none.stderr.contains("2 jrnl entries have no tag that names a method"), "\(none)")
        let one = sandbox.run(["import", "--from", "jrnl", path, "--method-tag", "@V60"])
        #expect(one.stdout.contains("Imported 1 new brew") && one.stderr.contains("1 jrnl entry"), "\(one)")
        let brew = try last(sandbox)
        #expect(brew["method"] as? String == "V60" && brew["tags"] == nil)
        // A method the journal has now names the tag on its own; --tag picks the walk too.
        #expect(sandbox.ok(["import", "--from", "jrnl", path, "--dry-run"]).contains("Would import 0 new brews, skipped 1"))
        #expect(sandbox.ok(["import", "--from", "jrnl", path, "--tag", "walk", "--dry-run"]).contains("Would import 1 new brew"))
        let misplaced = sandbox.run(["import", path, "--tag", "walk"])
        #expect(misplaced.status == 64 && misplaced.stderr.contains("'--tag' picks jrnl entries"), "\(misplaced)")
    }
}
