import BrewLogCore

/// Which brews `dial` shows: the core's ``CoffeeSelection``, its failures worded for the command line.
extension DialCommand {
    /// The coffee `text` names and its brews, in date order, kept to `method` when given.
    ///
    /// - Throws: a usage error (64) listing the coffees when `text` is part of several; a
    ///   not-found error (1) when it names none (with the nearest name, if one is close) or
    ///   when the coffee has no brew of `method` (with its methods).
    static func selection(_ text: String, method: String?, in store: BrewLogStore,
                          _ context: CommandContext) throws(CLIError) -> (name: String, brews: [BrewRecord]) {
        switch store.coffeeSelection(text, method: method) {
        case let .found(name, brews):
            return (name, brews)
        case .ambiguous(let holding):
            let listed = holding.prefix(8).map(\.terminalSafe).joined(separator: ", ") + (holding.count > 8 ? ", …" : "")
            throw context.usage("'\(cappedForMessage(text))' is part of \(holding.count) coffees: \(listed)",
                                hint: "give more of the name, e.g. brewlog dial \(ShellWord.quoted(holding[0]))")
        case .noCoffee(let coffees):
            let hint = nearestName(to: text, in: coffees).map { "did you mean '\($0)'?" }
                ?? (coffees.isEmpty ? "no brew has a coffee yet; log one with --coffee" : "coffees: " + coffees.prefix(8).map(\.terminalSafe).joined(separator: ", "))
            throw CLIError.notFound("no brews of the coffee '\(cappedForMessage(text))'", hint: hint)
        case let .noBrewsOfMethod(name, methods):
            let hint = nearestName(to: method ?? "", in: methods).map { "did you mean '\($0)'?" }
                ?? (methods.isEmpty ? "no brew of it has a method" : "its methods: " + methods.prefix(8).map(\.terminalSafe).joined(separator: ", "))
            throw CLIError.notFound("no brews of \(name.terminalSafe) with the method '\(cappedForMessage(method ?? ""))'", hint: hint)
        }
    }

    /// The name in `names` that `text` was probably meant to be, compared ignoring case
    /// (`kenia aa` is a slip for `Kenya AA`).
    private static func nearestName(to text: String, in names: [String]) -> String? {
        nearest(to: text.lowercased(), in: names.map { $0.lowercased() }).flatMap { near in names.first { $0.lowercased() == near } }
    }
}
