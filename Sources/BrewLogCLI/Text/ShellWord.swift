/// A word a POSIX shell reads back as exactly the given text: what a hint prints when it names
/// a key, a recipe or a path, so pasting the command it shows works.
///
/// Plain words (letters, digits and `._-/:=@%+,`) are printed as they are; other text is put in
/// single quotes; text with a control character or a bidirectional control (which a terminal
/// must never receive raw) is written as bash's, zsh's and ksh's `$'…'`, with `\e`, `\n`, `\t`
/// and `\xHH` escapes (a character outside ASCII as its UTF-8 bytes, which every locale reads
/// alike), so it stays visible and still names the same bytes.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy(isPlain) { return text }
        guard text.unicodeScalars.contains(where: TerminalText.needsEscape) else {
            return "'" + text.replacingScalars(["'": #"'\''"#]) + "'"
        }
        var result = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += #"\\"#
            case "'": result += #"\'"#
            case "\u{1B}": result += #"\e"#
            case "\n": result += #"\n"#
            case "\t": result += #"\t"#
            case "\r": result += #"\r"#
            case _ where TerminalText.needsEscape(scalar):
                // Byte by byte: `\u` is expanded only in a locale that can encode it (not under
                // `LC_ALL=C`, as in cron), while `\xHH` means the same bytes everywhere.
                for byte in String(scalar).utf8 { result += #"\x"# + hex(UInt32(byte), digits: 2) }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", "/", ":", "=", "@", "%", "+", ",": true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
