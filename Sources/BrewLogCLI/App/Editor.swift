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

/// Runs the user's editor on a text: `$VISUAL`, else `$EDITOR`, else `vi`, through `/bin/sh`
/// so values with arguments (`code --wait`) work as they do for git.
///
/// The text is written to `notes.txt` in a fresh folder made by `mkdtemp` (mode 0700), the file
/// itself created 0600 with `O_EXCL`, so no other user can read the notes or swap the file for
/// another while the editor has it open. Both are removed afterwards, and also when brewlog is
/// ended by SIGTERM, SIGHUP or a SIGINT sent to it with `kill`: the signal is passed on to the
/// editor, the file and folder are removed, and brewlog dies of the same signal (status
/// 128 + signal). A Ctrl-C typed at the terminal reaches the editor directly, which decides
/// what it means (vi uses it to cancel a command), as git does; when it kills the editor,
/// brewlog cleans up and dies of it too.
struct Editor {
    let environment: [String: String]

    /// The edited text (without a final newline), or `nil` when it came back unchanged. Text left
    /// blank (empty or only whitespace) comes back as `""`: emptying the file clears the notes.
    func edit(_ text: String) throws(CLIError) -> String? {
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = try scratchFile(holding: text + "\n", under: environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp")
        defer { file.remove() }
        let status = try run(command, on: file)
        let signal = status & 0x7F
        if signal != 0 {
            if signal == SIGINT || signal == SIGQUIT {
                file.remove()
                dieOf(signal)
            }
            throw CLIError.editorFailed("the editor '\(command)' was killed by signal \(signal) (\(Editor.signalName(signal))); nothing written")
        }
        let exitStatus = (status >> 8) & 0xFF
        guard exitStatus == 0 else {
            throw CLIError.editorFailed("the editor '\(command)' exited with status \(exitStatus); nothing written")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CLIError.editorFailed("the editor '\(command)' exited 0 but left no file behind; nothing written",
                                        hint: "set $VISUAL or $EDITOR to an editor that saves the file it is given")
        }
        var edited = String(decoding: data, as: UTF8.self)
        while edited.hasSuffix("\n") { edited.removeLast() }
        if edited.trimmingWhitespaceForCLI().isEmpty { edited = "" }
        return edited == text ? nil : edited
    }

    /// Runs `command "$1"` through `/bin/sh` with `$1` the file, and returns its `waitpid` status.
    /// The editor starts with default signal handling (brewlog ignores SIGPIPE and SIGXFSZ for
    /// itself); while it runs, brewlog's handlers clean up on SIGTERM, SIGHUP and a sent SIGINT.
    /// The notes file: `notes.txt` in a fresh private folder in `base`.
    private func scratchFile(holding text: String, under base: String) throws(CLIError) -> PrivateScratchFile {
        do throws(PrivateScratchFile.Failure) {
            return try PrivateScratchFile(named: "notes.txt", holding: Array(text.utf8), under: base)
        } catch {
            switch error {
            case let .folder(base, failure):
                throw CLIError.io("cannot create a private folder for the editor in \(base): \(failure.description)")
            case let .file(folder, failure):
                throw CLIError.io("cannot create a temporary file for the editor in \(folder): \(failure.description)")
            case let .write(path, failure):
                throw CLIError.io("cannot write the temporary file for the editor \(path): \(failure.description)")
            }
        }
    }

    private func run(_ command: String, on file: PrivateScratchFile) throws(CLIError) -> Int32 {
        let cleanup: [UnsafeMutablePointer<CChar>?] = [strdup(file.path), strdup(file.folder)]
        // `exec`: the editor replaces the shell, so a signal passed on reaches the editor itself,
        // and an editor killed by a signal is reported as such, not as the shell's status 128 + n.
        // A command that starts with a variable assignment (`LANG=C vi`) cannot follow `exec`
        // in every shell, so it runs as given.
        let startsWithAssignment = command.prefix { $0 != " " && $0 != "\t" }.contains("=")
        let script = (startsWithAssignment ? "" : "exec ") + command + " \"$1\""
        let words: [String] = ["/bin/sh", "-c", script, "sh", file.path]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer {
            for pointer in cleanup + arguments { free(pointer) }
        }
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in Editor.cleanupSignals { sigaddset(&handled, signal) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = handled
        for signal in [SIGPIPE, SIGXFSZ, SIGQUIT] { sigaddset(&defaults, signal) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // The handlers must know the child before any of these signals can arrive.
        var previousMask = sigset_t()
        sigprocmask(SIG_BLOCK, &handled, &previousMask)
        editorCleanup = EditorCleanup(file: cleanup[0], folder: cleanup[1], child: 0)
        let previous = Editor.cleanupSignals.map { installCleanupHandler($0) }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", nil, &attributes, arguments, environ)
        editorCleanup.child = spawned == 0 ? child : 0
        // Unblocked even if brewlog was started with them blocked (a mask is inherited), so
        // that they reach the handlers.
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        defer {
            sigprocmask(SIG_BLOCK, &handled, nil)
            for (signal, action) in zip(Editor.cleanupSignals, previous) {
                var action = action
                sigaction(signal, &action, nil)
            }
            editorCleanup = EditorCleanup()
            sigprocmask(SIG_SETMASK, &previousMask, nil)
        }
        guard spawned == 0 else {
            throw CLIError.editorFailed("cannot start the editor '\(command)': \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CLIError.editorFailed("cannot wait for the editor '\(command)': \(String(cString: strerror(errno)))")
            }
        }
        return status
    }

    /// The signals that end brewlog while the editor runs, after removing the notes file.
    static let cleanupSignals = [SIGINT, SIGTERM, SIGHUP]

    /// `SIGKILL` for 9, and the other usual names; `SIG` and the number for the rest.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "SIG\(signal)"
    }
}

/// What the signal handlers need, set before they are installed and cleared after they are
/// removed; read only by the handler and only while the signals it handles are not blocked.
private struct EditorCleanup {
    var file: UnsafeMutablePointer<CChar>?
    var folder: UnsafeMutablePointer<CChar>?
    var child: pid_t = 0
}

/// The signal handlers' state. Written only with the handled signals blocked.
private nonisolated(unsafe) var editorCleanup = EditorCleanup()

/// Installs the cleanup handler for `signal` and returns the previous action.
private func installCleanupHandler(_ signal: Int32) -> sigaction {
    var action = sigaction()
    #if canImport(Darwin)
    action.__sigaction_u.__sa_sigaction = cleanUpAndDie
    #else
    action.__sigaction_handler.sa_sigaction = cleanUpAndDie
    #endif
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    sigaction(signal, &action, &previous)
    return previous
}

/// The handler: passes the signal on to the editor, removes the notes file and its folder, and
/// lets the signal end brewlog. Only async-signal-safe calls. A SIGINT typed at the terminal
/// (sent by the kernel) is left to the editor, which got it too.
private func cleanUpAndDie(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    if signal == SIGINT, let info, info.pointee.si_code == 0x80 /* SI_KERNEL */ { return }
    let state = editorCleanup
    if state.child > 0 { kill(state.child, signal) }
    if let file = state.file { unlink(file) }
    if let folder = state.folder { rmdir(folder) }
    dieOf(signal)
}

/// Ends the process by signal `number` with its default action, so the parent sees 128 + number.
private func dieOf(_ number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    _exit(128 + number)
}
