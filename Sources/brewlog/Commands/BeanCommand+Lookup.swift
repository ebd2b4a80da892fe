import BrewLogCore

/// How `bean show`, `edit` and `finish` find the bag they are given.
extension BeanCommand {
    /// The bag `reference` names: the open bag of that name (ignoring case), else the one bag of
    /// that name, else a bag id or unique prefix. Several bags of the name is a usage error that
    /// lists their ids; nothing found exits 1.
    static func resolve(_ reference: String, in store: BrewLogStore, _ context: CommandContext) throws(CLIError) -> BeanBag {
        let bags = store.beanBags
        let named = bags.filter { $0.name.lowercased() == reference.lowercased() }
        let open = named.filter(\.isOpen)
        for (candidates, state) in [(open, "open "), (named, "")] where !candidates.isEmpty {
            guard candidates.count == 1 else {
                let ids = candidates.map(\.id.rawValue).joined(separator: ", ")
                throw context.usage("\(candidates.count) \(state)bags are named '\(cappedForMessage(reference))': \(ids)",
                                    hint: "give the id of the one you mean")
            }
            return candidates[0]
        }
        do throws(BrewLookupError) {
            if case let .entry(.bean(bag)) = try store.record(matching: reference) { return bag }
        } catch {
            if case .notFound = error {} else { throw CLIError(error, command: context.command) }
        }
        throw CLIError.notFound("no bean bag named '\(cappedForMessage(reference))' or with that id",
                                hint: "'brewlog bean list --all' shows every bag")
    }
}
