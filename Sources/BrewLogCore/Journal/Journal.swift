/// Where a store's brews live between runs: the repository contract the store depends on.
///
/// Adapters: ``InMemoryJournal`` for tests and the default store, ``FileJournal`` for the JSON
/// Lines file. The store loads a snapshot once, then calls ``save(_:)`` with exactly what changed.
public protocol Journal: AnyObject {
    /// Every brew in the journal, in journal order, validated; throws the first problem.
    func load() throws(JournalError) -> JournalSnapshot

    /// Persists `changes` (inserts, updates, removals since the last load or save).
    func save(_ changes: JournalChanges) throws(JournalError)
}
