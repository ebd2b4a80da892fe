/// The control sequences a full-screen view writes (ECMA-48 and the xterm private modes).
enum Escape {
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let resetAttributes = "\u{1B}[0m"
    /// Text drawn with the foreground and background swapped (SGR 7): the step in progress.
    static let reverseVideo = "\u{1B}[7m"
    /// The terminal's bell (BEL).
    static let bell = "\u{07}"
    /// Cursor home and erase the whole screen: written only for a full redraw.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// Erase from the cursor to the end of its line.
    static let eraseToLineEnd = "\u{1B}[K"

    /// The cursor moved to the start of `row` (counted from 0).
    static func moveToRow(_ row: Int) -> String {
        "\u{1B}[\(row + 1);1H"
    }
}
