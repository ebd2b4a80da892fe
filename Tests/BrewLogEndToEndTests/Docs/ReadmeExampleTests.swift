import Foundation
import Testing
import BrewLogTestSupport

/// Every ```console block of the README and of the guides in `docs/`, run through the built
/// binary, one fresh sandbox per block, each command's output compared with the lines the
/// document shows after it. docs/testing.md says how an example is written.
@Suite("the README's and the guides' examples, run as printed")
struct ReadmeExampleTests {
    /// Every block of every document.
    static let all = ReadmeExample.all

    /// The blocks that run.
    static var examples: [ReadmeExample] { all.filter { $0.notRun == nil } }

    /// The blocks marked `<!-- example: not run: WHY -->`.
    static var notRun: [ReadmeExample] { all.filter { $0.notRun != nil } }

    /// What the sandbox's `HOME` prints as, so that a path under it reads the same on every run.
    static let home = "/home/me"

    @Test("the README and every guide can be read, and the README and the guides hold examples that run")
    func documentsHaveExamples() throws {
        for file in ReadmeExample.documents {
            #expect(FileManager.default.isReadableFile(atPath: ReadmeExample.path(of: file)), "cannot read \(file)")
        }
        #expect(ReadmeExample.documents.count > 1, "no guide in docs/")
        #expect(Self.examples.contains { $0.file == "README.md" }, "README.md has no ```console block that runs")
        #expect(Self.examples.contains { $0.file.hasPrefix("docs/") }, "docs/ has no ```console block that runs")
    }

    @Test("a block that is not run says why, and they stay few")
    func notRunSayWhy() {
        for example in Self.notRun {
            #expect(example.notRun?.isEmpty == false, "\(example.testDescription): 'not run:' needs a reason")
        }
        #expect(Self.notRun.count * 3 <= Self.all.count, "more than a third of the examples are not run: \(Self.notRun.map(\.testDescription))")
    }

    @Test("each example prints what its document shows", arguments: ReadmeExampleTests.examples)
    func example(_ example: ReadmeExample) {
        do throws(ReadmeExampleError) {
            try Self.run(example)
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: Self.location(example.file, line: error.line))
        }
    }

    /// Runs the example's commands in order; stops at the first whose output differs, since the
    /// commands after it build on it.
    static func run(_ example: ReadmeExample) throws(ReadmeExampleError) {
        let steps = try example.steps()
        let setup = try example.setup()
        let sandbox = Sandbox(runner: .binary)
        sandbox.environment.merge(setup.environment) { $1 }
        if let journal = setup.journal { sandbox.writeJournal(journal) }
        if let config = setup.config { sandbox.writeConfig(config) }
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
            let printed = (result.stdout + result.stderr).replacingOccurrences(of: sandbox.home, with: home)
            let match = ReadmeOutputMatch(expected: step.expected, printed: lines(of: printed), ids: ids)
            guard match.matches else {
                throw ReadmeExampleError(line: step.line, message: """
                    `\(step.command.text)` printed other lines than \(example.file) shows \
                    (exit status \(result.status); - \(example.file), + printed):
                    \(match.diff)
                    """)
            }
            if let problem = ids.bind(match.captures) {
                throw ReadmeExampleError(line: step.line, message: "`\(step.command.text)`: \(problem)")
            }
        }
    }

    /// `text` as lines, the line break that ends the last one dropped. A CRLF ends a line as an
    /// LF does (CSV ends its rows with CRLF, which a document cannot show).
    static func lines(of text: String) -> [String] {
        // To Swift a CRLF is one Character, not an LF.
        let isLineEnd = { (character: Character) in character == "\n" || character == "\r\n" }
        guard !text.isEmpty else { return [] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd).dropLast(text.last.map(isLineEnd) == true ? 1 : 0).map(String.init)
    }

    /// A document's line, where a failing example is reported.
    static func location(_ file: String, line: Int) -> SourceLocation {
        SourceLocation(fileID: "BrewLog/" + file, filePath: ReadmeExample.path(of: file), line: max(1, line), column: 1)
    }
}
