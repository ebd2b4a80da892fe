import BrewLogCore

/// The brews `list` prints and their order, found and read without making brews into objects,
/// so a journal of any size is listed in bounded memory.
///
/// Brews are named by their place in the store's date-order visit
/// (``BrewLogStore/visitBrewsByDate(where:decoding:_:)`` with the filter's dates), which is the
/// same in every pass over one loaded store. In date order (the order unless `--sort` gives
/// another), without `--limit` or `--reverse`, nothing is held: each pass reads the brews as they
/// come. Otherwise a first pass keeps the places of the brews the filter admits and, for `--sort`,
/// only the values they are ordered by (``BrewOrder/Sorter``); the brews are then read at those
/// places, in the list's order (``BrewLogStore/visitBrews(atPlaces:where:decoding:_:)``).
struct ListSelection {
    /// The places of the brews printed, in the order printed; `nil` for every brew the filter
    /// admits, in date order.
    private let places: [Int]?
    private let store: BrewLogStore
    private let filter: BrewFilter

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
        if filter.needsFields || sorter != nil {
            var place = 0
            store.visitBrewsByDate(where: filter.admits) { record, _ in
                defer { place += 1 }
                let record = record()
                guard filter.admits(record) else { return }
                sorter?.append(record)
                admitted.append(place)
            }
        } else {
            // Dates alone decide: the places are counted without reading a line.
            let count = store.count(where: filter.admits)
            admitted = Array((limit.map { max(0, count - $0) } ?? 0)..<count)
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
        store.visitBrews(atPlaces: places.sorted(), where: filter.admits) { record, _ in body(record()) }
    }

    /// Writes each brew listed in the list's order: `encode` appends a brew's text (from its
    /// record or its journal line, each read only when asked for), and `write` is given each
    /// brew's text in turn. Without `decoding`, a record is decoded only when `encode` asks for it
    /// (for text made from the journal's lines).
    func write(decoding: Bool = true, encode: (_ record: () -> BrewRecord, _ line: () -> String, _ text: inout [UInt8]) -> Void,
               to write: ([UInt8]) -> Void) {
        var text: [UInt8] = []
        guard let places else {
            store.visitBrewsByDate(where: filter.admits, decoding: decoding || filter.needsFields) { record, line in
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
        store.visitBrews(atPlaces: places, where: filter.admits, decoding: decoding) { record, line in
            text.removeAll(keepingCapacity: true)
            ListSelection.encode(encode, record, line, &text)
            write(text)
        }
    }

    /// Writes each brew listed in the list's order, its text made from its record by `render`
    /// on every core as the brews are read (a table's row, an id), `write` given each in turn.
    func write(rendering render: @escaping @Sendable (BrewRecord) -> [UInt8], to write: ([UInt8]) -> Void) {
        guard let places else {
            store.visitBrewsByDate(where: filter.admits, rendering: render) { record, text in
                if !filter.needsFields || filter.admits(record) { write(text) }
            }
            return
        }
        store.visitBrews(atPlaces: places, where: filter.admits, rendering: render) { _, text in write(text) }
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
