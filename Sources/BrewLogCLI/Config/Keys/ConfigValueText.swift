#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value as a `key = value` line writes it: bare when it reads back the same, else in double
/// quotes; `\`, `"`, line feeds and tabs escaped either way.
enum ConfigValueText {
    /// The text to write after `key = ` so that reading it gives back `value`.
    static func encoded(_ value: String) -> String {
        var body = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "\"": body += "\\\""
            case "\n": body += "\\n"
            case "\t": body += "\\t"
            case "\u{08}": body += "\\b"
            default: body.unicodeScalars.append(scalar)
            }
        }
        let needsQuotes = value.isEmpty || value.hasPrefix(" ") || value.hasSuffix(" ") || value.contains("  ")
            || value.contains("#") || value.contains(";")
        return needsQuotes ? "\"" + body + "\"" : body
    }

    /// The first character a value cannot hold, or `nil`: control characters other than tab and
    /// line feed (which are escaped), since the file format has no way to write them back.
    static func forbiddenCharacter(in value: String) -> Unicode.Scalar? {
        value.unicodeScalars.first { TerminalText.isControl($0) && $0 != "\n" && $0 != "\t" && $0 != "\u{08}" }
    }

    /// `name` as a quoted subsection in a header: `"name"` with `\` and `"` escaped.
    static func quotedSubsection(_ name: String) -> String {
        "\"" + name.replacingScalars(["\\": "\\\\", "\"": "\\\""]) + "\""
    }
}
