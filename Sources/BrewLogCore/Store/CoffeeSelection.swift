/// Which brews dialling in a coffee looks at: those of the coffee a text names, then of a method.
///
/// The coffee is the one whose name equals the text ignoring case, else the one coffee whose name
/// holds it ignoring case (`ken` for `Kenya AA`); it is chosen among all the journal's coffees
/// before the method is applied, so adding a method never changes which coffee a text names. The
/// coffee's name is spelled as its earliest brew spells it.
public enum CoffeeSelection: Equatable, Sendable {
    /// The coffee and its brews, in date order (of the method, when one was given).
    case found(name: String, brews: [BrewRecord])
    /// The text is part of several coffees' names (alphabetical, ignoring case).
    case ambiguous([String])
    /// No coffee is named: every coffee of the journal, alphabetical, ignoring case.
    case noCoffee(coffees: [String])
    /// The coffee has no brew of the method: its methods, alphabetical, ignoring case.
    case noBrewsOfMethod(name: String, methods: [String])

    /// The highest rated of `brews` (ties: the later), or `nil` when none is rated: the best
    /// recipe dialling in shows.
    public static func best(of brews: [BrewRecord]) -> BrewRecord? {
        brews.indices.max { a, b in (brews[a].rating ?? 0, a) < (brews[b].rating ?? 0, b) }.map { brews[$0] }
            .flatMap { $0.rating == nil ? nil : $0 }
    }

    /// `names` once each ignoring case, each spelled as it first appears, in alphabetical order
    /// ignoring case.
    static func known(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0.lowercased()).inserted }.sorted { $0.lowercased() < $1.lowercased() }
    }
}

extension BrewLogStore {
    /// The coffee `text` names and its brews, kept to `method` when given (see ``CoffeeSelection``),
    /// in one pass in date order that keeps only the brews of coffees the text could name.
    public func coffeeSelection(_ text: String, method: String?) -> CoffeeSelection {
        let wanted = text.lowercased()
        var spellings: [String] = []
        var named: [String: Bool] = [:]
        var candidates: [BrewRecord] = []
        forEachRecordByDate { brew in
            guard let coffee = brew.coffee else { return }
            let candidate: Bool
            if let known = named[coffee] {
                candidate = known
            } else {
                let lowered = coffee.lowercased()
                candidate = lowered == wanted || (!wanted.isEmpty && lowered.contains(wanted))
                named[coffee] = candidate
                spellings.append(coffee)
            }
            if candidate { candidates.append(brew) }
        }
        let coffees = CoffeeSelection.known(spellings)
        let name: String
        if let equal = coffees.first(where: { $0.lowercased() == wanted }) {
            name = equal
        } else {
            let holding = wanted.isEmpty ? [] : coffees.filter { $0.lowercased().contains(wanted) }
            guard holding.count == 1 else { return holding.isEmpty ? .noCoffee(coffees: coffees) : .ambiguous(holding) }
            name = holding[0]
        }
        let lowered = name.lowercased()
        let spelledAsName = Set(spellings.filter { $0.lowercased() == lowered })
        let brews = candidates.filter { $0.coffee.map(spelledAsName.contains) ?? false }
        guard let method else { return .found(name: name, brews: brews) }
        let kept = brews.filter { $0.method?.lowercased() == method.lowercased() }
        return kept.isEmpty ? .noBrewsOfMethod(name: name, methods: CoffeeSelection.known(brews.compactMap(\.method))) : .found(name: name, brews: kept)
    }
}
