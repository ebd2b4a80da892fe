import BrewLogCore

/// The brews `list` prints and their order, found and read without making brews into objects,
/// so a journal of any size is listed in bounded memory.
///
/// Brews are named by their place in the store's date-order visit
/// (``BrewLogStore/visitBrewsByDate(where:_:)`` with the filter's dates), which is the same in
/// every pass over one loaded store. In date order (the order unless `--sort` gives another),
/// without `--limit` or `--reverse`, nothing is held: each pass reads the brews as they come.
/// Otherwise a first pass keeps the places of the brews the filter admits and, for `--sort`,
/// only the values they are ordered by (``BrewOrder/Sorter``); the brews are then written in
/// windows of consecutive places in the list's order, each window one more pass holding its
/// items' text (at most ``windowBudget`` bytes).
struct ListSelection {
    /// The places of the brews printed, in the order printed; `nil` for every brew the filter
    /// admits, in date order.
    private let places: [Int]?
    private let store: BrewLogStore
    private let filter: BrewFilter

    /// The text one window of the list's order may hold before it is cut short.
    static let windowBudget = 32 << 20

    /// The brews of `store` that `filter` admits, in `order` (date order when `nil`), the last
    /// `limit` of them, reversed when `reverse`.
    init(store: BrewLogStore, filter: BrewFilter, order: BrewOrder?, bags: BeanMatching, limit: Int?, reverse: Bool) {
        self.store = store
        self.filter = filter
        var sorter = order.flatMap { $0 == BrewOrder([BrewOrder.Key(.field(.date))]) ? nil : BrewOrder.Sorter($0, bags: bags) }
        guard sorter != nil || limit != nil || reverse else {
            places = nil
            return
        }
        var admitted: [Int] = []
        var place = 0
        store.visitBrewsByDate(where: filter.admits) { record, _ in
            defer { place += 1 }
            if filter.needsFields || sorter != nil {
                let record = record()
                guard filter.admits(record) else { return }
                sorter?.append(record)
            }
            admitted.append(place)
        }
        var chosen = sorter.map { $0.order().map { admitted[$0] } } ?? admitted
        if let limit { chosen = Array(chosen.suffix(limit)) }
        if reverse { chosen.reverse() }
        places = chosen
    }

    /// Calls `body` with each brew listed, in date order whatever the list's order: for what
    /// does not depend on the order (the table's widths).
    func forEachInDateOrder(_ body: (BrewRecord) -> Void) {
        guard let places else {
            store.visitBrewsByDate(where: filter.admits) { record, _ in
                let record = record()
                if !filter.needsFields || filter.admits(record) { body(record) }
            }
            return
        }
        let wanted = places.sorted()
        var next = 0
        var place = 0
        store.visitBrewsByDate(where: filter.admits) { record, _ in
            defer { place += 1 }
            guard next < wanted.count, wanted[next] == place else { return }
            next += 1
            body(record())
        }
    }

    /// Writes each brew listed in the list's order: `encode` appends a brew's text (from its
    /// record or its journal line, each read only when asked for), and `write` is given each
    /// brew's text in turn.
    func write(encode: (_ record: () -> BrewRecord, _ line: () -> String, _ text: inout [UInt8]) -> Void, to write: ([UInt8]) -> Void) {
        var text: [UInt8] = []
        guard let places else {
            store.visitBrewsByDate(where: filter.admits) { record, line in
                text.removeAll(keepingCapacity: true)
                if filter.needsFields {
                    let record = record()
                    guard filter.admits(record) else { return }
                    ListSelection.encode(encode, { record }, line, &text)
                } else {
                    ListSelection.encode(encode, record, line, &text)
                }
                write(text)
            }
            return
        }
        if zip(places, places.dropFirst()).allSatisfy({ $0 < $1 }) {
            var next = 0
            var place = 0
            store.visitBrewsByDate(where: filter.admits) { record, line in
                defer { place += 1 }
                guard next < places.count, places[next] == place else { return }
                next += 1
                text.removeAll(keepingCapacity: true)
                ListSelection.encode(encode, record, line, &text)
                write(text)
            }
            return
        }
        writeInWindows(places, encode: encode, to: write)
    }

    /// Writes `places` in their order, out of date order: each pass over the brews keeps the
    /// text of the next window of consecutive ranks, a window halved while its text is over
    /// ``windowBudget``, and a window that fit lets the next be twice as long.
    private func writeInWindows(_ places: [Int], encode: (() -> BrewRecord, () -> String, inout [UInt8]) -> Void, to write: ([UInt8]) -> Void) {
        var rank = [Int](repeating: -1, count: (places.max() ?? -1) + 1)
        for (index, place) in places.enumerated() { rank[place] = index }
        var low = 0
        var span = 1 << 16
        while low < places.count {
            var high = min(places.count, low + span)
            var items = [[UInt8]](repeating: [], count: high - low)
            var held = 0
            var place = 0
            store.visitBrewsByDate(where: filter.admits) { record, line in
                defer { place += 1 }
                guard place < rank.count, rank[place] >= low, rank[place] < high else { return }
                var item: [UInt8] = []
                ListSelection.encode(encode, record, line, &item)
                held += item.count
                items[rank[place] - low] = item
                while held > ListSelection.windowBudget && high - low > 1 {
                    let cut = low + (high - low + 1) / 2
                    for index in (cut - low)..<(high - low) {
                        held -= items[index].count
                        items[index] = []
                    }
                    high = cut
                }
            }
            for item in items.prefix(high - low) { write(item) }
            span = high - low == span ? min(span * 2, 1 << 22) : high - low
            low = high
        }
    }

    /// Calls `encode` with a visit's closures: Swift lets no closure parameter be handed to
    /// another as it is, so each is handed on as the closure it is, called only during `encode`.
    private static func encode(_ encode: (() -> BrewRecord, () -> String, inout [UInt8]) -> Void,
                               _ record: () -> BrewRecord, _ line: () -> String, _ text: inout [UInt8]) {
        withoutActuallyEscaping(record) { record in
            withoutActuallyEscaping(line) { line in encode(record, line, &text) }
        }
    }
}
