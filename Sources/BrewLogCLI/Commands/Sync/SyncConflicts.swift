import BrewLogCore

/// How a sync names the conflicts it stopped on, and which ones `--take` means.
enum SyncConflicts {
    /// The ids `given` names among the conflicting `ids`: each exactly, or by a unique prefix of
    /// four characters or more; a prefix of several is a usage error, one of none is not found (1).
    static func match(_ given: [String], among ids: [String], _ context: CommandContext) throws(CLIError) -> Set<String> {
        var matched: Set<String> = []
        for text in given {
            // Byte for byte: a look-alike (another normalisation, a homoglyph) never matches.
            if let exact = ids.first(where: { $0.utf8.elementsEqual(text.utf8) }) {
                matched.insert(exact)
                continue
            }
            let candidates = text.unicodeScalars.count >= 4 ? ids.filter { $0.utf8.starts(with: text.utf8) } : []
            if candidates.count > 1 {
                throw context.usage("'\(cappedForMessage(text))' names several conflicts: \(candidates.map(\.terminalSafe).joined(separator: ", "))",
                                    hint: "give more characters of the id")
            }
            guard let id = candidates.first else {
                let listed = ids.isEmpty ? "there is none" : "they are on " + ids.map(\.terminalSafe).joined(separator: ", ")
                throw CLIError.notFound("no conflict on '\(cappedForMessage(text))': \(listed)",
                                        hint: "'brewlog sync --status' lists the conflicts")
            }
            matched.insert(id)
        }
        return matched
    }

    /// One line for a conflict a merge left in the journal.
    static func line(_ conflict: JournalConflict) -> String {
        let what: String
        switch (conflict.ours, conflict.theirs) {
        case (nil, _): what = "was removed here and changed on the other machine"
        case (_, nil): what = "was changed here and removed on the other machine"
        default: what = "was changed on both machines (\(conflict.fields.map(\.terminalSafe).joined(separator: ", ")))"
        }
        return "conflict: \(conflict.id.terminalSafe) \(what), line \(conflict.line)"
    }

    /// The error a sync stops with when `count` conflicts are left.
    static func stopped(_ count: Int, _ context: CommandContext, pushed: Bool = false) -> CLIError {
        .refused("sync stopped on \(count) conflict\(count == 1 ? "" : "s")\(pushed ? "" : "; nothing was pushed")",
                 hint: "keep one version of each with '\(context.commandPrefix) sync --take ours ID' or '--take theirs ID' (or edit the journal and delete the marker lines), then '\(context.commandPrefix) sync'")
    }
}
