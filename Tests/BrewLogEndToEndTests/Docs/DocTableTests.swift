@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

/// The tables of docs/exit-codes-and-environment.md held to the manual page's EXIT STATUS,
/// ENVIRONMENT and FILES lists (`ManPageText`, which `brewlog help --man` prints) and to the
/// exit codes `CLIError` maps errors to, so that neither can gain a row the other lacks.
@Suite("the exit codes, environment and files guide matches the manual page and the code")
struct DocTableTests {
    /// The guide's text; empty when it cannot be read (a test says so).
    static let guide = (try? String(contentsOf: ReadmeExample.root.appendingPathComponent("docs/exit-codes-and-environment.md"), encoding: .utf8)) ?? ""

    /// The first cells of the table under the `## ` heading named `heading`, backquotes removed,
    /// a cell naming several (`VISUAL`, `EDITOR`) split at its commas.
    static func firstColumn(under heading: String) -> [String] {
        let lines = guide.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## " + heading) else { return [] }
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        return rows.flatMap { row in
            row.split(separator: "|", omittingEmptySubsequences: false)[1]
                .split(separator: ",").map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) }
        }
    }

    /// A term of the manual page's lists, split as the guide's first column is.
    static func terms(_ list: [(term: String, text: String)]) -> [String] {
        list.flatMap { $0.term.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// One error of each kind, for the exit codes `CLIError` can give.
    static let errors: [CLIError] = [
        .usage("", hint: nil, command: nil), .notFound("", hint: nil), .refused("", hint: nil), .checkFailed,
        .editorFailed(""), .dataError("", hint: nil), .problemsFound("", hint: nil), .inputMissing(""),
        .inputUnreadable("", hint: nil), .cannotCreate(""), .io(""), .output(""), .lockTimeout(""),
        .changedMeanwhile(""), .configuration("", hint: nil), .unavailable("", hint: nil), .notSyncable("", hint: nil),
    ]

    @Test("the exit codes are the manual page's, which are 0 and every code an error maps to")
    func exitCodes() {
        let documented = Self.firstColumn(under: "Exit codes")
        #expect(!documented.isEmpty, "no exit code table in the guide")
        #expect(documented == Self.terms(ManPageText.exitStatus))
        let mapped = Set(Self.errors.map { String($0.exitCode) } + ["0"])
        #expect(Set(documented) == mapped)
    }

    @Test("the environment variables are the manual page's")
    func environment() {
        let documented = Self.firstColumn(under: "Environment")
        #expect(!documented.isEmpty, "no environment table in the guide")
        #expect(documented == Self.terms(ManPageText.environment))
    }

    @Test("every file the manual page names is in the guide's table")
    func files() {
        let documented = Self.firstColumn(under: "Files")
        #expect(!documented.isEmpty, "no files table in the guide")
        for file in Self.terms(ManPageText.files) {
            #expect(documented.contains(file), "\(file) is in the manual page's FILES but not in the guide")
        }
    }

    @Test("the manual page the binary prints holds those lists")
    func manPagePrinted() {
        let page = Sandbox().ok(["help", "--man"])
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(page.contains(".SH \"\(section)\"") || page.contains(".SH \(section)"), "no \(section) in the manual page")
        }
        for term in Self.terms(ManPageText.exitStatus) + Self.terms(ManPageText.environment) {
            #expect(page.contains(term), "\(term) missing from the printed manual page")
        }
    }
}
