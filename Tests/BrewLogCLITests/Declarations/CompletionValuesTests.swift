import BrewLogCore
@testable import BrewLogCLI
import Foundation
import Testing
import BrewLogTestSupport

/// What the hidden `__complete` helper prints for each kind: the values, the descriptions fish
/// shows beside them, comma lists, and the config keys and values. The shells that read it are
/// run in `CompletionTests`.
@Suite("__complete: the values the completion scripts offer, and their descriptions")
struct CompletionValuesTests {
    static let journal = #"{"id":"2026-11-29T07:40","date":"2026-11-29T07:40:00+01:00","notes":"","method":"V60","coffee":"Kenya AA","tags":["morning"]}"# + "\n"
        + #"{"id":"abcd1234","date":"2026-11-28T08:00:00+01:00","notes":"","method":"Espresso","tags":["morning","iced"]}"# + "\n"
        + #"{"id":"efgh5678","date":"2026-11-27T08:00:00+01:00","notes":"","method":"V60","coffee":"Kenya AA"}"# + "\n"

    static let config = """
        [recipe "Morning V60"]
        \tmethod = V60
        \tdose = 15
        [recipe "shot"]
        \tmethod = Espresso
        [ui]
        \tcolor = never
        [alias]
        \ttoday = list --since today

        """

