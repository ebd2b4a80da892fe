import BrewLogCore

/// `brewlog sync` in a folder that is no git repository, one Syncthing, Dropbox or Nextcloud
/// carries: every conflict copy beside the journal is merged by the import rules, and each copy
/// whose records are all in the journal then is moved into `JOURNAL.merged/`. A copy that holds a
/// conflict stays where it is, and the sync stops (1) naming each record and field.
enum SyncFolder {
    /// One copy as the merge left it.
    private struct Merged {
        let copy: ConflictCopy
        var outcome: MergeOutcome
        /// The conflicts still to settle.
        var left: [MergeOutcome.Conflict]
    }

    static func run(take: (side: JournalConflict.Side, ids: [String])?, _ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let timeZone = try context.timeZone
        // No copy waiting: nothing to lock for writing (and a journal never written stays unmade).
        if take == nil, try session.journal.reading(timeout: try context.lockTimeout, { (journal: LockedJournal) throws(CLIError) in
            journal.conflictCopies().isEmpty
        }) {
            if !context.quiet { context.out.line("Nothing to merge: no conflict copies beside the journal.") }
            return
        }
        var moved: [String] = []
        var unreadable: [String] = []
        let merged = try session.write({ (journal: LockedJournal, store: BrewLogStore) throws(CLIError) -> [Merged] in
            var merged: [Merged] = []
            var contents: [ExchangeContents] = []
            for (_, copy) in journal.conflictCopies() {
                let bytes: [UInt8]?
                do throws(JournalError) { bytes = try journal.read(copy) } catch { throw CLIError(error) }
                guard let bytes else { continue }
                switch ExchangeFormat.jsonl.decodeContents(bytes, csv: CSVDialect(localTimeZone: timeZone)) {
                case let .success(read):
                    let outcome = store.merge(read.records, entries: read.entries, preference: nil)
                    merged.append(Merged(copy: copy, outcome: outcome, left: outcome.conflicts))
                    contents.append(read)
                case let .failure(problems):
                    unreadable.append("\(journal.path(of: copy)):\(problems.problems.first?.line ?? 1): \(problems.problems.first?.reason ?? "bad line")")
                }
            }
            guard let take else { return merged }
            let ids = try SyncConflicts.match(take.ids, among: merged.flatMap { $0.left.map(\.id.rawValue) }, context)
            for index in merged.indices {
                let mine = merged[index].left.filter { ids.contains($0.id.rawValue) }
                guard !mine.isEmpty else { continue }
                var settled = mine.filter { $0.reason == .differs }
                if take.side == .theirs {
                    let read = contents[index]
                    let again = store.merge(read.records.filter { ids.contains($0.id.rawValue) },
                                            entries: read.entries.filter { ids.contains($0.id.rawValue) }, preference: .incoming)
                    let refused = Set(again.conflicts.filter { $0.reason != .differs }.map(\.id))
                    settled.removeAll { refused.contains($0.id) }
                    merged[index].outcome.replaced += again.replaced
                }
                let settledIDs = Set(settled.map(\.id))
                merged[index].left.removeAll { settledIDs.contains($0.id) }
            }
            if !context.quiet { context.out.line("Kept \(take.side.rawValue) of \(ids.sorted().map(\.terminalSafe).joined(separator: ", ")).") }
            return merged
        }, afterSaving: { (journal: LockedJournal, merged: [Merged]) throws(CLIError) in
            for copy in merged where copy.left.isEmpty {
                do throws(JournalError) { moved.append(try journal.setAside(copy.copy)) } catch { throw CLIError(error) }
            }
        })
        try report(merged, moved: moved, unreadable: unreadable, context)
    }

    private static func report(_ merged: [Merged], moved: [String], unreadable: [String], _ context: CommandContext) throws(CLIError) {
        for line in unreadable { context.notices.line(line.terminalSafe) }
        var left = 0
        for copy in merged {
            for conflict in copy.left {
                left += 1
                let why = switch conflict.reason {
                case .differs: "differs in \(conflict.keys.map(\.terminalSafe).joined(separator: ", "))"
                case .otherKind: "is a record of another kind in the copy (no side can be taken: change one by hand)"
                case .dayTaken: "moves a skip day onto a day another holds (no side can be taken: change one by hand)"
                case .removedHere: "was removed here and changed in the copy"
                case .removedThere: "was removed in the copy and changed here"
                }
                context.out.line("conflict: \(conflict.id.rawValue.terminalSafe) \(why) (the journal against \(copy.copy.name.terminalSafe))")
            }
        }
        if !context.quiet {
            if merged.isEmpty && unreadable.isEmpty {
                context.out.line("Nothing to merge: no conflict copies beside the journal.")
            } else if !merged.isEmpty {
                let added = merged.reduce(0) { $0 + $1.outcome.added }, replaced = merged.reduce(0) { $0 + $1.outcome.replaced }
                var line = "Merged \(merged.count) conflict cop\(merged.count == 1 ? "y" : "ies"): \(added) new record\(added == 1 ? "" : "s")"
                if replaced > 0 { line += ", \(replaced) replaced" }
                if let first = moved.first {
                    line += "; moved \(moved.count) to \(ConfigFile.folder(of: first).terminalSafe)/"
                }
                context.out.line(line + ".")
            }
        }
        if !unreadable.isEmpty {
            throw CLIError.dataError("\(unreadable.count) conflict cop\(unreadable.count == 1 ? "y holds" : "ies hold") bad lines and \(unreadable.count == 1 ? "was" : "were") left where \(unreadable.count == 1 ? "it is" : "they are")",
                                     hint: "fix the lines named above, or import the good part with 'brewlog import COPY'")
        }
        if left > 0 {
            throw CLIError.refused("sync stopped on \(left) conflict\(left == 1 ? "" : "s"); the copies that hold them stay beside the journal",
                                   hint: "keep one version of each with '\(context.commandPrefix) sync --take ours ID' (the journal's) or '--take theirs ID' (the copy's), or edit the journal, then '\(context.commandPrefix) sync'")
        }
    }
}
