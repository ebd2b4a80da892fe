import BrewLogCore

/// The `--format` of `brewlog prompt`: literal text and placeholders, checked once before the
/// journal is read, so a bad format fails the same with or without a journal.
struct PromptFormat {
    /// What `prompt` prints without `--format`.
    static let standard = "☕%s%t"
    /// `%t` when today has a brew.
    static let brewedMark = "✓"
    /// `%t` when today has no brew yet.
    static let notYetMark = "·"

    /// One piece of the format.
    enum Piece: Equatable {
        case text(String)
        case streak, today, longest, gramsLeft
    }

    /// A `%` not followed by a known letter.
    struct Problem: Error {
        let message: String
    }

    let pieces: [Piece]

    /// The format `text`: `%s`, `%t`, `%l`, `%g` and `%%`; any other `%` throws.
    init(_ text: String) throws(Problem) {
        var pieces: [Piece] = []
        var literal = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            let placeholder: Piece
            switch characters.next() {
            case "%": literal.append("%"); continue
            case "s": placeholder = .streak
            case "t": placeholder = .today
            case "l": placeholder = .longest
            case "g": placeholder = .gramsLeft
            case let other?:
                throw Problem(message: "unknown placeholder '%\(String(other).terminalSafe)' in '--format' (use %s, %t, %l, %g or %%)")
            case nil:
                throw Problem(message: "'--format' ends with a lone '%' (write %% for a percent sign)")
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(placeholder)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// Whether `%g` is used (the only placeholder that reads the brews' doses).
    var needsGrams: Bool { pieces.contains(.gramsLeft) }

    /// The line: the format's text made terminal-safe, the placeholders filled in.
    func render(_ summary: StreakSummary, gramsLeft: Double?) -> String {
        pieces.map { piece in
            switch piece {
            case let .text(text): text.terminalSafe
            case .streak: String(summary.current)
            case .today: summary.brewedToday ? PromptFormat.brewedMark : PromptFormat.notYetMark
            case .longest: String(summary.longest)
            case .gramsLeft: gramsLeft.map(PromptFormat.wholeGrams) ?? ""
            }
        }.joined()
    }

    /// Whole grams, rounded; `0` when the brews used more than the bag held.
    private static func wholeGrams(_ grams: Double) -> String {
        guard grams.isFinite, grams > 0 else { return "0" }
        return String(Int(min(grams, Double(Int.max / 2)).rounded()))
    }
}
