#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BrewLogCore

/// `brewlog watch`: a live dashboard of the journal on the terminal's alternate screen.
///
/// It loads the journal once, then waits in one `poll` for a key (`q`), a signal (through a
/// ``SignalPipe``) or a change to the journal (a ``JournalWatcher``). On a change it reads the
/// journal under a shared lock and reloads the same store in place, and the ``Dashboard``
/// writes only the rows whose tracking scopes fired. On SIGWINCH it redraws everything at the
/// new size. On `q` it gives the terminal back and exits 0; on SIGINT, SIGTERM or SIGHUP it gives
/// the terminal back and then dies of the same signal, as the caller expects. A journal that
/// cannot be read for a moment (busy, or half-written by another program) leaves the screen as
/// it was until the next change.
enum WatchCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "watch",
        abstract: "Show a live dashboard of the journal until q is pressed.",
        usage: "watch",
        options: [],
        discussion: """
            The streak, today's brews, the open bags with the grams left and the newest brews 
            that fit, on the terminal's alternate screen. It follows the journal as other 
            brewlog commands change it, redrawing only the lines that changed. q or Ctrl-C 
            quits. Standard output must be a terminal.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        guard context.standardOutputIsTerminal else {
            throw context.usage("standard output is not a terminal", hint: "run 'brewlog watch' in a terminal; for a script, use 'brewlog list' or 'brewlog streak'")
        }
        let session = try context.session()
        let store = try session.read()
        guard let signals = SignalPipe() else { throw CLIError.io("cannot watch for signals") }
        let watcher = JournalWatcher(path: session.journal.path)
        let terminal = TerminalMode()
        let dashboard = Dashboard(store: store, journalPath: session.journal.path)
        terminal.enter()
        let size = TerminalMode.size()
        ScreenOutput.send(dashboard.fullRedraw(rows: size.rows, columns: size.columns))
        let ending = loop(store: store, session: session, dashboard: dashboard, signals: signals, watcher: watcher, lockTimeout: try context.lockTimeout)
        terminal.leave()
        signals.uninstall()
        if let ending { raise(ending) }
    }

    /// Waits for input until `q` (returns `nil`) or a signal that ends the view (returns it).
    private static func loop(store: BrewLogStore, session: JournalSession, dashboard: Dashboard, signals: SignalPipe,
                             watcher: JournalWatcher, lockTimeout: Double) -> Int32? {
        var keys: Int32 = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : -1
        while true {
            var fds = [pollfd(fd: keys, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: watcher.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), watcher.descriptor == nil ? JournalWatcher.pollInterval : -1)
            if ready < 0 { continue }
            for number in signals.drain() {
                if number == SIGWINCH {
                    let size = TerminalMode.size()
                    ScreenOutput.send(dashboard.fullRedraw(rows: size.rows, columns: size.columns))
                } else {
                    return number
                }
            }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 { keys = -1 }
                if count == 1, byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { return nil }
            }
            let changed = watcher.descriptor == nil ? watcher.changedSincePoll() : watcher.journalEventsArrived()
            if changed {
                reload(store, from: session, lockTimeout: lockTimeout)
                ScreenOutput.send(dashboard.update())
            }
        }
    }

    /// Reads the journal under a shared lock and reloads `store` in place; a failure keeps the
    /// store as it was.
    private static func reload(_ store: BrewLogStore, from session: JournalSession, lockTimeout: Double) {
        let snapshot: JournalSnapshot? = try? session.journal.reading(timeout: lockTimeout) { locked throws(JournalError) in
            try locked.load()
        }
        if let snapshot { store.reload(from: snapshot) }
    }
}
