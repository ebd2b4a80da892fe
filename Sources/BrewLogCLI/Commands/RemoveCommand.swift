import BrewLogCore

/// `brewlog rm ID...`: removes brews, skip days and bean bags, all or none (`-` reads the ids
/// from standard input).
enum RemoveCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove brews, skip days or bean bags.",
        usage: "rm <id>...",
        arguments: [ArgumentSpec("id", completes: .lookup(.ids), help: "Ids of brews, skip days or bean bags, unique prefixes of 4+ characters, or last, last~N, last:METHOD (brews); '-' reads ids from standard input, one per line.")],
        positionalCount: 1...Int.max,
        options: [],
        discussion: """
            Each record removed leaves a tombstone in its place (a line of kind removed with its id,
            when, and the SHA-256 of the removed line), so that importing a conflict copy or an old
            backup, or merging with git, does not bring it back; readers pass over tombstones, and
            'brewlog check --compact' drops old ones.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let references = try IDArguments.references(context)
        let doomed = try context.session().write(creating: false) { store throws(CLIError) in
            var doomed: [JournalItem] = []
            var named: Set<BrewID> = []
            for reference in references {
                let item: JournalItem
                do throws(BrewLookupError) {
                    item = try store.record(matching: reference)
                } catch {
                    if case .notFound(let name) = error, name != "last" {
                        throw CLIError.notFound("no brew, skip day or bean bag with id '\(cappedForMessage(reference))'",
                                                hint: "'brewlog list' shows the brews' ids, 'brewlog streak --explain' the skip days', 'brewlog bean list --all' the bags'")
                    }
                    throw CLIError(error, command: context.command)
                }
                if named.insert(item.id).inserted { doomed.append(item) }
            }
            // All at once: one pass over the brews and one over the other records, whatever their number.
            store.remove(doomed.compactMap { if case let .brew(brew) = $0 { brew } else { nil } })
            store.remove(doomed.compactMap { if case let .entry(entry) = $0 { entry } else { nil } })
            return doomed
        }
        for item in doomed {
            if context.quiet {
                context.out.line(item.id.rawValue)
                continue
            }
            switch item {
            case let .brew(brew):
                let method = brew.method.map { ", \($0.terminalSafe)" } ?? ""
                context.out.line("Removed \(brew.id.rawValue.terminalSafe) (\(BrewFormatting.dateTime(brew.timestamp))\(method)).")
            case let .entry(.skip(skip)):
                context.out.line("Removed \(skip.id.rawValue.terminalSafe) (skip day \(skip.day)).")
            case let .entry(.bean(bag)):
                context.out.line("Removed \(bag.id.rawValue.terminalSafe) (bean bag \(bag.name.terminalSafe)).")
            case .entry(.removed):
                // `record(matching:)` never names a tombstone.
                break
            }
        }
    }
}
