@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

@Suite("brewlog help --man: the manual page, from the same specs as --help")
struct ManPageTests {
    static let page = Sandbox().ok(["help", "--man"])

    /// The trait of the tests that read the page as `man` shows it.
    static let needsMan = ConditionTrait.enabled(if: ExternalTool.man.isInstalled, "needs man to render the manual page")

    /// The page as `man` shows it, plain text at 80 columns; an issue is recorded when man fails.
    static func rendered(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let file = sandbox.home + "/brewlog.1"
        _ = FileManager.default.createFile(atPath: file, contents: Data(page.utf8))
        let result = runProcess(ExternalTool.man.executable, ["-l", file],
                                environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home, "MANPAGER": "cat", "PAGER": "cat",
                                              "MANWIDTH": "80", "LANG": "C.UTF-8", "MAN_KEEP_FORMATTING": ""],
                                directory: sandbox.home)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    @Test("groff formats it without a single warning", .enabled(if: ExternalTool.groff.isInstalled, "needs groff to format the manual page"))
    func groffIsSilent() {
        let sandbox = Sandbox()
        let file = sandbox.home + "/brewlog.1"
        _ = FileManager.default.createFile(atPath: file, contents: Data(Self.page.utf8))
        let result = runProcess(ExternalTool.groff.executable, ["-man", "-Tutf8", "-ww", "-z", file],
                                environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home], directory: sandbox.home)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("man -l renders every section, every command and every option", ManPageTests.needsMan)
    func manRenders() throws {
        let sandbox = Sandbox()
        let text = Self.rendered(sandbox)
        // man may mark bold and underline with backspaces when not told otherwise.
        let plain = text.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(plain.contains("\n" + section + "\n"), "no \(section) in:\n\(plain)")
        }
        for command in Commands.listed + [HelpCommand.spec] {
            #expect(plain.contains("brewlog " + command.name), "\(command.name) missing")
            for option in command.options {
                #expect(plain.contains("--" + option.long), "--\(option.long) of \(command.name) missing")
            }
        }
        for variable in ["BREWLOG_FILE", "BREWLOG_CONFIG", "BREWLOG_NOW", "BREWLOG_LOCK_TIMEOUT", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
                         "HOME", "TZ", "NO_COLOR", "TERM", "PAGER", "VISUAL", "EDITOR", "COLUMNS"] {
            #expect(plain.contains(variable), "\(variable) missing from ENVIRONMENT")
        }
        for code in ["0", "1", "64", "65", "66", "73", "74", "75", "78"] {
            #expect(plain.contains("\n       " + code + "\n") || plain.contains("\n       " + code + " "), "exit status \(code) missing")
        }
        #expect(plain.contains("brewlog add --method V60 --coffee \"Kenya AA\""), "a literal example keeps its quotes and dashes")
        #expect(!plain.contains("\\-") && !plain.contains("\\["), "an escape leaked into the text")
    }
}
