import BrewLogCore

extension CompletionCandidates {
    /// The keys `config set` knows, in help's order, each described by its summary. A key with
    /// a NAME in it is offered once for each name the file already has there: `recipe.NAME.dose`
    /// as `recipe.v60.dose` for each saved recipe, `alias.NAME` as each alias set.
    static func configKeys(_ configuration: Configuration) -> [CompletionCandidate] {
        let keys = configuration.document.entries.map(\.key)
        var candidates: [CompletionCandidate] = []
        for known in KnownConfigKeys.all {
            let names: [String] = switch (known.subsection, known.name) {
            case (.none, .some): [known.display]
            case (.any, let name?):
                Set(keys.filter { $0.section == known.section }.compactMap(\.subsection)).filter { !$0.isEmpty }.sorted()
                    .map { known.section + "." + $0 + "." + name }
            case (_, nil): Set(keys.filter(known.matches).map(\.description)).sorted()
            }
            candidates += names.map { CompletionCandidate(value: $0, description: known.summary) }
        }
        return unique(candidates)
    }

    /// The keys the file sets, in file order, each described by the value that counts.
    static func configEntries(_ configuration: Configuration) -> [CompletionCandidate] {
        let entries = configuration.document.entries
        return unique(entries.map { entry in
            CompletionCandidate(value: entry.key.description, description: configuration.document.value(entry.key).flatMap { $0 } ?? "")
        })
    }

    /// What the value of the key given last in `input.arguments` offers (``ConfigValueOffers``):
    /// nothing for a key BrewLog does not know.
    static func configValues(_ input: CompletionInput, _ context: CommandContext) throws(CLIError) -> [CompletionCandidate] {
        guard let text = input.arguments.last, let key = ConfigKey(text), let known = KnownConfigKeys.find(key) else { return [] }
        let described = { (word: String) in CompletionCandidate(value: word, description: "value of " + key.description) }
        switch known.offers {
        case .nothing:
            return []
        case .oneOf(let words):
            return words.map(described)
        case .listOf(let words):
            return list(words.map(described), typed: input.typed)
        case .field(let field):
            guard let option = field.row.option else { return [] }
            let items: [CompletionCandidate] = switch field.completion {
            case .fixed(let words): words.map(described)
            case .lookup(let kind): try kind.candidates(input, context)
            case .files, .nothing: []
            }
            return option.repeatable ? list(items, typed: input.typed) : items
        }
    }

    /// `candidates` with each value once, the first kept.
    private static func unique(_ candidates: [CompletionCandidate]) -> [CompletionCandidate] {
        var seen: Set<String> = []
        return candidates.filter { seen.insert($0.value).inserted }
    }
}
