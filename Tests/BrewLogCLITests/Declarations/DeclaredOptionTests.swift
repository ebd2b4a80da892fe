@testable import BrewLogCLI
import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

@Suite("In-process runs: every option each command reads is one its spec declares")
struct DeclaredOptionTests {
    /// A value each option accepts, by its placeholder, so the command gets past parsing it.
    static func sample(for option: OptionSpec) -> String? {
        switch option.long {
        case "file", "help", "editor": nil
        case "rating", "limit": "4"
        case "date", "since", "until": "2026-11-28"
        case "dose": "15"
        case "water": "250"
        case "temp": "94"
        case "time": "2:45"
        case "format": "json"
        case "prefer": "incoming"
        case "unset": "grind"
        case "color": "never"
        case "untag": "x"
        default: option.valueName == nil ? "" : "x"
        }
    }

    /// The arguments each command is run with: enough to get past its argument count.
    static func positionals(_ name: String) -> [String]? {
        switch name {
        case "show", "edit", "rm", "bean show", "bean edit", "bean finish", "bean rm": ["aaaa"]
        case "bean add": ["X"]
        case "recipe save", "recipe edit", "recipe show", "recipe rm": ["v60"]
        case "config get", "config unset": ["ui.color"]
        case "config set": ["ui.color", "never"]
        // It opens an editor, and takes no option of its own.
        case "config edit": nil
        case "import": ["/nonexistent/brews.jsonl"]
        case "completion": ["bash"]
        default: []
        }
    }

    @Test("each command and subcommand run with each of its options", arguments: Commands.declared.filter { $0.subcommands.isEmpty }.map(\.qualifiedName))
    func everyOption(_ name: String) throws {
        let spec = try #require(Commands.declared.first { $0.qualifiedName == name })
        guard let positionals = Self.positionals(name) else { return }
        for option in spec.options + GlobalOptions.all {
            guard let value = Self.sample(for: option) else { continue }
            let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
            // A file an option writes goes into the sandbox, never the test's working folder.
            let written = option.long == "output" ? sandbox.home + "/written" : value
            let given = value.isEmpty ? ["--" + option.long] : ["--" + option.long, written]
            // The status depends on the option; what matters is that every read is declared,
            // which a debug build checks at the read, and that a run never crashes.
            let result = sandbox.run(name.split(separator: " ").map(String.init) + positionals + given)
            #expect([0, 1, 64, 65, 66, 69, 78].contains(result.status), "\(name) \(given): \(result.status) \(result.stderr)")
        }
    }
}

@Suite("Options are declared once per command")
struct OptionDeclarationTests {
    @Test("no command declares one long name twice or reuses a global option's", arguments: Commands.declared.map(\.qualifiedName))
    func uniqueNames(_ name: String) throws {
        let spec = try #require(Commands.declared.first { $0.qualifiedName == name })
        let names = (spec.options + GlobalOptions.all).map(\.long)
        #expect(Set(names).count == names.count, "\(names)")
    }

    #if DEBUG
    @Test("reading an option the command does not declare stops a debug build at the read")
    func undeclaredRead() async {
        await #expect(processExitsWith: .failure) {
            guard case let .run(_, _, parsed) = try CommandLineParser(commands: Commands.all).parse(["show", "aaaa"]) else { return }
            _ = parsed.has(StreakCommand.Option.check)
        }
    }
    #endif
}
