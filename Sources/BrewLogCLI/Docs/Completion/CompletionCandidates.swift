import BrewLogCore

/// One value a shell offers, and what it is: fish shows the description beside the value.
struct CompletionCandidate: Equatable {
    let value: String
    /// One line of plain text, or empty; the helper makes it terminal-safe and caps it.
    var description = ""
}

/// What the shell has typed: the word being completed, so far, and the command's arguments
/// before it (`set ui.color` when completing `config set ui.color <TAB>`).
struct CompletionInput: Equatable {
    let typed: String
    let arguments: [String]
}

extension CompletionValues {
    /// The candidates of this kind, each value once. The journal is read only for the kinds
    /// that come from it, so columns and config keys complete even without one.
    func candidates(_ input: CompletionInput, _ context: CommandContext) throws(CLIError) -> [CompletionCandidate] {
        switch self {
        case .ids: CompletionCandidates.ids(in: try context.session().read())
        case .methods: CompletionCandidates.used(in: try context.session().read()) { $0.method.map { [$0] } ?? [] }
        case .grinders: CompletionCandidates.used(in: try context.session().read()) { $0.grinder.map { [$0] } ?? [] }
        case .coffees: CompletionCandidates.used(in: try context.session().read()) { $0.coffee.map { [$0] } ?? [] }
        case .tags: CompletionCandidates.used(in: try context.session().read()) { $0.tags }
        case .recipes: CompletionCandidates.recipes(context.configuration)
        case .beans: CompletionCandidates.bags(in: try context.session().read(), openOnly: false)
        case .bags: CompletionCandidates.bags(in: try context.session().read(), openOnly: true)
        case .columns: CompletionCandidates.list(BrewColumn.all.map { CompletionCandidate(value: $0.name) }, typed: input.typed)
        case .sortKeys: CompletionCandidates.sortKeys(typed: input.typed)
        case .configKeys: CompletionCandidates.configKeys(context.configuration)
        case .configEntries: CompletionCandidates.configEntries(context.configuration)
        case .configValues: try CompletionCandidates.configValues(input, context)
        }
    }
}

/// How each kind's candidates and their descriptions are made.
enum CompletionCandidates {
    /// `last`, then every brew's id in date order, each described by when it was brewed and
    /// its coffee (else its method): `2026-11-29 07:40 · Kenya AA`.
    static func ids(in store: BrewLogStore) -> [CompletionCandidate] {
        let brews = store.brewsByDate
        let newest = store.newestBrew.map { [CompletionCandidate(value: "last", description: "the newest: " + describe($0))] } ?? []
        return newest + brews.map { CompletionCandidate(value: $0.id.rawValue, description: describe($0)) }
    }

    private static func describe(_ brew: Brew) -> String {
        ([BrewFormatting.dateTime(brew.timestamp)] + [brew.coffee ?? brew.method].compactMap { $0 }).joined(separator: " · ")
    }

    /// The values `values` gives the journal's brews, sorted, each described by how many
    /// brews have it and the day of the newest: `12 brews, last 2026-11-29`.
    static func used(in store: BrewLogStore, _ values: (Brew) -> [String]) -> [CompletionCandidate] {
        var uses: [String: (count: Int, last: CalendarDay)] = [:]
        for brew in store.brewsByDate {
            for value in Set(values(brew)) {
                let count = (uses[value]?.count ?? 0) + 1
                uses[value] = (count, max(uses[value]?.last ?? brew.day, brew.day))
            }
        }
        return uses.sorted { $0.key < $1.key }.map { value, use in
            CompletionCandidate(value: value, description: "\(use.count) brew\(use.count == 1 ? "" : "s"), last \(use.last)")
        }
    }

    /// The saved recipes, each described by its summary (`V60 · dose 15 g · water 250 g`).
    static func recipes(_ configuration: Configuration) -> [CompletionCandidate] {
        configuration.recipeNames.map { name in
            CompletionCandidate(value: name, description: configuration.recipe(name).map(RecipeText.summary) ?? "")
        }
    }

    /// The bags' names, each once, sorted, described by roaster and origin (and `finished` when
    /// every bag of the name is); only names with an open bag when `openOnly`.
    static func bags(in store: BrewLogStore, openOnly: Bool) -> [CompletionCandidate] {
        let bags = store.beanBags
        let names = Array(Set(bags.filter { !openOnly || $0.isOpen }.map(\.name))).sorted()
        return names.map { name in
            let same = bags.filter { $0.name == name }
            let bag = same.last { $0.isOpen } ?? same.last
            let facts = [bag?.roaster, bag?.origin].compactMap { $0 } + (same.contains(where: \.isOpen) ? [] : ["finished"])
            return CompletionCandidate(value: name, description: facts.isEmpty ? "bag" : facts.joined(separator: " · "))
        }
    }

    /// The candidates for the last item of a comma list typed so far: `items` not listed yet
    /// (ignoring case), after what was typed up to the last comma, as the shells match whole
    /// words (`date,ra` gives `date,rating` and `date,ratio`).
    static func list(_ items: [CompletionCandidate], typed: String) -> [CompletionCandidate] {
        guard let comma = typed.lastIndex(of: ",") else { return items }
        let head = String(typed[...comma])
        let listed = Set(head.split(separator: ",").map { String($0).trimmingWhitespaceForCLI().lowercased() })
        return items.filter { !listed.contains($0.value.lowercased()) }
            .map { CompletionCandidate(value: head + $0.value, description: $0.description) }
    }

    /// `--sort`'s keys after the comma list typed so far, leaving out the keys it has (either
    /// way), each after a `-` when the key being typed starts with one.
    static func sortKeys(typed: String) -> [CompletionCandidate] {
        let head = typed.lastIndex(of: ",").map { String(typed[...$0]) } ?? ""
        let sign = typed.dropFirst(head.count).hasPrefix("-") ? "-" : ""
        let listed = Set(head.split(separator: ",").map { String(String($0).trimmingWhitespaceForCLI().lowercased().drop { $0 == "-" }) })
        return ListCommand.SortKey.allCases.map(\.rawValue).filter { !listed.contains($0) }.map { CompletionCandidate(value: head + sign + $0) }
    }
}
