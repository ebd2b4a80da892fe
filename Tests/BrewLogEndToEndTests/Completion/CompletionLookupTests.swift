@testable import BrewLogCLI
import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

/// The places whose values depend on what was typed before them, in each shell against the real
/// binary: a recipe action's name, `config`'s keys and each key's values, the comma list of
/// `--columns`, `--sort`; and the descriptions fish shows beside the values. The journal and
/// config are ``CompletionTests``'s: coffees `Kenya AA` and `Yirgacheffe`, methods `V60` and
/// `AeroPress`, tags `morning` and `iced`, recipes `Morning V60` and `shot`, `ui.color` set.
@Suite("Completion of recipe names, config keys and values, and comma lists, in every shell")
struct CompletionLookupTests {
    static let recipes = ["Morning V60", "shot"]
    static let columns = BrewColumn.all.map(\.name)
    /// The recipe actions that name a saved recipe: every one but `save` and `list`.
    static let namingActions = RecipeCommand.spec.subcommandNames.filter { !["save", "list"].contains($0) }
    /// A recipe's keys: each recipe field, then the fields it goes without.
    static let recipeKeyNames = BrewField.recipeFields.map(\.name) + ["unset", "steps"]
    /// Every key `config set` offers: the fixed ones, then each recipe key for each recipe.
    static let settableKeys = KnownConfigKeys.all.filter { $0.subsection == .none && $0.name != nil }.map(\.display)
        + recipes.flatMap { recipe in recipeKeyNames.map { "recipe.\(recipe).\($0)" } }
    static let addKeys = BrewField.recipeFields.map { "add." + $0.name } + ["add.sticky"]
    static let keysSet = ["recipe.Morning V60.method", "recipe.Morning V60.dose", "recipe.shot.method", "ui.color"]
    static let morningKeys = recipeKeyNames.map { "recipe.Morning V60.\($0)" }
    static let sortKeys = ListCommand.SortKey.allCases.map(\.rawValue)
    static let restDaysAfterSaturday = ["sat,mon", "sat,tue", "sat,wed", "sat,thu", "sat,fri", "sat,sun"]

    // MARK: bash

    /// The line typed, the words bash splits it into, and the candidates expected.
    static let bashCases: [(line: String, words: [String], expected: [String])] = namingActions.map { action in
        ("brewlog recipe \(action) ", ["brewlog", "recipe", action, ""], recipes)
    } + bashFixedCases

    static let bashFixedCases: [(line: String, words: [String], expected: [String])] = [
        ("brewlog recipe ", ["brewlog", "recipe", ""], RecipeCommand.spec.subcommandNames),
        ("brewlog recipe show M", ["brewlog", "recipe", "show", "M"], ["Morning V60"]),
        ("brewlog recipe rm Morning\\ ", ["brewlog", "recipe", "rm", "Morning\\ "], ["Morning V60"]),
        ("brewlog recipe show 'Morning ", ["brewlog", "recipe", "show", "'Morning "], ["Morning V60"]),
        ("brewlog recipe --json show ", ["brewlog", "recipe", "--json", "show", ""], recipes),
        ("brewlog --file journal-a.jsonl recipe rm ", ["brewlog", "--file", "journal-a.jsonl", "recipe", "rm", ""], recipes),
        ("brewlog recipe save ", ["brewlog", "recipe", "save", ""], []),
        ("brewlog recipe list ", ["brewlog", "recipe", "list", ""], []),
        ("brewlog recipe show shot ", ["brewlog", "recipe", "show", "shot", ""], []),
        ("brewlog list --columns ", ["brewlog", "list", "--columns", ""], columns),
        ("brewlog list --columns date,ra", ["brewlog", "list", "--columns", "date,ra"], ["date,rating", "date,ratio"]),
        ("brewlog list --columns=date,ra", ["brewlog", "list", "--columns", "=", "date,ra"], ["date,rating", "date,ratio"]),
        ("brewlog list --sort ", ["brewlog", "list", "--sort", ""], sortKeys),
        ("brewlog list -m V60 --sort=r", ["brewlog", "list", "-m", "V60", "--sort", "=", "r"], ["rating", "ratio"]),
        ("brewlog config ", ["brewlog", "config", ""], ConfigCommand.spec.subcommandNames),
        ("brewlog config set ", ["brewlog", "config", "set", ""], settableKeys),
        ("brewlog config set add.", ["brewlog", "config", "set", "add."], addKeys),
        ("brewlog config set recipe.M", ["brewlog", "config", "set", "recipe.M"], morningKeys),
        ("brewlog config set ui.color ", ["brewlog", "config", "set", "ui.color", ""], ["auto", "always", "never"]),
        ("brewlog config set ui.week-start s", ["brewlog", "config", "set", "ui.week-start", "s"], ["sunday"]),
        ("brewlog config set streak.rest-days sat,", ["brewlog", "config", "set", "streak.rest-days", "sat,"], restDaysAfterSaturday),
        ("brewlog config set add.method ", ["brewlog", "config", "set", "add.method", ""], ["AeroPress", "V60"]),
        ("brewlog config set recipe.Morning\\ V60.coffee K", ["brewlog", "config", "set", "recipe.Morning\\ V60.coffee", "K"], ["Kenya AA"]),
        ("brewlog config set add.tags morning,", ["brewlog", "config", "set", "add.tags", "morning,"], ["morning,iced"]),
        ("brewlog config set ui.color never ", ["brewlog", "config", "set", "ui.color", "never", ""], []),
        ("brewlog config get ", ["brewlog", "config", "get", ""], keysSet),
        ("brewlog config unset u", ["brewlog", "config", "unset", "u"], ["ui.color"]),
    ]

