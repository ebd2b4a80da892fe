import BrewLogCore

/// Which brews `dial` shows: those of the coffee its argument names, then of the method `-m`
/// names.
extension DialCommand {
    /// The coffee `text` names and its brews, in date order, kept to `method` when given.
    ///
    /// The coffee is the one whose name equals `text` ignoring case, else the one coffee whose
    /// name holds it ignoring case (`ken` for `Kenya AA`); the coffee is chosen among all the
    /// journal's coffees, before `-m` is applied, so adding `-m` never changes which coffee a
    /// text names. The coffee's name is spelled as its earliest brew spells it.
    ///
    /// - Throws: a usage error (64) listing the coffees when `text` is part of several; a
    ///   not-found error (1) when it names none (with the nearest name, if one is close) or
    ///   when the coffee has no brew of `method` (with its methods).
    static func selection(_ text: String, method: String?, in store: BrewLogStore,
                          _ context: CommandContext) throws(CLIError) -> (name: String, brews: [BrewRecord]) {
        // One pass in date order: every coffee's spelling, and only the brews of a coffee the
        // text could name (equal to it or holding it, ignoring case), whatever the journal's size.
        let wanted = text.lowercased()
        var spellings: [String] = []
        var named: [String: Bool] = [:]
        var candidates: [BrewRecord] = []
        store.forEachRecordByDate { brew in
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
        let name = try coffee(named: text, among: knownNames(spellings), context)
        let lowered = name.lowercased()
        let spelledAsName = Set(spellings.filter { $0.lowercased() == lowered })
        let brews = candidates.filter { $0.coffee.map(spelledAsName.contains) ?? false }
        guard let method else { return (name, brews) }
        let kept = brews.filter { $0.method?.lowercased() == method.lowercased() }
        guard kept.isEmpty else { return (name, kept) }
        let methods = knownNames(brews.compactMap(\.method))
        let hint = nearestName(to: method, in: methods).map { "did you mean '\($0)'?" }
            ?? (methods.isEmpty ? "no brew of it has a method" : "its methods: " + methods.prefix(8).map(\.terminalSafe).joined(separator: ", "))
        throw CLIError.notFound("no brews of \(name.terminalSafe) with the method '\(cappedForMessage(method))'", hint: hint)
    }

    /// The known coffee that `text` names: equal ignoring case, else the only one holding it.
    private static func coffee(named text: String, among coffees: [String], _ context: CommandContext) throws(CLIError) -> String {
        let wanted = text.lowercased()
        if let equal = coffees.first(where: { $0.lowercased() == wanted }) { return equal }
        let holding = wanted.isEmpty ? [] : coffees.filter { $0.lowercased().contains(wanted) }
        if holding.count == 1 { return holding[0] }
        if holding.count > 1 {
            let listed = holding.prefix(8).map(\.terminalSafe).joined(separator: ", ") + (holding.count > 8 ? ", …" : "")
            throw context.usage("'\(cappedForMessage(text))' is part of \(holding.count) coffees: \(listed)",
                                hint: "give more of the name, e.g. brewlog dial \(ShellWord.quoted(holding[0]))")
        }
        let hint = nearestName(to: text, in: coffees).map { "did you mean '\($0)'?" }
            ?? (coffees.isEmpty ? "no brew has a coffee yet; log one with --coffee" : "coffees: " + coffees.prefix(8).map(\.terminalSafe).joined(separator: ", "))
        throw CLIError.notFound("no brews of the coffee '\(cappedForMessage(text))'", hint: hint)
    }

    /// The name in `names` that `text` was probably meant to be, compared ignoring case
    /// (`kenia aa` is a slip for `Kenya AA`).
    private static func nearestName(to text: String, in names: [String]) -> String? {
        nearest(to: text.lowercased(), in: names.map { $0.lowercased() }).flatMap { near in names.first { $0.lowercased() == near } }
    }

    /// `names` once each ignoring case, each spelled as it first appears, in alphabetical order
    /// ignoring case.
    private static func knownNames(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0.lowercased()).inserted }.sorted { $0.lowercased() < $1.lowercased() }
    }
}
