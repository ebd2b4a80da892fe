import Synchronization

/// The timer screen's regions whose tracking scopes fired since it last drew.
///
/// A scope's `onChange` runs on the thread that makes the change, before the new value is stored
/// (willSet timing), so it only notes the region: the region is drawn again, from the timer as it
/// is then, by the `update()` that follows the tick. The set is behind a lock for that thread.
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
