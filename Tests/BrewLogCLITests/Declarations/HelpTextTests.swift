@testable import BrewLogCLI
import BrewLogCore
import Testing
import BrewLogTestSupport

@Suite("Help wraps to the terminal width, with a hanging indent")
struct HelpTextTests {
    /// Every help screen: brewlog's own and each command's.
    static let screens: [[String]] = [["--help"]] + Commands.listed.map { [$0.name, "--help"] }

    @Test("no help line is wider than COLUMNS", arguments: ["80", "50", "34"])
    func fits(columns: String) throws {
        let width = try #require(Int(columns))
        for screen in Self.screens {
            let sandbox = Sandbox(runner: .inProcess)
            let help = sandbox.ok(screen, env: ["COLUMNS": columns])
            for line in help.split(separator: "\n") {
                #expect(BrewFormatting.displayWidth(String(line)) <= width, "\(screen) at \(width): '\(line)'")
                #expect(!line.hasSuffix(" "), "\(screen): trailing space in '\(line)'")
            }
        }
    }

    @Test("without a terminal or COLUMNS, help wraps at 80 columns")
    func defaultWidth() {
        let sandbox = Sandbox(runner: .inProcess)
        let plain = sandbox.ok(["add", "--help"])
        #expect(plain == sandbox.ok(["add", "--help"], env: ["COLUMNS": "80"]))
        #expect(plain != sandbox.ok(["add", "--help"], env: ["COLUMNS": "120"]))
        #expect(plain.split(separator: "\n").contains { $0.count > 70 }, "the width is used, not a narrower one")
    }

    @Test("an example keeps its spacing; a terminal narrower than 20 columns gets help for 20")
    func literalAndNarrow() {
        let sandbox = Sandbox(runner: .inProcess)
        #expect(sandbox.ok(["completion", "--help"]).contains("\n  zsh:  mkdir -p ~/.zfunc"))
        #expect(sandbox.ok(["--help"], env: ["COLUMNS": "3"]) == sandbox.ok(["--help"], env: ["COLUMNS": "20"]))
        for line in sandbox.ok(["edit", "--help"], env: ["COLUMNS": "20"]).split(separator: "\n") {
            #expect(BrewFormatting.displayWidth(String(line)) <= 20, "'\(line)'")
        }
    }

    @Test("a description that wraps continues under itself, the words in order")
    func hangingIndent() throws {
        let help = Sandbox(runner: .inProcess).ok(["edit", "--help"], env: ["COLUMNS": "50"])
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  --unset <field>") }, "\(help)")
        var text = [String(lines[start].dropFirst(26))]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: 26)) else { break }
            #expect(line.dropFirst(26).first != " ")
            text.append(String(line.dropFirst(26)))
        }
        #expect(text.count > 1)
        #expect(text.joined(separator: " ") == FieldOptions.unsetHelp)
    }

    @Test("--file names the whole default chain")
    func fileDefaults() {
        let help = Sandbox(runner: .inProcess).ok(["--help"])
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--file <path> The journal file (default: $BREWLOG_FILE, then journal.file in the config, then $XDG_DATA_HOME/brewlog/journal.jsonl, then ~/.local/share/brewlog/journal.jsonl)."), "\(help)")
    }

    @Test("a word wider than the line breaks after a '/' and never exceeds the width")
    func longWord() {
        let lines = TextWrapping.wrap("see $XDG_DATA_HOME/brewlog/journal.jsonl now", lead: "", indent: 4, width: 20)
        #expect(lines == ["see", "    $XDG_DATA_HOME/", "    brewlog/", "    journal.jsonl", "    now"])
        let unbroken = TextWrapping.wrap(String(repeating: "x", count: 45), lead: "", indent: 0, width: 20)
        #expect(unbroken == [String(repeating: "x", count: 20), String(repeating: "x", count: 20), String(repeating: "x", count: 5)])
    }

    @Test("a discussion is prose to fill and literal lines to keep")
    func discussionBlocks() {
        let blocks = DiscussionBlock.parse("One two\nthree.\n\nEXAMPLES:\n  brewlog add\n    --rating 4\nAfter.")
        #expect(blocks == [.prose("One two three."), .gap, .prose("EXAMPLES:"), .literal(["brewlog add", "  --rating 4"]), .prose("After.")])
    }

    @Test("help hides the internal helper command")
    func hidden() {
        let sandbox = Sandbox(runner: .inProcess)
        #expect(!sandbox.ok(["--help"]).contains("__complete"))
        #expect(!sandbox.ok(["help", "--man"]).contains("__complete"))
        #expect(!sandbox.ok(["completion", "bash"]).contains("__complete ids|"))
    }
}

@Suite("\"Did you mean\": a name cut short, else the nearest spelling")
struct SuggestionTests {
    @Test("suggestions", arguments: [
        ("rate", ["date", "rating", "notes"], "rating"),
        ("dat", ["date", "rating", "dose"], "date"),
        ("ratng", ["date", "rating"], "rating"),
        ("comp", ["completion", "check", "list"], "completion"),
        ("lsit", ["list", "show"], "list"),
        ("zzzzzz", ["list", "show"], nil),
    ] as [(String, [String], String?)])
    func nearestName(typed: String, candidates: [String], expected: String?) {
        #expect(nearest(to: typed, in: candidates) == expected)
    }

    @Test("a mistyped option or command on the command line", arguments: [
        (["add", "--rate", "4"], "did you mean '--rating'?"),
        (["list", "--lim", "2"], "did you mean '--limit'?"),
        (["compl", "bash"], "did you mean 'completion'?"),
        (["hel"], "did you mean 'help'?"),
        (["__comp"], "see 'brewlog --help' for the commands"),
    ])
    func onTheCommandLine(arguments: [String], hint: String) {
        let result = Sandbox(runner: .inProcess).run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("\nhint: " + hint + "\n"), "\(result.stderr)")
    }
}
