import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output on a terminal goes through a pager, as git does: `ui.pager`, else `$PAGER`, else
/// `less -FRX` (which leaves at once when the text fits on one screen, keeps colours, and leaves
/// the text on the screen). `--no-pager`, a pager set to `cat` or to nothing, and standard output
/// that is not a terminal turn it off.
///
/// The pager runs through `/bin/sh -c` with standard input a pipe, and brewlog's standard output
/// is moved onto that pipe, so everything the command prints reaches it. When the pager quits
/// before reading everything, the next write finds the pipe closed and brewlog ends quietly with
/// status 0, as for `brewlog list | head`. Errors still go to standard error, past the pager.
/// While it runs, brewlog ignores SIGINT and SIGQUIT (the pager's to handle, as `less` does), so a
/// Ctrl-C never leaves the pager alone on the terminal.
final class Pager {
    /// The pager's process.
    private let child: pid_t
    /// The command, for messages.
    let command: String

    private init(child: pid_t, command: String) {
        self.child = child
        self.command = command
    }

    /// The pager command to use, or `nil` for none: `configured` (`ui.pager`) when set, else
    /// `$PAGER` when set, else `less -FRX`; empty or `cat` means none.
    static func command(configured: String?, environment: [String: String]) -> String? {
        let command = (configured ?? environment["PAGER"] ?? "less -FRX").trimmingWhitespaceForCLI()
        return command.isEmpty || command == "cat" ? nil : command
    }

    /// `command` told to open at the end of its text: `less` (by any path) with `+G` added; any
    /// other pager as it is (it has no common way to say so; `ui.list-order = newest` is the
    /// other way to see the newest brews first).
    static func atEnd(_ command: String) -> String {
        let program = command.split(separator: " ", maxSplits: 1).first.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
        return program == "less" ? command + " +G" : command
    }

    /// Starts `command` and moves standard output onto its input; `nil` (and nothing changed)
    /// when it cannot be started, so the output goes to the terminal directly.
    static func start(_ command: String, environment: [String: String]) -> Pager? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGXFSZ, SIGINT, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        // As git does: `less` and `lv` keep colours and quit on a short text unless told otherwise.
        var childEnvironment = environment
        if childEnvironment["LESS"] == nil { childEnvironment["LESS"] = "FRX" }
        if childEnvironment["LV"] == nil { childEnvironment["LV"] = "-c" }
        let words = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }

        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
        close(readEnd)
        guard spawned == 0, dup2(writeEnd, STDOUT_FILENO) >= 0 else {
            close(writeEnd)
            if spawned == 0 { waitForExit(child) }
            return nil
        }
        close(writeEnd)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        return Pager(child: child, command: command)
    }

    /// Closes the pager's input (the output is complete), waits for the user to leave it, and
    /// returns why the output may not have been shown: `nil` when the pager ended well (status
    /// 0), else a message (a pager that cannot be run, `false`, one killed by a signal).
    func finish() -> String? {
        close(STDOUT_FILENO)
        let status = Pager.waitForExit(child)
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited && code == 0 { return nil }
        let why = !exited ? "was ended by signal \(status & 0x7F)"
            : code == 127 ? "could not be found (exit 127)" : code == 126 ? "could not be run (exit 126)" : "failed (exit \(code))"
        return "the pager '\(cappedForMessage(command))' \(why); the output may not have been shown"
    }

    @discardableResult
    private static func waitForExit(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
