import BrewLogCore
import BrewLogTestSupport
@testable import BrewLogCLI
import Foundation
import Testing

/// A bag's price, what each brew cost and a cup on average, in `ui.currency`; the grinder and
/// TDS fields and the extraction yield they give.
@Suite("Prices, costs per cup, grinder, TDS and extraction yield")
struct CostAndExtractionTests {
    private func sandbox() -> Sandbox {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["bean", "add", "Onyx Geometry", "--weight", "250", "--price", "18", "-q"])
        _ = sandbox.add(["-b", "onyx", "-m", "V60", "--dose", "15", "--water", "250", "--tds", "1.35", "--grinder", "Kinu m47", "-d", "-2h"])
        _ = sandbox.add(["-b", "onyx", "-m", "Espresso", "--dose", "18", "--yield", "36", "--tds", "9", "-d", "-1h"])
        _ = sandbox.add(["-m", "V60", "-c", "Gift", "--dose", "15"])
        return sandbox
    }

    @Test("list shows ey and cost, in ui.currency; --json holds them as numbers")
    func columns() {
        let sandbox = sandbox()
        sandbox.ok(["config", "set", "ui.currency", "EUR"])
        #expect(sandbox.ok(["list", "--columns", "method,grinder,tds,ey,cost"]) == """
            METHOD    GRINDER   TDS     EY      COST
            V60       Kinu m47  1.35 %  22.5 %  1.08 EUR
            Espresso  -         9.00 %  18.0 %  1.30 EUR
            V60       -         -       -       -

            """)
        #expect(sandbox.ok(["list", "--json", "--columns", "ey,cost"]) == #"[{"ey":22.5,"cost":1.08},"# + "\n" + #"{"ey":18,"cost":1.3},"# + "\n" + #"{"ey":null,"cost":null}]"# + "\n")
    }

    @Test("bean list and bean show give a cup's cost, stats the journal's; without a price, bean list has no such column")
    func perCup() throws {
        let sandbox = sandbox()
        let list = sandbox.ok(["bean", "list"])
        #expect(list.contains("PER CUP") && list.contains("1.19"), "\(list)")
        #expect(sandbox.ok(["bean", "show", "onyx"]).contains("per cup   1.19\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["bean", "show", "onyx", "--json"]).utf8)) as? [String: Any])
        #expect(json["price"] as? Int == 18 && json["cost_per_cup"] as? Double == 1.188)
        #expect(sandbox.ok(["stats"]).contains("Cost        1.19 a cup (2 of 3 brews from a bag with a price)"))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["stats", "--json"]).utf8)) as? [String: Any])
        #expect(stats["cost_per_cup"] as? Double == 1.188)
        sandbox.ok(["bean", "edit", "onyx", "--unset", "price"])
        #expect(!sandbox.ok(["bean", "list"]).contains("PER CUP"))
        #expect(!sandbox.ok(["stats"]).contains("Cost"))
    }

    @Test("a bad price, TDS or currency is refused and changes nothing", arguments: [
        ["bean", "add", "X", "--price", "-1"], ["bean", "add", "X", "--price", "1e12"], ["bean", "add", "X", "--price", "nan"],
        ["add", "--tds", "31"], ["add", "--tds", "-0.1"], ["config", "set", "ui.currency", "E U R"], ["config", "set", "ui.currency", "\u{1B}[31m"],
    ])
    func refused(arguments: [String]) {
        let sandbox = Sandbox(runner: .inProcess)
        let result = sandbox.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(sandbox.journal == nil && sandbox.config == nil)
    }

    @Test("the grinder completes from the journal")
    func grinderCompletes() {
        #expect(sandbox().ok(["__complete", "grinders", "--", ""]) == "Kinu m47\n")
        #expect(BrewField.grinder.option?.spec.completion == .lookup(.grinders))
    }
}
