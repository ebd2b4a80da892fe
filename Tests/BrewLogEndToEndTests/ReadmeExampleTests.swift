import Foundation
import Testing
import BrewLogTestSupport

/// The README's examples in the sections below, run through the built binary, one fresh
/// sandbox per ```console block, each command's output compared with the lines the README shows
/// after it. The README's "Inside" section says how an example is written.
@Suite("the README's examples, run as printed")
struct ReadmeExampleTests {
    /// The `## ` sections, and subsections, whose examples are run.
    static let sections = ["Daily use", "Dialling in", "Dates (WHEN)", "Sorting and columns", "Several brews at once"]

    /// The README's text; `nil` when it cannot be read (a test says so).
    static let readme: String? = try? String(contentsOfFile: ReadmeExample.readmePath, encoding: .utf8)

    /// The examples of ``sections``.
    static var examples: [ReadmeExample] { ReadmeExample.blocks(inSections: sections, of: readme ?? "") }

    @Test("the README can be read and each section run has examples")
    func sectionsHaveExamples() throws {
        try #require(Self.readme != nil, "cannot read \(ReadmeExample.readmePath)")
        for section in Self.sections {
            #expect(Self.examples.contains { $0.section == section }, "README.md has no ```console block under '## \(section)'")
        }
    }

    @Test("each example prints what the README shows", arguments: ReadmeExampleTests.examples)
    func example(_ example: ReadmeExample) {
        do throws(ReadmeExampleError) {
            try Self.run(example)
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: Self.readmeLocation(line: error.line))
        }
    }

    /// Runs the example's commands in order; stops at the first whose output differs, since the
    /// commands after it build on it.
    static func run(_ example: ReadmeExample) throws(ReadmeExampleError) {
        let steps = try example.steps()
        let sandbox = Sandbox(runner: .binary)
        sandbox.environment.merge(try example.environment()) { $1 }
        var clock = ReadmeClock(now: sandbox.environment["BREWLOG_NOW"] ?? "", timeZone: sandbox.environment["TZ"] ?? "")
        var ids = ReadmeIDs()
        for step in steps {
            if let move = step.command.clock {
                do throws(ReadmeRefusal) {
                    try clock.apply(move)
                } catch {
                    throw ReadmeExampleError(line: step.line, message: error.message)
                }
            }
            // A BREWLOG_NOW typed before the command wins over the clock.
            let changes = step.command.assignments.merging(["BREWLOG_NOW": clock.now]) { typed, _ in typed }
            let result = sandbox.run(ids.arguments(step.command.arguments), env: changes.mapValues(Optional.some))
            let match = ReadmeOutputMatch(expected: step.expected, printed: lines(of: result.stdout + result.stderr), ids: ids)
            guard match.matches else {
                throw ReadmeExampleError(line: step.line, message: """
                    `\(step.command.text)` printed other lines than the README shows \
                    (exit status \(result.status); - README, + printed):
                    \(match.diff)
                    """)
            }
            if let problem = ids.bind(match.captures) {
                throw ReadmeExampleError(line: step.line, message: "`\(step.command.text)`: \(problem)")
            }
        }
    }

    /// `text` as lines, the line break that ends the last one dropped. A CRLF ends a line as an
    /// LF does (CSV ends its rows with CRLF, which a README cannot show).
    static func lines(of text: String) -> [String] {
        // To Swift a CRLF is one Character, not an LF.
        let isLineEnd = { (character: Character) in character == "\n" || character == "\r\n" }
        guard !text.isEmpty else { return [] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd).dropLast(text.last.map(isLineEnd) == true ? 1 : 0).map(String.init)
    }

    /// A README line, where a failing example is reported.
    static func readmeLocation(line: Int) -> SourceLocation {
        SourceLocation(fileID: "BrewLog/README.md", filePath: ReadmeExample.readmePath, line: max(1, line), column: 1)
    }
}
