#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The brews of one journal, owned by whoever composed it (the executable's root, or a test).
///
/// Mutations (``recordBrew(at:_:)``, edits through a brew's properties or bindings, ``remove(_:)``)
/// happen in memory, are tracked and never throw; ``save()`` persists exactly the tracked change
/// set. Derived values (``streak``, ``streakSummary``, ``streakCalendar``) are memoised and
/// recomputed only when a brew or skip day is added or removed, a brew's date changes, the rules
/// change, or the day changes.
///
/// Besides brews the store holds the journal's records of other kinds (``entries``: skip days),
/// tracked the same way (a scope that read the streak hears about a new skip day). Ids are unique
/// across kinds.
///
/// Brews are made into `Brew` objects only when asked for: the store starts from the journal's
/// validated snapshot (ids and dates), so a streak, an add or an `edit last` over a million brews
/// builds one object, not a million. ``brews`` makes them all.
///
/// The store is used from one thread (like a database context); its brews may be edited from any.
public final class BrewLogStore {
    /// Where reads and writes of the store's properties (``brews``) are reported.
    public let registry = ChangeRegistry()
    /// The time zone that decides what "today" is.
    public let timeZone: any UTCOffsetSource
    let journal: any Journal
    let clock: BrewClock
    let changeLog = ChangeLog()
    /// The records of other kinds, in journal order (see ``entries``).
    var storedEntries: [JournalEntry] = []
    /// Where each of them is, by id and by day: kept up to date by every change to the list.
    var entryIndex = EntryIndex()
    var storedRules: StreakRules
    /// The last streak computed, and what it was computed from: the version of its inputs, the
    /// day, and the earliest brew still in the future then (when now passes it, it counts).
    var streakCache: (version: Int, today: CalendarDay, nextBrewMoment: Date?, calendar: StreakCalendar)?

    private(set) var snapshot = JournalSnapshot(records: [])
    var slots = BrewSlots(loaded: 0)
    var storedCount = 0
    /// Slot positions by id, built only when many lookups are coming (imports): for the one or
    /// two lookups of a typical command a linear scan of a million ids is cheaper than hashing them.
    var positionByID: [BrewID: Int]?
    var lookupsByID = 0
    /// The ids held by lines of kinds this BrewLog does not know, as loaded: kept apart from the
    /// snapshot, which is let go once every brew is an object, while those ids stay taken.
    var unknownKindIDs: Set<BrewID> = []

    /// An empty store in memory, on the system clock and time zone, with the standard streak rules.
    public convenience init() {
        self.init(journal: InMemoryJournal(), clock: .system, timeZone: TimeZone.current)
    }

    /// A store over `journal`; call ``load()`` to read it.
    /// - Parameters:
    ///   - journal: Where the brews are kept (``InMemoryJournal`` in tests, the file journal in the command line).
    ///   - clock: What "now" is: a new brew's date, today's streak day.
    ///   - timeZone: The UTC offset a moment gets (a new brew's offset, a typed date's).
    ///   - rules: The day start, the rest days a week and the skip days' cap.
    public init(journal: any Journal, clock: BrewClock, timeZone: any UTCOffsetSource, rules: StreakRules = .standard) {
        self.journal = journal
        self.clock = clock
        self.timeZone = timeZone
        self.storedRules = rules
    }

    deinit {
        detachAll()
    }

    /// Replaces the brews with the journal's and forgets pending changes.
    /// - Throws: The journal's error (unreadable, a line it cannot parse, locked); the store is
    ///   unchanged then.
    public func load() throws(JournalError) {
        let loaded = try journal.load()
        registry.willSet(\BrewLogStore.brews)
        registry.willSet(\BrewLogStore.entries)
        detachAll()
        snapshot = loaded
        unknownKindIDs = loaded.unknownKindIDs
        slots = BrewSlots(loaded: loaded.count)
        storedCount = loaded.count
        storedEntries = loaded.entries
        entryIndex = EntryIndex(storedEntries)
        positionByID = nil
        changeLog.reset()
        registry.didSet(\BrewLogStore.brews)
        registry.didSet(\BrewLogStore.entries)
    }

    /// Re-reads the journal into this store in place, for a live view of a journal that another
    /// program writes; pending changes are forgotten, as by ``load()``.
    ///
    /// A brew whose id is still there stays the same object, and only its fields that differ are
    /// written (through its tracked setters), so only the scopes that read one of them hear of it.
    /// The list of brews (``brews``, ``count``) is reported changed only when a brew was added or
    /// removed or the order changed, and the records of other kinds (``entries``) only when they
    /// differ. The streak's inputs are those (membership, dates, skip days), so a scope that read
    /// the streak hears of a reload only when one of them changed, never of a notes edit.
    /// Brews not yet made into objects stay so.
    /// - Throws: The journal's error; the store is unchanged then.
    public func reload() throws(JournalError) {
        reload(from: try journal.load())
    }

