@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

@Suite("The generated display width tables")
struct DisplayWidthTableTests {
    static let tables: [(name: String, ranges: [ScalarRange])] = [
        ("wide", DisplayWidthTables.wide), ("zero", DisplayWidthTables.zero), ("emoji", DisplayWidthTables.emoji),
        ("emojiPresentation", DisplayWidthTables.emojiPresentation), ("emojiModifierBase", DisplayWidthTables.emojiModifierBase),
        ("emojiModifier", DisplayWidthTables.emojiModifier), ("extendedPictographic", DisplayWidthTables.extendedPictographic),
    ]

    static let sourceFolder = repositoryRoot
    static let unicodeData = "/usr/share/unicode"

    /// Whether `unicodeData` holds the Unicode Character Database the tables were generated from
    /// (Debian's unicode-data of that version): its EastAsianWidth.txt names the version on its first line.
    static let hasUnicodeData: Bool = {
        guard FileManager.default.fileExists(atPath: unicodeData + "/emoji/emoji-data.txt"),
              let width = try? String(contentsOfFile: unicodeData + "/EastAsianWidth.txt", encoding: .utf8) else { return false }
        return width.prefix { $0 != "\n" }.contains("EastAsianWidth-\(DisplayWidthTables.unicodeVersion).txt")
    }()

    @Test("every table is sorted, its ranges valid scalars, non-overlapping and merged when adjacent", arguments: tables.map(\.name))
    func sortedAndDisjoint(name: String) throws {
        let ranges = try #require(Self.tables.first { $0.name == name }?.ranges)
        #expect(!ranges.isEmpty)
        for range in ranges {
            #expect(range.first <= range.last, "\(name): \(range)")
            #expect(range.last <= 0x10FFFF && !(0xD800...0xDFFF).contains(range.first), "\(name): \(range)")
        }
        for (previous, next) in zip(ranges, ranges.dropFirst()) {
            #expect(previous.last + 1 < next.first, "\(name): \(previous) then \(next)")
        }
    }

    @Test("a scalar is never both wide and zero-width")
    func wideAndZeroAreDisjoint() {
        for range in DisplayWidthTables.zero {
            for value in range.first...range.last {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(!DisplayWidthTables.wide.contains(scalar), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("the binary search finds exactly the scalars of each table, edges included", arguments: tables.map(\.name))
    func lookupMatchesRanges(name: String) throws {
        let ranges = try #require(Self.tables.first { $0.name == name }?.ranges)
        for range in ranges {
            for value in [range.first, range.last, range.first &- 1, range.last + 1] {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let inside = ranges.contains { $0.first <= value && value <= $0.last }
                #expect(ranges.contains(scalar) == inside, "\(name): U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("the committed tables are what the script generates from the Unicode files",
          .enabled(if: ExternalTool.python3.isInstalled, "needs python3 to run the generator"),
          .enabled(if: hasUnicodeData, "needs the Unicode Character Database \(DisplayWidthTables.unicodeVersion) in /usr/share/unicode (Debian's unicode-data)"))
    func regenerated() throws {
        let script = Self.sourceFolder.appendingPathComponent("scripts/generate-display-width.py").path
        let committed = try String(contentsOf: Self.sourceFolder.appendingPathComponent("Sources/BrewLogCLI/Text/DisplayWidthTables.swift"), encoding: .utf8)
        let result = runProcess(ExternalTool.python3.executable, [script, Self.unicodeData], environment: ["PATH": "/usr/bin:/bin"], directory: Self.sourceFolder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Unicode Character Database \(DisplayWidthTables.unicodeVersion)"), "generated from another Unicode version")
        #expect(result.stdout == committed, "the generated file differs: regenerate it with the script")
    }
}
