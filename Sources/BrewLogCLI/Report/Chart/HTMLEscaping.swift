/// Text made safe to place in HTML or SVG, as an element's text or a double-quoted attribute.
enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, so it can only
    /// ever be text; `:` too, so that journal text never spells a URL scheme (`javascript:`,
    /// `https:`) in the file, even as harmless text. Control characters other than tab and
    /// newline are dropped: HTML has no way to show them. A bidirectional embedding, override or
    /// isolate is shown as `\u{202E}`, as on a terminal, so no journal text reorders the page.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case ":": out += "&#58;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .control { continue }
                if TerminalText.isBidiControl(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
