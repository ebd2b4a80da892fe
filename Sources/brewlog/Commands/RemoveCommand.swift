import BrewLogCore

/// `brewlog rm ID...`: removes brews, all or none.
enum RemoveCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove brews.",
        usage: "rm <id>...",
        arguments: [("id", "Brew ids, unique prefixes of 4+ characters, or 'last'.")],
        positionalCount: 1...Int.max,
        options: [])

    static func run(_ context: CommandContext) throws(CLIError) {
        let doomed = try context.session().write(creating: false) { store throws(CLIError) in
            var doomed: [Brew] = []
            for reference in context.arguments.positionals {
                let brew = try context.brew(reference, in: store)
                if !doomed.contains(where: { $0 === brew }) { doomed.append(brew) }
            }
            for brew in doomed {
                store.remove(brew)
            }
            return doomed
        }
        for brew in doomed {
            if context.quiet {
                context.out.line(brew.id.rawValue)
            } else {
                let method = brew.method.map { ", \($0.terminalSafe)" } ?? ""
                context.out.line("Removed \(brew.id.rawValue.terminalSafe) (\(BrewFormatting.dateTime(brew.timestamp))\(method)).")
            }
        }
    }
}
