import Foundation
import Testing
import BrewLogTestSupport

/// A line of a document and its number, counted from 1.
struct ReadmeLine: Sendable {
    let number: Int
    let text: String
}

/// Why an example fails, at its document's line: a line the harness cannot run as written, or a
/// command that printed other lines than the document shows.
struct ReadmeExampleError: Error {
    let line: Int
    let message: String
}

/// Why a line of an example cannot be run as written; ``ReadmeExampleError`` adds its line.
struct ReadmeRefusal: Error {
    let message: String
}

/// One command of an example and the lines the document shows it printing.
struct ReadmeStep {
    /// The document's line of its `$ ` line.
    let line: Int
    let command: ReadmeCommand
    /// The lines up to the next command or the closing fence.
    var expected: [String]
}

/// One ```console block of the README or of a guide in `docs/`: `$ brewlog …` lines, each
/// followed by what it prints, and the `<!-- example: … -->` comment right above the opening
/// fence, which sets variables for every command of the block (`NAME=value`), starts its journal
/// or config from the nearest ```jsonl or ```ini block above it (`journal=above`,
/// `config=above`), or says why the block is not run (`<!-- example: not run: WHY -->`).
struct ReadmeExample: Sendable, CustomTestStringConvertible {
    /// The document, relative to the package's root (`README.md`, `docs/streaks.md`).
    let file: String
    /// The heading the block is under: the innermost one.
    let section: String
    /// The document's line of the opening fence.
    let line: Int
    /// The example comment above the fence, when there is one.
    let comment: ReadmeLine?
    /// The lines between the fences.
    let body: [ReadmeLine]
    /// The nearest ```jsonl block above, which `journal=above` makes the block's journal.
    var journalAbove: String? = nil
    /// The nearest ```ini block above, which `config=above` makes the block's config file.
    var configAbove: String? = nil

    var testDescription: String { "\(file) line \(line), \(section)" }

    /// The package's root, found from this file's place in `Tests/`.
    static let root = repositoryRoot

    /// The documents whose examples are run: the README, then every `docs/*.md`, by name.
    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// A document's absolute path.
    static func path(of file: String) -> String { root.appendingPathComponent(file).path }

    /// Every ```console block of every document, in order; a document that cannot be read has none.
    static var all: [ReadmeExample] {
        documents.flatMap { file in
            (try? String(contentsOfFile: path(of: file), encoding: .utf8)).map { blocks(of: $0, file: file) } ?? []
        }
    }

    /// The ```console blocks of `text`, in order, each with the innermost heading it is under.
    /// Fenced blocks of any kind are skipped whole, so a `## ` line inside one is no heading.
    static func blocks(of text: String, file: String) -> [ReadmeExample] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [ReadmeExample] = []
        var section = ""
        var journal: String?
        var config: String?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let heading = Self.heading(line) {
                section = heading
            } else if line.hasPrefix("```") {
                let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
                let inside = lines[(index + 1)..<end].joined(separator: "\n")
                switch line {
                case "```jsonl": journal = inside + "\n"
                case "```ini": config = inside + "\n"
                case "```console":
                    let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                    let comment = previous.hasPrefix("<!-- example") ? ReadmeLine(number: index, text: previous) : nil
                    let body = lines[(index + 1)..<end].enumerated().map { ReadmeLine(number: index + 2 + $0.offset, text: $0.element) }
                    examples.append(ReadmeExample(file: file, section: section, line: index + 1, comment: comment, body: body,
                                                  journalAbove: journal, configAbove: config))
                default: break
                }
                index = end
            }
            index += 1
        }
        return examples
    }

    /// The text of a heading line (`#` to `####`), or `nil` for any other line.
    private static func heading(_ line: String) -> String? {
        let level = line.prefix { $0 == "#" }.count
        guard (1...4).contains(level), line.dropFirst(level).hasPrefix(" ") else { return nil }
        return String(line.dropFirst(level)).trimmingCharacters(in: .whitespaces)
    }

    /// Why the block is not run, when its comment reads `<!-- example: not run: WHY -->`.
    var notRun: String? {
        guard let comment, comment.text.hasPrefix("<!-- example:"), comment.text.hasSuffix("-->") else { return nil }
        let inside = comment.text.dropFirst("<!-- example:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
        guard inside.hasPrefix("not run:") else { return nil }
        return inside.dropFirst("not run:".count).trimmingCharacters(in: .whitespaces)
    }

    /// What the block starts from: its journal and config file (from the blocks above, when
    /// the comment asks for them) and the variables its comment sets.
    struct Setup: Equatable {
        var journal: String?
        var config: String?
        var environment: [String: String] = [:]
    }

    /// The block's setup: `journal=above` and `config=above` take the blocks above, any other
    /// word is a variable (`BREWLOG_NOW`, `TZ`, any other); nothing without a comment.
    func setup() throws(ReadmeExampleError) -> Setup {
        guard let comment else { return Setup() }
        guard comment.text.hasPrefix("<!-- example:"), comment.text.hasSuffix("-->") else {
            throw ReadmeExampleError(line: comment.number, message: "an example comment reads <!-- example: NAME=value ... -->")
        }
        let inside = comment.text.dropFirst("<!-- example:".count).dropLast("-->".count)
        let words: [String]
        do throws(ReadmeRefusal) {
            words = try ReadmeShellWords.split(inside).words
        } catch {
            throw ReadmeExampleError(line: comment.number, message: error.message)
        }
        var setup = Setup()
        for word in words {
            switch word {
            case "journal=above":
                guard let journalAbove else { throw ReadmeExampleError(line: comment.number, message: "journal=above: no ```jsonl block above") }
                setup.journal = journalAbove
            case "config=above":
                guard let configAbove else { throw ReadmeExampleError(line: comment.number, message: "config=above: no ```ini block above") }
                setup.config = configAbove
            default:
                guard let (name, value) = ReadmeShellWords.assignment(word) else {
                    throw ReadmeExampleError(line: comment.number, message: "'\(word)' is not NAME=value")
                }
                setup.environment[name] = value
            }
        }
        return setup
    }

    /// The commands in order, each with the lines up to the next one.
    func steps() throws(ReadmeExampleError) -> [ReadmeStep] {
        var steps: [ReadmeStep] = []
        for line in body {
            if line.text.hasPrefix("$ ") {
                steps.append(ReadmeStep(line: line.number, command: try ReadmeCommand(line.text.dropFirst(2), line: line.number), expected: []))
            } else if steps.isEmpty {
                throw ReadmeExampleError(line: line.number, message: "output before the first command: a command line starts with '$ '")
            } else {
                steps[steps.count - 1].expected.append(line.text)
            }
        }
        guard !steps.isEmpty else { throw ReadmeExampleError(line: line, message: "a console block without a '$ brewlog' line") }
        return steps
    }
}