    private func sandbox(journal: String? = CompletionValuesTests.journal, config: String? = CompletionValuesTests.config) -> Sandbox {
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        if let config {
            let folder = sandbox.home + "/.config/brewlog"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/config", contents: Data(config.utf8))
        }
        return sandbox
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("ids: 'last' first, then every id in date order; described by when each was brewed and its coffee, else its method")
    func ids() {
        let sandbox = sandbox()
        #expect(sandbox.ok(["__complete", "ids"]) == "last\nefgh5678\nabcd1234\n2026-11-29T07:40\n")
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "ids"])) == [
            "last\tthe newest: 2026-11-29 07:40 · Kenya AA",
            "efgh5678\t2026-11-27 08:00 · Kenya AA",
            "abcd1234\t2026-11-28 08:00 · Espresso",
            "2026-11-29T07:40\t2026-11-29 07:40 · Kenya AA",
        ])
        #expect(self.sandbox(journal: nil).ok(["__complete", "ids"]).isEmpty, "no journal: no 'last' either")
    }

    @Test("methods, coffees and tags: sorted, described by how many brews have them and the newest one's day")
    func used() {
        let sandbox = sandbox()
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "methods"])) == ["Espresso\t1 brew, last 2026-11-28", "V60\t2 brews, last 2026-11-29"])
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "coffees"])) == ["Kenya AA\t2 brews, last 2026-11-29"])
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "tags"])) == ["iced\t1 brew, last 2026-11-28", "morning\t2 brews, last 2026-11-29"])
    }

    @Test("recipes are described by their summary, bags by roaster and origin (and 'finished' when none of that name is open)")
    func recipesAndBags() {
        let sandbox = sandbox()
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "recipes"])) == ["Morning V60\tV60 · dose 15 g", "shot\tEspresso"])
        sandbox.ok(["bean", "add", "Kenya AA", "--roaster", "Square Mile", "--origin", "Nyeri"])
        sandbox.ok(["bean", "add", "Old Bag"])
        sandbox.ok(["bean", "finish", "Old Bag"])
        #expect(lines(sandbox.ok(["__complete", "--descriptions", "beans"])) == [
            "Kenya AA\tSquare Mile · Nyeri",
            "Old Bag\tfinished",
        ])
        #expect(lines(sandbox.ok(["__complete", "beans"])) == ["Kenya AA", "Old Bag"])
    }

    @Test("a description is terminal-safe, one line and capped; a value with a control character is never offered")
    func safeDescriptions() throws {
        let long = String(repeating: "Geisha ", count: 30)
        let journal = journalLine(id: "bad00001", #""notes":"","coffee":"Kenya\u001b]0;owned\u0007 AA\tx\ny""#)
            + journalLine(id: "long0001", #""notes":"","coffee":"\#(long)""#)
            + journalLine(id: "bidi0001", #""notes":"","coffee":"abc\u202Edef""#)
        let sandbox = sandbox(journal: journal)
        let described = lines(sandbox.ok(["__complete", "--descriptions", "ids"]))
        #expect(described.count == 4)
        for line in described {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(parts.count == 2, "\(line)")
            let description = String(parts.last ?? "")
            #expect(!description.unicodeScalars.contains { TerminalText.needsEscape($0) }, "\(line)")
            #expect(BrewFormatting.displayWidth(description) <= CompletionValuesCommand.descriptionWidth, "\(line)")
        }
        #expect(described.contains(#"bad00001"# + "\t" + #"2026-11-28 08:00 · Kenya\e]0;owned\x07 AA\tx\ny"#))
        #expect(described.contains { $0.hasPrefix("long0001\t2026-11-28 08:00 · Geisha") && $0.hasSuffix("…") })
        let coffees = lines(sandbox.ok(["__complete", "coffees"]))
        #expect(coffees == [long], "the coffees with control characters or a bidirectional override are left out")
    }

    static let columns = BrewColumn.all.map(\.name)

    /// Comma lists typed, and the columns offered.
    static let columnCases: [(typed: String, expected: [String])] = [
        ("", columns),
        ("ra", columns),
        ("date,ra", columns.filter { $0 != "date" }.map { "date," + $0 }),
        ("Date, rating,", columns.filter { !["date", "rating"].contains($0) }.map { "Date, rating," + $0 }),
    ]

    @Test("a comma list completes its last item: what was typed up to the last comma, then each column not listed yet", arguments: columnCases)
    func columns(typed: String, expected: [String]) {
        #expect(lines(sandbox().ok(["__complete", "columns", "--", typed])) == expected)
    }

    static let sortKeys = ["id", "date", "rating", "method", "coffee", "bean", "dose", "water", "yield", "ratio", "grind", "grinder", "temp", "time",
                           "tds", "ey", "days_off_roast", "cost"]

    /// `--sort` lists typed, and the keys offered.
    static let sortKeyCases: [(typed: String, expected: [String])] = [
        ("", sortKeys),
        ("ra", sortKeys),
        ("-", sortKeys.map { "-" + $0 }),
        ("-ra", sortKeys.map { "-" + $0 }),
        ("method,", sortKeys.filter { $0 != "method" }.map { "method," + $0 }),
        ("method,-", sortKeys.filter { $0 != "method" }.map { "method,-" + $0 }),
        ("-Rating, method,r", sortKeys.filter { !["rating", "method"].contains($0) }.map { "-Rating, method," + $0 }),
    ]

    @Test("--sort completes its comma list: the keys not listed yet, either way, after a '-' when one is typed", arguments: sortKeyCases)
    func sortKeys(typed: String, expected: [String]) {
        #expect(ListCommand.SortKey.allCases.map(\.rawValue) == Self.sortKeys)
        #expect(lines(sandbox().ok(["__complete", "sort-keys", "--", typed])) == expected)
    }

    @Test("config keys: every fixed key, and the keys with a NAME for each recipe and alias the file has")
    func configKeys() {
        let fixed = KnownConfigKeys.all.filter { $0.subsection == .none && $0.name != nil }.map(\.display)
        let recipeKeys = ["Morning V60", "shot"].flatMap { name in (BrewField.recipeFields.map(\.name) + ["unset", "steps"]).map { "recipe.\(name).\($0)" } }
        let keys = lines(sandbox().ok(["__complete", "config-keys"]))
        #expect(keys.sorted() == (fixed + recipeKeys + ["alias.today"]).sorted())
        #expect(lines(sandbox(config: nil).ok(["__complete", "config-keys"])).sorted() == fixed.sorted(), "no recipes, no aliases: none of their keys")
        #expect(lines(sandbox().ok(["__complete", "--descriptions", "config-keys"])).contains("ui.color\tThe --color default: auto, always or never."))
    }

    @Test("config entries: the keys the file sets, described by their values")
    func configEntries() {
        #expect(lines(sandbox().ok(["__complete", "--descriptions", "config-entries"])) == [
            "recipe.Morning V60.method\tV60", "recipe.Morning V60.dose\t15", "recipe.shot.method\tEspresso", "ui.color\tnever",
            "alias.today\tlist --since today",
        ])
    }

    /// The arguments before the value, the value typed so far, and the values offered.
    static let valueCases: [(arguments: [String], typed: String, expected: [String])] = [
        (["set", "ui.color"], "", ["auto", "always", "never"]),
        (["set", "UI.Color"], "", ["auto", "always", "never"]),
        (["set", "ui.week-start"], "", ["monday", "sunday"]),
        (["set", "streak.weekly-target"], "", ["1", "2", "3", "4", "5", "6", "7"]),
        (["set", "streak.rest-days"], "sat,", ["sat,mon", "sat,tue", "sat,wed", "sat,thu", "sat,fri", "sat,sun"]),
        (["set", "ui.list-columns"], "id,notes,", columns.filter { !["id", "notes"].contains($0) }.map { "id,notes," + $0 }),
        (["set", "add.method"], "", ["Espresso", "V60"]),
        (["set", "recipe.Morning V60.coffee"], "", ["Kenya AA"]),
        (["set", "recipe.new.tags"], "morning,", ["morning,iced"]),
        (["set", "add.dose"], "", []),
        (["set", "ui.pager"], "", []),
        (["set", "alias.today"], "", []),
        (["set", "nosuch.key"], "", []),
        (["set", "not a key"], "", []),
        ([], "", []),
    ]

    @Test("config values: the validator's set for the key given last, a comma list's last item, or add's values for a field", arguments: valueCases)
    func configValues(arguments: [String], typed: String, expected: [String]) {
        #expect(lines(sandbox().ok(["__complete", "config-values", "--", typed] + arguments)) == expected)
    }

    @Test("every value a config key offers is one its validator accepts")
    func offersAreAccepted() {
        for known in KnownConfigKeys.all {
            let words: [String] = switch known.offers {
            case .oneOf(let words), .listOf(let words): words
            case .field, .nothing: []
            }
            for word in words {
                if case .failure(let problem) = known.read(word) { Issue.record("\(known.display) offers '\(word)', which it refuses: \(problem.message)") }
            }
        }
    }

    @Test("an unknown kind is a usage error naming the kinds")
    func unknownKind() {
        let result = sandbox().run(["__complete", "grinder"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(CompletionValues.allCases.map(\.rawValue).joined(separator: ", ")))
    }
}
