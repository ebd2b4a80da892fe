import BrewLogCore

/// How every command that is given a bag finds it: `bean show`, `edit`, `finish` and `rm`, and
/// `add -b`, `edit -b`, `add.bean` and `recipe.NAME.bean` when a brew is linked.
extension BeanCommand {
    /// The bag `reference` names, by the core's rule (``BagLookup``): several bags of the name,
    /// or several holding it, is a usage error that lists them; nothing found exits 1.
    static func resolve(_ reference: String, in store: BrewLogStore, _ context: CommandContext) throws(CLIError) -> BeanBag {
        switch BagLookup(reference, among: store.beanBags) {
        case .found(let bag):
            return bag
        case let .sameName(candidates, open):
            let ids = candidates.map(\.id.rawValue).joined(separator: ", ")
            throw context.usage("\(candidates.count) \(open ? "open " : "")bags are named '\(cappedForMessage(reference))': \(ids)",
                                hint: "give the id of the one you mean ('brewlog bean list --all' shows them)")
        case .samePrefix(let prefixed):
            throw context.usage("id prefix '\(cappedForMessage(reference))' matches \(prefixed.count) bags: " + prefixed.map(\.id.rawValue).joined(separator: ", "),
                                hint: "give more characters of the id")
        case .samePart(let containing):
            throw context.usage("'\(cappedForMessage(reference))' is part of \(containing.count) open bags' names: "
                                    + containing.map { "\($0.name) (\($0.id.rawValue))" }.joined(separator: ", "),
                                hint: "give more of the name, or the bag's id")
        case .none(let finished):
            let names = store.beanBags.filter(\.isOpen).map(\.name)
            throw CLIError.notFound("no bean bag named '\(cappedForMessage(reference))' or with that id",
                                    hint: finished.map { "the bag '\($0.name)' (\($0.id.rawValue)) holds it but is finished: give its full name or id to name it anyway" }
                                        ?? nearest(to: reference, in: names).map { "did you mean '\($0)'? " + "'brewlog bean list' shows the open bags" }
                                        ?? "'brewlog bean list --all' shows every bag")
        }
    }
}
