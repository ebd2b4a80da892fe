/// Text made safe for roff source with the man(7) macros, and the few requests the manual uses.
///
/// roff reads a backslash as an escape, a leading `.` or `'` as a request, and `-` as a hyphen
/// (not the minus an option is typed with); a double quote ends a macro argument. Characters
/// outside ASCII are written as `\[uXXXX]`, so the page reads the same whatever encoding the
/// formatter assumes.
enum ManPageRoff {
    /// `text` as roff text for a line of its own (or a quoted macro argument, with `inMacro`).
    static func escaped(_ text: String, inMacro: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\"" where inMacro: result += "\\(dq"
            case "\n", "\r", "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    continue
                } else if scalar.isASCII {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\[u" + hex(scalar.value) + "]"
                }
            }
        }
        // A line must not start as a request; `\&` is a zero-width character that prevents it.
        if !inMacro, result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// A macro line: `.TP`, `.SH "NAME"` (each argument quoted and escaped).
    static func macro(_ name: String, _ arguments: String...) -> String {
        ([ "." + name ] + arguments.map { "\"" + escaped($0, inMacro: true) + "\"" }).joined(separator: " ")
    }

    /// `text` in bold, for a line of text.
    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// `text` in italics (a placeholder), for a line of text.
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// At least four upper-case hexadecimal digits, as `\[u...]` wants them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
