/// Which side wins when an incoming record differs from the journal's record of the same id.
public enum MergePreference: String, Sendable, CaseIterable {
    /// Keep the journal's record.
    case existing
    /// Take the incoming one (a brew keeps its own unknown keys, a bag its own too).
    case incoming
}

/// What merging records into a store did.
public struct MergeOutcome: Equatable, Sendable {
    /// One record the merge left as the journal has it, and why.
    public struct Conflict: Equatable, Sendable {
        /// Why a conflict was left.
        public enum Reason: Sendable {
            /// The records differ and no preference took the incoming one.
            case differs
            /// The id belongs to a record of another kind: no preference settles it.
            case otherKind
            /// The incoming skip day's day is held by another skip day: it could not be taken.
            case dayTaken
            /// Removed here (the journal holds its tombstone), changed there: the incoming record
            /// is not the one that was removed.
            case removedHere
            /// Removed there (an incoming tombstone), changed here: the journal's record is not
            /// the one that was removed.
            case removedThere
        }

        /// The record's id.
        public let id: BrewID
        /// The journal keys that differ (`kind` when the id belongs to a record of another kind).
        public let keys: [String]
        /// Why it was left.
        public var reason: Reason = .differs
    }

    /// Records added (their ids were new; a skip day for a day already skipped is skipped).
    public var added = 0
    /// The ids of the records added, in the order they were given (brews first).
    public var addedIDs: [BrewID] = []
    /// Records already there, identical.
    public var skipped = 0
    /// Records replaced by the incoming version (a tombstone too, by the record it stood for).
    public var replaced = 0
    /// Records of the journal removed by an incoming tombstone (they had not changed since).
    public var removed = 0
    /// Incoming records the journal has removed, exactly as they were then (the line hash its
    /// tombstone holds), and incoming tombstones of records the journal has removed too or
    /// never had (kept, so the removal travels on): nothing to bring back.
    public var alreadyRemoved = 0
    /// Records left as the journal has them.
    public var conflicts: [Conflict] = []
    /// Whether some conflict is one no preference settles: an id held by a record of another
    /// kind, or an incoming version that could not be taken (its skip day is another's).
    public var unresolvable = false

    /// Whether the journal does not hold what the caller asked for: a conflict left without a
    /// preference, or one no preference settles.
    public func leftConflicts(preference: MergePreference?) -> Bool {
        !conflicts.isEmpty && (preference == nil || unresolvable)
    }
}

extension BrewLogStore {
    /// Merges `brews` and `entries` (records of other kinds) by id, never duplicating one: a new
    /// id is added; an identical record is skipped; a different one is a conflict, replaced when
    /// `preference` is `.incoming`. An id held by a record of another kind (a brew against a skip
    /// day, a bag against a skip day, or a line of a kind this BrewLog does not know) is a
    /// conflict no preference settles.
    ///
    /// Tombstones travel (see `TombstoneMerge.swift`): an incoming record the journal removed is
    /// skipped when it is exactly what was removed, else a conflict; an incoming tombstone
    /// removes the journal's record when it is unchanged since, else is a conflict; `.incoming`
    /// settles both for the file's side.
    ///
    /// The result does not depend on the order of the records: records whose id is already in
    /// the journal are settled first, all of them together (so skip days that trade days with
    /// each other can be replaced), and only then are new ones added, judged against the journal
    /// as it will be (a skip day moved away frees its day for a new one).
    /// - Parameters:
    ///   - brews: The incoming brews.
    ///   - entries: The incoming records of other kinds (skip days, bags).
    ///   - preference: How a conflict is settled: `nil` leaves every conflict as it is.
    /// - Returns: What was added, skipped, replaced and left in conflict, and why; the changes
    ///   are pending in the store (``save()`` writes them).
    public func merge(_ brews: [BrewRecord], entries: [JournalEntry], preference: MergePreference?) -> MergeOutcome {
        var outcome = MergeOutcome()
        var newBrews: [BrewRecord] = []
        var newEntries: [JournalEntry] = []
        var replacements: [(old: JournalEntry, new: JournalEntry)] = []

        var removals: [(doomed: JournalItem, tombstone: Tombstone)] = []
        var revivals: [(tombstone: Tombstone, record: IncomingRecord)] = []

        for record in brews {
            if let existing = brew(id: record.id) {
                mergeBrew(record, into: existing, preference: preference, &outcome)
            } else if let tombstone = entry(id: record.id)?.tombstone {
                if settleRemoved(Tombstone.lineHash(of: record), against: tombstone, preference: preference, &outcome) {
                    revivals.append((tombstone, .brew(record)))
                }
            } else if isTaken(record.id) {
                outcome.conflicts.append(.init(id: record.id, keys: ["kind"], reason: .otherKind))
                outcome.unresolvable = true
            } else {
                newBrews.append(record)
            }
        }
        for entry in entries {
            if let incoming = entry.tombstone {
                if let doomed = settleTombstone(incoming, preference: preference, &outcome) { removals.append((doomed, incoming)) }
                continue
            }
            guard isTaken(entry.id) else {
                newEntries.append(entry)
                continue
            }
            if let tombstone = self.entry(id: entry.id)?.tombstone {
                if settleRemoved(Tombstone.lineHash(of: entry), against: tombstone, preference: preference, &outcome) {
                    revivals.append((tombstone, .entry(entry)))
                }
                continue
            }
            guard let existing = self.entry(id: entry.id), existing.kind == entry.kind else {
                outcome.conflicts.append(.init(id: entry.id, keys: ["kind"], reason: .otherKind))
                outcome.unresolvable = true
                continue
            }
            let keys = BrewLogStore.differingKeys(existing, entry)
            if keys.isEmpty {
                outcome.skipped += 1
            } else if preference == .incoming {
                replacements.append((existing, BrewLogStore.keepingUnknownKeys(of: existing, in: entry)))
            } else {
                outcome.conflicts.append(.init(id: entry.id, keys: keys))
            }
        }
        // Removals first (all at once: one pass over the brews, however many), as a skip day
        // removed frees its day for one moved or added.
        discard(removals.compactMap { if case let .brew(brew) = $0.doomed { brew } else { nil } })
        discard(removals.compactMap { if case let .entry(entry) = $0.doomed { entry } else { nil } })
        for (_, tombstone) in removals {
            appendEntry(.removed(tombstone))
        }
        outcome.removed += removals.count
        // Two incoming skip days for one day: neither can be taken, whichever comes first.
        var claims: [CalendarDay: Int] = [:]
        for pair in replacements { if case let .skip(skip) = pair.new { claims[skip.day, default: 0] += 1 } }
        let contested = replacements.filter { pair in
            if case let .skip(skip) = pair.new { return claims[skip.day, default: 0] > 1 }
            return false
        }
        let contestedIDs = Set(contested.map(\.new.id))
        replacements.removeAll { contestedIDs.contains($0.new.id) }
        for (old, new) in contested {
            outcome.conflicts.append(.init(id: new.id, keys: BrewLogStore.differingKeys(old, new), reason: .dayTaken))
            outcome.unresolvable = true
        }
        for (old, new) in replacements where !replace(replacements, old: old, new: new) {
            outcome.conflicts.append(.init(id: new.id, keys: BrewLogStore.differingKeys(old, new), reason: .dayTaken))
            outcome.unresolvable = true
        }
        outcome.replaced += replacements.count(where: { entry(id: $0.new.id) == $0.new && $0.old != $0.new })

        revive(revivals, &outcome)
        for record in newBrews where insert(Brew(record: record)) {
            outcome.added += 1
            outcome.addedIDs.append(record.id)
        }
        for entry in newEntries {
            if insert(entry) {
                outcome.added += 1
                outcome.addedIDs.append(entry.id)
            } else {
                outcome.skipped += 1
            }
        }
        return outcome
    }

