import BrewLogTestSupport
@testable import BrewLogCLI
import Foundation
import Testing

@Suite("add confirms in one line: id, time, method, the layers used, the streak")
struct AddConfirmationTests {
    /// The confirmation with its random id replaced by `ID`; it is measured, id and all, first.
    private func line(_ sandbox: Sandbox, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let output = sandbox.ok(["add"] + arguments)
        #expect(output.hasSuffix("\n") && output.dropLast().allSatisfy { $0 != "\n" }, "one line", sourceLocation: sourceLocation)
        #expect(DisplayWidth.of(String(output.dropLast())) <= 80, "at most 80 columns: \(output)", sourceLocation: sourceLocation)
        let id = sandbox.journalLines.last.map { String($0.dropFirst(7).prefix(12)) } ?? ""
        return output.replacingOccurrences(of: id, with: "ID")
    }

    @Test("the usual brew's line, at most 80 columns", arguments: [
        (["-m", "V60"], "Logged ID at 09:15: V60. Streak 1 day, longest 1.\n"),
        (["-m", "French press", "-c", "Kenya AA", "--dose", "30", "-r", "4"], "Logged ID at 09:15: French press. Streak 1 day, longest 1.\n"),
        ([], "Logged ID at 09:15. Streak 1 day, longest 1.\n"),
        (["-m", "V60", "-d", "yesterday 23:40"], "Logged ID at 2026-11-28 23:40: V60. Streak 1 day, longest 1.\n"),
    ])
    func usual(arguments: [String], expected: String) {
        #expect(line(Sandbox(runner: .inProcess), arguments) == expected)
    }

    @Test("a back-dated brew, a long method or coffee, a bag, layers and a weekly target: the line says less until it fits 80 columns", arguments: [
        (["-m", "V60", "-d", "yesterday"], "Logged ID at 2026-11-28 12:00: V60. Streak 2 days, longest 2.\n"),
        (["-m", "French press", "-d", "2026-11-20 07:30"], "Logged ID at 2026-11-20 07:30: French press. Streak 1 day, longest 1.\n"),
        (["-m", "Hario Switch immersion, then a slow pour", "-c", String(repeating: "Kenya AA Gachatha ", count: 6), "-b", "kenya"],
         "Logged ID at 09:15: Hario Switch immersion,…. Streak 1 day, longest 1.\n"),
        (["--recipe", "a recipe with a long name", "-d", "-3d"], "Logged ID at 2026-11-26 12:00: V60. Streak 1 day, longest 1. Week 2/4.\n"),
        (["-m", "☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕☕", "-d", "yesterday"], "Logged ID at 2026-11-28 12:00: ☕☕☕☕☕…. Streak 2 days, longest 2.\n"),
    ])
    func fits(arguments: [String], expected: String) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("""
            [streak]
            \tweekly-target = 4
            [add]
            \tdose = 15
            [recipe "a recipe with a long name"]
            \tmethod = V60
            """)
        sandbox.ok(["bean", "add", "Kenya AA Gachatha", "--opened", "2026-11-01", "-q"])
        sandbox.ok(["add", "-d", "2026-11-29 07:00", "-q"])
        #expect(line(sandbox, arguments) == expected)
    }

    @Test("the layers used are named, lowest first; the weekly part only when a target is set")
    func layersAndWeekly() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("""
            [add]
            \tmethod = V60
            \tdose = 15
            [add "espresso"]
            \tdose = 18
            [recipe "shot"]
            \tmethod = Espresso
            \tyield = 36
            """)
        #expect(line(sandbox, ["-d", "7:00"]) == "Logged ID at 07:00: V60 (defaults). Streak 1 day, longest 1.\n")
        #expect(line(sandbox, ["--recipe", "shot", "-d", "8:00"]) == "Logged ID at 08:00: Espresso. Streak 1 day, longest 1.\n",
                "the layers would pass 80 columns")
        let liked = sandbox.journalLines.first.map { String($0.dropFirst(7).prefix(12)) } ?? ""
        #expect(line(sandbox, ["--like", liked, "-d", "8:30"]) == "Logged ID at 08:30: V60 (like \(liked)). Streak 1 day, longest 1.\n")
        #expect(line(sandbox, ["--like", liked, "-c", "Kenya", "-d", "8:40"]) == "Logged ID at 08:40: V60 (like \(liked)). Streak 1 day, longest 1.\n")
        #expect(line(sandbox, ["-m", "Chemex", "-d", "8:50"]) == "Logged ID at 08:50: Chemex (defaults). Streak 1 day, longest 1.\n")
        #expect(line(sandbox, ["--unset", "method", "-d", "8:55"]) == "Logged ID at 08:55 (defaults). Streak 1 day, longest 1.\n")
        sandbox.ok(["config", "set", "streak.weekly-target", "4"])
        let weekly = line(sandbox, ["-d", "9:00"])
        #expect(weekly == "Logged ID at 09:00: V60. Streak 1 day, longest 1. Week: 1 of 4 days.\n", "the layers would pass 80 columns")

    }

    @Test("--json lists every layer, the command line's too, and keeps started_from")
    func json() throws {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[add]\n\tmethod = V60\n[recipe \"r\"]\n\tdose = 15\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["add", "--recipe", "r", "-r", "4", "--json"]).utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: String]])
        #expect(layers == [["layer": "add"], ["layer": "recipe", "name": "r"], ["layer": "command line"]])
        #expect((object["started_from"] as? [String: String]) == ["recipe": "r"])
    }
}
