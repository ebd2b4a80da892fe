import Foundation
import Testing
import BrewLogTestSupport

/// Completion scripts run text from the journal through the user's shell on every TAB, so none
/// may expand, evaluate or glob it. Each test installs a stand-in `brewlog` first on `PATH` that
/// lists hostile ids, as a journal would (arbitrary text: values other than ids may be completed
/// too), runs the generated script in the real shell, and checks that nothing ran and each
/// candidate is offered as it is.
@Suite("Completion scripts never evaluate text from the journal")
struct CompletionSafetyTests {
    /// What the stand-in lists: command substitution, backquotes, a variable, globs, and colons
    /// (which zsh's `_describe` would read as the start of a description).
    static let hostileIDs = ["$(touch${IFS}PWNED)", "`touch${IFS}PWNED2`", "$HOME", "*", "a*", "id:with:colons"]

    /// A sandbox with the completion script for `shell` at `script` and the stand-in `brewlog`
    /// in `bin`, plus files a glob would match.
    private func setUp(_ shell: String) -> (sandbox: Sandbox, script: String, path: String) {
        let sandbox = Sandbox()
        let script = sandbox.home + "/completion." + shell
        _ = FileManager.default.createFile(atPath: script, contents: Data(sandbox.ok(["completion", shell]).utf8))
        let bin = sandbox.home + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let listing = Self.hostileIDs.map { "'" + $0 + "'" }.joined(separator: " ")
        installStandIn("printf '%s\\n' \(listing)", at: bin + "/brewlog")
        for name in ["abc.txt", "a-file"] {
            _ = FileManager.default.createFile(atPath: sandbox.home + "/" + name, contents: nil)
        }
        return (sandbox, script, bin + ":/usr/bin:/bin")
    }

    static func expectNothingRan(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in ["PWNED", "PWNED2"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/" + name), "\(name) was created", sourceLocation: sourceLocation)
        }
    }

