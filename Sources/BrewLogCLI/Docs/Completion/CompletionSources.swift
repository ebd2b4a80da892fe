import BrewLogCore

/// What a shell offers at one place on the command line. Each option and argument declares its
/// own (``OptionSpec/completion``, ``ArgumentSpec/completion``); the three completion scripts
/// are generated from those declarations.
enum CompletionSource: Equatable {
    /// A fixed set of plain words (letters, digits and `-` only, so no shell reads them as syntax).
    case fixed([String])
    /// Values looked up when TAB is pressed, through the hidden `__complete` command: from the
    /// journal, the config file, or tables that are the code's (columns, config keys).
    case lookup(CompletionValues)
    /// File names.
    case files
    /// Free text: nothing is offered, and never file names.
    case nothing

    /// The fixed words, or `[]`.
    var words: [String] {
        if case .fixed(let words) = self { return words }
        return []
    }
}

/// What a command's positional arguments complete to.
enum ArgumentCompletion: Equatable {
    /// Every argument alike.
    case each(CompletionSource)
    /// The first argument is one of `actions` (a family's subcommands); the arguments after it
    /// complete, in order, to what `after` lists for the one typed (nothing when it lists none).
    case actions([String], after: [String: [CompletionSource]])

    /// The actions, or none for a command without.
    var actionWords: [String] {
        if case .actions(let actions, _) = self { return actions }
        return []
    }

    /// One place after an action: argument `position` (the action is 1) after any of `actions`.
    struct Follower: Equatable {
        let position: Int
        let actions: [String]
        let source: CompletionSource
    }

    /// Every place after an action that offers something, the actions that offer the same there
    /// grouped, in the order of the actions: what each script's `case` is generated from.
    var followers: [Follower] {
        guard case .actions(let actions, let after) = self else { return [] }
        var followers: [Follower] = []
        for action in actions {
            for (index, source) in (after[action] ?? []).enumerated() where source != .nothing {
                let position = index + 2
                if let same = followers.firstIndex(where: { $0.position == position && $0.source == source }) {
                    followers[same] = Follower(position: position, actions: followers[same].actions + [action], source: source)
                } else {
                    followers.append(Follower(position: position, actions: [action], source: source))
                }
            }
        }
        return followers.sorted { $0.position < $1.position }
    }
}

/// A kind of value the scripts look up when TAB is pressed: `brewlog __complete KIND` prints
/// them (see ``CompletionValuesCommand``).
enum CompletionValues: String, CaseIterable {
    /// `last`, then every brew's id, in date order.
    case ids
    case methods, coffees, grinders, tags, recipes
    /// Every bag's name, finished ones too: what `bean show`, `edit`, `finish` and `rm` name.
    case beans
    /// The open bags' names, for `--bean`.
    case bags
    /// `list`'s columns, as a comma list.
    case columns
    /// `list --sort`'s keys, as a comma list, each maybe after a `-`.
    case sortKeys = "sort-keys"
    /// The keys `config set` knows, with the recipes and aliases the file has filled in.
    case configKeys = "config-keys"
    /// The keys the config file sets.
    case configEntries = "config-entries"
    /// The values `config set KEY` offers, for the KEY typed before.
    case configValues = "config-values"

    /// How the scripts describe the candidates when the helper gives no description.
    var description: String {
        switch self {
        case .ids: "brew id"
        case .methods: "method"
        case .coffees: "coffee"
        case .grinders: "grinder"
        case .tags: "tag"
        case .recipes: "recipe"
        case .beans: "bag"
        case .bags: "bag"
        case .columns: "column"
        case .sortKeys: "sort key"
        case .configKeys, .configEntries: "config key"
        case .configValues: "value"
        }
    }
}
