/// What a journal is told about the command that changes it, so that each save appends one
/// ``HistoryEntry``: when, which command, and how much history to keep.
public struct HistoryRecording: Sendable {
    /// When the command runs.
    public var at: Timestamp
    /// The command's name (`add`, `bean edit`).
    public var command: String
    /// The words it was run with.
    public var arguments: [String]
    /// How much history is kept.
    public var bounds: HistoryBounds

    /// A recording of `command` run with `arguments` at `at`.
    public init(at: Timestamp, command: String, arguments: [String], bounds: HistoryBounds = HistoryBounds()) {
        self.at = at
        self.command = command
        self.arguments = arguments
        self.bounds = bounds
    }

    /// The entry for `changes`, given each touched record's line `before` the change (`nil` for
    /// a new one) and `after` it (`nil` for a removed one): one change a record, even when the
    /// change set both removes a line and adds one with its id (a record replaced by a record of
    /// another kind). Records whose line did not change are left out; `nil` when none is left.
    func entry(for changes: JournalChanges, before: (BrewID) -> String?, after: (BrewID) -> String?) -> HistoryEntry? {
        var ids = changes.inserted.map(\.id) + changes.updated.map(\.id)
        ids += changes.insertedEntries.map(\.id) + changes.updatedEntries.map(\.id) + changes.removed
        var seen: Set<BrewID> = []
        let touched = ids.filter { seen.insert($0).inserted }.map { HistoryEntry.Change(id: $0, before: before($0), after: after($0)) }
        return entry(touching: touched)
    }

    /// The entry for `changes` made directly (an undo's), or `nil` when no line changes.
    public func entry(touching changes: [HistoryEntry.Change], undoes: String? = nil) -> HistoryEntry? {
        let changes = changes.filter { $0.before != $0.after }
        guard !changes.isEmpty else { return nil }
        var entry = HistoryEntry(at: at, command: command, arguments: arguments, undoes: undoes, changes: changes)
        if HistoryCodec.encode(entry).utf8.count > bounds.longestEntry {
            entry.changes = changes.map { HistoryEntry.Change(id: $0.id, before: nil, after: nil) }
            entry.linesOmitted = true
        }
        return entry
    }
}
