#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The write end of the live ``SignalPipe``, for the handler (which can capture nothing).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The handler: writes the signal's number into the pipe, the one async-signal-safe thing to do.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
}

/// Signals turned into bytes on a pipe (the self-pipe trick), so a `poll` loop hears of them
/// beside its other input and handles them outside the handler.
///
/// While it is installed, SIGINT, SIGTERM, SIGHUP and SIGWINCH are caught (and unblocked on the
/// calling thread: `pthread_sigmask`); ``uninstall()`` puts
/// their default actions back. One at a time per process.
final class SignalPipe {
    /// The signals caught.
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    /// The end to poll and read.
    let readEnd: Int32
    private let writeEnd: Int32

    /// Opens the pipe (both ends non-blocking, closed on exec: `pipe`, `fcntl`) and installs the handlers; `nil`
    /// when no pipe can be made.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd.store(writeEnd, ordering: .relaxed)
        for number in Self.caught { _ = signal(number, forwardSignal) }
        // A parent may have left them blocked (a test runner's thread, a daemon in between), and
        // a blocked SIGTERM would never end the view.
        var set = sigset_t()
        sigemptyset(&set)
        for number in Self.caught { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signals that arrived since the last call, in order.
    func drain() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            guard count > 0 else { return signals }
            signals += bytes[0..<count].map(Int32.init)
        }
    }

    /// Puts the default actions back and closes the pipe.
    func uninstall() {
        for number in Self.caught { _ = signal(number, SIG_DFL) }
        signalPipeWriteEnd.store(-1, ordering: .relaxed)
        close(readEnd)
        close(writeEnd)
    }
}
