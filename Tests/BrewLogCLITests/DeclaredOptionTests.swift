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

    @Test("each command run with each of its options", arguments: Commands.specs.map(\.name))
    func everyOption(_ name: String) throws {
        let spec = try #require(Commands.specs.first { $0.name == name })
        let positionals: [String] = switch name {
        case "show", "edit", "rm": ["aaaa"]
        case "import": ["/nonexistent/brews.jsonl"]
        case "completion": ["bash"]
        default: []
        }
        for option in spec.options + GlobalOptions.all {
            guard let value = Self.sample(for: option) else { continue }
            let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
            // A file an option writes goes into the sandbox, never the test's working folder.
            let written = option.long == "output" ? sandbox.home + "/written" : value
            let given = value.isEmpty ? ["--" + option.long] : ["--" + option.long, written]
            // The status depends on the option; what matters is that every read is declared,
            // which a debug build checks at the read, and that a run never crashes.
            let result = sandbox.run([name] + positionals + given)
            #expect([0, 1, 64, 65, 66].contains(result.status), "\(name) \(given): \(result.status) \(result.stderr)")
        }
    }
}

@Suite("Options are declared once per command")
struct OptionDeclarationTests {
    @Test("no command declares one long name twice or reuses a global option's", arguments: Commands.specs.map(\.name))
    func uniqueNames(_ name: String) throws {
        let spec = try #require(Commands.specs.first { $0.name == name })
        let names = (spec.options + GlobalOptions.all).map(\.long)
        #expect(Set(names).count == names.count, "\(names)")
    }

    #if DEBUG
    @Test("reading an option the command does not declare stops a debug build at the read")
    func undeclaredRead() async {
        await #expect(processExitsWith: .failure) {
            guard case let .run(_, parsed) = try CommandLineParser(commands: Commands.specs).parse(["show", "aaaa"]) else { return }
            _ = parsed.has(StreakCommand.Option.check)
        }
    }
    #endif
}