    @Test("bash", arguments: bashCases)
    func bash(line: String, words: [String], expected: [String]) {
        CompletionTests.expectBash(line: line, words: words, offers: expected)
    }

    // MARK: fish

    static let fishCases: [(line: String, expected: [String])] = namingActions.map { ("brewlog recipe \($0) ", recipes) } + fishFixedCases

    static let fishFixedCases: [(line: String, expected: [String])] = [
        ("brewlog recipe ", RecipeCommand.spec.subcommandNames),
        ("brewlog recipe show 'Morning ", ["Morning V60"]),
        ("brewlog recipe --json show ", recipes),
        ("brewlog recipe save ", []),
        ("brewlog recipe show shot ", []),
        ("brewlog list --columns ", columns),
        ("brewlog list --columns date,ra", ["date,rating", "date,ratio"]),
        ("brewlog list --columns=date,ra", ["--columns=date,rating", "--columns=date,ratio"]),
        ("brewlog list --sort ", sortKeys),
        ("brewlog config ", ConfigCommand.spec.subcommandNames),
        ("brewlog config set ", settableKeys),
        ("brewlog config set add.", addKeys),
        ("brewlog config set ui.color ", ["auto", "always", "never"]),
        ("brewlog config set streak.rest-days sat,", restDaysAfterSaturday),
        ("brewlog config set 'recipe.Morning V60.coffee' ", ["Kenya AA", "Yirgacheffe"]),
        ("brewlog config set add.tags morning,", ["morning,iced"]),
        ("brewlog config get ", keysSet),
    ]

