@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

/// Each shell's completion, run in the real shell against the real binary, at every place on the
/// command line: the command, an option, a fixed value, a value from the journal, an id, after
/// `--file=`, and the arguments of `completion` and `help`.
@Suite("Completion scripts complete every position in their shells")
struct CompletionTests {
    static let journal = journalLine(id: "2026-11-29T08:00", #""notes":"","method":"V60","coffee":"Kenya AA","tags":["morning","iced"]"#)
        + journalLine(id: "abcd1234", #""notes":"","method":"AeroPress","coffee":"Yirgacheffe","tags":["morning"]"#)

    /// Two recipes (one name with a space) and a colour: what `recipe` and `config` complete.
    static let config = """
        [recipe "Morning V60"]
        \tmethod = V60
        \tdose = 15
        [recipe "shot"]
        \tmethod = AeroPress
        [ui]
        \tcolor = never

        """

    /// A sandbox with the journal, the config file, a file to complete, the script for `shell`,
    /// and a `PATH` on which `brewlog` is the binary under test.
    static func setUp(_ shell: String) -> (sandbox: Sandbox, script: String, path: String) {
        let sandbox = Sandbox(journal: journal)
        _ = FileManager.default.createFile(atPath: sandbox.home + "/journal-a.jsonl", contents: Data(journalLine(id: "other123").utf8))
        try? FileManager.default.createDirectory(atPath: sandbox.home + "/.config/brewlog", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: sandbox.home + "/.config/brewlog/config", contents: Data(config.utf8))
        let script = sandbox.home + "/completion." + shell
        _ = FileManager.default.createFile(atPath: script, contents: Data(sandbox.ok(["completion", shell]).utf8))
        let bin = sandbox.home + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: bin + "/brewlog", withDestinationPath: brewlogBinary)
        return (sandbox, script, bin + ":/usr/bin:/bin")
    }

    /// The traits of the tests run in zsh and in fish: where that shell is missing, they are
    /// reported skipped with the reason, not passed.
    static let needsZsh = ConditionTrait.enabled(if: ExternalTool.zsh.isInstalled, "needs zsh to run its completion script")
    static let needsFish = ConditionTrait.enabled(if: ExternalTool.fish.isInstalled, "needs fish to run its completion script")

    static let commandNames = Commands.listed.map(\.name) + ["help"]
    static let topLevel = commandNames + ["--file", "--color", "--quiet", "-q", "--no-pager", "--help", "-h", "--version"]

    // MARK: bash

    /// The line typed (the cursor at its end), the words bash splits it into (at spaces and at
    /// COMP_WORDBREAKS, as bash 5 does), and the candidates expected (`HOME` is the sandbox).
    static let bashCases: [(line: String, words: [String], expected: [String])] = [
        ("brewlog ", ["brewlog", ""], topLevel),
        ("brewlog ed", ["brewlog", "ed"], ["edit"]),
        ("brewlog add --ra", ["brewlog", "add", "--ra"], ["--rating", "--ratio"]),
        ("brewlog add --rating ", ["brewlog", "add", "--rating", ""], []),
        ("brewlog export --format ", ["brewlog", "export", "--format", ""], ["jsonl", "json", "csv"]),
        ("brewlog export --format=j", ["brewlog", "export", "--format", "=", "j"], ["jsonl", "json"]),
        ("brewlog edit x --unset te", ["brewlog", "edit", "x", "--unset", "te"], ["temp"]),
        ("brewlog add --method ", ["brewlog", "add", "--method", ""], ["AeroPress", "V60"]),
        ("brewlog add --method=V", ["brewlog", "add", "--method", "=", "V"], ["V60"]),
        ("brewlog add --coffee Ke", ["brewlog", "add", "--coffee", "Ke"], ["Kenya AA"]),
        ("brewlog add -m ", ["brewlog", "add", "-m", ""], ["AeroPress", "V60"]),
        ("brewlog list -c Ke", ["brewlog", "list", "-c", "Ke"], ["Kenya AA"]),
        ("brewlog add --like ", ["brewlog", "add", "--like", ""], ["last", "abcd1234", "2026-11-29T08:00"]),
        ("brewlog diff abcd1234 ", ["brewlog", "diff", "abcd1234", ""], ["last", "abcd1234", "2026-11-29T08:00"]),
        ("brewlog add --coffee 'Ke", ["brewlog", "add", "--coffee", "'Ke"], ["Kenya AA"]),
        ("brewlog add --coffee Kenya\\ A", ["brewlog", "add", "--coffee", "Kenya\\ A"], ["Kenya AA"]),
        ("brewlog list --tag ", ["brewlog", "list", "--tag", ""], ["iced", "morning"]),
        ("brewlog edit last --untag m", ["brewlog", "edit", "last", "--untag", "m"], ["morning"]),
        ("brewlog show ", ["brewlog", "show", ""], ["last", "abcd1234", "2026-11-29T08:00"]),
        ("brewlog rm 2026-11-29T0", ["brewlog", "rm", "2026-11-29T0"], ["2026-11-29T08:00"]),
        ("brewlog show 2026-11-29T08:0", ["brewlog", "show", "2026-11-29T08", ":", "0"], ["00"]),
        ("brewlog --file journal-a.jsonl show ", ["brewlog", "--file", "journal-a.jsonl", "show", ""], ["last", "other123"]),
        ("brewlog --file=journal-a.jsonl edit o", ["brewlog", "--file", "=", "journal-a.jsonl", "edit", "o"], ["other123"]),
        ("brewlog --file=jo", ["brewlog", "--file", "=", "jo"], ["journal-a.jsonl"]),
        ("brewlog --file=HOME/jo", ["brewlog", "--file", "=", "HOME/jo"], ["HOME/journal-a.jsonl"]),
        ("brewlog import jo", ["brewlog", "import", "jo"], ["journal-a.jsonl"]),
        ("brewlog completion ", ["brewlog", "completion", ""], ["bash", "zsh", "fish"]),
        ("brewlog help ", ["brewlog", "help", ""], Commands.listed.map(\.name)),
        ("brewlog help st", ["brewlog", "help", "st"], ["streak", "stats"]),
    ]

    @Test("bash", arguments: bashCases)
    func bash(line: String, words: [String], expected: [String]) {
        Self.expectBash(line: line, words: words, offers: expected)
    }

    /// Runs bash's completion of `line` (split into `words` as bash splits it) and expects it to
    /// offer `expected`, each word as the shell reads it once inserted; `HOME` in any of them is
    /// the sandbox's. `prepare` changes the sandbox first.
    static func expectBash(line: String, words: [String], offers expected: [String], prepare: (Sandbox) -> Void = { _ in },
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let (sandbox, script, path) = setUp("bash")
        prepare(sandbox)
        let home = { (text: String) in text.replacingOccurrences(of: "HOME", with: sandbox.home) }
        let probe = """
            source "$1"; shift
            COMP_LINE="$1"; COMP_POINT=${#1}; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
            _brewlog
            # Each word as the shell reads it once inserted (journal values come quoted).
            for word in "${COMPREPLY[@]}"; do eval "printf '%s\\\\n' $word"; done
            """
        let result = runProcess("/usr/bin/bash", ["-c", probe, "bash", script, home(line)] + words.map(home),
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        let offered = result.stdout.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == expected.map(home).sorted(), "\(line): \(result.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: fish

    static let fishCases: [(line: String, expected: [String])] = [
        ("brewlog ", commandNames),
        ("brewlog ed", ["edit"]),
        ("brewlog add --ra", ["--rating", "--ratio"]),
        ("brewlog add --rating ", []),
        ("brewlog add --notes ", []),
        ("brewlog export --format ", ["csv", "json", "jsonl"]),
        ("brewlog edit x --unset te", ["temp"]),
        ("brewlog add --method ", ["AeroPress", "V60"]),
        ("brewlog add --coffee ", ["Kenya AA", "Yirgacheffe"]),
        ("brewlog list --tag ", ["iced", "morning"]),
        ("brewlog edit last --untag ", ["iced", "morning"]),
        ("brewlog show ", ["2026-11-29T08:00", "abcd1234", "last"]),
        ("brewlog --file journal-a.jsonl show ", ["last", "other123"]),
        ("brewlog --file=jo", ["--file=journal-a.jsonl"]),
        ("brewlog --file jo", ["journal-a.jsonl"]),
        ("brewlog import jo", ["journal-a.jsonl"]),
        ("brewlog completion ", ["bash", "fish", "zsh"]),
        ("brewlog help ", Commands.listed.map(\.name).sorted()),
    ]

    @Test("fish", CompletionTests.needsFish, arguments: fishCases)
    func fish(line: String, expected: [String]) {
        let result = Self.fish(line)
        let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == expected.sorted(), "\(line): \(result.stderr)")
    }

    /// What fish's completion of `line` prints (`VALUE<TAB>DESCRIPTION` lines), after `prepare`
    /// changed the sandbox; an issue is recorded when fish does not run the script through.
    static func fish(_ line: String, prepare: (Sandbox) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
        let (sandbox, script, path) = setUp("fish")
        prepare(sandbox)
        let result = runProcess(ExternalTool.fish.executable, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.status == 0, "fish: \(line): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    // MARK: zsh

    /// Runs `body` in zsh after sourcing the script with `compadd`, `_arguments` and `_describe`
    /// replaced by functions that print what they were given; an issue is recorded when zsh
    /// does not run the script through.
    static func zsh(_ body: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> (RunResult, Sandbox) {
        let (sandbox, script, path) = Self.setUp("zsh")
        let probe = """
            compdef() { :; }
            compadd() { printf 'compadd:%s\\n' "$@"; }
            _describe() { printf 'describe:%s\\n' "${(@P)2}"; }
            source "$1"; shift
            \(body)
            """
        let result = runProcess(ExternalTool.zsh.executable, ["-fc", probe, "zsh", script] + arguments,
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.status == 0, "zsh: \(result.stderr)", sourceLocation: sourceLocation)
        return (result, sandbox)
    }

    @Test("zsh: journal values are added with compadd, from the journal --file names", CompletionTests.needsZsh, arguments: [
        ("methods", ["brewlog", "add", "--method", ""], ["AeroPress", "V60"]),
        ("coffees", ["brewlog", "add", "--coffee", ""], ["Kenya AA", "Yirgacheffe"]),
        ("tags", ["brewlog", "list", "--tag", ""], ["iced", "morning"]),
        ("ids", ["brewlog", "show", ""], ["last", "2026-11-29T08:00", "abcd1234"]),
        ("ids", ["brewlog", "--file", "journal-a.jsonl", "show", ""], ["last", "other123"]),
        ("ids", ["brewlog", "--file=journal-a.jsonl", "show", ""], ["last", "other123"]),
    ])
    func zshValues(kind: String, words: [String], expected: [String]) {
        let (result, _) = Self.zsh("words=(\"$@\"); _brewlog_values \(kind) 'a value'", words)
        #expect(result.stdout == (["-X", "a value", "--"] + expected).map { "compadd:" + $0 + "\n" }.joined(), "\(result.stderr)")
    }

    @Test("zsh: the compadd options _arguments puts before an action's words are passed on, and the kind is still read", CompletionTests.needsZsh)
    func zshValuesUnderArguments() {
        let (result, _) = Self.zsh("words=(\"$@\"); _brewlog_values -J -default- methods 'a value'", ["brewlog", "add", "--method", ""])
        #expect(result.stdout == ["-J", "-default-", "-X", "a value", "--", "AeroPress", "V60"].map { "compadd:" + $0 + "\n" }.joined(), "\(result.stderr)")
    }

    @Test("zsh: each command's _arguments gets every option with its value's action", CompletionTests.needsZsh, arguments: CompletionScripts.commands.map(\.name))
    func zshArguments(command: String) throws {
        let spec = try #require(CompletionScripts.commands.first { $0.name == command })
        let (result, _) = Self.zsh("_arguments() { printf '%s\\n' \"$@\"; }; _brewlog_\(CompletionScripts.zshName(command))")
        let specs = result.stdout.split(separator: "\n").map(String.init)
        for option in CompletionScripts.options(spec) {
            let line = specs.first { $0.contains("--\(option.long)[") }
            #expect(line != nil, "--\(option.long) missing from \(specs)")
            guard let line, option.valueName != nil else { continue }
            switch option.completion {
            case .fixed(let words): #expect(line.hasSuffix(":(" + words.joined(separator: " ") + ")"), "\(line)")
            case .lookup(let kind): #expect(line.hasSuffix(":_brewlog_values \(kind.rawValue) '\(kind.description)'"), "\(line)")
            case .files: #expect(line.hasSuffix(":_files"), "\(line)")
            case .nothing: #expect(line.hasSuffix(": "), "\(line)")
            }
        }
        let argument = specs.first { $0.hasPrefix("*:") }
        let action = specs.first { $0.hasPrefix("1:") }
        switch spec.argumentCompletion {
        case .each(.nothing): #expect(argument == nil && action == nil)
        case .each(.fixed(let words)): #expect(argument?.hasSuffix(":(" + words.joined(separator: " ") + ")") == true, "\(specs)")
        case .each(.lookup(let kind)): #expect(argument?.hasSuffix(":_brewlog_values \(kind.rawValue) '\(kind.description)'") == true, "\(specs)")
        case .each(.files): #expect(argument?.hasSuffix(":_files") == true, "\(specs)")
        case .actions(let actions, _):
            #expect(action?.hasSuffix(":(" + actions.joined(separator: " ") + ")") == true, "\(specs)")
            // The arguments after a subcommand get their function only when some of them complete to something.
            let follows = !spec.argumentCompletion.followers.isEmpty
            #expect((argument?.hasSuffix(":_brewlog_\(CompletionScripts.zshName(command))_arguments") == true) == follows, "\(specs)")
        }
    }

    @Test("zsh: the command's place offers every command", CompletionTests.needsZsh)
    func zshCommands() {
        let (result, _) = Self.zsh("_arguments() { state=command; }; _brewlog")
        let described = result.stdout.split(separator: "\n").map { $0.dropFirst("describe:".count).prefix { $0 != ":" } }.map(String.init)
        #expect(described == Self.commandNames, "\(result.stdout) \(result.stderr)")
    }

    @Test("zsh: after a command, its own function completes", CompletionTests.needsZsh)
    func zshDispatch() {
        let (result, _) = Self.zsh("_arguments() { state=args; }; _brewlog_show() { print show-called; }; words=(show ''); _brewlog")
        #expect(result.stdout == "show-called\n", "\(result.stderr)")
    }
}
