@testable import BrewLogCLI
import Testing

/// Every command and subcommand is a declaration, and everything a user reads about it comes
/// from that declaration: these tests walk all of them, so a new command, subcommand or option
/// that one of help, the manual, the three completion scripts or "did you mean" misses fails here.
@Suite("Every declared command reaches help, the manual, completions and suggestions")
struct DeclarationWalkTests {
    static let listed = Commands.declared.filter { !$0.hidden }

    @Test("help shows each of its arguments and options", arguments: listed.map(\.qualifiedName))
    func help(_ name: String) throws {
        let spec = try #require(Self.listed.first { $0.qualifiedName == name })
        let text = HelpText.render(spec, width: 10_000)
        #expect(text.contains("USAGE: brewlog " + spec.usage))
        for argument in spec.arguments { #expect(text.contains("<\(argument.name)>"), "<\(argument.name)> missing from help of \(name)") }
        for option in spec.options { #expect(text.contains(option.synopsis), "\(option.synopsis) missing from help of \(name)") }
        for subcommand in spec.subcommandSpecs { #expect(text.contains("  \(subcommand.name) "), "\(subcommand.name) missing from help of \(name)") }
    }

    @Test("the manual has a section for it with each of its options", arguments: listed.map(\.qualifiedName))
    func manual(_ name: String) throws {
        let spec = try #require(Self.listed.first { $0.qualifiedName == name })
        let page = ManPage.render()
        #expect(page.contains(".SS \"brewlog \(name)\""), "no section for \(name)")
        for option in spec.options { #expect(page.contains("\\fB\\-\\-\(option.long.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "--\(option.long) of \(name)") }
    }

    @Test("help for a subcommand is reached both ways", arguments: listed.filter { $0.family != nil }.map(\.qualifiedName))
    func subcommandHelp(_ name: String) throws {
        let words = name.split(separator: " ").map(String.init)
        let parser = CommandLineParser(commands: Commands.all)
        guard case .help(let viaFlag?) = try parser.parse(words + ["--help"]), case .help(let viaCommand?) = try parser.parse(["help"] + words) else {
            Issue.record("no help for \(name)")
            return
        }
        #expect(viaFlag.qualifiedName == name)
        #expect(viaCommand.qualifiedName == name)
    }

    @Test("each shell's script offers each option after its command", arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) {
        let script = switch shell {
        case "bash": CompletionScripts.bash()
        case "zsh": CompletionScripts.zsh()
        default: CompletionScripts.fish()
        }
        for command in CompletionScripts.commands {
            #expect(script.contains(command.name), "\(command.name) missing from \(shell)")
            for option in CompletionScripts.options(command) {
                let spelled = shell == "fish" ? "-l \(option.long)" : "--\(option.long)"
                #expect(script.contains(spelled), "\(spelled) of \(command.name) missing from \(shell)")
            }
            for subcommand in command.subcommandSpecs { #expect(script.contains(subcommand.name), "\(command.name) \(subcommand.name) missing from \(shell)") }
        }
    }

    @Test("a family offers its subcommands first, then each subcommand's own arguments", arguments: Commands.listed.filter { !$0.subcommands.isEmpty }.map(\.name))
    func familyArguments(_ name: String) throws {
        let spec = try #require(Commands.listed.first { $0.name == name })
        guard case .actions(let actions, let after) = spec.argumentCompletion else {
            Issue.record("\(name) does not complete its subcommands")
            return
        }
        #expect(actions == spec.subcommandNames)
        for subcommand in spec.subcommandSpecs {
            #expect(after[subcommand.name] == subcommand.arguments.map(\.completion), "\(name) \(subcommand.name)")
        }
    }

    @Test("options sharing a long name within a family complete alike, and a short option names one long option everywhere")
    func consistentOptions() {
        for command in CompletionScripts.commands {
            let options = command.options + command.subcommandSpecs.flatMap(\.options)
            for option in options {
                for other in options where other.long == option.long {
                    #expect(other.completion == option.completion && (other.valueName == nil) == (option.valueName == nil), "\(command.name) --\(option.long)")
                }
            }
        }
        let all = Commands.declared.flatMap(\.options) + GlobalOptions.all
        for option in all where option.short != nil {
            #expect(all.filter { $0.short == option.short }.allSatisfy { $0.long == option.long }, "-\(option.short.map(String.init) ?? "")")
        }
    }

    /// The families that need a subcommand (not `sync`, which runs itself without one).
    static let families = Commands.listed.filter { !$0.subcommands.isEmpty && !$0.runsWithoutSubcommand }

    @Test("a misspelt subcommand is refused with the nearest one", arguments: families.flatMap { family in family.subcommandNames.map { (family.name, $0) } })
    func didYouMean(family: String, subcommand: String) {
        let typo = String(subcommand.dropLast()) + "x"
        #expect(throws: CLIError.self) { try CommandLineParser(commands: Commands.all).parse([family, typo]) }
        do {
            _ = try CommandLineParser(commands: Commands.all).parse([family, typo])
        } catch {
            guard case let .usage(message, hint, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message == "unknown subcommand '\(typo)' for '\(family)'")
            #expect(hint == "did you mean '\(subcommand)'?" || hint?.hasPrefix("use ") == true, "\(hint ?? "")")
        }
    }

    @Test("a family without its subcommand is a usage error that lists them", arguments: families.map(\.name))
    func missingSubcommand(_ family: String) {
        do {
            _ = try CommandLineParser(commands: Commands.all).parse([family])
            Issue.record("'\(family)' alone was accepted")
        } catch {
            guard case let .usage(message, hint, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message == "missing <subcommand> for '\(family)'")
            let names = Commands.listed.first { $0.name == family }?.subcommandNames ?? []
            #expect(names.allSatisfy { hint?.contains($0) == true }, "\(hint ?? "")")
        }
    }
}
