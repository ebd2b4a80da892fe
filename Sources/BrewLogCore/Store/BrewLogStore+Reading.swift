#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading the store: every brew, brews by date, visits that decode (or render) lines without
/// making objects, the newest brew and the brew of a day.
extension BrewLogStore {
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
        return newest(limit, where: filter).map { materialize($0.position) }
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

    /// Calls `visit` with each brew at `positions` and its output, made by `render` on every core
    /// as the brews are decoded (on this thread for a brew that is an object).
    func visitRendered(_ positions: some Sequence<Int>, _ render: @escaping @Sendable (BrewRecord) -> [UInt8],
                               _ visit: (_ record: BrewRecord, _ rendered: [UInt8]) -> Void) {
        forEachLine(of: positions, decoding: .rendering(render)) { position, line in
            let record = line.map(snapshot.record(of:)) ?? record(at: position)
            visit(record, line?.rendered ?? render(record))
        }
    }

    /// Calls `visit` with the closures that read the brew at `position`: from `line` as a pass
    /// read it, or from the store when it has none (an object, or a journal in memory).
    func visitBrew(at position: Int, _ line: StoredLine?, _ visit: (_ record: () -> BrewRecord, _ line: () -> String) -> Void) {
        if let line {
            visit({ self.snapshot.record(of: line) },
                  { self.snapshot.text(of: line) ?? BrewLineCodec.encode(self.snapshot.record(of: line)) })
        } else {
            visit({ self.record(at: position) }, { self.journalLine(at: position) })
        }
    }

    /// The journal line of the brew at `position`: as read when it is unchanged, else encoded.
    func journalLine(at position: Int) -> String {
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
    func forEachLine(of positions: some Sequence<Int>, decoding: LineDecoding, _ body: (Int, StoredLine?) -> Void) {
        snapshot.forEachLine(of: positions, storedIndex: { position in
            if case let .stored(index) = slots[position] { Int(index) } else { nil }
        }, decoding: decoding, body)
    }

    /// Calls `body` with the positions of the brews whose timestamp passes `filter`, in date
    /// order (oldest first, ties in journal order): the positions in journal order, held nowhere,
    /// when the journal is already in date order; else sorted.
    func withPositionsByDate<Result>(where filter: (Timestamp) -> Bool, _ body: (any Sequence<Int>) -> Result) -> Result {
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
    func sortedByDate(where filter: (Timestamp) -> Bool) -> [DateOrder] {
        var chosen: [DateOrder] = []
        forEachTimestamp { position, timestamp in
            if filter(timestamp) { chosen.append(DateOrder(date: timestamp.date, position: position)) }
        }
        chosen.sort()
        return chosen
    }

    /// Whether the brews are in date order in the journal already (the usual journal: brews are
    /// appended as they are made), so a pass by date is a pass in journal order.
    var isInDateOrder: Bool {
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
    func forEachPositionByDate(where filter: (Timestamp) -> Bool, _ body: (Int) -> Bool) {
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

}
