/// What `undo` would do: take back the newest change in a history by putting each record it
/// touched back to its line before, as a new change (so undoing an undo redoes).
///
/// A pure function of the history and the records' current lines: the journal applies it.
public struct UndoPlan: Equatable, Sendable {
    /// The change taken back.
    public let target: HistoryEntry
    /// Each record to put back: `before` its current line, `after` the line it gets (`nil`:
    /// the record is removed). Records already as they were are left out.
    public let restorations: [HistoryEntry.Change]
    /// The records changed since `target`: `before` the line it left, `after` the line now.
    /// Restoring them would lose that later change, so the plan refuses unless forced.
    public let conflicts: [HistoryEntry.Change]

    /// Why there is no plan.
    public enum Refusal: Error, Equatable, Sendable {
        /// The history holds no change.
        case nothingToUndo
        /// The newest change was too large for the history to keep its lines.
        case linesOmitted(entry: HistoryEntry)
    }

    /// The plan to take back the newest of `entries` (newest first), given each touched record's
    /// line now (`nil`: not in the journal). With `force`, records changed since are put back too.
    public init(newestFirst entries: [HistoryEntry], current: [BrewID: String], force: Bool) throws(Refusal) {
        guard let target = entries.first else { throw .nothingToUndo }
        guard !target.linesOmitted else { throw .linesOmitted(entry: target) }
        self.target = target
        var restorations: [HistoryEntry.Change] = []
        var conflicts: [HistoryEntry.Change] = []
        for change in target.changes {
            let now = current[change.id]
            if now != change.after {
                conflicts.append(HistoryEntry.Change(id: change.id, before: change.after, after: now))
                guard force else { continue }
            }
            if now != change.before {
                restorations.append(HistoryEntry.Change(id: change.id, before: now, after: change.before))
            }
        }
        self.restorations = restorations
        self.conflicts = conflicts
        self.forced = force
    }

    /// Whether records changed since are put back all the same.
    public let forced: Bool

    /// Whether the plan must not be carried out: a record changed since, and not forced.
    public var isRefused: Bool { !conflicts.isEmpty && !forced }

    /// The ids of every record the target touched: the lines an undo must read first.
    public static func touchedIDs(_ entry: HistoryEntry) -> Set<BrewID> {
        Set(entry.changes.map(\.id))
    }
}
