/// What a store changed since it was loaded or last saved: exactly what the journal must write.
public struct JournalChanges: Equatable, Sendable {
    /// Brews added, in the order they were added, with their current fields.
    public var inserted: [BrewRecord] = []
    /// Brews already in the journal whose fields changed, with their current fields.
    public var updated: [BrewRecord] = []
    /// Which fields of each updated brew changed.
    public var changedFields: [BrewID: Set<BrewField>] = [:]
    /// Ids of brews that were in the journal and are removed.
    public var removed: [BrewID] = []

    /// An empty change set.
    public init() {}

    /// Whether there is nothing to write.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && removed.isEmpty }

    /// Whether the journal can apply this by appending lines, without rewriting the file.
    public var isAppendOnly: Bool { updated.isEmpty && removed.isEmpty }
}
