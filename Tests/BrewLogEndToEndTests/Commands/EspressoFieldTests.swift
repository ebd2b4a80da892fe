import Foundation
import Testing
import BrewLogTestSupport

@Suite("yield, --ratio and °F: typed, stored, shown, exported and imported")
struct EspressoFieldTests {
    private func sandbox() -> Sandbox { Sandbox() }

    @Test("--yield is stored as yield_g, and the ratio is yield ÷ dose when the yield is known, else water ÷ dose")
    func yieldAndRatioRule() throws {
        let sandbox = self.sandbox()
        let espresso = sandbox.add(["-m", "Espresso", "--dose", "18", "--yield", "36g", "--water", "80"])
        let pourOver = sandbox.add(["-m", "V60", "--dose", "15", "--water", "250", "-d", "yesterday"])
        #expect(sandbox.journal?.contains(#""dose_g":18,"water_g":80,"yield_g":36"#) == true)
        #expect(sandbox.ok(["show", espresso]).contains("yield     36 g\nratio     1:2.0\n"))
        #expect(sandbox.ok(["show", pourOver]).contains("yield     -\nratio     1:16.7\n"))
        let list = sandbox.ok(["list"])
        #expect(list.contains("1:2.0") && list.contains("1:16.7"))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["stats", "--json"]).utf8)) as? [String: Any])
        let methods = try #require(stats["methods"] as? [[String: Any]])
        func averages(_ method: String) -> [String: Any]? { methods.first { $0["name"] as? String == method }?["averages"] as? [String: Any] }
        #expect(averages("Espresso")?["ratio"] as? Double == 2)
        let pourOverRatio = try #require(averages("V60")?["ratio"] as? Double)
        #expect(abs(pourOverRatio - 16.667) < 0.001)
    }

    @Test("--ratio with a dose sets the water, with a water sets the dose", arguments: [
        (["--dose", "15", "--ratio", "1:16"], #""dose_g":15,"water_g":240"#),
        (["--water", "250", "--ratio", "1:16.5"], #""dose_g":15.2,"water_g":250"#),
        (["--dose", "15", "--ratio", "1:16.66666666666666666666"], #""dose_g":15,"water_g":250"#),
        (["--dose", "20", "--ratio", "15"], #""dose_g":20,"water_g":300"#),
    ])
    func ratioSetsTheOther(arguments: [String], stored: String) {
        let sandbox = self.sandbox()
        _ = sandbox.add(arguments)
        #expect(sandbox.journal?.contains(stored) == true, "\(sandbox.journal ?? "")")
    }

    @Test("--ratio refuses both, neither, a bad ratio and a result out of range; nothing is written", arguments: [
        ["--dose", "15", "--water", "250", "--ratio", "1:16"],
        ["--ratio", "1:16"],
        ["--dose", "15", "--ratio", "1:0"],
        ["--dose", "15", "--ratio", "16:1"],
        ["--dose", "15", "--ratio", "1:inf"],
        ["--dose", "900", "--ratio", "1:20"],
        ["--dose", "18", "--yield", "40", "--ratio", "1:2"],
    ])
    func ratioRefusals(arguments: [String]) {
        let sandbox = self.sandbox()
        let result = sandbox.run(["add"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("brewlog: error: "))
        #expect(sandbox.journal == nil)
    }

    @Test("edit --ratio works from the brew's own dose")
    func editRatio() {
        let sandbox = self.sandbox()
        let id = sandbox.add(["--dose", "16", "--water", "250"])
        sandbox.ok(["edit", id, "--ratio", "1:15"])
        #expect(sandbox.journal?.contains(#""dose_g":16,"water_g":240"#) == true)
    }

    @Test("--temp takes °C or °F, stores °C (a Fahrenheit value to a tenth) and shows one decimal", arguments: [
        ("94", "94", "94.0 °C"),
        ("94C", "94", "94.0 °C"),
        ("93.5°C", "93.5", "93.5 °C"),
        ("201F", "93.9", "93.9 °C"),
        ("212°F", "100", "100.0 °C"),
        ("32f", "0", "0.0 °C"),
    ])
    func temperature(typed: String, stored: String, shown: String) {
        let sandbox = self.sandbox()
        let id = sandbox.add(["--temp", typed])
        #expect(sandbox.journal?.contains(#""temp_c":\#(stored)"#) == true, "\(sandbox.journal ?? "")")
        #expect(sandbox.ok(["show", id]).contains("temp      \(shown)\n"))
    }

    @Test("--temp refuses what is not a temperature or is outside 0–100 °C", arguments: ["213F", "31F", "101", "-1C", "94K", "F", "1e400F"])
    func temperatureRefusals(typed: String) {
        let sandbox = self.sandbox()
        let result = sandbox.run(["add", "--temp", typed])
        #expect(result.status == 64)
        #expect(sandbox.journal == nil)
    }

    @Test("the yield goes through export and import in every format", arguments: ["jsonl", "json", "csv"])
    func roundTrip(format: String) throws {
        let source = Sandbox()
        _ = source.add(["-m", "Espresso", "--dose", "18.5", "--yield", "40.2", "--temp", "200F", "-r", "4", "-n", "syrupy"])
        let exported = source.ok(["export", "--format", format])
        #expect(exported.contains("40.2"))
        if format == "csv" { #expect(exported.hasPrefix("id,date,rating,notes,method,coffee,bean,dose_g,water_g,yield_g,grind,grinder,temp_c,time_s,tds_pct,tags\r\n")) }
        let target = Sandbox()
        target.ok(["import", "-", "--format", format], stdin: exported)
        #expect(target.journal == source.journal)
    }

    @Test("short options: -r rating, -n notes, -m method, -c coffee, -d date, clustered with -q")
    func shortOptions() {
        let sandbox = self.sandbox()
        let id = sandbox.ok(["add", "-r", "4", "-n", "bright", "-m", "V60", "-c", "Kenya", "-d", "2026-11-28", "-q"])
        #expect(sandbox.journal == #"{"id":"\#(id.dropLast())","date":"2026-11-28T12:00:00+01:00","rating":4,"notes":"bright","method":"V60","coffee":"Kenya"}"# + "\n")
        sandbox.ok(["edit", "last", "-qr5"])
        #expect(sandbox.journal?.contains(#""rating":5"#) == true)
        #expect(sandbox.ok(["add", "--help"]).contains("-r, --rating <n>"))
    }
}
