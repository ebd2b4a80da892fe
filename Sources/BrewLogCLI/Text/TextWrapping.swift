/// Words laid out in lines no wider than a given number of terminal columns, for help screens.
enum TextWrapping {
    /// `text` filled into lines of at most `width` columns: the first line starts with `lead`,
    /// the others with `indent` spaces (a hanging indent). Runs of spaces between words become
    /// one. A word wider than a line is broken: after a `/`, `,` or `-` when one falls inside
    /// the line, else where the line ends, so no line is ever wider than `width`.
    static func wrap(_ text: String, lead: String = "", indent: Int, width: Int) -> [String] {
        let indent = max(0, min(indent, width - minimumColumns))
        let continuation = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = lead
        var lineHasWord = false
        func startLine() {
            lines.append(line)
            line = continuation
            lineHasWord = false
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            if lineHasWord {
                if columns(line) + 1 + columns(word) <= width {
                    line += " " + word
                    continue
                }
                startLine()
            } else if columns(line) > indent, columns(line) + columns(word) > width {
                // The lead alone (a long option name) fills the line: the text starts below it.
                startLine()
            }
            while columns(line) + columns(word) > width {
                let (head, rest) = split(word, toFit: max(1, width - columns(line)))
                line += head
                word = rest
                startLine()
            }
            line += word
            lineHasWord = true
        }
        if lineHasWord || line != continuation || lines.isEmpty { lines.append(line) }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// The fewest columns a wrapped line keeps for its text, however deep its indent.
    static let minimumColumns = 16

    /// Terminal columns `text` takes (wide characters count two).
    static func columns(_ text: String) -> Int { BrewFormatting.displayWidth(text) }

    /// The longest head of `word` that fits in `room` columns (ending after a `/`, `,` or `-`
    /// when there is one), and the rest.
    private static func split(_ word: String, toFit room: Int) -> (String, String) {
        var head = ""
        var breakAfter: String.Index?
        var index = word.startIndex
        while index < word.endIndex, columns(head + String(word[index])) <= room {
            head.append(word[index])
            if "/,-".contains(word[index]) { breakAfter = word.index(after: index) }
            index = word.index(after: index)
        }
        if head.isEmpty { return (String(word[..<word.index(after: word.startIndex)]), String(word.dropFirst())) }
        if let breakAfter, index < word.endIndex, breakAfter < index {
            return (String(word[..<breakAfter]), String(word[breakAfter...]))
        }
        return (head, String(word[index...]))
    }
}

/// A command's discussion text, read as blocks: prose, whose line breaks are only where the
/// source was wrapped (help and the manual page fill it again), and literal lines, indented in
/// the source (examples, commands), kept one to a line.
enum DiscussionBlock: Equatable {
    /// Words to fill; `text` has no line breaks.
    case prose(String)
    /// Lines kept as they are, without their common indent.
    case literal([String])
    /// A blank line between paragraphs.
    case gap

    /// The blocks of `discussion`: blank lines separate paragraphs, lines starting with a space
    /// are literal, other lines are prose joined with the lines that follow them.
    static func parse(_ discussion: String) -> [DiscussionBlock] {
        var blocks: [DiscussionBlock] = []
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let isLiteral = line.hasPrefix(" ")
            let trimmed = line.trimmingWhitespaceForCLI()
            switch (blocks.last, trimmed.isEmpty, isLiteral) {
            case (_, true, _):
                if let last = blocks.last, last != .gap { blocks.append(.gap) }
            case (.literal(let lines)?, false, true):
                blocks[blocks.count - 1] = .literal(lines + [line])
            case (_, false, true):
                blocks.append(.literal([line]))
            case (.prose(let text)?, false, false):
                blocks[blocks.count - 1] = .prose(text + " " + trimmed)
            case (_, false, false):
                blocks.append(.prose(trimmed))
            }
        }
        if blocks.last == .gap { blocks.removeLast() }
        return blocks.map { block in
            guard case .literal(let lines) = block else { return block }
            let common = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            return .literal(lines.map { String($0.dropFirst(common)) })
        }
    }
}
