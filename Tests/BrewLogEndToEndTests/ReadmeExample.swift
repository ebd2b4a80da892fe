import Foundation
import Testing

/// A line of the README and its number, counted from 1.
struct ReadmeLine: Sendable {
    let number: Int
    let text: String
}

/// Why an example fails, at its README line: a line the harness cannot run as written, or a
/// command that printed other lines than the README shows.
struct ReadmeExampleError: Error {
    let line: Int
    let message: String
}

/// Why a line of an example cannot be run as written; ``ReadmeExampleError`` adds its line.
struct ReadmeRefusal: Error {
    let message: String
}

/// One command of an example and the lines the README shows it printing.
struct ReadmeStep {
    /// The README line of its `$ ` line.
    let line: Int
    let command: ReadmeCommand
    /// The lines up to the next command or the closing fence.
    var expected: [String]
}

/// One ```console block of the README: `$ brewlog …` lines, each followed by what it prints, and
/// the `<!-- example: NAME=value … -->` comment right above the opening fence, which sets
/// variables for every command of the block.
struct ReadmeExample: Sendable, CustomTestStringConvertible {
    /// The listed heading the block is under: its `## ` section, or a subsection of one.
    let section: String
    /// The README line of the opening fence.
    let line: Int
    /// The example comment above the fence, when there is one.
    let comment: ReadmeLine?
    /// The lines between the fences.
    let body: [ReadmeLine]

    var testDescription: String { "\(section), README.md line \(line)" }

    /// The README at the package's root, found from this file's place in `Tests/`.
    static let readmePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md").path

    /// The ```console blocks under the headings named `sections`, in README order: a `## `
    /// section's blocks (its `### ` and `#### ` subsections included), or a subsection's alone. A
    /// block's ``section`` is the innermost listed heading it is under. Fenced blocks of any kind
    /// are skipped whole, so a `## ` line inside one is no heading.
    static func blocks(inSections sections: [String], of readme: String) -> [ReadmeExample] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [ReadmeExample] = []
        // The headings the line is under, the `## ` one first.
        var headings: [String] = []
        var index = 0
        while index < lines.count {
            let text = lines[index]
            if let (level, heading) = Self.heading(text) {
                headings = Array(headings.prefix(level - 2)) + [heading]
            } else if text.hasPrefix("```") {
                let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
                if let section = headings.last(where: sections.contains), text == "```console" {
                    let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                    let comment = previous.hasPrefix("<!-- example") ? ReadmeLine(number: index, text: previous) : nil
                    let body = lines[(index + 1)..<end].enumerated().map { ReadmeLine(number: index + 2 + $0.offset, text: $0.element) }
                    examples.append(ReadmeExample(section: section, line: index + 1, comment: comment, body: body))
                }
                index = end
            }
            index += 1
        }
        return examples
    }

    /// The level (2 for `## `, up to 4) and text of a heading line, or `nil` for any other line.
    private static func heading(_ line: String) -> (level: Int, text: String)? {
        let level = line.prefix { $0 == "#" }.count
        guard (2...4).contains(level), line.dropFirst(level).hasPrefix(" ") else { return nil }
        return (level, String(line.dropFirst(level)).trimmingCharacters(in: .whitespaces))
    }

    /// The variables the example comment sets (`BREWLOG_NOW`, `TZ`, any other), none without one.
    func environment() throws(ReadmeExampleError) -> [String: String] {
        guard let comment else { return [:] }
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
        var environment: [String: String] = [:]
        for word in words {
            guard let (name, value) = ReadmeShellWords.assignment(word) else {
                throw ReadmeExampleError(line: comment.number, message: "'\(word)' is not NAME=value")
            }
            environment[name] = value
        }
        return environment
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