    /// ``reload()`` from a snapshot read elsewhere: a live view of a file journal reads it under
    /// a lock of its own each time (`FileJournal.reading`), while the store keeps no lock between.
    /// Saving then goes through the journal the store was made with, which may refuse.
    public func reload(from loaded: JournalSnapshot) {
        var kept: [BrewID: Brew] = [:]
        for brew in slots.objectsMade { kept[brew.id] = brew }
        let oldIDs = slots.indices.map(id(at:))
        var newSlots: [BrewSlot] = []
        newSlots.reserveCapacity(loaded.count)
        var stored = 0
        var newIDs: [BrewID] = []
        newIDs.reserveCapacity(loaded.count)
        for index in 0..<loaded.count {
            let id = loaded.id(at: index)
            newIDs.append(id)
            if let brew = kept.removeValue(forKey: id) {
                newSlots.append(.live(brew))
            } else {
                newSlots.append(.stored(UInt32(truncatingIfNeeded: index)))
                stored += 1
            }
        }
        let brewsChanged = oldIDs != newIDs
        let entriesChanged = storedEntries != loaded.entries
        // The scopes that read the list or the other records hear of it before either changes.
        if brewsChanged { registry.willSet(\BrewLogStore.brews) }
        if entriesChanged { registry.willSet(\BrewLogStore.entries) }
        for brew in kept.values { brew.detach() }
        snapshot = loaded
        unknownKindIDs = loaded.unknownKindIDs
        slots = BrewSlots(newSlots)
        storedCount = stored
        positionByID = nil
        if entriesChanged {
            storedEntries = loaded.entries
            entryIndex = EntryIndex(storedEntries)
        }
        changeLog.reset()
        // Fields are written once the list is in place, each through its tracked setter (whose
        // scopes fire before the field is stored); detached meanwhile, so they are no pending change.
        for index in 0..<loaded.count {
            guard case let .live(brew) = slots[index] else { continue }
            brew.detach()
            brew.assign(loaded.record(at: index))
            brew.remember(origin: loaded.origin(at: index))
            brew.attach(to: changeLog)
        }
        // The dates just written are streak inputs the change log was not told of.
        changeLog.noteStreakInputChanged()
        if stored == 0 { snapshot = JournalSnapshot(records: []) }
        if brewsChanged { registry.didSet(\BrewLogStore.brews) }
        if entriesChanged { registry.didSet(\BrewLogStore.entries) }
    }

    /// The current moment on the store's clock.
    public var now: Date { clock.now }

    /// The current moment with the UTC offset of the store's time zone.
    public var nowTimestamp: Timestamp { Timestamp(date: now, timeZone: timeZone) }

    /// Today's streak day: the date in the store's time zone, less the rules' day start (before
    /// 04:00 with a 04:00 day start, today is still yesterday's date).
    public var today: CalendarDay { rules.day(of: nowTimestamp) }

    /// What ``save()`` would write now.
    public var pendingChanges: JournalChanges {
        let changed = changeLog.touchedIDs
        var brews: [BrewID: Brew] = [:]
        for brew in slots.objectsMade where changed.contains(brew.id) {
            brews[brew.id] = brew
        }
        let entries = Dictionary(storedEntries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return changeLog.changes(resolving: { brews[$0] }, entry: { entries[$0] })
    }

    /// Writes the pending changes to the journal, then forgets them.
    /// - Throws: The journal's error; the changes stay pending then.
    public func save() throws(JournalError) {
        let changes = pendingChanges
        guard !changes.isEmpty else { return }
        try journal.save(changes)
        changeLog.reset()
    }

    /// The positions of the brews whose id passes `test`, in order: the first only, unless
    /// `all`. One pass that reaches the snapshot once (a lookup scans a million ids).
    func positions(all: Bool = false, where test: (BrewID) -> Bool) -> [Int] {
        snapshot.withIDs { stored in
            var found: [Int] = []
            for position in slots.indices {
                let id = switch slots[position] {
                case let .stored(index): stored(Int(index))
                case let .live(brew): brew.id
                }
                guard test(id) else { continue }
                found.append(position)
                if !all { break }
            }
            return found
        }
    }

    func id(at position: Int) -> BrewID {
        switch slots[position] {
        case let .stored(index): snapshot.id(at: Int(index))
        case let .live(brew): brew.id
        }
    }

    /// Calls `body` with each brew's position and timestamp, in order, reaching the snapshot once
    /// rather than once per brew (these passes run over every brew of a million-brew journal).
    func forEachTimestamp(_ body: (Int, Timestamp) -> Void) {
        snapshot.withTimestamps { stored in
            for position in slots.indices {
                switch slots[position] {
                case let .stored(index): body(position, stored(Int(index)))
                case let .live(brew): body(position, brew.timestamp)
                }
            }
        }
    }

    func timestamp(at position: Int) -> Timestamp {
        switch slots[position] {
        case let .stored(index): snapshot.timestamp(at: Int(index))
        case let .live(brew): brew.timestamp
        }
    }

    /// The brew at `position`, made into an object (and watched) the first time it is asked for.
    /// When the last stored brew is made, the snapshot's text is let go.
    func materialize(_ position: Int) -> Brew {
        switch slots[position] {
        case let .live(brew):
            return brew
        case let .stored(index):
            let brew = Brew(record: snapshot.record(at: Int(index)))
            brew.remember(origin: snapshot.origin(at: Int(index)))
            brew.attach(to: changeLog)
            slots[position] = .live(brew)
            storedCount -= 1
            if storedCount == 0 { snapshot = JournalSnapshot(records: []) }
            return brew
        }
    }

    func detachAll() {
        for brew in slots.objectsMade {
            brew.detach()
        }
    }
}
