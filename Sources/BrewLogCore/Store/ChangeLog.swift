import Synchronization

/// The store's running account of inserts, removals and field changes, fed by its brews' registries
/// and by the store for records of other kinds.
///
/// Thread-safe, because a brew may be edited from any thread; it holds ids, not brews, so it
/// keeps nothing alive.
final class ChangeLog: Sendable {
    private struct State {
        var inserted: [BrewID] = []
        var insertedSet: Set<BrewID> = []
        var changed: [BrewID: Set<BrewField>] = [:]
        var changedOrder: [BrewID] = []
        var removed: [BrewID] = []
        var insertedEntries: [BrewID] = []
        var updatedEntries: [BrewID] = []
        /// Bumped whenever something a streak reads changes: membership or a brew's date.
        var streakInputsVersion = 0
    }

    private let state = Mutex(State())

    var streakInputsVersion: Int { state.withLock { $0.streakInputsVersion } }

    func noteInserted(_ id: BrewID) {
        state.withLock { state in
            state.inserted.append(id)
            state.insertedSet.insert(id)
            state.streakInputsVersion += 1
        }
    }

    func noteRemoved(_ id: BrewID) {
        state.withLock { state in
            state.streakInputsVersion += 1
            if state.insertedSet.remove(id) != nil {
                state.inserted.removeAll { $0 == id }
                return
            }
            if state.changed.removeValue(forKey: id) != nil {
                state.changedOrder.removeAll { $0 == id }
            }
            state.removed.append(id)
        }
    }

    func noteChanged(_ id: BrewID, _ field: BrewField) {
        state.withLock { state in
            if field == .date { state.streakInputsVersion += 1 }
            guard !state.insertedSet.contains(id) else { return }
            if state.changed[id] == nil { state.changedOrder.append(id) }
            state.changed[id, default: []].insert(field)
        }
    }

    /// Records that the record of another kind `id` was added.
    func noteInsertedEntry(_ id: BrewID) {
        state.withLock { state in
            state.insertedEntries.append(id)
            state.streakInputsVersion += 1
        }
    }

    /// Records that the record of another kind `id`, already in the journal, changed.
    func noteUpdatedEntry(_ id: BrewID) {
        state.withLock { state in
            state.streakInputsVersion += 1
            guard !state.insertedEntries.contains(id), !state.updatedEntries.contains(id) else { return }
            state.updatedEntries.append(id)
        }
    }

    /// Records that the record of another kind `id` was removed.
    func noteRemovedEntry(_ id: BrewID) {
        state.withLock { state in
            state.streakInputsVersion += 1
            state.updatedEntries.removeAll { $0 == id }
            if let index = state.insertedEntries.firstIndex(of: id) {
                state.insertedEntries.remove(at: index)
                return
            }
            state.removed.append(id)
        }
    }

    /// Records that something else a streak reads changed (the rules).
    func noteStreakInputChanged() {
        state.withLock { $0.streakInputsVersion += 1 }
    }

    /// The ids of every brew inserted or changed (whose current fields the change set needs).
    var touchedIDs: Set<BrewID> {
        state.withLock { $0.insertedSet.union($0.changed.keys) }
    }

    /// The change set, with each brew's current fields taken from `brew(id)` and each other
    /// record from `entry(id)`.
    func changes(resolving brew: (BrewID) -> Brew?, entry: (BrewID) -> JournalEntry?) -> JournalChanges {
        let snapshot = state.withLock { $0 }
        var changes = JournalChanges()
        changes.inserted = snapshot.inserted.compactMap { brew($0)?.record }
        changes.updated = snapshot.changedOrder.compactMap { brew($0)?.record }
        changes.insertedEntries = snapshot.insertedEntries.compactMap(entry)
        changes.updatedEntries = snapshot.updatedEntries.compactMap(entry)
        changes.changedFields = snapshot.changed
        changes.removed = snapshot.removed
        return changes
    }

    func reset() {
        state.withLock { state in
            let version = state.streakInputsVersion
            state = State()
            state.streakInputsVersion = version + 1
        }
    }
}
