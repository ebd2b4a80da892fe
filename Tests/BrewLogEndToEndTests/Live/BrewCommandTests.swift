import Foundation
import Testing
import BrewLogTestSupport

@Suite("brew on a pipe")
struct BrewUsageTests {
    @Test("standard input and output that are not a terminal are a usage error")
    func notATerminal() {
        let sandbox = Sandbox()
        let result = sandbox.run(["brew"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("standard input and output are not a terminal"))
        #expect(sandbox.journal == nil || sandbox.journalLines.isEmpty)
    }
}

@Suite("brew on a terminal times and logs a brew",
       .enabled(if: ExternalTool.tmux.isInstalled, "tmux drives the terminal (install tmux)"),
       .enabled(if: ExternalTool.script.isInstalled, "script(1) logs the bytes written (install bsdutils)"))
struct BrewCommandTests {
    /// A sandbox with the recipe `v60`: a method, a dose and four steps.
    private func sandboxWithRecipe() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.ok(["config", "set", "recipe.v60.method", "V60"])
        sandbox.ok(["config", "set", "recipe.v60.dose", "15"])
        sandbox.ok(["config", "set", "recipe.v60.steps", "bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00"])
        return sandbox
    }

    @Test("Enter stops the timer; the rating and notes asked are logged with the recipe's fields and the time")
    func stopsAndLogs() throws {
        let sandbox = sandboxWithRecipe()
        let pane = TerminalPane(sandbox, arguments: ["brew", "--recipe", "v60", "-c", "Guji"])
        #expect(eventually { pane.screen.contains("Elapsed 0:0") && pane.screen.contains("pour 150g") }, "\(pane.screen)")
        #expect(pane.screen.contains("next: bloom at 0:45"))
        sleep(1)
        pane.press("Enter")
        #expect(eventually { pane.screen.contains("Rating (1-5") }, "\(pane.screen)")
        pane.press("4")
        pane.press("Enter")
        #expect(eventually { pane.screen.contains("Notes (") }, "\(pane.screen)")
        pane.press("sweet and round")
        pane.press("Enter")
        #expect(eventually { !pane.isRunning })
        #expect(contains(pane.written, "Logged "))
        #expect(contains(pane.written, "recipe v60"))
        #expect(contains(pane.written, "\u{1B}[?1049l\u{1B}[?25h"), "the alternate screen was left and the cursor shown")

        let shown = sandbox.ok(["show", "last", "--json"])
        #expect(shown.contains(#""method":"V60""#), "\(shown)")
        #expect(shown.contains(#""dose_g":15"#), "\(shown)")
        #expect(shown.contains(#""coffee":"Guji""#), "\(shown)")
        #expect(shown.contains(#""rating":4"#), "\(shown)")
        #expect(shown.contains(#""notes":"sweet and round""#), "\(shown)")
        let time = try #require(shown.range(of: #""time_s":"#).map { shown[$0.upperBound...].prefix { $0.isNumber } })
        #expect((Int(time) ?? 0) >= 1, "\(shown)")
    }

    @Test("q cancels: nothing is written and the terminal is restored")
    func cancels() {
        let sandbox = sandboxWithRecipe()
        let pane = TerminalPane(sandbox, arguments: ["brew", "--recipe", "v60"])
        #expect(eventually { pane.screen.contains("Elapsed") }, "\(pane.screen)")
        pane.press("q")
        #expect(eventually { !pane.isRunning })
        #expect(sandbox.journal == nil || sandbox.journalLines.isEmpty)
        #expect(contains(pane.written, "\u{1B}[?1049l\u{1B}[?25h"), "the alternate screen was left and the cursor shown")
        #expect(contains(pane.written, "Cancelled; nothing logged."))
    }
}
