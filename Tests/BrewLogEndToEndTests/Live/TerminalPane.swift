import Foundation
import Testing
import BrewLogTestSupport

/// brewlog running in a tmux pane 100 by 30 (`watch`, `brew`), through `script(1)`, which logs
/// every byte it writes to the terminal; its process id is written to a file before it starts.
final class TerminalPane {
    let sandbox: Sandbox
    private let environment: [String: String]
    private let logPath: String
    private let pidPath: String

    /// Starts `brewlog ARGUMENTS` in the pane.
    init(_ sandbox: Sandbox, arguments: [String]) {
        self.sandbox = sandbox
        logPath = sandbox.home + "/pane.log"
        pidPath = sandbox.home + "/pane.pid"
        var environment = sandbox.environment
        // A tmux server of the sandbox's own, gone with it.
        environment["TMUX_TMPDIR"] = sandbox.home
        environment["TERM"] = "xterm-256color"
        self.environment = environment
        let inner = "echo $$ > \(shellQuoted(pidPath)); exec " + ([brewlogBinary] + arguments).map(shellQuoted).joined(separator: " ")
        let outer = "script -qfc \(shellQuoted(inner)) \(shellQuoted(logPath))"
        tmux(["new-session", "-d", "-x", "100", "-y", "30", outer])
    }

    deinit {
        tmux(["kill-server"])
    }

    /// The pane's text now.
    var screen: String { tmux(["capture-pane", "-p"]).stdout }

    /// Every byte brewlog has written to the terminal so far (script's closing line left out).
    var written: [UInt8] {
        let bytes = [UInt8](FileManager.default.contents(atPath: logPath) ?? Data())
        let trailer = Array("\nScript done".utf8)
        guard bytes.count >= trailer.count,
              let start = (0...(bytes.count - trailer.count)).last(where: { bytes[$0..<($0 + trailer.count)].elementsEqual(trailer) })
        else { return bytes }
        return Array(bytes[..<start])
    }

    /// brewlog's process id, once it has started.
    var processID: pid_t? {
        (try? String(contentsOfFile: pidPath, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the pane still runs its command.
    var isRunning: Bool {
        tmux(["list-panes", "-F", "#{pane_dead}"]).status == 0 && processID.map { kill($0, 0) == 0 } == true
    }

    /// Types `key` (a tmux key name such as `Enter`, or text) into the pane.
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
        guard posix_spawn(&process, ExternalTool.tmux.executable, &actions, &attributes, argv, envp) == 0 else {
            return RunResult(status: -1, stdout: "", stderr: "could not start tmux")
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        let output = FileManager.default.contents(atPath: outPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return RunResult(status: (status >> 8) & 0xFF, stdout: output, stderr: "")
    }
}

/// Polls `condition` every 50 ms for up to `seconds`; whether it came true.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// Whether `bytes` contain `text`'s UTF-8.
func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// What the terminal gets last when a full-screen view gives it back: the alternate screen left, the cursor shown.
let restoredEnding = Array("\u{1B}[?1049l\u{1B}[?25h".utf8)

