/// A journal held in memory: what `BrewLogStore()` uses, and what tests compose a store with.
public final class InMemoryJournal: Journal {
    /// The brews as last saved, in order.
    public private(set) var records: [BrewRecord]
    /// The records of other kinds as last saved, in order.
    public private(set) var entries: [JournalEntry]
    /// How many times ``save(_:)`` was called with a non-empty change set.
    public private(set) var saveCount = 0

    /// A journal holding `records` and the records of other kinds `entries`.
    public init(_ records: [BrewRecord] = [], entries: [JournalEntry] = []) {
        self.records = records
        self.entries = entries
    }

    /// The saved brews and other records, in order.
    public func load() throws(JournalError) -> JournalSnapshot {
        JournalSnapshot(records: records, entries: entries)
    }

    /// Applies `changes` to the held records, keeping the order of untouched ones.
    public func save(_ changes: JournalChanges) throws(JournalError) {
        guard !changes.isEmpty else { return }
        saveCount += 1
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        records = records.compactMap { removed.contains($0.id) ? nil : updated[$0.id] ?? $0 } + changes.inserted
        let updatedEntries = Dictionary(changes.updatedEntries.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        entries = entries.compactMap { removed.contains($0.id) ? nil : updatedEntries[$0.id] ?? $0 } + changes.insertedEntries
    }
}
