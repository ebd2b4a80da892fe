/// Records of other kinds than brews (skip days, bean bags), held and tracked like brews.
extension BrewLogStore {
    /// The records of other kinds, in journal order (tracked as a whole: insert, remove, replace).
    public var entries: [JournalEntry] {
        registry.access(\BrewLogStore.entries)
        return storedEntries
    }

    /// The skip days, in journal order.
    public var skipDays: [SkipDay] {
        entries.compactMap { entry in
            if case let .skip(skip) = entry { return skip }
            return nil
        }
    }

    /// The skip day recorded for `day`, if any.
    public func skipDay(on day: CalendarDay) -> SkipDay? {
        registry.access(\BrewLogStore.entries)
        guard let position = entryIndex.skipPositionByDay[day], case let .skip(skip) = storedEntries[position] else { return nil }
        return skip
    }

    /// The record of another kind with exactly this id, if any.
    public func entry(id: BrewID) -> JournalEntry? {
        registry.access(\BrewLogStore.entries)
        return entryIndex.positionByID[id].map { storedEntries[$0] }
    }

    /// Marks `day` as a skip day with `notes`; when it is one already, that skip day is returned
    /// unchanged and `added` is false. Never throws.
    @discardableResult
    public func recordSkip(on day: CalendarDay, notes: String? = nil) -> (skip: SkipDay, added: Bool) {
        if let existing = skipDay(on: day) { return (existing, false) }
        let skip = SkipDay(id: freshID(), day: day, notes: notes.flatMap { $0.isEmpty ? nil : $0 })
        appendEntry(.skip(skip))
        return (skip, true)
    }

    /// Adds `entry` (an import); `false`, and nothing added, when its id is taken by a record of
    /// any kind or it is a skip day for a day that has one.
    @discardableResult
    public func insert(_ entry: JournalEntry) -> Bool {
        guard !isTakenByAnotherKind(entry.id), !hasBrew(id: entry.id) else { return false }
        switch entry {
        case let .skip(skip):
            guard skipDay(on: skip.day) == nil else { return false }
        case .bean, .removed: break
        }
        appendEntry(entry)
        return true
    }

    /// Replaces the record of another kind that has `entry`'s id with `entry`; `false`, and
    /// nothing changed, when there is none, when it is of another kind, or when it would give a
    /// day a second skip record.
    @discardableResult
    public func update(_ entry: JournalEntry) -> Bool {
        // A record never changes kind: a skip day and a bag that share an id are a conflict.
        guard let position = entryIndex.positionByID[entry.id], storedEntries[position].kind == entry.kind else { return false }
        switch entry {
        case let .skip(skip):
            if let other = skipDay(on: skip.day), other.id != skip.id { return false }
        case .bean, .removed: break
        }
        let old = storedEntries[position]
        guard old != entry else { return true }
        registry.willSet(\BrewLogStore.entries)
        storedEntries[position] = entry
        entryIndex.replace(old, with: entry, at: position)
        changeLog.noteUpdatedEntry(entry.id)
        registry.didSet(\BrewLogStore.entries)
        return true
    }

    /// Removes the record of another kind with `entry`'s id, leaving its tombstone, as removing
    /// a list of them does; one not in the store is ignored.
    public func remove(_ entry: JournalEntry) {
        remove([entry])
    }

    /// Removes `entries` (those still in the store) in one pass, however many, and leaves a
    /// tombstone dated now in the place of each skip day and bag, as removing a brew does. A
    /// tombstone removed (`check --compact`) leaves nothing.
    public func remove(_ entries: [JournalEntry]) {
        let at = nowTimestamp
        let removed = discard(entries)
        for entry in removed where entry.tombstone == nil {
            appendEntry(.removed(Tombstone(id: entry.id, at: at, was: Tombstone.lineHash(of: entry))))
        }
    }

    /// Removes `entries` (those still in the store) without a trace, in one pass.
    /// - Returns: The records removed, as the store held them, in the order given.
    @discardableResult
    func discard(_ entries: [JournalEntry]) -> [JournalEntry] {
        var doomed: Set<BrewID> = []
        let ordered = entries.map(\.id).filter { entryIndex.positionByID[$0] != nil && doomed.insert($0).inserted }
        guard !ordered.isEmpty else { return [] }
        let held = ordered.compactMap { entryIndex.positionByID[$0].map { storedEntries[$0] } }
        registry.willSet(\BrewLogStore.entries)
        storedEntries.removeAll { doomed.contains($0.id) }
        entryIndex = EntryIndex(storedEntries)
        for id in ordered { changeLog.noteRemovedEntry(id) }
        registry.didSet(\BrewLogStore.entries)
        return held
    }

    /// The record `reference` names: a brew or a record of another kind, by its whole id or a
    /// unique id prefix of 4+ characters; `last`, `last~N` and `last:TEXT` name brews (see
    /// ``brew(matching:)``). A prefix shared by records of different kinds is ambiguous like one
    /// shared by two brews.
    public func record(matching reference: String) throws(BrewLookupError) -> JournalItem {
        if let id = BrewID(reference) {
            if let position = entryIndex.positionByID[id] {
                // A tombstone is no record to name: its id is taken, and nothing is there.
                guard storedEntries[position].tombstone == nil else { throw .notFound(reference) }
                return .entry(storedEntries[position])
            }
            if let brew = brew(id: id) { return .brew(brew) }
        }
        // `last`, `last~N`, `last:TEXT` (or a malformed one) name brews only.
        guard case .id = BrewReference(reference) else {
            return .brew(try brew(matching: reference))
        }
        let entryMatches = reference.count >= 4
            ? storedEntries.filter { $0.tombstone == nil && $0.id.rawValue.hasPrefix(reference) } : []
        guard let entry = entryMatches.first else {
            return .brew(try brew(matching: reference))
        }
        let brewMatches = brewIDs(withPrefix: reference)
        guard entryMatches.count == 1, brewMatches.isEmpty else {
            throw .ambiguous(reference, candidates: (entryMatches.map(\.id) + brewMatches).sorted())
        }
        return .entry(entry)
    }

    func appendEntry(_ entry: JournalEntry) {
        registry.willSet(\BrewLogStore.entries)
        entryIndex.add(entry, at: storedEntries.count)
        storedEntries.append(entry)
        changeLog.noteInsertedEntry(entry.id)
        registry.didSet(\BrewLogStore.entries)
    }
}

/// A record of the journal of any kind, as ``BrewLogStore/record(matching:)`` finds it.
public enum JournalItem {
    /// A brew.
    case brew(Brew)
    /// A record of another kind.
    case entry(JournalEntry)

    /// The record's id.
    public var id: BrewID {
        switch self {
        case let .brew(brew): brew.id
        case let .entry(entry): entry.id
        }
    }
}
