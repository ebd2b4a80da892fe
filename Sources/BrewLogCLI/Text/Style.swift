import BrewLogCore

/// ANSI styling that is either on or off for the whole run, decided once from `--color` and the environment.
struct Style {
    let enabled: Bool

    /// `--color always|never` win over everything; `auto` colours only a terminal, and not with
    /// `NO_COLOR` set (non-empty) or `TERM=dumb`.
    static func decide(option: String?, isTerminal: Bool, environment: [String: String]) throws(CLIError) -> Style {
        switch option ?? "auto" {
        case "always": return Style(enabled: true)
        case "never": return Style(enabled: false)
        case "auto":
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            return Style(enabled: isTerminal && !noColor && environment["TERM"] != "dumb")
        case let other:
            throw CLIError.usage("invalid value '\(cappedForMessage(other))' for '--color'", hint: "use auto, always or never", command: nil)
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
