@testable import BrewLogCLI
import BrewLogCore
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

    @Test("its FIELDS paragraph names every field option the field table has", arguments: BrewField.allCases.compactMap(\.row.option?.long))
    func fieldsParagraph(option: String) {
        let fields = Self.page.split(separator: "\n").first { $0.hasPrefix("FIELDS") } ?? ""
        #expect(fields.contains("\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-") + " "), "\(fields)")
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

    @Test("each command's section comes from its spec: usage, abstract, arguments, options")
    func fromTheSpecs() {
        for command in Commands.listed {
            #expect(Self.page.contains(".SS \"brewlog \(ManPageRoff.escaped(command.name, inMacro: true))\""))
            #expect(Self.page.contains(ManPageRoff.escaped(command.abstract)))
            for option in command.options {
                #expect(Self.page.contains(ManPageRoff.bold("--" + option.long)))
                #expect(Self.page.contains(ManPageRoff.escaped(option.help)))
            }
            for argument in command.arguments {
                #expect(Self.page.contains(ManPageRoff.escaped(argument.help)))
            }
        }
    }

    @Test("roff escaping", arguments: [
        ("--file", "\\-\\-file"),
        ("a\\b", "a\\eb"),
        (".starts with a dot", "\\&.starts with a dot"),
        ("'starts with a quote", "\\&'starts with a quote"),
        ("°C and ★", "\\[u00B0]C and \\[u2605]"),
        ("☕️ 𝄞", "\\[u2615]\\[uFE0F] \\[u1D11E]"),
        ("bell\u{7}", "bell"),
    ])
    func escaping(text: String, expected: String) {
        #expect(ManPageRoff.escaped(text) == expected)
    }

    @Test("a double quote in a macro argument cannot end it")
    func macroQuote() {
        #expect(ManPageRoff.macro("SS", "say \"hi\"") == ".SS \"say \\(dqhi\\(dq\"")
    }

    @Test("no line of the page starts as a request it did not mean")
    func noStrayRequests() {
        let requests: Set<String> = [".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi", ".ad", ".nh"]
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.prefix(3))), "'\(line)'")
        }
    }

    @Test("help --man takes no subcommand; --man only follows help", arguments: [
        ["help", "add", "--man"], ["help", "--man", "add"], ["--man"], ["add", "--man"],
    ])
    func misuse(arguments: [String]) {
        let result = Sandbox().run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
