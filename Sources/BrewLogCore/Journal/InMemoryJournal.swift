/// A journal held in memory: what `BrewLogStore()` uses, and what tests compose a store with.
///
/// Given a ``recording``, each save also appends a ``HistoryEntry`` to ``history``, as the file
/// journal does, and ``restore(_:recording:)`` carries out an undo.
public final class InMemoryJournal: Journal {
    /// The brews as last saved, in order.
    public private(set) var records: [BrewRecord]
    /// The records of other kinds as last saved, in order.
    public private(set) var entries: [JournalEntry]
    /// How many times ``save(_:)`` was called with a non-empty change set.
    public private(set) var saveCount = 0
    /// The command whose saves are recorded; `nil`: none is.
    public var recording: HistoryRecording?
    /// The entries recorded, oldest first.
    public private(set) var history: [HistoryEntry] = []

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
        if let recording {
            let before = lines
            var after: [BrewID: String] = [:]
            for record in changes.inserted + changes.updated { after[record.id] = BrewLineCodec.encode(record) }
            for entry in changes.insertedEntries + changes.updatedEntries { after[entry.id] = RecordLineCodec.encode(entry) }
            if let entry = recording.entry(for: changes, before: { before[$0] }, after: { after[$0] }) { history.append(entry) }
        }
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        records = records.compactMap { removed.contains($0.id) ? nil : updated[$0.id] ?? $0 } + changes.inserted
        let updatedEntries = Dictionary(changes.updatedEntries.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        entries = entries.compactMap { removed.contains($0.id) ? nil : updatedEntries[$0.id] ?? $0 } + changes.insertedEntries
    }

    /// Every record's line as the journal file would hold it, by id.
    public var lines: [BrewID: String] {
        var lines: [BrewID: String] = [:]
        for record in records { lines[record.id] = BrewLineCodec.encode(record) }
        for entry in entries { lines[entry.id] = RecordLineCodec.encode(entry) }
        return lines
    }

    /// Carries out `plan` and records it as one entry; returns the entry (`nil` when refused or
    /// when nothing changes). A line of a kind this journal cannot hold is an error.
    @discardableResult
    public func restore(_ plan: UndoPlan, recording: HistoryRecording) throws(JournalError) -> HistoryEntry? {
        guard !plan.isRefused, let entry = recording.entry(touching: plan.restorations, undoes: plan.target.id) else { return nil }
        var records = self.records, entries = self.entries
        for change in plan.restorations {
            records.removeAll { $0.id == change.id }
            entries.removeAll { $0.id == change.id }
            guard let line = change.after else { continue }
            do throws(LineProblem) {
                if case let .entry(restored)? = try RecordLineCodec.decode(line) {
                    entries.append(restored)
                } else {
                    records.append(try BrewLineCodec.decode(line))
                }
            } catch {
                throw .unwritable(path: "memory", record: "record \(change.id.rawValue)", reason: error.reason)
            }
        }
        self.records = records
        self.entries = entries
        history.append(entry)
        saveCount += 1
        return entry
    }
}
