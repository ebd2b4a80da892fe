import Foundation

/// How the lines the README shows after a command compare with the lines it printed.
///
/// Lines compare exactly, but for the ids (``ReadmeIDs``); a line holding only `…` (spaces
/// around it allowed) stands for any number of printed lines. The comparison is the shortest
/// line diff, so when the output differs, the diff shows just the lines that differ.
struct ReadmeOutputMatch {
    /// One line of the diff.
    enum Line: Equatable {
        /// A line in both (or a `…` line, as the README has it).
        case both(String)
        /// A line the README shows that was not printed.
        case onlyExpected(String)
        /// A printed line the README does not show.
        case onlyPrinted(String)
    }

    /// The diff, in order.
    private(set) var lines: [Line] = []
    /// The ids the README's placeholders stood for, in order, to bind when the output matches.
    private(set) var captures: [(id: String, printed: String)] = []

    /// Whether the printed lines are the expected ones.
    var matches: Bool { lines.allSatisfy { if case .both = $0 { true } else { false } } }

    init(expected: [String], printed: [String], ids: ReadmeIDs) {
        // `nil` for a `…` line.
        let pieces = expected.map { $0.trimmingCharacters(in: .whitespaces) == "…" ? nil : ids.pieces(of: $0) }
        let (e, p) = (expected.count, printed.count)
        // cost[i][j]: the fewest lines only expected or only printed when expected[i...] is
        // compared with printed[j...]; a `…` covers printed lines at no cost.
        var cost = Array(repeating: Array(repeating: 0, count: p + 1), count: e + 1)
        cost[e] = (0...p).map { p - $0 }
        var found = Array(repeating: Array(repeating: [(id: String, printed: String)]?.none, count: p), count: e)
        for i in stride(from: e - 1, through: 0, by: -1) {
            for j in stride(from: p, through: 0, by: -1) {
                guard let line = pieces[i] else {
                    cost[i][j] = j < p ? min(cost[i + 1][j], cost[i][j + 1]) : cost[i + 1][j]
                    continue
                }
                var best = 1 + cost[i + 1][j]
                if j < p {
                    best = min(best, 1 + cost[i][j + 1])
                    found[i][j] = ReadmeIDs.captures(of: line, in: printed[j])
                    if found[i][j] != nil { best = min(best, cost[i + 1][j + 1]) }
                }
                cost[i][j] = best
            }
        }
        var (i, j) = (0, 0)
        while i < e || j < p {
            if i < e, pieces[i] == nil {
                // A `…` covers the printed line unless ending it here costs no more.
                if j == p || cost[i][j] == cost[i + 1][j] {
                    lines.append(.both(expected[i]))
                    i += 1
                } else {
                    j += 1
                }
            } else if i < e, j < p, let captured = found[i][j], cost[i][j] == cost[i + 1][j + 1] {
                lines.append(.both(printed[j]))
                captures += captured
                (i, j) = (i + 1, j + 1)
            } else if i < e, cost[i][j] == 1 + cost[i + 1][j] {
                lines.append(.onlyExpected(Self.text(of: pieces[i] ?? [])))
                i += 1
            } else {
                lines.append(.onlyPrinted(printed[j]))
                j += 1
            }
        }
    }

    /// The diff as text: `-` before a line only the README shows, `+` before a line only
    /// printed, two spaces before the rest.
    var diff: String {
        lines.map { line in
            switch line {
            case .both(let text): "  " + text
            case .onlyExpected(let text): "- " + text
            case .onlyPrinted(let text): "+ " + text
            }
        }.joined(separator: "\n")
    }

    /// An expected line as the README means it: its bound ids as printed, the others as written.
    private static func text(of pieces: [ReadmeIDs.Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text), .placeholder(let text): text
            }
        }.joined()
    }
}
