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
    /// Bumped, under the lock, whenever fields noted as changed may leave the log (a reset, a
    /// removal), so that every brew's ``NotedFields`` from before stop vouching for them.
    private let generation = Atomic<Int>(0)

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
            generation.add(1, ordering: .releasing)
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

    /// Records that `field` of brew `id` changed. `noted` is the brew's own account of what the
    /// log holds for it (kept under the brew's lock): a field it shows is in the log already, and
    /// only a date change is still recorded (as a streak input), so writing a field again and
    /// again takes neither this lock nor a hash.
    ///
    /// Skipping on a generation read without this lock is safe: a write that reads the generation
    /// from before a concurrent ``reset()`` is one that could have come just before the reset,
    /// and a note made then would have been cleared by it all the same.
    func noteChanged(_ id: BrewID, _ field: BrewField, noted: inout NotedFields) {
        if noted.contains(field, generation: generation.load(ordering: .acquiring)) {
            if field == .date { noteStreakInputChanged() }
            return
        }
        noted = state.withLock { state in
            if field == .date { state.streakInputsVersion += 1 }
            // An inserted brew is written whole, so all its fields count as noted.
            if !state.insertedSet.contains(id) {
                if state.changed[id] == nil { state.changedOrder.append(id) }
                state.changed[id, default: []].insert(field)
            }
            return noted.adding(field, generation: generation.load(ordering: .relaxed))
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
            generation.add(1, ordering: .releasing)
        }
    }
}

/// The fields of one brew that its store's change log holds as changed, as of one generation of
/// the log (``ChangeLog/noteChanged(_:_:noted:)``). The brew keeps it beside its fields, under its
/// lock, and starts it afresh whenever it joins or leaves a store.
///
/// Eight bytes, since a million brews may be held at once: a bit a field in the low 16 bits, the
/// generation's low 48 bits above them. Two generations 2^48 resets apart would look alike; a
/// reset is a load or a save of the journal, so that many never happen in a process.
struct NotedFields {
    private var bits: UInt64 = 0

    /// Nothing noted.
    init() {}

    private init(bits: UInt64) {
        self.bits = bits
    }

    /// Whether `field` was noted in the log's `generation`.
    func contains(_ field: BrewField, generation: Int) -> Bool {
        bits >> 16 == NotedFields.stamp(generation) && bits & NotedFields.bit(field) != 0
    }

    /// These fields and `field`, all noted in `generation`: what was noted in an older
    /// generation may have been cleared from the log since, and is dropped.
    func adding(_ field: BrewField, generation: Int) -> NotedFields {
        let stamp = NotedFields.stamp(generation)
        let kept = bits >> 16 == stamp ? bits & 0xFFFF : 0
        return NotedFields(bits: stamp << 16 | kept | NotedFields.bit(field))
    }

    private static func stamp(_ generation: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: generation) & 0xFFFF_FFFF_FFFF
    }

    private static func bit(_ field: BrewField) -> UInt64 {
        1 << UInt64(field.rawValue)
    }
}
