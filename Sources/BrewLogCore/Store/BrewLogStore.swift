import Foundation

/// The brews of one journal, owned by whoever composed it (the executable's root, or a test).
///
/// Mutations (``recordBrew(at:_:)``, edits through a brew's properties or bindings, ``remove(_:)``)
/// happen in memory, are tracked and never throw; ``save()`` persists exactly the tracked change
/// set. Derived values (``streak``, ``streakSummary``) are memoised and recomputed only when a
/// brew is added or removed, a brew's date changes, or the day changes.
///
/// The store is used from one thread (like a database context); its brews may be edited from any.
public final class BrewLogStore {
    /// Where reads and writes of the store's properties (``brews``) are reported.
    public let registry = ChangeRegistry()
    /// The time zone that decides what "today" is.
    public let timeZone: TimeZone
    private let journal: any Journal
    private let clock: BrewClock
    private let changeLog = ChangeLog()
    private var storage: [Brew] = []
    /// An id index, built only when many lookups are coming (imports): for the one or two lookups
    /// of a typical command, a linear scan of a million ids is cheaper than hashing them all.
    private var byID: [BrewID: Brew]?
    private var memo: (version: Int, summary: StreakSummary)?

    /// An empty store in memory, on the system clock and time zone.
    public convenience init() {
        self.init(journal: InMemoryJournal(), clock: .system, timeZone: .current)
    }

    /// A store over `journal`, telling time by `clock` in `timeZone`. Call ``load()`` to read the journal.
    public init(journal: any Journal, clock: BrewClock, timeZone: TimeZone) {
        self.journal = journal
        self.clock = clock
        self.timeZone = timeZone
    }

    deinit {
        for brew in storage {
            brew.detach()
        }
    }

    /// Replaces the brews with the journal's and forgets pending changes.
    public func load() throws(JournalError) {
        for brew in storage {
            brew.detach()
        }
        storage = []
        byID = nil
        try journal.forEachRecord { record in
            let brew = Brew(record: record)
            brew.attach(to: changeLog)
            storage.append(brew)
        }
        changeLog.reset()
        registry.didChange(\BrewLogStore.brews)
    }

    /// Every brew, in journal order (tracked as a whole: insert, remove, replace).
    public var brews: [Brew] {
        registry.access(\BrewLogStore.brews)
        return storage
    }

    /// The brews sorted by date, oldest first; brews at the same moment keep journal order.
    public var brewsByDate: [Brew] {
        brews.enumerated()
            .map { (offset: $0.offset, date: $0.element.date, brew: $0.element) }
            .sorted { ($0.date, $0.offset) < ($1.date, $1.offset) }
            .map(\.brew)
    }

    /// The newest brew by date (the later in journal order when two share a moment), in one pass.
    public var newestBrew: Brew? {
        var newest: (brew: Brew, date: Date)?
        for brew in brews {
            let date = brew.date
            if newest.map({ date >= $0.date }) ?? true { newest = (brew, date) }
        }
        return newest?.brew
    }

    /// The current moment on the store's clock.
    public var now: Date { clock.now }

    /// The current moment with the UTC offset of the store's time zone.
    public var nowTimestamp: Timestamp { Timestamp(date: now, timeZone: timeZone) }

    /// Today's date in the store's time zone.
    public var today: CalendarDay { nowTimestamp.day }

    /// Records a brew at `timestamp` (now when `nil`), filled in by `configure` (which cannot
    /// change the fresh id); never throws.
    @discardableResult
    public func recordBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void = { _ in }) -> Brew {
        let id = freshID()
        var record = BrewRecord(id: id, timestamp: timestamp ?? nowTimestamp)
        configure(&record)
        record.id = id
        let brew = Brew(record: record)
        append(brew)
        return brew
    }

    /// Records a brew like ``recordBrew(at:_:)`` after validating every field; on an error nothing is recorded.
    @discardableResult
    public func recordValidatedBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void) throws(InvalidFieldError) -> Brew {
        let id = freshID()
        var record = BrewRecord(id: id, timestamp: timestamp ?? nowTimestamp)
        configure(&record)
        record.id = id
        try record.validate()
        let brew = Brew(record: record)
        append(brew)
        return brew
    }

    /// Adds `brew` (whose id must not be in the store yet; a duplicate is ignored and `false` returned).
    @discardableResult
    public func insert(_ brew: Brew) -> Bool {
        guard index[brew.id] == nil else { return false }
        append(brew)
        return true
    }

    private func append(_ brew: Brew) {
        storage.append(brew)
        byID?[brew.id] = brew
        brew.attach(to: changeLog)
        changeLog.noteInserted(brew.id)
        registry.didChange(\BrewLogStore.brews)
    }

    private var index: [BrewID: Brew] {
        if let byID { return byID }
        var index = [BrewID: Brew](minimumCapacity: storage.count)
        for brew in storage where index[brew.id] == nil {
            index[brew.id] = brew
        }
        byID = index
        return index
    }

    /// Removes `brew` from the store; a brew not in it is ignored.
    public func remove(_ brew: Brew) {
        guard let position = storage.firstIndex(where: { $0 === brew }) else { return }
        storage.remove(at: position)
        byID?[brew.id] = nil
        brew.detach()
        changeLog.noteRemoved(brew.id)
        registry.didChange(\BrewLogStore.brews)
    }

    /// The brew with exactly this id.
    public func brew(id: BrewID) -> Brew? {
        registry.access(\BrewLogStore.brews)
        if let byID { return byID[id] }
        return storage.first { $0.id == id }
    }

    /// The brew `reference` names: `last` (the newest by date), a whole id, or a unique id prefix of 4+ characters.
    public func brew(matching reference: String) throws(BrewLookupError) -> Brew {
        if reference == "last" {
            guard let newest = newestBrew else { throw .notFound(reference) }
            return newest
        }
        if let id = BrewID(reference), let exact = brew(id: id) {
            return exact
        }
        guard reference.count >= 4 else {
            throw storage.isEmpty ? .notFound(reference) : .prefixTooShort(reference)
        }
        let matches = brews.filter { $0.id.rawValue.hasPrefix(reference) }
        switch matches.count {
        case 0: throw .notFound(reference)
        case 1: return matches[0]
        default: throw .ambiguous(reference, candidates: matches.map(\.id).sorted())
        }
    }

    /// The current streak in days.
    public var streak: Int { streakSummary.current }

    /// Current and longest streak, whether today has a brew, and the days that frame them.
    ///
    /// Reading it inside `withTracking` makes the scope depend on the brews and each brew's
    /// date, and on nothing else: a notes edit does not invalidate it.
    public var streakSummary: StreakSummary {
        let today = self.today
        let version = changeLog.streakInputsVersion
        if let memo, memo.version == version, memo.summary.today == today, AccessList.current == nil {
            return memo.summary
        }
        let summary = StreakSummary(brewDays: brews.lazy.map(\.day), today: today)
        memo = (version, summary)
        return summary
    }

    /// What ``save()`` would write now.
    public var pendingChanges: JournalChanges {
        let changed = changeLog.touchedIDs
        var brews: [BrewID: Brew] = [:]
        for brew in storage where changed.contains(brew.id) {
            brews[brew.id] = brew
        }
        return changeLog.changes { brews[$0] }
    }

    /// Writes the pending changes to the journal, then forgets them.
    public func save() throws(JournalError) {
        let changes = pendingChanges
        guard !changes.isEmpty else { return }
        try journal.save(changes)
        changeLog.reset()
    }

    private func freshID() -> BrewID {
        var id = BrewID.random()
        while brew(id: id) != nil { id = BrewID.random() }
        return id
    }
}
