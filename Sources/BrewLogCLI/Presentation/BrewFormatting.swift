import BrewLogCore

/// How brews' values read in human output.
enum BrewFormatting {
    /// `★★★★☆` for 4, `-` when unrated.
    static func stars(_ rating: Int?) -> String {
        guard let rating else { return "-" }
        return String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating))
    }

    /// `1:16.7`; a ratio too large to count in tenths (a dose of 1e-300 g) as `1:1e+304`.
    static func ratio(_ ratio: Double?) -> String {
        guard let ratio else { return "-" }
        guard ratio.isFinite, ratio >= 0, let tenths = Int(exactly: (ratio * 10).rounded()), tenths < 1_000_000_000_000_000 else {
            return "1:" + formatNumber(ratio)
        }
        return "1:\(tenths / 10).\(tenths % 10)"
    }

    /// `2026-11-29 07:15` on the clock the brew was recorded on.
    static func dateTime(_ timestamp: Timestamp) -> String {
        let wall = timestamp.wallClock
        return "\(wall.day) \(pad2(wall.hour)):\(pad2(wall.minute))"
    }

    /// `07:15`: the wall-clock time alone.
    static func time(_ timestamp: Timestamp) -> String {
        let wall = timestamp.wallClock
        return "\(pad2(wall.hour)):\(pad2(wall.minute))"
    }

    /// `2026-11-29 07:15 +01:00`.
    static func dateTimeWithOffset(_ timestamp: Timestamp) -> String {
        let offset = abs(timestamp.utcOffsetSeconds)
        return dateTime(timestamp) + " " + (timestamp.utcOffsetSeconds < 0 ? "-" : "+") + pad2(offset / 3600) + ":" + pad2(offset % 3600 / 60)
    }

    /// Shown after a note's line in a table when the note goes on beyond it, and before it when
    /// the note starts with a blank line (display width 1).
    static let moreLinesMarker = "⏎"

    /// A note as one table line: its first line, or when that is blank, ``moreLinesMarker``
    /// then its first non-blank line; then ` ⏎` when anything but line breaks follows the line
    /// shown. `lead` and `text` are unescaped; `tail` is `""` or ` ⏎`.
    static func notePreview(_ notes: String) -> (lead: String, text: String, tail: String) {
        // Most notes are one line: shown whole, without splitting (a list prints a million).
        if !notes.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return ("", notes, "") }
        let lines = notes.unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
        guard let first = lines.first else { return ("", "", "") }
        let shown = first.isEmpty ? lines.firstIndex { !$0.isEmpty } : lines.startIndex
        guard let shown else { return ("", "", "") }
        let lead = shown == lines.startIndex ? "" : moreLinesMarker + " "
        let more = lines[(shown + 1)...].contains { !$0.isEmpty }
        return (lead, String(String.UnicodeScalarView(lines[shown])), more ? " " + moreLinesMarker : "")
    }

    /// `text` cut to at most `width` columns, ending in `…`, when it takes more; never inside a
    /// grapheme cluster, so an emoji, a flag or a letter with its accents stays whole or goes.
    /// Reads only as far as the width reaches, so a long note costs no more than a short one.
    static func truncate(_ text: String, to width: Int) -> String {
        var used = 0
        // The end of the longest prefix that leaves a column for the `…`.
        var cut = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            used += DisplayWidth.of(text[index])
            index = text.index(after: index)
            if used > width { return width > 0 ? text[..<cut] + "…" : "" }
            if used < width { cut = index }
        }
        return text
    }

    /// Terminal columns `text` takes (see ``DisplayWidth``): East Asian wide characters and
    /// emoji take two, combining marks none.
    static func displayWidth(_ text: String) -> Int {
        DisplayWidth.of(text)
    }

    /// Pads `text` with spaces to `width` columns, after it (or before it, `alignedRight`).
    static func padded(_ text: String, to width: Int, alignedRight: Bool = false) -> String {
        let spaces = String(repeating: " ", count: max(0, width - displayWidth(text)))
        return alignedRight ? spaces + text : text + spaces
    }

    /// `4.5`; a value too large to count in tenths is written as ``formatNumber(_:)`` writes it.
    /// An amount of money to the hundredth, followed by the currency when one is set
    /// (`0.84 EUR`, `0.84 €`); `-` without one. The currency is the user's text, made safe.
    static func money(_ amount: Double?, currency: String?) -> String {
        guard let amount else { return "-" }
        return formatNumber(amount, decimals: 2) + (currency.map { " " + $0.terminalSafe } ?? "")
    }

    static func oneDecimal(_ value: Double) -> String {
        guard abs(value) < 1e15, let tenths = Int(exactly: (value * 10).rounded()) else { return formatNumber(value) }
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private static func pad2(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
