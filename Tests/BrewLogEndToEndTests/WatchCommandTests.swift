import Foundation
import Testing
import BrewLogTestSupport

/// Whether `tool` is installed where the tests look for it.
private func installed(_ tool: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool)
}

/// `brewlog watch` running in a tmux pane 100 by 30, through `script(1)`, which logs every byte
/// it writes to the terminal; its process id is written to a file before it starts.
private final class WatchedPane {
    let sandbox: Sandbox
    private let environment: [String: String]
    private let logPath: String
    private let pidPath: String

    init(_ sandbox: Sandbox) {
        self.sandbox = sandbox
        logPath = sandbox.home + "/watch.log"
        pidPath = sandbox.home + "/watch.pid"
        var environment = sandbox.environment
        // A tmux server of the sandbox's own, gone with it.
        environment["TMUX_TMPDIR"] = sandbox.home
        environment["TERM"] = "xterm-256color"
        self.environment = environment
        let inner = "echo $$ > \(shellQuoted(pidPath)); exec \(shellQuoted(brewlogBinary)) watch"
        let outer = "script -qfc \(shellQuoted(inner)) \(shellQuoted(logPath))"
        tmux(["new-session", "-d", "-x", "100", "-y", "30", outer])
    }

    deinit {
        tmux(["kill-server"])
    }

    /// The pane's text now.
    var screen: String { tmux(["capture-pane", "-p"]).stdout }

    /// Every byte watch has written to the terminal so far (script's closing line left out).
    var written: [UInt8] {
        let bytes = [UInt8](FileManager.default.contents(atPath: logPath) ?? Data())
        let trailer = Array("\nScript done".utf8)
        guard bytes.count >= trailer.count,
              let start = (0...(bytes.count - trailer.count)).last(where: { bytes[$0..<($0 + trailer.count)].elementsEqual(trailer) })
        else { return bytes }
        return Array(bytes[..<start])
    }

    /// Watch's process id, once it has started.
    var processID: pid_t? {
        (try? String(contentsOfFile: pidPath, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the pane still runs its command.
    var isRunning: Bool {
        tmux(["list-panes", "-F", "#{pane_dead}"]).status == 0 && processID.map { kill($0, 0) == 0 } == true
    }

    func press(_ key: String) {
        tmux(["send-keys", key])
    }

    /// Runs tmux with `arguments` and waits for it: by `posix_spawn` and `waitpid`, as the
    /// server tmux starts keeps every descriptor it inherits, which `Process` would wait on.
    @discardableResult
    private func tmux(_ arguments: [String]) -> RunResult {
        let outPath = sandbox.home + "/tmux.out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // tmux's server outlives the call and passes its signal mask on: start it with none
        // blocked and every action the default, not as the test runner's thread has them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var process: pid_t = 0
        guard posix_spawn(&process, "/usr/bin/tmux", &actions, &attributes, argv, envp) == 0 else {
            return RunResult(status: -1, stdout: "", stderr: "could not start tmux")
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        let output = FileManager.default.contents(atPath: outPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return RunResult(status: (status >> 8) & 0xFF, stdout: output, stderr: "")
    }
}

/// Polls `condition` every 50 ms for up to `seconds`; whether it came true.
private func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// Whether `bytes` contain `text`'s UTF-8.
private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// What the terminal gets last when watch gives it back: the alternate screen left, the cursor shown.
private let restoredEnding = Array("\u{1B}[?1049l\u{1B}[?25h".utf8)

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
       .enabled(if: installed("tmux"), "tmux drives the terminal (install tmux)"),
       .enabled(if: installed("script"), "script(1) logs the bytes written (install bsdutils)"))
struct WatchCommandTests {
    @Test("start-up shows the newest brew; an edit by another process rewrites its rows alone; q restores the terminal")
    func editRedrawsOneRow() throws {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "Aeropress", "-c", "Huila", "-n", "older cup", "--date", "2026-11-28T08:00"])
        let id = sandbox.add(["-m", "V60", "-c", "Guji", "-r", "4", "-n", "bright and sweet"])
        let pane = WatchedPane(sandbox)
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
        let pane = WatchedPane(sandbox)
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