    @Test("fish", CompletionTests.needsFish, arguments: fishCases)
    func fish(line: String, expected: [String]) {
        let result = CompletionTests.fish(line)
        let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == expected.sorted(), "\(line): \(result.stderr)")
    }

    @Test("fish: the options after 'recipe show' are recipe's, not the show command's", CompletionTests.needsFish)
    func fishCommandIsTheFirstWord() {
        let result = CompletionTests.fish("brewlog recipe show --")
        let offered = Set(result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
        #expect(offered == Set((RecipeCommand.spec.completedOptions + GlobalOptions.all).map { "--" + $0.long }), "\(result.stdout)")
    }

    @Test("fish offers --version only before a command, where it is accepted", CompletionTests.needsFish)
    func fishVersionFirst() {
        let first = CompletionTests.fish("brewlog --v").stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(first == ["--version"])
        #expect(!CompletionTests.fish("brewlog add --v").stdout.contains("--version"))
    }

    /// The line typed, and lines fish offers: the value, a tab, the description.
    static let describedCases: [(line: String, expected: [String])] = [
        ("brewlog show a", ["abcd1234\t2026-11-28 08:00 · Yirgacheffe"]),
        ("brewlog diff 2026", ["2026-11-29T08:00\t2026-11-28 08:00 · Kenya AA"]),
        ("brewlog recipe show ", ["Morning V60\tV60 · dose 15 g", "shot\tAeroPress"]),
        ("brewlog add --coffee ", ["Kenya AA\t1 brew, last 2026-11-28", "Yirgacheffe\t1 brew, last 2026-11-28"]),
        ("brewlog list --columns date,ra", ["date,rating\tcolumn", "date,ratio\tcolumn"]),
        ("brewlog config set ui.week-start ", ["monday\tvalue of ui.week-start", "sunday\tvalue of ui.week-start"]),
        ("brewlog config set add.c", ["add.coffee\tThe default for 'add --coffee'."]),
        ("brewlog config get u", ["ui.color\tnever"]),
    ]

    @Test("fish describes each value: a brew by its date and coffee, a recipe by its summary, a key by its help",
          CompletionTests.needsFish, arguments: describedCases)
    func fishDescriptions(line: String, expected: [String]) {
        let result = CompletionTests.fish(line)
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == expected.sorted(), "\(line): \(result.stderr)")
    }

    @Test("fish describes 'last' by the newest brew, and a bag by its roaster", CompletionTests.needsFish)
    func fishDescribesLastAndBags() {
        let ids = CompletionTests.fish("brewlog show l")
        #expect(ids.stdout.hasPrefix("last\tthe newest: 2026-11-28 08:00 · "), "\(ids.stdout)")
        let bags = CompletionTests.fish("brewlog bean show K") { sandbox in
            sandbox.ok(["bean", "add", "Kenya AA", "--roaster", "Square Mile"])
        }
        #expect(bags.stdout == "Kenya AA\tSquare Mile\n", "\(bags.stderr)")
    }

    /// Two open bags and a finished one, for `--bean`.
    static func bags(_ sandbox: Sandbox) {
        sandbox.ok(["bean", "add", "Kenya AA", "--roaster", "Square Mile", "-q"])
        sandbox.ok(["bean", "add", "Old Brazil", "-q"])
        sandbox.ok(["bean", "finish", "Old Brazil", "-q"])
        sandbox.ok(["bean", "add", "Ethiopia Guji", "-q"])
    }

    /// The commands that take `--bean`.
    static let beanCommands = ["add", "edit abcd1234", "recipe save x"]

    @Test("bash: --bean offers the open bags' names", arguments: beanCommands)
    func bagNames(command: String) {
        let words = ["brewlog"] + command.split(separator: " ").map(String.init) + ["--bean", ""]
        CompletionTests.expectBash(line: "brewlog \(command) --bean ", words: words, offers: ["Ethiopia Guji", "Kenya AA"], prepare: Self.bags)
        CompletionTests.expectBash(line: "brewlog \(command) -b K", words: Array(words.dropLast(2)) + ["-b", "K"], offers: ["Kenya AA"], prepare: Self.bags)
    }

    @Test("fish: --bean offers the open bags' names, described by roaster", CompletionTests.needsFish, arguments: beanCommands)
    func fishBagNames(command: String) {
        let fish = CompletionTests.fish("brewlog \(command) --bean ", prepare: Self.bags)
        #expect(fish.stdout.split(separator: "\n").map(String.init).sorted() == ["Ethiopia Guji\tbag", "Kenya AA\tSquare Mile"], "\(fish.stderr)")
    }

    // MARK: zsh

    /// Runs one of the script's functions with `line` (the arguments `_arguments` found, the
    /// current one last) and `PREFIX` (the word so far) set, `compadd` printing what it is given.
    private func zsh(_ function: String, line: [String], prefix: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> (RunResult, Sandbox) {
        CompletionTests.zsh("PREFIX=$1; shift; line=(\"$@\"); \(function)", [prefix] + line, sourceLocation: sourceLocation)
    }

    private func compadd(_ description: String, _ values: [String]) -> String {
        (["-X", description, "--"] + values).map { "compadd:" + $0 + "\n" }.joined()
    }

    /// What `compadd` was given, its values sorted (zsh sorts them itself).
    private func sortedValues(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let end = lines.firstIndex(of: "compadd:--") else { return output }
        return (lines[...end] + lines[(end + 1)...].filter { !$0.isEmpty }.sorted()).map { $0 + "\n" }.joined()
    }

    @Test("zsh: a recipe action's argument offers the recipes, for every action but save and list", CompletionTests.needsZsh,
          arguments: RecipeCommand.spec.subcommandNames)
    func zshRecipe(action: String) {
        let (result, _) = zsh("_brewlog_recipe_arguments", line: [action, ""])
        #expect(result.stdout == (Self.namingActions.contains(action) ? compadd("recipe", Self.recipes) : ""), "\(result.stderr)")
    }

    @Test("zsh: config's keys and each key's values, from the arguments before them, quoting removed", CompletionTests.needsZsh, arguments: [
        (["set", ""], "", "config key", settableKeys),
        (["get", ""], "", "config key", keysSet),
        (["set", "ui.color", ""], "", "value", ["auto", "always", "never"]),
        (["set", "recipe.Morning\\ V60.coffee", ""], "", "value", ["Kenya AA", "Yirgacheffe"]),
        (["set", "'streak.rest-days'", "sat,"], "sat,", "value", restDaysAfterSaturday),
        (["set", "ui.color", "never", ""], "", "", []),
    ])
    func zshConfig(line: [String], prefix: String, description: String, expected: [String]) {
        let (result, _) = zsh("_brewlog_config_arguments", line: line, prefix: prefix)
        #expect(sortedValues(result.stdout) == (expected.isEmpty ? "" : compadd(description, expected.sorted())), "\(result.stderr)")
    }

    @Test("zsh: --bean offers the open bags' names", CompletionTests.needsZsh)
    func zshBags() {
        let bags = "brewlog bean add 'Kenya AA' -q; brewlog bean add Old -q; brewlog bean finish Old -q; brewlog bean add Guji -q"
        let (result, _) = CompletionTests.zsh("{ \(bags); } >/dev/null; PREFIX=''; _brewlog_values bags bag")
        #expect(result.stdout == compadd("bag", ["Guji", "Kenya AA"]), "\(result.stderr)")
    }

    @Test("zsh: --columns completes the last item of the comma list typed", CompletionTests.needsZsh)
    func zshColumns() {
        let (result, _) = zsh("_brewlog_values columns column", line: [], prefix: "date,ra")
        #expect(result.stdout == compadd("column", Self.columns.filter { $0 != "date" }.map { "date," + $0 }), "\(result.stderr)")
    }
}
