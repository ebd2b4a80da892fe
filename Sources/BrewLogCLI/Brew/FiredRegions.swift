import Synchronization

/// The timer screen's regions whose tracking scopes fired since it last drew.
///
/// A scope's `onChange` runs on the thread that made the change, so the set is behind a lock.
final class FiredRegions: Sendable {
    private let regions = Mutex<Set<TimerScreen.Region>>([])

    /// Notes that `region`'s scope fired.
    func fire(_ region: TimerScreen.Region) {
        regions.withLock { _ = $0.insert(region) }
    }

    /// What fired since the last call, and forgets it.
    func take() -> Set<TimerScreen.Region> {
        regions.withLock { regions in
            defer { regions.removeAll() }
            return regions
        }
    }
}
