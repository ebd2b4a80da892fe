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
    private let journal: any Journal
    private let clock: BrewClock
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
    private var slots = BrewSlots(loaded: 0)
    private var storedCount = 0
    /// Slot positions by id, built only when many lookups are coming (imports): for the one or
    /// two lookups of a typical command a linear scan of a million ids is cheaper than hashing them.
    private var positionByID: [BrewID: Int]?
    private var lookupsByID = 0
    /// The ids held by lines of kinds this BrewLog does not know, as loaded: kept apart from the
    /// snapshot, which is let go once every brew is an object, while those ids stay taken.
    private var unknownKindIDs: Set<BrewID> = []

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

    /// Every brew, in journal order (tracked as a whole: insert, remove, replace). Makes every
    /// brew into an object; prefer ``count``, ``newestBrew``, ``brew(matching:)`` or
    /// ``brewsByDate(limit:where:)`` when only some are needed.
    public var brews: [Brew] {
        registry.access(\BrewLogStore.brews)
        return slots.indices.map(materialize)
    }

    /// The number of brews (a read of ``brews``, without making them into objects).
    public var count: Int {
        registry.access(\BrewLogStore.brews)
        return slots.count
    }

    /// How many brews have a timestamp that passes `filter`, read from the dates alone.
    public func count(where filter: (Timestamp) -> Bool) -> Int {
        registry.access(\BrewLogStore.brews)
        var count = 0
        forEachTimestamp { _, timestamp in
            if filter(timestamp) { count += 1 }
        }
        return count
    }

    /// The brews sorted by date, oldest first; brews at the same moment keep journal order.
    public var brewsByDate: [Brew] {
        brewsByDate(limit: nil) { _ in true }
    }

    /// The brews whose timestamp passes `filter`, oldest first, keeping only the newest `limit`;
    /// only those are made into objects.
    public func brewsByDate(limit: Int?, where filter: (Timestamp) -> Bool) -> [Brew] {
        registry.access(\BrewLogStore.brews)
        guard let limit else { return sortedByDate(where: filter).map { materialize($0.position) } }
        // Only the newest `limit` are held while passing over them all.
        var newest = GreatestElements<DateOrder>(capacity: limit)
        forEachTimestamp { position, timestamp in
            if filter(timestamp) { newest.offer(DateOrder(date: timestamp.date, position: position)) }
        }
        return newest.sorted().map { materialize($0.position) }
    }

    /// The brews' positions in date order, newest first (the later in journal order first when
    /// two share a moment), and a way to read each without making it into an object.
    func positionsNewestFirst() -> [Int] {
        var order: [DateOrder] = []
        order.reserveCapacity(slots.count)
        forEachTimestamp { position, timestamp in order.append(DateOrder(date: timestamp.date, position: position)) }
        return order.sorted(by: >).map(\.position)
    }

    /// The record of the brew at `position`, read from the snapshot without making an object.
    func record(at position: Int) -> BrewRecord {
        switch slots[position] {
        case let .live(brew): brew.record
        case let .stored(index): snapshot.record(at: Int(index))
        }
    }

    /// Calls `visit` with each brew's record from the last line of the journal back, without
    /// making objects, until it returns `false`: a question most brews answer near the end of
    /// the journal (a coffee used lately) stops there.
    public func visitRecordsFromLastLine(_ visit: (BrewRecord) -> Bool) {
        registry.access(\BrewLogStore.brews)
        for position in slots.indices.reversed() where !visit(record(at: position)) { return }
    }

    /// Calls `visit` with each brew whose timestamp passes `filter`, oldest first (brews at the
    /// same moment in journal order), without making objects: `record` gives its fields, `line`
    /// its journal line (exactly as read, for a brew unchanged since). Nothing is held for a
    /// journal in date order (the usual one: brews are appended as they are made), else only the
    /// brews' places in date order. With `decoding` (the default) the fields are decoded ahead, on
    /// every core; without it, `record` decodes one brew when called (for a pass that mostly
    /// needs the lines).
    public func visitBrewsByDate(where filter: (Timestamp) -> Bool, decoding: Bool = true,
                                 _ visit: (_ record: () -> BrewRecord, _ line: () -> String) -> Void) {
        registry.access(\BrewLogStore.brews)
        withPositionsByDate(where: filter) { positions in
            forEachLine(of: positions, decoding: decoding ? .all : .none) { position, line in
                visitBrew(at: position, line, visit)
            }
        }
    }

    /// Calls `visit` with the brews at `places`, in the order given: a place is a brew's rank in
    /// the order ``visitBrewsByDate(where:decoding:_:)`` gives the brews `filter` admits (0 for
    /// the first it gives), so a caller that ranked them on one pass (sorted them, kept the last
    /// few) reads just those on the next. Their lines are read in file order a batch at a time
    /// and handed over in the order asked for; places past the last brew are ignored.
    public func visitBrews(atPlaces places: [Int], where filter: (Timestamp) -> Bool, decoding: Bool = true,
                           _ visit: (_ record: () -> BrewRecord, _ line: () -> String) -> Void) {
        registry.access(\BrewLogStore.brews)
        forEachLine(of: positions(atPlaces: places, where: filter), decoding: decoding ? .all : .none) { position, line in
            visitBrew(at: position, line, visit)
        }
    }

    /// ``visitBrews(atPlaces:where:decoding:_:)`` for output made from each brew's record alone,
    /// made by `render` on every core (see ``visitBrewsByDate(where:rendering:_:)``).
    public func visitBrews(atPlaces places: [Int], where filter: (Timestamp) -> Bool, rendering render: @escaping @Sendable (BrewRecord) -> [UInt8],
                           _ visit: (_ record: BrewRecord, _ rendered: [UInt8]) -> Void) {
        registry.access(\BrewLogStore.brews)
        visitRendered(positions(atPlaces: places, where: filter), render, visit)
    }

    /// The positions of the brews at `places` (see ``visitBrews(atPlaces:where:decoding:_:)``),
    /// in the order of `places`, those past the last brew left out.
    private func positions(atPlaces places: [Int], where filter: (Timestamp) -> Bool) -> [Int] {
        let wanted = places.indices.sorted { places[$0] < places[$1] }
        var positions = [Int](repeating: -1, count: places.count)
        var next = 0
        var place = 0
        forEachPositionByDate(where: filter) { position in
            while next < wanted.count, places[wanted[next]] == place {
                positions[wanted[next]] = position
                next += 1
            }
            place += 1
            return next < wanted.count
        }
        return positions.filter { $0 >= 0 }
    }

    /// Calls `visit` with each brew at `positions` and its output, made by `render` on every core
    /// as the brews are decoded (on this thread for a brew that is an object).
    private func visitRendered(_ positions: some Sequence<Int>, _ render: @escaping @Sendable (BrewRecord) -> [UInt8],
                               _ visit: (_ record: BrewRecord, _ rendered: [UInt8]) -> Void) {
        forEachLine(of: positions, decoding: .rendering(render)) { position, line in
            let record = line.map(snapshot.record(of:)) ?? record(at: position)
            visit(record, line?.rendered ?? render(record))
        }
    }

    /// Calls `visit` with the closures that read the brew at `position`: from `line` as a pass
    /// read it, or from the store when it has none (an object, or a journal in memory).
    private func visitBrew(at position: Int, _ line: StoredLine?, _ visit: (_ record: () -> BrewRecord, _ line: () -> String) -> Void) {
        if let line {
            visit({ self.snapshot.record(of: line) },
                  { self.snapshot.text(of: line) ?? BrewLineCodec.encode(self.snapshot.record(of: line)) })
        } else {
            visit({ self.record(at: position) }, { self.journalLine(at: position) })
        }
    }

    /// The journal line of the brew at `position`: as read when it is unchanged, else encoded.
    private func journalLine(at position: Int) -> String {
        switch slots[position] {
        case let .live(brew): BrewLineCodec.line(of: brew)
        case let .stored(index): snapshot.origin(at: Int(index))?.text ?? BrewLineCodec.encode(snapshot.record(at: Int(index)))
        }
    }

    /// ``visitBrewsByDate(where:decoding:_:)`` for output made from each brew's record alone:
    /// `render` makes it on every core as the brews are decoded, and `visit` gets the record and
    /// its output, in date order, to write it out. A brew that is an object is rendered on the
    /// caller's thread.
    public func visitBrewsByDate(where filter: (Timestamp) -> Bool, rendering render: @escaping @Sendable (BrewRecord) -> [UInt8],
                                 _ visit: (_ record: BrewRecord, _ rendered: [UInt8]) -> Void) {
        registry.access(\BrewLogStore.brews)
        withPositionsByDate(where: filter) { positions in visitRendered(positions, render, visit) }
    }

    /// Calls `body` with every brew's record whose timestamp passes `filter`, oldest first (brews
    /// at the same moment in journal order, as ``brewsByDate`` orders them), without making
    /// objects or holding the records: for commands that fold every brew's fields in date order
    /// (`bean list`, `dial`, `report`).
    public func forEachRecordByDate(where filter: (Timestamp) -> Bool = { _ in true }, _ body: (BrewRecord) -> Void) {
        visitBrewsByDate(where: filter) { record, _ in body(record()) }
    }

    /// Calls `body` with every brew's record, in no promised order, without making objects: the
    /// journal's unchanged brews are read front to back in large pieces and decoded on every
    /// core, so a pass that folds every brew into figures (`stats`) costs little more than
    /// reading the file.
    public func forEachRecord(_ body: (BrewRecord) -> Void) {
        registry.access(\BrewLogStore.brews)
        forEachLine(of: slots.indices, decoding: .all) { position, line in
            body(line.map(snapshot.record(of:)) ?? record(at: position))
        }
    }

    /// Calls `body` with the records, in date order, of the brews `mayHold` admits, given a
    /// brew's date and whether its line may name a bag (`false` for a line the load read without
    /// a `bean` key); brews that are objects are always given. Only those lines are read: a bag's
    /// usage reads the brews of its days and the few linked ones, not every line.
    func forEachRecordByDate(reading mayHold: (Timestamp, _ namesBag: Bool) -> Bool, _ body: (BrewRecord) -> Void) {
        registry.access(\BrewLogStore.brews)
        var linked: [Bool]?
        if let indices = snapshot.linked {
            var marks = [Bool](repeating: false, count: snapshot.count)
            for index in indices where index < marks.count { marks[index] = true }
            linked = marks
        }
        var chosen: [Int] = []
        forEachPositionByDate(where: { _ in true }) { position in
            switch slots[position] {
            case .live:
                chosen.append(position)
            case let .stored(index):
                if mayHold(snapshot.timestamp(at: Int(index)), linked?[Int(index)] ?? true) { chosen.append(position) }
            }
            return true
        }
        forEachLine(of: chosen, decoding: .all) { position, line in
            body(line.map(snapshot.record(of:)) ?? record(at: position))
        }
    }

    /// ``JournalSnapshot/forEachLine(of:storedIndex:decoding:_:)`` over positions of this store:
    /// a brew still in the snapshot comes with its line, an object's with `nil`.
    private func forEachLine(of positions: some Sequence<Int>, decoding: LineDecoding, _ body: (Int, StoredLine?) -> Void) {
        snapshot.forEachLine(of: positions, storedIndex: { position in
            if case let .stored(index) = slots[position] { Int(index) } else { nil }
        }, decoding: decoding, body)
    }

    /// Calls `body` with the positions of the brews whose timestamp passes `filter`, in date
    /// order (oldest first, ties in journal order): the positions in journal order, held nowhere,
    /// when the journal is already in date order; else sorted.
    private func withPositionsByDate<Result>(where filter: (Timestamp) -> Bool, _ body: (any Sequence<Int>) -> Result) -> Result {
        if isInDateOrder {
            // The sequence lives only as long as `body` runs.
            return snapshot.withTimestamps { stored in
                withoutActuallyEscaping(stored) { stored in
                    withoutActuallyEscaping(filter) { filter in
                        body(slots.indices.lazy.filter { position in
                            switch self.slots[position] {
                            case let .stored(index): filter(stored(Int(index)))
                            case let .live(brew): filter(brew.timestamp)
                            }
                        })
                    }
                }
            }
        }
        return body(sortedByDate(where: filter).lazy.map(\.position))
    }

    /// The brews whose timestamp passes `filter`, sorted by date (ties in journal order): for a
    /// journal not in date order.
    private func sortedByDate(where filter: (Timestamp) -> Bool) -> [DateOrder] {
        var chosen: [DateOrder] = []
        forEachTimestamp { position, timestamp in
            if filter(timestamp) { chosen.append(DateOrder(date: timestamp.date, position: position)) }
        }
        chosen.sort()
        return chosen
    }

    /// Whether the brews are in date order in the journal already (the usual journal: brews are
    /// appended as they are made), so a pass by date is a pass in journal order.
    private var isInDateOrder: Bool {
        var inOrder = true
        var previous = -Double.infinity
        forEachTimestamp { _, timestamp in
            let seconds = timestamp.date.timeIntervalSinceReferenceDate
            if seconds < previous { inOrder = false }
            previous = seconds
        }
        return inOrder
    }

    /// Calls `body` with the positions of the brews whose timestamp passes `filter`, in date
    /// order, until it returns `false`: ``withPositionsByDate(where:_:)`` for a caller that only
    /// looks at positions, in a plain loop rather than through a sequence.
    private func forEachPositionByDate(where filter: (Timestamp) -> Bool, _ body: (Int) -> Bool) {
        if isInDateOrder {
            snapshot.withTimestamps { stored in
                for position in slots.indices {
                    let timestamp = switch slots[position] {
                    case let .stored(index): stored(Int(index))
                    case let .live(brew): brew.timestamp
                    }
                    if filter(timestamp), !body(position) { return }
                }
            }
            return
        }
        for order in sortedByDate(where: filter) where !body(order.position) { return }
    }

    /// The brew at `position`, made into an object.
    func brew(at position: Int) -> Brew {
        materialize(position)
    }

    /// The newest brew by date (the later in journal order when two share a moment), in one pass.
    public var newestBrew: Brew? {
        registry.access(\BrewLogStore.brews)
        var newest: (position: Int, date: Date)?
        forEachTimestamp { position, timestamp in
            if newest.map({ timestamp.date >= $0.date }) ?? true { newest = (position, timestamp.date) }
        }
        return newest.map { materialize($0.position) }
    }

    /// A brew that counts for the streak day `day` (see ``streakDay(of:)``), if there is one.
    public func brew(on day: CalendarDay) -> Brew? {
        registry.access(\BrewLogStore.brews)
        let now = self.now
        let today = storedRules.day(of: Timestamp(date: now, timeZone: timeZone))
        return slots.indices.first {
            let timestamp = timestamp(at: $0)
            return timestamp.date <= now && min(storedRules.day(of: timestamp), today) == day
        }.map(materialize)
    }

    /// The current moment on the store's clock.
    public var now: Date { clock.now }

    /// The current moment with the UTC offset of the store's time zone.
    public var nowTimestamp: Timestamp { Timestamp(date: now, timeZone: timeZone) }

    /// Today's streak day: the date in the store's time zone, less the rules' day start (before
    /// 04:00 with a 04:00 day start, today is still yesterday's date).
    public var today: CalendarDay { rules.day(of: nowTimestamp) }

    /// Records a brew, never throwing: use ``recordValidatedBrew(at:_:)`` for typed values.
    /// - Parameters:
    ///   - timestamp: When it was brewed; now, in the store's time zone, when `nil`.
    ///   - configure: Fills in the fields (it cannot change the fresh id).
    /// - Returns: The new brew, already in the store and a pending change.
    @discardableResult
    public func recordBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void = { _ in }) -> Brew {
        let brew = Brew(record: draft(at: timestamp, configure))
        append(brew)
        return brew
    }

    /// Records a brew like ``recordBrew(at:_:)`` after validating every field; on an error nothing is recorded.
    @discardableResult
    public func recordValidatedBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void) throws(InvalidFieldError) -> Brew {
        let record = draft(at: timestamp, configure)
        try record.validate()
        let brew = Brew(record: record)
        append(brew)
        return brew
    }

    /// Adds `brew` (whose id must not be in the store yet; a duplicate is ignored and `false` returned).
    @discardableResult
    public func insert(_ brew: Brew) -> Bool {
        guard index[brew.id] == nil, !isTakenByAnotherKind(brew.id) else { return false }
        append(brew)
        return true
    }

    private func append(_ brew: Brew) {
        registry.willSet(\BrewLogStore.brews)
        slots.append(brew)
        positionByID?[brew.id] = slots.count - 1
        brew.attach(to: changeLog)
        changeLog.noteInserted(brew.id)
        registry.didSet(\BrewLogStore.brews)
    }

    private var index: [BrewID: Int] {
        if let positionByID { return positionByID }
        var index = [BrewID: Int](minimumCapacity: slots.count)
        for position in slots.indices {
            index[id(at: position)] = index[id(at: position)] ?? position
        }
        positionByID = index
        return index
    }

    /// Removes `brew` from the store; a brew not in it is ignored.
    public func remove(_ brew: Brew) {
        remove([brew])
    }

    /// Removes `brews` (those still in the store) in one pass over the brews, however many:
    /// what a bulk `rm` does, where one pass per brew would cost the square of their number.
    public func remove(_ brews: [Brew]) {
        let doomed = Set(brews.map(ObjectIdentifier.init))
        let isDoomed = { (slot: BrewSlot) -> Bool in
            if case let .live(live) = slot { doomed.contains(ObjectIdentifier(live)) } else { false }
        }
        guard slots.contains(where: isDoomed) else { return }
        registry.willSet(\BrewLogStore.brews)
        var removed: Set<ObjectIdentifier> = []
        slots.removeAll { slot in
            guard isDoomed(slot), case let .live(live) = slot else { return false }
            removed.insert(ObjectIdentifier(live))
            return true
        }
        positionByID = nil
        // In the order given, as one removal after another would note them.
        for brew in brews where removed.remove(ObjectIdentifier(brew)) != nil {
            brew.detach()
            changeLog.noteRemoved(brew.id)
        }
        registry.didSet(\BrewLogStore.brews)
    }

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

    /// A new brew's fields: a fresh id that `configure` cannot change, at `timestamp` or now.
    private func draft(at timestamp: Timestamp?, _ configure: (inout BrewRecord) -> Void) -> BrewRecord {
        let id = freshID()
        var record = BrewRecord(id: id, timestamp: timestamp ?? nowTimestamp)
        configure(&record)
        record.id = id
        return record
    }

    /// An id no record of any kind in the store has.
    func freshID() -> BrewID {
        var id = BrewID.random()
        while !positions(where: { $0 == id }).isEmpty || isTakenByAnotherKind(id) {
            id = BrewID.random()
        }
        return id
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

    /// The positions of the brews whose id passes `test`, in order: the first only, unless
    /// `all`. One pass that reaches the snapshot once (a lookup scans a million ids).
    private func positions(all: Bool = false, where test: (BrewID) -> Bool) -> [Int] {
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

    private func id(at position: Int) -> BrewID {
        switch slots[position] {
        case let .stored(index): snapshot.id(at: Int(index))
        case let .live(brew): brew.id
        }
    }

    /// Calls `body` with each brew's position and timestamp, in order, reaching the snapshot once
    /// rather than once per brew (these passes run over every brew of a million-brew journal).
    private func forEachTimestamp(_ body: (Int, Timestamp) -> Void) {
        snapshot.withTimestamps { stored in
            for position in slots.indices {
                switch slots[position] {
                case let .stored(index): body(position, stored(Int(index)))
                case let .live(brew): body(position, brew.timestamp)
                }
            }
        }
    }

    private func timestamp(at position: Int) -> Timestamp {
        switch slots[position] {
        case let .stored(index): snapshot.timestamp(at: Int(index))
        case let .live(brew): brew.timestamp
        }
    }

    /// The brew at `position`, made into an object (and watched) the first time it is asked for.
    /// When the last stored brew is made, the snapshot's text is let go.
    private func materialize(_ position: Int) -> Brew {
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

    private func detachAll() {
        for brew in slots.objectsMade {
            brew.detach()
        }
    }
}
