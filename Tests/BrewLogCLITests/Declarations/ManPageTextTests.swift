@testable import BrewLogCLI
import BrewLogCore
import Testing
import BrewLogTestSupport

/// The roff text of the manual page, read in the test process; formatting it with groff and man
/// needs those programs, and is the end-to-end tests'.
@Suite("brewlog help --man: the manual page's roff text, from the same specs as --help")
struct ManPageTextTests {
    static let page = Sandbox(runner: .inProcess).ok(["help", "--man"])

    @Test("its FIELDS paragraph names every field option the field table has", arguments: BrewField.allCases.compactMap(\.row.option?.long))
    func fieldsParagraph(option: String) {
        let fields = Self.page.split(separator: "\n").first { $0.hasPrefix("FIELDS") } ?? ""
        #expect(fields.contains("\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-") + " "), "\(fields)")
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
        let result = Sandbox(runner: .inProcess).run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
