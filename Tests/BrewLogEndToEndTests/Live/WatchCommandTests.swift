import Foundation
import Testing
import BrewLogTestSupport

@Suite("watch on a pipe")
struct WatchUsageTests {
    @Test("standard output that is not a terminal is a usage error")
    func notATerminal() {
        let sandbox = Sandbox()
        let result = sandbox.run(["watch"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("standard output is not a terminal"))
        #expect(result.stdout.isEmpty)
    }
}

@Suite("watch on a terminal follows the journal",
       .enabled(if: ExternalTool.tmux.isInstalled, "tmux drives the terminal (install tmux)"),
       .enabled(if: ExternalTool.script.isInstalled, "script(1) logs the bytes written (install bsdutils)"))
struct WatchCommandTests {
    @Test("start-up shows the newest brew; an edit by another process rewrites its rows alone; q restores the terminal")
    func editRedrawsOneRow() throws {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "Aeropress", "-c", "Huila", "-n", "older cup", "--date", "2026-11-28T08:00"])
        let id = sandbox.add(["-m", "V60", "-c", "Guji", "-r", "4", "-n", "bright and sweet"])
        let pane = TerminalPane(sandbox, arguments: ["watch"])
        #expect(eventually { pane.screen.contains("bright and sweet") && pane.screen.contains("older cup") }, "\(pane.screen)")
        let before = pane.written.count
        #expect(before > 0)

        sandbox.ok(["edit", id, "--notes", "now with a longer finish"])
        #expect(eventually { pane.screen.contains("now with a longer finish") }, "\(pane.screen)")
        #expect(eventually { contains(pane.written, "now with a longer finish") })
        let update = Array(pane.written[before...])
        // The brew shows twice (today's and the newest): two rows of at most 100 columns.
        #expect(update.count < 500, "one change wrote \(update.count) bytes")
        #expect(update.count * 3 < before, "one change wrote \(update.count) bytes, the first screen \(before)")
        #expect(!contains(update, "\u{1B}[2J"), "one change must not clear the screen")
        #expect(!contains(update, "older cup"), "rows that did not change are not written")
        #expect(pane.screen.contains("older cup"))

        pane.press("q")
        #expect(eventually { !pane.isRunning })
        #expect(pane.written.suffix(restoredEnding.count).elementsEqual(restoredEnding))
    }

    @Test("an added brew inserts a row; SIGTERM restores the terminal")
    func addInsertsRow() throws {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "V60", "-c", "Guji", "-n", "first cup"])
        let pane = TerminalPane(sandbox, arguments: ["watch"])
        #expect(eventually { pane.screen.contains("first cup") }, "\(pane.screen)")
        let before = pane.written.count

        _ = sandbox.add(["-m", "Kalita", "-c", "Huila", "-n", "second cup"])
        #expect(eventually { pane.screen.contains("second cup") }, "\(pane.screen)")
        let lines = pane.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let second = try #require(lines.lastIndex { $0.contains("second cup") })
        let first = try #require(lines.lastIndex { $0.contains("first cup") })
        #expect(second < first, "the newest brew is listed first")
        #expect(!contains(Array(pane.written[before...]), "\u{1B}[2J"))

        let process = try #require(pane.processID)
        kill(process, SIGTERM)
        #expect(eventually { !pane.isRunning })
        #expect(pane.written.suffix(restoredEnding.count).elementsEqual(restoredEnding))
    }
}