    @Test("bash: ids are offered literally, never expanded or globbed", arguments: [
        ("", hostileIDs),
        ("id:", ["id:with:colons"]),
        ("$", ["$(touch${IFS}PWNED)", "$HOME"]),
        ("a", ["a*"]),
        ("*", ["*"]),
    ])
    func bash(typed: String, expected: [String]) {
        let (sandbox, script, path) = setUp("bash")
        let probe = """
            source "$1"
            COMP_WORDS=(brewlog show "$2"); COMP_CWORD=2
            _brewlog
            # Each word as the shell reads it once inserted (journal values come quoted).
            for word in "${COMPREPLY[@]}"; do eval "printf '%s\\\\n' $word"; done
            """
        let result = runProcess("/usr/bin/bash", ["-c", probe, "bash", script, typed],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout == expected.map { $0 + "\n" }.joined(), "\(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    @Test("zsh: ids are offered literally, never expanded or globbed", CompletionTests.needsZsh)
    func zsh() throws {
        let (sandbox, script, path) = setUp("zsh")
        // compadd is replaced by a function that prints what it was given.
        let probe = """
            compdef() { :; }
            compadd() { printf '%s\\n' "$@"; }
            source "$1"
            _brewlog_values ids 'brew id'
            """
        let result = runProcess(ExternalTool.zsh.executable, ["-fc", probe, "zsh", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout == (["-X", "brew id", "--"] + Self.hostileIDs).map { $0 + "\n" }.joined(), "\(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    @Test("fish: ids are offered literally, never expanded or globbed", CompletionTests.needsFish)
    func fish() throws {
        let (sandbox, script, path) = setUp("fish")
        let result = runProcess(ExternalTool.fish.executable, ["--no-config", "-c", "source $argv[1]; complete -C 'brewlog show '", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        for id in Self.hostileIDs {
            #expect(offered.contains(id), "\(id) not offered: \(result.stdout) \(result.stderr)")
        }
        Self.expectNothingRan(sandbox)
    }

    /// A sandbox with the completion script for `shell` and a stand-in `brewlog` that prints the
    /// journal it was pointed at (`from:PATH`), or `default` without `--file`.
    private func setUpFileProbe(_ shell: String) -> (sandbox: Sandbox, script: String, path: String) {
        let (sandbox, script, _) = setUp(shell)
        let bin = sandbox.home + "/probe-bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        installStandIn(#"if [ "$1" = --file ]; then printf 'from:%s\n' "$2"; else echo default; fi"#, at: bin + "/brewlog")
        return (sandbox, script, bin + ":/usr/bin:/bin")
    }

    @Test("zsh: ids come from the journal named by --file on the line, taken literally", CompletionTests.needsZsh, arguments: [
        (["brewlog", "--file", "'my j.jsonl'", "show", ""], "from:my j.jsonl"),
        (["brewlog", "show", "--file=$(touch${IFS}PWNED)", ""], "from:$(touch${IFS}PWNED)"),
        (["brewlog", "show", ""], "default"),
    ])
    func zshFile(words: [String], expected: String) {
        let (sandbox, script, path) = setUpFileProbe("zsh")
        let probe = """
            compdef() { :; }
            compadd() { printf '%s\\n' "$@"; }
            source "$1"
            shift
            words=("$@")
            _brewlog_values ids 'brew id'
            """
        let result = runProcess(ExternalTool.zsh.executable, ["-fc", probe, "zsh", script] + words,
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout == ["-X", "brew id", "--", expected].map { $0 + "\n" }.joined(), "\(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    @Test("fish: ids come from the journal named by --file on the line, taken literally", CompletionTests.needsFish, arguments: [
        ("brewlog --file 'my j.jsonl' show ", "from:my j.jsonl"),
        ("brewlog show --file='$(touch PWNED)' ", "from:$(touch PWNED)"),
        ("brewlog show ", "default"),
    ])
    func fishFile(line: String, expected: String) {
        let (sandbox, script, path) = setUpFileProbe("fish")
        let result = runProcess(ExternalTool.fish.executable, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.contains(expected), "\(result.stdout) \(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    // MARK: values from a real journal

    /// Coffees a journal may hold: shell syntax, globs, spaces, a lone quote, and (never offered,
    /// since a shell would show them raw or split them) a line break and control characters.
    static let hostileCoffees: [(json: String, offered: Bool)] = [
        (#"$(touch PWNED)"#, true), (#"`touch PWNED2`"#, true), ("*", true), ("a b", true), ("'", true), (#"\""#, true),
        (#"x\ny"#, false), (#"\u001b]0;owned\u0007"#, false), (#"c1\u009b2J"#, false), (#"tab\there"#, false),
    ]

    /// The coffees as the journal reads them, those offered only.
    static let offeredCoffees = [#"$(touch PWNED)"#, "`touch PWNED2`", "*", "a b", "'", "\""].sorted()

    /// A sandbox whose journal holds the hostile coffees, with the real binary first on `PATH`.
    static func hostileJournal(_ shell: String) -> (sandbox: Sandbox, script: String, path: String) {
        let lines = Self.hostileCoffees.enumerated().map { index, coffee in
            journalLine(id: "id\(index)", #""notes":"","coffee":""# + coffee.json + #"""#)
        }
        let sandbox = Sandbox(journal: lines.joined())
        for name in ["abc.txt", "a-file"] {
            _ = FileManager.default.createFile(atPath: sandbox.home + "/" + name, contents: nil)
        }
        let script = sandbox.home + "/completion." + shell
        _ = FileManager.default.createFile(atPath: script, contents: Data(sandbox.ok(["completion", shell]).utf8))
        let bin = sandbox.home + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: bin + "/brewlog", withDestinationPath: brewlogBinary)
        return (sandbox, script, bin + ":/usr/bin:/bin")
    }

    @Test("__complete lists each value once, leaving out those with control characters")
    func helperOutput() {
        let (sandbox, _, _) = Self.hostileJournal("bash")
        #expect(sandbox.ok(["__complete", "coffees"]) == Self.offeredCoffees.map { $0 + "\n" }.joined())
        #expect(sandbox.run(["__complete", "grinderz"]).status == 64)
        #expect(Sandbox().ok(["__complete", "coffees"]).isEmpty, "no journal: nothing, and no error")
    }

    @Test("bash: journal values are offered literally, never expanded, globbed or split")
    func bashValues() {
        let (sandbox, script, path) = Self.hostileJournal("bash")
        let probe = """
            source "$1"
            COMP_WORDS=(brewlog add --coffee ""); COMP_CWORD=3
            _brewlog
            # Each word as the shell reads it once inserted (journal values come quoted).
            for word in "${COMPREPLY[@]}"; do eval "printf '%s\\\\n' $word"; done
            """
        let result = runProcess("/usr/bin/bash", ["-c", probe, "bash", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == Self.offeredCoffees, "\(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    @Test("fish: journal values are offered literally", CompletionTests.needsFish)
    func fishValues() {
        let (sandbox, script, path) = Self.hostileJournal("fish")
        let result = runProcess(ExternalTool.fish.executable, ["--no-config", "-c", "source $argv[1]; complete -C 'brewlog add --coffee '", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == Self.offeredCoffees, "\(result.stdout) \(result.stderr)")
        Self.expectNothingRan(sandbox)
    }

    @Test("zsh: journal values reach compadd literally", CompletionTests.needsZsh)
    func zshValues() {
        let (sandbox, script, path) = Self.hostileJournal("zsh")
        let probe = """
            compdef() { :; }
            compadd() { shift 3; printf '%s\\n' "$@"; }
            source "$1"
            words=(brewlog add --coffee '')
            _brewlog_values coffees coffee
            """
        let result = runProcess(ExternalTool.zsh.executable, ["-fc", probe, "zsh", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == Self.offeredCoffees, "\(result.stderr)")
        Self.expectNothingRan(sandbox)
    }
}

/// The same rule at the places whose values depend on what was typed before them: the value of
/// a config key (`config set add.coffee <TAB>` offers the journal's coffees) and the descriptions
/// fish shows beside brew ids.
@Suite("Completion after a config key, and fish's descriptions, never let text from the journal through raw")
struct CompletionLookupSafetyTests {
    private func hostile(_ shell: String) -> (sandbox: Sandbox, script: String, path: String) {
        CompletionSafetyTests.hostileJournal(shell)
    }

    @Test("bash: config set add.coffee offers the coffees literally, those with control characters left out")
    func bash() {
        let (sandbox, script, path) = hostile("bash")
        let probe = """
            source "$1"
            COMP_WORDS=(brewlog config set add.coffee ""); COMP_CWORD=4
            _brewlog
            # Each word as the shell reads it once inserted (journal values come quoted).
            for word in "${COMPREPLY[@]}"; do eval "printf '%s\\\\n' $word"; done
            """
        let result = runProcess("/usr/bin/bash", ["-c", probe, "bash", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == CompletionSafetyTests.offeredCoffees, "\(result.stderr)")
        CompletionSafetyTests.expectNothingRan(sandbox)
    }

    @Test("zsh: config set add.coffee reaches compadd literally, those with control characters left out", CompletionTests.needsZsh)
    func zsh() {
        let (sandbox, script, path) = hostile("zsh")
        let probe = """
            compdef() { :; }
            compadd() { shift 3; printf '%s\\n' "$@"; }
            source "$1"
            line=(set add.coffee '')
            _brewlog_config_arguments
            """
        let result = runProcess(ExternalTool.zsh.executable, ["-fc", probe, "zsh", script],
                                environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == CompletionSafetyTests.offeredCoffees, "\(result.stderr)")
        CompletionSafetyTests.expectNothingRan(sandbox)
    }

    @Test("fish: config set add.coffee offers the coffees literally; every brew id's description is one safe line of at most 60 columns", CompletionTests.needsFish)
    func fish() {
        let (sandbox, script, path) = hostile("fish")
        let run = { (line: String) in
            runProcess(ExternalTool.fish.executable, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                       environment: sandbox.environment.merging(["PATH": path]) { $1 }, directory: sandbox.home)
        }
        let values = run("brewlog config set add.coffee ")
        #expect(values.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted() == CompletionSafetyTests.offeredCoffees,
                "\(values.stdout) \(values.stderr)")
        let ids = run("brewlog show ")
        let lines = ids.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == CompletionSafetyTests.hostileCoffees.count + 1, "every id and last: \(ids.stdout)")
        for line in lines {
            let description = line.drop { $0 != "\t" }.dropFirst()
            #expect(!description.isEmpty && !description.contains("\t"), "\(line)")
            #expect(!description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            #expect(description.count <= 60, "\(line)")
        }
        #expect(lines.contains { $0.hasSuffix(#"· \e]0;owned\x07"#) }, "the escape shown as text: \(ids.stdout)")
        CompletionSafetyTests.expectNothingRan(sandbox)
    }
}
