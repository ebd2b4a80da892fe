import BrewLogCore

/// Text from the journal or the command line made safe to show on a terminal.
///
/// A control character in a brew's fields, an id or an echoed argument could otherwise retitle
/// the window, clear the screen or hide text (ESC, OSC and CSI sequences, CR, BEL). Every human
/// renderer (tables, `show`, `stats`, messages and errors) passes such text through
/// ``escaped(_:keepingNewlines:)`` before it is styled, so the only control sequences brewlog
/// prints are its own colours. JSON, JSON Lines and CSV output never go through it: they keep
/// text exactly.
///
/// C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F) become visible
/// escapes: `\e` for ESC, `\n`, `\r`, `\t`, `\x07` style for the rest of C0 and DEL, and
/// `\u{9B}` style for C1. So do the bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069, as `\u{202E}`), which would reorder what the terminal shows
/// after them. Everything else, backslashes included, is shown as it is.
enum TerminalText {
    /// `text` with every control character replaced by a visible escape. With `keepingNewlines`
    /// a line feed stays (for multi-line text that is meant to span lines, such as a message);
    /// renderers that lay text out in rows or columns keep the default and escape it.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar), !(keepingNewlines && scalar == "\n") else {
                result.unicodeScalars.append(scalar)
                continue
            }
            result += visible(scalar)
        }
        return result
    }

    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        isControlCharacter(scalar)
    }

    /// Whether `scalar` is a bidirectional embedding, override or isolate.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        BrewLogCore.isBidiControl(scalar)
    }

    /// Whether `scalar` is shown as a visible escape.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{1B}": return "\\e"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            if scalar.value <= 0x7F { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
            return "\\u{" + hex + "}"
        }
    }
}

extension String {
    /// This text with control characters shown as visible escapes (see ``TerminalText``).
    var terminalSafe: String { TerminalText.escaped(self) }
}
