import BrewLogCore

/// How every command that is given a bag finds it: `bean show`, `edit`, `finish` and `rm`, and
/// `add -b`, `edit -b`, `add.bean` and `recipe.NAME.bean` when a brew is linked.
extension BeanCommand {
    /// The bag `reference` names: the bag with that whole id, else the open bag of that name
    /// (ignoring case), else the one bag of that name, else the bag whose id it is a unique
    /// prefix of (4 characters or more; other kinds' ids do not count), else the one open bag
    /// whose name holds it (ignoring case). Several bags of the name, or several holding it, is
    /// a usage error that lists them; nothing found exits 1.
    ///
    /// A brew being linked is no exception: of two open bags of one name, which one a brew was
    /// made from is the user's to say, so it is asked rather than guessed.
    static func resolve(_ reference: String, in store: BrewLogStore, _ context: CommandContext) throws(CLIError) -> BeanBag {
        let bags = store.beanBags
        // A whole id first: a bag named like another bag's id never hides that bag.
        if let exact = bags.first(where: { $0.id.rawValue == reference }) { return exact }
        let named = bags.filter { $0.name.lowercased() == reference.lowercased() }
        let open = named.filter(\.isOpen)
        for (candidates, state) in [(open, "open "), (named, "")] where !candidates.isEmpty {
            guard candidates.count == 1 else {
                let ids = candidates.map(\.id.rawValue).joined(separator: ", ")
                throw context.usage("\(candidates.count) \(state)bags are named '\(cappedForMessage(reference))': \(ids)",
                                    hint: "give the id of the one you mean ('brewlog bean list --all' shows them)")
            }
            return candidates[0]
        }
        // A prefix is looked up among the bags only: a brew or skip day sharing it is no bag.
        let prefixed = reference.utf8.count >= 4 ? bags.filter { $0.id.rawValue.hasPrefix(reference) } : []
        if prefixed.count > 1 {
            throw context.usage("id prefix '\(cappedForMessage(reference))' matches \(prefixed.count) bags: " + prefixed.map(\.id.rawValue).joined(separator: ", "),
                                hint: "give more characters of the id")
        }
        if let bag = prefixed.first { return bag }
        // Last, a part of an open bag's name, ignoring case: "kenya" for "Kenya AA".
        let part = reference.lowercased()
        let containing = part.isEmpty ? [] : bags.filter { $0.isOpen && $0.name.lowercased().contains(part) }
        if containing.count > 1 {
            throw context.usage("'\(cappedForMessage(reference))' is part of \(containing.count) open bags' names: "
                                    + containing.map { "\($0.name) (\($0.id.rawValue))" }.joined(separator: ", "),
                                hint: "give more of the name, or the bag's id")
        }
        if let bag = containing.first { return bag }
        let names = bags.filter(\.isOpen).map(\.name)
        let finished = part.isEmpty ? nil : bags.last { !$0.isOpen && $0.name.lowercased().contains(part) }
        throw CLIError.notFound("no bean bag named '\(cappedForMessage(reference))' or with that id",
                                hint: finished.map { "the bag '\($0.name)' (\($0.id.rawValue)) holds it but is finished: give its full name or id to name it anyway" }
                                    ?? nearest(to: reference, in: names).map { "did you mean '\($0)'? " + "'brewlog bean list' shows the open bags" }
                                    ?? "'brewlog bean list --all' shows every bag")
    }
}