    /// Settles an incoming brew against the journal's brew of the same id.
    private func mergeBrew(_ record: BrewRecord, into existing: Brew, preference: MergePreference?, _ outcome: inout MergeOutcome) {
        let keys = BrewLogStore.differences(existing.record, record)
        if keys.isEmpty {
            outcome.skipped += 1
        } else if preference == .incoming {
            // The brew keeps its own unknown keys, so taking the incoming fields may change nothing.
            let before = existing.record
            existing.assign(record)
            if existing.record == before { outcome.skipped += 1 } else { outcome.replaced += 1 }
        } else {
            outcome.conflicts.append(.init(id: record.id, keys: keys))
        }
    }

    /// Applies the replacement `old` → `new` unless it is applied already; `false` when it cannot
    /// be. Replacements are tried again while any succeeds (one skip day moving off a day lets
    /// another move onto it); those left are applied together when that gives every skip day a
    /// day of its own (two skip days trading days), and are conflicts otherwise, with nothing of
    /// theirs changed.
    private func replace(_ all: [(old: JournalEntry, new: JournalEntry)], old: JournalEntry, new: JournalEntry) -> Bool {
        if entry(id: new.id) == new { return true }
        var pending = all.filter { entry(id: $0.new.id) != $0.new }
        var progress = true
        while progress {
            progress = false
            pending.removeAll { pair in
                guard update(pair.new) else { return false }
                progress = true
                return true
            }
        }
        guard !pending.isEmpty else { return true }
        let moving = Set(pending.map(\.new.id))
        let days = pending.compactMap { pair -> CalendarDay? in
            if case let .skip(skip) = pair.new { return skip.day }
            return nil
        }
        let fits = Set(days).count == days.count && days.allSatisfy { day in skipDay(on: day).map { moving.contains($0.id) } ?? true }
        guard fits else { return entry(id: new.id) == new }
        discard(pending.map(\.old))
        for pair in pending { insert(pair.new) }
        return true
    }

    /// The journal keys in which two brews differ: the known fields, and the unknown keys only
    /// when both sides carry some (CSV carries none). Empty: the same brew.
    static func differences(_ existing: BrewRecord, _ incoming: BrewRecord) -> [String] {
        var existing = existing, incoming = incoming
        if existing.unknownFields.isEmpty || incoming.unknownFields.isEmpty {
            existing.unknownFields = []
            incoming.unknownFields = []
        }
        return existing.differingKeys(from: incoming)
    }

    /// The keys in which two records of the same kind differ.
    static func differingKeys(_ existing: JournalEntry, _ incoming: JournalEntry) -> [String] {
        switch (existing, incoming) {
        case let (.skip(old), .skip(new)):
            var keys: [String] = []
            if old.day != new.day { keys.append("day") }
            if old.notes != new.notes { keys.append("notes") }
            return keys
        case let (.bean(old), .bean(new)):
            return old.differingKeys(from: new)
        case let (.removed(old), .removed(new)):
            var keys: [String] = []
            if old.at != new.at { keys.append("at") }
            if old.was != new.was { keys.append("was") }
            return keys
        case (.skip, _), (.bean, _), (.removed, _):
            return ["kind"]
        }
    }

    /// `incoming` with the unknown keys of `existing`, as a brew taken with `.incoming` keeps its
    /// own: keys this BrewLog does not know are the journal's, never the file's.
    static func keepingUnknownKeys(of existing: JournalEntry, in incoming: JournalEntry) -> JournalEntry {
        guard case let .bean(old) = existing, case var .bean(new) = incoming else { return incoming }
        new.unknownFields = old.unknownFields
        return .bean(new)
    }
}
