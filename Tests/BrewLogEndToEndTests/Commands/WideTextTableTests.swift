import BrewLogTestSupport
import Foundation
import Testing

@Suite("list with emoji and CJK: lines fit the terminal and columns line up")
struct WideTextTableTests {
    /// Grapheme clusters with the columns a terminal gives them, known here independently of the
    /// code under test, so the table is measured by an oracle of its own. Any concatenation of
    /// them splits back into the same clusters.
    static let knownWidths: [Character: Int] = [
        "東": 2, "京": 2, "コ": 2, "ー": 2, "Ａ": 2, "한": 2, "☕": 2, "⚡": 2, "😀": 2,
        "🇩🇪": 2, "🇰🇪": 2, "1\u{FE0F}\u{20E3}": 2, "👩\u{200D}👩\u{200D}👧": 2, "👍🏽": 2, "☺\u{FE0F}": 2, "✈\u{FE0F}": 2,
        "☺": 1, "✈": 1, "é": 1, "ｺ": 1, "±": 1, "★": 1, "☆": 1, "…": 1, "⏎": 1,
    ]

    /// Columns of one line of output, by the oracle; records an issue for a cluster it does not know.
    static func columns(of line: Substring) -> Int {
        line.reduce(0) { total, character in
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return total + 1 }
            guard let width = knownWidths[character] else {
                Issue.record("unexpected \(character.debugDescription) in \(line.debugDescription)")
                return total
            }
            return total + width
        }
    }

    /// Twelve brews whose coffee (`C00 …`) and notes (`N00 …`) are full of wide and narrow clusters.
    static func journal() -> String {
        var random = SeededRandomGenerator(seed: 2615)
        let clusters = knownWidths.keys.filter { $0 != "…" && $0 != "⏎" }.sorted { String($0) < String($1) } + ["a", "b", " "]
        func text(_ count: Int) -> String {
            String((0..<count).compactMap { _ in clusters.randomElement(using: &random) })
                .replacingOccurrences(of: "  ", with: " x")
        }
        return (0..<12).map { index in
            let tag = index < 10 ? "0\(index)" : "\(index)"
            let notes = "N\(tag) " + text(Int.random(in: 0...60, using: &random)) + (index % 3 == 0 ? "\\n" + text(5) : "")
            return journalLine(id: "wide000000\(tag)", #""notes":"\#(notes)","method":"V60","coffee":"C\#(tag) \#(text(index % 6 + 1))","rating":\#(index % 5 + 1)"#)
        }.joined()
    }

    @Test("no line is wider than COLUMNS, coffee and notes start at their headers' columns", arguments: [80, 72, 64])
    func fitsAndAligns(width: Int) throws {
        let sandbox = Sandbox(journal: Self.journal())
        let output = sandbox.ok(["list"], env: ["COLUMNS": "\(width)"])
        let lines = output.split(separator: "\n")
        #expect(lines.count == 13, "\(output)")
        let titles = try #require(lines.first)
        #expect(titles.contains("NOTES"))
        for line in lines {
            #expect(Self.columns(of: line) <= width, "\(line)")
        }
        for title in ["COFFEE", "NOTES"] where titles.contains(title) {
            let column = try #require(titles.range(of: title).map { Self.columns(of: titles[..<$0.lowerBound]) })
            for row in lines.dropFirst() {
                // Each row's cell starts with its marker and the row's number (the id's last two digits).
                let start = try #require(row.range(of: "  \(title.prefix(1))\(row.prefix(12).suffix(2))"), "\(row)")
                #expect(Self.columns(of: row[..<start.lowerBound]) + 2 == column, "\(title) in \(row)")
            }
        }
        // The widest row reaches the width: the notes were cut to fill it, not to something narrower.
        #expect(lines.dropFirst().contains { Self.columns(of: $0) >= width - 1 }, "\(output)")
    }
}
