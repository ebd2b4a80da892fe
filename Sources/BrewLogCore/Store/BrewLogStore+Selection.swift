/// Choosing brews without sorting them all: the newest few, the last few of an order, the brews
/// newest first for as long as they are asked for, and reading the chosen ones again.
extension BrewLogStore {
    /// The brews whose timestamp passes `filter` (and whose record `admits`, when given), in
    /// date order (brews at the same moment in journal order), only the newest `limit` of them
    /// when a limit is given.
    ///
    /// With a limit only those are held while passing over every brew: over the dates alone, or,
    /// with `admits`, over every admitted brew's record in journal order, decoded on every core.
    public func newest(_ limit: Int?, where filter: (Timestamp) -> Bool, admitting admits: ((BrewRecord) -> Bool)? = nil) -> [DateOrder] {
        registry.access(\BrewLogStore.brews)
        guard let limit else {
            var all: [DateOrder] = []
            if let admits {
                forEachRecord(where: filter) { order, record in if admits(record) { all.append(order) } }
            } else {
                forEachTimestamp { position, timestamp in
                    if filter(timestamp) { all.append(DateOrder(date: timestamp.date, position: position)) }
                }
            }
            if !isInDateOrder { all.sort() }
            return all
        }
        var newest = GreatestElements<DateOrder>(capacity: limit)
        if let admits {
            forEachRecord(where: filter) { order, record in if admits(record) { newest.offer(order) } }
        } else {
            forEachTimestamp { position, timestamp in
                if filter(timestamp) { newest.offer(DateOrder(date: timestamp.date, position: position)) }
            }
        }
        return newest.sorted()
    }

    /// The brews whose timestamp passes `filter` (and whose record `admits`, when given), in
    /// `order` (brews equal on every key in date order), only the last `limit` of them when a
    /// limit is given; derived columns are read from `bags`.
    ///
    /// One pass over the admitted brews' records in journal order, decoded on every core, holding
    /// the values they are ordered by: every brew's, or with a limit only the kept brews'.
    public func last(_ limit: Int?, in order: BrewOrder, bags: BeanMatching, where filter: (Timestamp) -> Bool,
                     admitting admits: ((BrewRecord) -> Bool)? = nil) -> [DateOrder] {
        registry.access(\BrewLogStore.brews)
        guard let limit else {
            var sorter = BrewOrder.Sorter(order, bags: bags)
            var orders: [DateOrder] = []
            forEachRecord(where: filter) { date, record in
                guard admits?(record) ?? true else { return }
                sorter.append(record)
                orders.append(date)
            }
            return sorter.order { orders[$0] < orders[$1] }.map { orders[$0] }
        }
        var selection = BrewOrder.LastSelection(order, bags: bags, limit: limit)
        forEachRecord(where: filter) { date, record in
            if admits?(record) ?? true { selection.offer(record, at: date) }
        }
        return selection.sorted()
    }

    /// Calls `visit` with the brews at `orders` (from ``newest(_:where:admitting:)``,
    /// ``last(_:in:bags:where:admitting:)`` or a visit of this store as loaded), in the order
    /// given, without making objects: their lines are read in file order a batch at a time and
    /// handed over in the order asked for. `record` gives a brew's fields (decoded ahead on every
    /// core with `decoding`, else when called), `line` its journal line.
    public func visitBrews(at orders: [DateOrder], decoding: Bool = true,
                           _ visit: (_ record: () -> BrewRecord, _ line: () -> String) -> Void) {
        registry.access(\BrewLogStore.brews)
        forEachLine(of: positions(of: orders), decoding: decoding ? .all : .none) { position, line in
            visitBrew(at: position, line, visit)
        }
    }

    /// ``visitBrews(at:decoding:_:)`` for output made from each brew's record alone, made by
    /// `render` on every core (see ``visitBrewsByDate(where:rendering:_:)``).
    public func visitBrews(at orders: [DateOrder], rendering render: @escaping @Sendable (BrewRecord) -> [UInt8],
                           _ visit: (_ record: BrewRecord, _ rendered: [UInt8]) -> Void) {
        registry.access(\BrewLogStore.brews)
        visitRendered(positions(of: orders), render, visit)
    }

    /// The positions `orders` name, those past the last brew left out.
    private func positions(of orders: [DateOrder]) -> [Int] {
        orders.map(\.position).filter { $0 < slots.count }
    }

    /// Calls `body` with each brew whose timestamp passes `filter`, in journal order, with where
    /// it stands in date order and its record, decoded on every core: a pass that ranks brews by
    /// their fields needs no date order.
    func forEachRecord(where filter: (Timestamp) -> Bool, _ body: (DateOrder, BrewRecord) -> Void) {
        withoutActuallyEscaping(filter) { filter in
            let positions = slots.indices.lazy.filter { filter(self.timestamp(at: $0)) }
            forEachLine(of: positions, decoding: .all) { position, line in
                let order = DateOrder(date: timestamp(at: position).date, position: position)
                body(order, line.map(snapshot.record(of:)) ?? record(at: position))
            }
        }
    }
}

/// The positions of a store's brews newest first (the later in journal order first when two
/// share a moment), ranked as they are asked for, so taking the newest few never sorts them all:
/// a journal in date order (the usual one) is read back from its end; any other is ranked a
/// window at a time, the newest `firstWindow` in one pass over the dates, and when those run out
/// eight times as many, and so on.
struct NewestFirstPositions: Sequence, IteratorProtocol {
    private let store: BrewLogStore
    private let inDateOrder: Bool
    /// How many positions were given.
    private var given = 0
    /// The newest `windowSize` positions, newest first, once ranked.
    private var window: [Int]?
    private var windowSize: Int

    /// The positions of `store`'s brews, newest first, ranked `firstWindow` at a time at first.
    init(_ store: BrewLogStore, firstWindow: Int = 4096) {
        self.store = store
        inDateOrder = store.isInDateOrder
        windowSize = Swift.max(1, firstWindow)
    }

    mutating func next() -> Int? {
        let count = store.slots.count
        guard given < count else { return nil }
        if inDateOrder {
            defer { given += 1 }
            return count - 1 - given
        }
        if window == nil || (given == window?.count && windowSize < count) {
            if window != nil { windowSize = windowSize > Int.max / 8 ? Int.max : windowSize * 8 }
            var newest = GreatestElements<DateOrder>(capacity: windowSize)
            store.forEachTimestamp { position, timestamp in newest.offer(DateOrder(date: timestamp.date, position: position)) }
            window = newest.sorted().reversed().map(\.position)
        }
        guard let window, given < window.count else { return nil }
        defer { given += 1 }
        return window[given]
    }
}
