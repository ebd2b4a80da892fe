import BrewLogCore

/// What a shell offers at one place on the command line: the one table the three completion
/// scripts are generated from. A new option value or argument kind is one more row here.
enum CompletionSource: Equatable {
    /// A fixed set of plain words (letters, digits and `-` only, so no shell reads them as syntax).
    case fixed([String])
    /// Values read from the journal when TAB is pressed, through the hidden `__complete` command.
    case journal(JournalValues)
    /// File names.
    case files
    /// Free text: nothing is offered, and never file names.
    case nothing

    /// What the value of the option `long` (without dashes) completes to.
    static func value(of long: String) -> CompletionSource {
        switch long {
        case "unset": .fixed(FieldOptions.unsettableNames)
        case "format": .fixed(["jsonl", "json", "csv"])
        case "color": .fixed(["auto", "always", "never"])
        case "prefer": .fixed(["existing", "incoming"])
        case "date", "since", "until": .fixed(["now", "today", "yesterday"])
        case "method": .journal(.methods)
        case "coffee": .journal(.coffees)
        case "tag", "untag": .journal(.tags)
        case "like", "from": .journal(.ids)
        case "recipe": .journal(.recipes)
        case "file": .files
        default: .nothing
        }
    }

    /// What the positional arguments of `command` complete to.
    static func arguments(of command: String) -> CompletionSource {
        switch command {
        case "show", "edit", "rm", "diff": .journal(.ids)
        case "dial": .journal(.coffees)
        case "import": .files
        case "completion": .fixed(CompletionCommand.shells)
        case "recipe": .fixed(RecipeCommand.actions)
        case "bean": .journal(.beans)
        case "config": .fixed(ConfigCommand.actions)
        case HelpCommand.spec.name: .fixed(Commands.listed.map(\.name))
        default: .nothing
        }
    }

    /// The fixed words, or `[]`.
    var words: [String] {
        if case .fixed(let words) = self { return words }
        return []
    }
}

/// A kind of value completions read from the journal (or, for recipes, the config file):
/// `brewlog __complete KIND` prints them.
enum JournalValues: String, CaseIterable {
    case ids, methods, coffees, tags, recipes
    /// The `bean` command's arguments: its actions, then the bags' names (the scripts complete
    /// every argument alike, so one list serves the action and the bag).
    case beans

    /// What the shells offer besides the journal's values (`last` for ids).
    var extra: [String] {
        self == .ids ? ["last"] : []
    }

    /// How the scripts describe the candidates.
    var description: String {
        switch self {
        case .ids: "brew id"
        case .methods: "method"
        case .coffees: "coffee"
        case .tags: "tag"
        case .recipes: "recipe"
        case .beans: "action or bag"
        }
    }

    /// The values in `store`: ids in date order, the rest sorted, each once.
    func values(in store: BrewLogStore) -> [String] {
        switch self {
        case .ids: store.brewsByDate.map(\.id.rawValue)
        case .methods: Array(Set(store.brewsByDate.compactMap(\.method))).sorted()
        case .coffees: Array(Set(store.brewsByDate.compactMap(\.coffee))).sorted()
        case .tags: Array(Set(store.brewsByDate.flatMap(\.tags))).sorted()
        case .recipes: []
        case .beans: BeanCommand.actions + Array(Set(store.beanBags.map(\.name))).sorted()
        }
    }
}
