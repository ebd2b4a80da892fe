/// What a store changed since it was loaded or last saved: exactly what the journal must write.
public struct JournalChanges: Equatable, Sendable {
    /// Brews added, in the order they were added, with their current fields.
    public var inserted: [BrewRecord] = []
    /// Brews already in the journal whose fields changed, with their current fields.
    public var updated: [BrewRecord] = []
    /// Which fields of each updated brew changed.
    public var changedFields: [BrewID: Set<BrewField>] = [:]
    /// Records of other kinds added, in the order they were added (written after the brews).
    public var insertedEntries: [JournalEntry] = []
    /// Records of other kinds already in the journal that changed, with their current fields.
    public var updatedEntries: [JournalEntry] = []
    /// Ids of records of any kind that were in the journal and are removed (ids are unique
    /// across kinds).
    public var removed: [BrewID] = []

    /// An empty change set.
    public init() {}

    /// Whether there is nothing to write.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && removed.isEmpty && insertedEntries.isEmpty && updatedEntries.isEmpty
    }

    /// Whether the journal can apply this by appending lines, without rewriting the file.
    public var isAppendOnly: Bool { updated.isEmpty && removed.isEmpty && updatedEntries.isEmpty }
}
