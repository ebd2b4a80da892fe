@testable import BrewLogCLI
import BrewLogTestSupport
import Foundation
import Testing

@Suite("Display width: the terminal columns of characters and strings, from Unicode's tables")
struct DisplayWidthTests {
    @Test("each character or string takes the columns a terminal gives it", arguments: [
        ("", 0), ("a", 1), ("Kenya AA", 8), (" ", 1),
        ("é", 1), ("e\u{301}", 1), ("a\u{301}\u{323}", 1), ("\u{301}", 0),
        ("東", 2), ("東京 V60", 8), ("コーヒー", 8), ("ｺｰﾋｰ", 4), ("Ａ", 2), ("１２", 4),
        ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{1161}", 0), ("か\u{3099}", 2),
        ("☕", 2), ("⚡", 2), ("😀", 2), ("\u{1FAE0}", 2), ("\u{1FAE9}", 2),
        ("☺", 1), ("☺\u{FE0F}", 2), ("✈", 1), ("✈\u{FE0F}", 2), ("☕\u{FE0E}", 2), ("☺\u{FE0E}", 1),
        ("🇩🇪", 2), ("🇩🇪🇫🇷", 4), ("\u{1F1E9}", 2),
        ("1\u{FE0F}\u{20E3}", 2), ("#\u{FE0F}\u{20E3}", 2), ("1\u{20E3}", 1),
        ("👩\u{200D}👩\u{200D}👧", 2), ("🏳\u{FE0F}\u{200D}🌈", 2), ("⛹\u{200D}♀", 2),
        ("👍🏽", 2), ("☝🏽", 2), ("🏽", 2), ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
        ("\u{200D}", 0), ("\u{200C}", 0), ("\u{200B}", 0), ("\u{FE0F}", 0), ("a\u{FE0F}", 1),
        ("±", 1), ("★☆", 2), ("…", 1), ("⏎", 1), ("\u{00AD}", 1), ("कि", 2),
        ("\u{1B}", 0), ("\t", 0), ("\u{9B}", 0), ("Kenya ☕ 東京 🇰🇪", 16),
    ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(BrewFormatting.displayWidth(text) == columns)
    }

    @Test("a string takes the columns of its grapheme clusters added up, on the ASCII fast path too")
    func stringIsSumOfCharacters() {
        var random = SeededRandomGenerator(seed: 11)
        let pieces = ["a", "Z", " ", "~", "é", "e\u{301}", "東", "☕", "☺", "\u{FE0F}", "🇩", "👩", "\u{200D}", "🏽", "\u{1161}", "\u{0600}"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
        }
    }

    @Test("truncation keeps whole grapheme clusters and ends in … within the width", arguments: [
        ("☕☕☕", 4, "☕…"), ("☕☕☕", 5, "☕☕…"), ("☕☕☕", 6, "☕☕☕"), ("☕☕☕", 2, "…"),
        ("🇩🇪🇫🇷🇮🇹", 5, "🇩🇪🇫🇷…"), ("🇩🇪🇫🇷🇮🇹", 4, "🇩🇪…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"), ("👩\u{200D}👩\u{200D}👧x", 2, "…"),
        ("東京abc", 3, "東…"), ("東京abc", 4, "東…"), ("東京abc", 7, "東京abc"),
        ("1\u{FE0F}\u{20E3}23", 3, "1\u{FE0F}\u{20E3}…"), ("abcdef", 1, "…"), ("abc", 0, ""), ("abcdef", 4, "abc…"),
    ])
    func truncation(text: String, width: Int, expected: String) {
        let cut = BrewFormatting.truncate(text, to: width)
        #expect(cut.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(cut.debugDescription)")
    }

    @Test("a cut string is a prefix of whole clusters, never wider than asked, for any width")
    func truncationProperty() {
        var random = SeededRandomGenerator(seed: 29)
        let pieces = ["a", " ", "é", "e\u{301}", "東", "☕", "☺", "☺\u{FE0F}", "🇩🇪", "1\u{FE0F}\u{20E3}", "👩\u{200D}👧", "👍🏽", "\u{200B}", "ｺ"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...15, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let full = DisplayWidth.of(text)
            for width in 0...(full + 1) {
                let cut = BrewFormatting.truncate(text, to: width)
                #expect(DisplayWidth.of(cut) <= width, "\(text.debugDescription) at \(width): \(cut.debugDescription)")
                if full <= width {
                    #expect(cut.unicodeScalars.elementsEqual(text.unicodeScalars))
                } else if width > 0 {
                    let kept = Array(cut.dropLast())
                    #expect(cut.last == "…" && Array(text.prefix(kept.count)) == kept, "\(text.debugDescription) at \(width)")
                    #expect(DisplayWidth.of(cut) >= width - 1, "cut shorter than it had to be: \(text.debugDescription) at \(width)")
                }
            }
        }
    }

    @Test("padding fills to the width in columns, before or after", arguments: [
        ("☕", 4, false, "☕  "), ("☕", 4, true, "  ☕"), ("🇩🇪x", 3, false, "🇩🇪x"), ("e\u{301}", 3, false, "e\u{301}  "), ("東京", 1, false, "東京"),
    ])
    func padding(text: String, width: Int, right: Bool, expected: String) {
        let padded = BrewFormatting.padded(text, to: width, alignedRight: right)
        #expect(padded.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(padded.debugDescription)")
    }
}
