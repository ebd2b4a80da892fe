#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's tombstones: what readers pass over, and what `check --compact` drops.
extension BrewLogStore {
    /// The tombstones of removed records, in journal order.
    public var tombstones: [Tombstone] {
        entries.compactMap(\.tombstone)
    }

    /// Drops the tombstones of records removed more than `days` days before now (by the
    /// store's clock), as one pending change: once they are gone, a copy of the journal from
    /// before the removal would bring the record back, so keep them longer than any copy lives.
    /// - Returns: The tombstones dropped, in journal order.
    @discardableResult
    public func compactTombstones(keepingDays days: Int) -> [Tombstone] {
        let cutoff = now.addingTimeInterval(-Double(max(0, days)) * 86_400)
        let old = tombstones.filter { $0.at.date < cutoff }
        discard(old.map(JournalEntry.removed))
        return old
    }
}
