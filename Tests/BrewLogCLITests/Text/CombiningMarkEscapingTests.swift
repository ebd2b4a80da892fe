@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

/// A comma, quote or backslash followed by a combining mark is one Character to Swift but still
/// that byte to a CSV reader, a shell or a config parser: escaping works on scalars.
@Suite("escaping a quote or comma that a combining mark follows")
struct CombiningMarkEscapingTests {
    /// The number of fields in each record of RFC 4180 `text`, read scalar by scalar (a doubled
    /// quote inside a quoted cell closes and reopens it, which counts the same).
    func fieldCounts(_ text: String) -> [Int] {
        var counts: [Int] = []
        var fields = 1, quoted = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted.toggle()
            case "," where !quoted: fields += 1
            case "\n" where !quoted: counts.append(fields); fields = 1
            default: break
            }
        }
        return counts
    }

    @Test("CSV export keeps such notes in one cell, and import reads them back", arguments: [
        "a,\u{301}b", "a\"\u{301}b", "q \"\u{301}, x", "\"\u{301}", ",\u{20DD}",
    ])
    func csvRoundTrip(notes: String) {
        let source = Sandbox(runner: .inProcess)
        source.ok(["add", "--notes", notes, "--method", "V60"])
        let exported = source.ok(["export", "--format", "csv"])
        let counts = fieldCounts(exported)
        #expect(counts.count == 2 && counts[0] == counts[1], "\(exported)")
        let path = source.home + "/brews.csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data(exported.utf8))
        let target = Sandbox(runner: .inProcess)
        target.ok(["import", path])
        #expect(target.journal == source.journal)
    }

    @Test("each named scalar is replaced, the replacements are not looked at again", arguments: [
        ("'\u{301}", ["'": "'\\''"], "'\\''\u{301}"),
        ("\\'", ["\\": "\\\\", "'": "\\'"], "\\\\\\'"),
        ("a-b-\u{301}", ["-": "_"], "a_b_\u{301}"),
        ("94°\u{301}C", ["°": ""], "94\u{301}C"),
        ("plain", ["'": "x"], "plain"),
    ] as [(String, [Unicode.Scalar: String], String)])
    func replacingScalars(text: String, replacements: [Unicode.Scalar: String], expected: String) {
        #expect(Array(text.replacingScalars(replacements).unicodeScalars) == Array(expected.unicodeScalars))
    }
}
