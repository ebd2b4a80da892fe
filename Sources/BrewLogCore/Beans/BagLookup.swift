/// Which bag a text names, by the rule every command that is given a bag follows (`bean show`,
/// `edit`, `finish` and `rm`, and a brew's `--bean`, `add.bean` and a recipe's bag): the bag with
/// that whole id, else the open bag of that name (ignoring case), else the one bag of that name,
/// else the bag whose id it is a unique prefix of (4 characters or more; other kinds' ids do not
/// count), else the one open bag whose name holds it (ignoring case).
///
/// Several bags that fit one step equally are not guessed between: which bag a brew was made
/// from is the user's to say.
public enum BagLookup: Equatable, Sendable {
    /// The bag named.
    case found(BeanBag)
    /// Several bags have that name: the open ones when `open`, else all of them.
    case sameName([BeanBag], open: Bool)
    /// The text is a prefix of several bags' ids.
    case samePrefix([BeanBag])
    /// The text is part of several open bags' names.
    case samePart([BeanBag])
    /// No bag: with the last finished bag whose name holds the text, which only its full name or
    /// id names.
    case none(finishedHolding: BeanBag?)

    /// What `reference` names among `bags` (in journal order).
    public init(_ reference: String, among bags: [BeanBag]) {
        // A whole id first: a bag named like another bag's id never hides that bag.
        if let exact = bags.first(where: { $0.id.rawValue == reference }) {
            self = .found(exact)
            return
        }
        let named = bags.filter { $0.name.lowercased() == reference.lowercased() }
        let open = named.filter(\.isOpen)
        for (candidates, isOpen) in [(open, true), (named, false)] where !candidates.isEmpty {
            self = candidates.count == 1 ? .found(candidates[0]) : .sameName(candidates, open: isOpen)
            return
        }
        let prefixed = reference.utf8.count >= 4 ? bags.filter { $0.id.rawValue.hasPrefix(reference) } : []
        if prefixed.count > 1 {
            self = .samePrefix(prefixed)
            return
        }
        if let bag = prefixed.first {
            self = .found(bag)
            return
        }
        // Last, a part of an open bag's name, ignoring case: "kenya" for "Kenya AA".
        let part = reference.lowercased()
        let containing = part.isEmpty ? [] : bags.filter { $0.isOpen && $0.name.lowercased().contains(part) }
        if containing.count > 1 {
            self = .samePart(containing)
        } else if let bag = containing.first {
            self = .found(bag)
        } else {
            self = .none(finishedHolding: part.isEmpty ? nil : bags.last { !$0.isOpen && $0.name.lowercased().contains(part) })
        }
    }
}
