import BrewLogCore

/// What one line of `watch`'s dashboard shows. Two layouts put a row with the same value on the
/// same line only when it shows the same thing, so a line whose row is unchanged is left alone.
enum DashboardRow: Hashable, Sendable {
    case title
    case streak
    /// An empty line; the number tells the gaps apart.
    case gap(Int)
    case heading(String)
    /// A line of text that depends on nothing ("no brew yet").
    case note(String)
    case todayBrew(BrewID)
    case newestBrew(BrewID)
    case bag(BrewID)
}

extension DashboardRow {
    /// The row's text, unescaped parts made terminal-safe, cut to `width` columns. Reads the
    /// store (and the brew), so run inside a tracking scope it depends on exactly what it shows.
    func text(in store: BrewLogStore, journalPath: String, width: Int) -> String {
        let text: String
        switch self {
        case .title:
            text = "brewlog watch · " + TerminalText.escaped(journalPath) + " · q quits"
        case .streak:
            text = StreakText.short(store.streakSummary, style: Style(enabled: false))
        case .gap:
            text = ""
        case let .heading(words):
            text = words
        case let .note(words):
            text = "  " + words
        case let .todayBrew(id):
            text = store.brew(id: id).map { Self.line($0, when: BrewFormatting.time($0.timestamp)) } ?? ""
        case let .newestBrew(id):
            text = store.brew(id: id).map { Self.line($0, when: BrewFormatting.dateTime($0.timestamp)) } ?? ""
        case let .bag(id):
            text = store.beanBags.first { $0.id == id }.map { Self.bagLine(store.beanUsage(of: $0)) } ?? ""
        }
        return BrewFormatting.truncate(text, to: width)
    }

    /// A brew in one line: when, rating, method, coffee and its notes' first line, the method and
    /// coffee in columns of a fixed width (each row is drawn on its own, so the columns cannot
    /// be measured over every row; a longer name is cut with `…`).
    private static func line(_ brew: Brew, when: String) -> String {
        let preview = BrewFormatting.notePreview(brew.notes)
        let parts = [
            when, BrewFormatting.padded(BrewFormatting.stars(brew.rating), to: 5),
            column(brew.method, width: methodWidth), column(brew.coffee, width: coffeeWidth),
            TerminalText.escaped(preview.lead + preview.text) + preview.tail,
        ]
        return "  " + parts.joined(separator: "  ")
    }

    /// The width of the method and coffee columns.
    private static let methodWidth = 12, coffeeWidth = 18

    /// `text` (or `-`) escaped, cut to `width` and padded to it.
    private static func column(_ text: String?, width: Int) -> String {
        BrewFormatting.padded(BrewFormatting.truncate(TerminalText.escaped(text ?? "-"), to: width), to: width)
    }

    /// A bag in one line: its name and the grams left (`-` without a weight), the grams in a column.
    private static func bagLine(_ usage: BeanUsage) -> String {
        let left = usage.gramsLeft.map { "\(Int(max(0, $0).rounded())) g left" + (usage.isLow ? " (low)" : "") } ?? "- g left"
        return "  " + column(usage.bag.name, width: coffeeWidth) + "  " + left
    }
}
