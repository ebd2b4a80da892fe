#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal taken over for a full-screen view, and given back as it was.
///
/// ``enter()`` saves standard input's `termios` settings and turns off canonical input and echo
/// (`tcsetattr`), so a single `q` is read at once; signals stay on, so Ctrl-C still sends SIGINT.
/// It then switches standard output to the alternate screen and hides the cursor. ``leave()``
/// undoes it all in reverse: colours reset, the alternate screen left, the cursor shown last,
/// and the saved settings put back. It is safe to call more than once.
final class TerminalMode {
    /// The settings to put back, when standard input is a terminal.
    private var saved: termios?
    private var entered = false

    /// Takes the terminal over.
    func enter() {
        var settings = termios()
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 {
            saved = settings
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        ScreenOutput.send(Escape.enterAlternateScreen + Escape.hideCursor)
        entered = true
    }

    /// Gives the terminal back: the output ends with leaving the alternate screen and showing
    /// the cursor, then the input settings are restored.
    func leave() {
        guard entered else { return }
        entered = false
        ScreenOutput.send(Escape.resetAttributes + Escape.leaveAlternateScreen + Escape.showCursor)
        if var settings = saved {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }

    /// Standard output's size in rows and columns (`ioctl(TIOCGWINSZ)`), or 24 by 80 when the
    /// terminal does not say.
    static func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
