import BrewLogTestSupport
import Foundation
import Testing

/// Where the layers of a brew (defaults, recipes, the command line) and its display meet values
/// at their edges.
@Suite("recipes, defaults, diff and tables at the edges of their values")
struct LayersAndDisplayEdgeTests {
    @Test("recipe save --from a brew whose method a recipe cannot hold (a line break, blanks) is refused, and every command still works",
          arguments: [#""method":"a\nb""#, #""grind":"  ""#])
    func recipeFromOddBrew(field: String) {
        let sandbox = Sandbox(journal: journalLine(id: "f1f1f1f1", #""notes":"","# + field), runner: .inProcess)
        let result = sandbox.run(["recipe", "save", "r", "--from", "f1f1"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("which a recipe cannot hold"), "\(result.stderr)")
        #expect(sandbox.config == nil)
        #expect(sandbox.run(["list"]).status == 0)
    }

    @Test("tags given twice in [add] or a recipe are one tag, as --tag a --tag a is")
    func defaultTagsOnce() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[add]\n\ttags = a, a, b\n[recipe \"r\"]\n\ttags = x,x,y\n")
        #expect(sandbox.ok(["add", "--json"]).contains(#""tags":["a","b"]"#))
        #expect(sandbox.ok(["add", "--recipe", "r", "--json"]).contains(#""tags":["x","y"]"#))
    }

    @Test("diff marks a value that differs below the precision shown, as diff --json and dial do")
    func diffBelowPrecision() {
        let sandbox = Sandbox(journal: journalLine(id: "t1t1t1t1", #""notes":"","coffee":"K","temp_c":94.44"#)
            + #"{"id":"t2t2t2t2","date":"2026-11-29T08:00:00+01:00","notes":"","coffee":"K","temp_c":94.41}"# + "\n", runner: .inProcess)
        let human = sandbox.ok(["diff", "t1t1", "t2t2"])
        #expect(human.split(separator: "\n").contains { $0.hasPrefix("≠ temp") }, "\(human)")
        #expect(sandbox.ok(["diff", "t1t1", "t2t2", "--json"]).contains(#""differs":["date","temp_c"]"#))
    }

    @Test("list --columns keeps a chosen notes column even when the others fill the width")
    func chosenNotesKept() {
        let sandbox = Sandbox(journal: journalLine(id: "n1n1n1n1", #""notes":"a very long note that goes on and on""#), runner: .inProcess)
        let all = "id,date,rating,method,coffee,bean,dose,water,yield,ratio,grind,temp,time,tags,notes"
        let output = sandbox.ok(["list", "--columns", all], env: ["COLUMNS": "100"])
        #expect(output.split(separator: "\n").first?.hasSuffix("NOTES") == true, "\(output)")
        #expect(output.contains("a ve…"), "\(output)")
    }

    @Test("recipe save shows the recipe's name with bidirectional controls escaped")
    func recipeNameEscaped() {
        let sandbox = Sandbox(runner: .inProcess)
        let output = sandbox.ok(["recipe", "save", "a\u{202E}b", "--dose", "15"])
        #expect(rawBidiControls(in: output).isEmpty, "\(output.debugDescription)")
        #expect(output.contains(#"a\u{202E}b"#))
    }
}
