#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finding brews by id or prefix, and whether an id is taken by a record of any kind.
extension BrewLogStore {
    /// The brew with exactly this id.
    public func brew(id: BrewID) -> Brew? {
        registry.access(\BrewLogStore.brews)
        lookupsByID += 1
        if lookupsByID > 2 { return index[id].map(materialize) }
        return positions { $0 == id }.first.map(materialize)
    }

    /// The brew whose id is or starts with `prefix` (4+ characters unless it is a whole id).
    func brew(prefix reference: String) throws(BrewLookupError) -> Brew {
        guard reference.count >= 4 else {
            throw slots.isEmpty ? .notFound(reference) : .prefixTooShort(reference)
        }
        let matches = positions(all: true) { $0.rawValue.hasPrefix(reference) }
        switch matches.count {
        case 0: throw .notFound(reference)
        case 1: return materialize(matches[0])
        default: throw .ambiguous(reference, candidates: matches.map(id(at:)).sorted())
        }
    }

    /// Calls `body` with every brew's timestamp, for the streak: inside a tracking scope read through each brew's
    /// registry (so the scope depends on every date); outside one, from the snapshot, without
    /// making a single object.
    func forEachStreakTimestamp(_ body: (Timestamp) -> Void) {
        if ChangeRegistry.isTracking {
            for brew in brews { body(brew.timestamp) }
        } else {
            forEachTimestamp { _, timestamp in body(timestamp) }
        }
    }

    /// Why a brew read from the journal came back with only its id and date (see
    /// ``JournalSnapshot/readFailure``): what a command that printed it must report.
    public var journalReadFailure: String? { snapshot.readFailure }

    /// Whether a record of any kind has this id: a brew, a record of another kind, or a line of
    /// a kind this BrewLog does not know (ids are unique across all of them).
    public func isTaken(_ id: BrewID) -> Bool {
        hasBrew(id: id) || isTakenByAnotherKind(id)
    }

    /// Whether a record that is not a brew has this id: a known kind's, or an unknown kind's line.
    func isTakenByAnotherKind(_ id: BrewID) -> Bool {
        entryIndex.positionByID[id] != nil || unknownKindIDs.contains(id)
    }

    /// Whether a brew has exactly this id (without tracking a read); like ``brew(id:)``, by a scan
    /// for the first lookups and by the index once many are coming.
    func hasBrew(id: BrewID) -> Bool {
        lookupsByID += 1
        if lookupsByID > 2 { return index[id] != nil }
        return !positions { $0 == id }.isEmpty
    }

    /// The ids of the brews whose id starts with `prefix` (without tracking a read).
    func brewIDs(withPrefix prefix: String) -> [BrewID] {
        positions(all: true) { $0.rawValue.hasPrefix(prefix) }.map(id(at:))
    }
}
