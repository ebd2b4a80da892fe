/// Where a store's brews live between runs: the repository contract the store depends on.
///
/// Adapters: ``InMemoryJournal`` for tests and the default store, ``FileJournal`` for the JSON
/// Lines file. The store reads every brew once, then calls ``save(_:)`` with exactly what changed.
public protocol Journal: AnyObject {
    /// Calls `body` with every brew in the journal, in journal order, as it is read (so a large
    /// journal is never held twice in memory). Throws the first problem before any write.
    func forEachRecord(_ body: (BrewRecord) -> Void) throws(JournalError)

    /// Persists `changes` (inserts, updates, removals since the last load or save).
    func save(_ changes: JournalChanges) throws(JournalError)
}

extension Journal {
    /// Every brew in the journal, in journal order.
    public func load() throws(JournalError) -> [BrewRecord] {
        var records: [BrewRecord] = []
        try forEachRecord { records.append($0) }
        return records
    }
}

/// A journal held in memory: what `BrewLogStore()` uses, and what tests compose a store with.
public final class InMemoryJournal: Journal {
    /// The brews as last saved, in order.
    public private(set) var records: [BrewRecord]
    /// How many times ``save(_:)`` was called with a non-empty change set.
    public private(set) var saveCount = 0

    /// A journal holding `records`.
    public init(_ records: [BrewRecord] = []) {
        self.records = records
    }

    /// The saved brews, in order.
    public func forEachRecord(_ body: (BrewRecord) -> Void) throws(JournalError) {
        records.forEach(body)
    }

    /// Applies `changes` to the held records, keeping the order of untouched ones.
    public func save(_ changes: JournalChanges) throws(JournalError) {
        guard !changes.isEmpty else { return }
        saveCount += 1
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        records = records.compactMap { removed.contains($0.id) ? nil : updated[$0.id] ?? $0 } + changes.inserted
    }
}
