import Synchronization

/// The dashboard's tracking scopes that fired since it last drew: which rows, and whether the
/// layout's own scope (the list of brews, the records of other kinds) did.
///
/// A scope's `onChange` runs on the thread that makes the change, before the new value is stored
/// (willSet timing), so it only notes the row: the row is drawn again, from the store as it is
/// then, by the `update()` that follows the reload. The set is behind a lock for that thread.
final class FiredScopes: Sendable {
    private let state = Mutex<(rows: Set<DashboardRow>, layout: Bool)>(([], false))

    /// Notes that `row`'s scope fired.
    func fire(_ row: DashboardRow) {
        state.withLock { _ = $0.rows.insert(row) }
    }

    /// Notes that the layout's scope fired.
    func fireLayout() {
        state.withLock { $0.layout = true }
    }

    /// What fired since the last call, and forgets it.
    func take() -> (rows: Set<DashboardRow>, layout: Bool) {
        state.withLock { state in
            defer { state = ([], false) }
            return state
        }
    }
}
