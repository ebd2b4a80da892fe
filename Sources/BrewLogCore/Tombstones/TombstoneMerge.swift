/// The import's rules for tombstones, beside ``BrewLogStore/merge(_:entries:preference:)``'s
/// rules for records: a removal travels, and a record removed on one side and changed on the
/// other is a conflict, never settled silently.
extension BrewLogStore {
    /// A record of an import, before it is in the store.
    enum IncomingRecord {
        case brew(BrewRecord)
        case entry(JournalEntry)
    }

    /// Settles an incoming record whose id the journal holds a tombstone of: skipped as already
    /// removed when its line hash is the removed one's, else a conflict ("removed here, changed
    /// there"). `true` when the incoming record is to be taken back (`--prefer incoming`).
    func settleRemoved(_ hash: String, against tombstone: Tombstone, preference: MergePreference?,
                       _ outcome: inout MergeOutcome) -> Bool {
        if hash == tombstone.was {
            outcome.alreadyRemoved += 1
            return false
        }
        guard preference == .incoming else {
            outcome.conflicts.append(.init(id: tombstone.id, keys: [], reason: .removedHere))
            return false
        }
        return true
    }

    /// Settles an incoming tombstone against the journal: the record it names, when unchanged
    /// since (its line hash is the tombstone's), is to be removed and returned; one changed since
    /// is a conflict ("removed there, changed here") that `--prefer incoming` removes all the
    /// same. A tombstone of a record the journal has removed already, or never had, is counted
    /// as already removed (the second is kept, so the removal travels on to the next journal).
    func settleTombstone(_ incoming: Tombstone, preference: MergePreference?, _ outcome: inout MergeOutcome) -> JournalItem? {
        let held: JournalItem
        if let brew = brew(id: incoming.id) {
            held = .brew(brew)
        } else if let entry = entry(id: incoming.id) {
            guard entry.tombstone == nil else {
                outcome.alreadyRemoved += 1
                return nil
            }
            held = .entry(entry)
        } else if isTaken(incoming.id) {
            outcome.conflicts.append(.init(id: incoming.id, keys: ["kind"], reason: .otherKind))
            outcome.unresolvable = true
            return nil
        } else {
            outcome.alreadyRemoved += 1
            appendEntry(.removed(incoming))
            return nil
        }
        let hash = switch held {
        case let .brew(brew): Tombstone.lineHash(of: brew.record)
        case let .entry(entry): Tombstone.lineHash(of: entry)
        }
        guard hash == incoming.was || preference == .incoming else {
            outcome.conflicts.append(.init(id: incoming.id, keys: [], reason: .removedThere))
            return nil
        }
        return held
    }

    /// Puts each record in the place of its tombstone (`--prefer incoming` on "removed here,
    /// changed there"), the tombstones taken out in one pass; a skip day whose day another holds
    /// stays removed, a conflict no preference settles.
    func revive(_ revivals: [(tombstone: Tombstone, record: IncomingRecord)], _ outcome: inout MergeOutcome) {
        var taken: [(tombstone: Tombstone, record: IncomingRecord)] = []
        var claimed: Set<CalendarDay> = []
        for revival in revivals {
            if case let .entry(.skip(skip)) = revival.record, skipDay(on: skip.day) != nil || !claimed.insert(skip.day).inserted {
                outcome.conflicts.append(.init(id: revival.tombstone.id, keys: ["day"], reason: .dayTaken))
                outcome.unresolvable = true
            } else {
                taken.append(revival)
            }
        }
        discard(taken.map { JournalEntry.removed($0.tombstone) })
        for (_, record) in taken {
            switch record {
            case let .brew(brew): insert(Brew(record: brew))
            case let .entry(entry): insert(entry)
            }
        }
        outcome.replaced += taken.count
    }
}
