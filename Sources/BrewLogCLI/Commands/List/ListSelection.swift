import BrewLogCore

/// The brews `list` prints and their order, found and read without making brews into objects,
/// so a journal of any size is listed in bounded memory.
///
/// In date order (the order unless `--sort` gives another), without `--limit` or `--reverse`,
/// nothing is held: each pass reads the brews as they come. Otherwise a first pass ranks the
/// brews the filter admits, each named by where it stands in date order (``DateOrder``): by the
/// dates alone when the filter needs no more, else over their records in journal order; with
/// `--limit` only the kept brews are held (the newest, or with `--sort` the last of that order,
/// with only the values they are ordered by: ``BrewLogStore/last(_:in:bags:where:admitting:)``),
/// so `--limit 10` sorts nothing. Those brews are then read, in the list's order
/// (``BrewLogStore/visitBrews(at:decoding:_:)``).
struct ListSelection {
    /// The brews printed, in the order printed; `nil` for every brew the filter admits, in date
    /// order.
    private let chosen: [DateOrder]?
    private let store: BrewLogStore
    private let filter: BrewFilter

    /// The brews of `store` that `filter` admits, in `order` (date order when `nil`), the last
    /// `limit` of them, reversed when `reverse`.
    init(store: BrewLogStore, filter: BrewFilter, order: BrewOrder?, bags: BeanMatching, limit: Int?, reverse: Bool) {
        self.store = store
        self.filter = filter
        let order = order.flatMap { $0 == BrewOrder([BrewOrder.Key(.field(.date))]) ? nil : $0 }
        guard order != nil || limit != nil || reverse else {
            chosen = nil
            return
        }
        let admits: ((BrewRecord) -> Bool)? = filter.needsFields ? { [filter] in filter.admits($0) } : nil
        var chosen = if let order {
            store.last(limit, in: order, bags: bags, where: filter.admits, admitting: admits)
        } else {
            store.newest(limit, where: filter.admits, admitting: admits)
        }
        if reverse { chosen.reverse() }
        self.chosen = chosen
    }

    /// Calls `body` with each brew listed, in date order whatever the list's order: for what
    /// does not depend on the order (the table's widths).
    func forEachInDateOrder(_ body: (BrewRecord) -> Void) {
        guard let chosen else {
            store.visitBrewsByDate(where: filter.admits) { record, _ in
                let record = record()
                if !filter.needsFields || filter.admits(record) { body(record) }
            }
            return
        }
        store.visitBrews(at: chosen.sorted()) { record, _ in body(record()) }
    }

    /// Writes each brew listed in the list's order: `encode` appends a brew's text (from its
    /// record or its journal line, each read only when asked for), and `write` is given each
    /// brew's text in turn. Without `decoding`, a record is decoded only when `encode` asks for it
    /// (for text made from the journal's lines).
    func write(decoding: Bool = true, encode: (_ record: () -> BrewRecord, _ line: () -> String, _ text: inout [UInt8]) -> Void,
               to write: ([UInt8]) -> Void) {
        var text: [UInt8] = []
        guard let chosen else {
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
        store.visitBrews(at: chosen, decoding: decoding) { record, line in
            text.removeAll(keepingCapacity: true)
            ListSelection.encode(encode, record, line, &text)
            write(text)
        }
    }

    /// Writes each brew listed in the list's order, its text made from its record by `render`
    /// on every core as the brews are read (a table's row, an id), `write` given each in turn.
    func write(rendering render: @escaping @Sendable (BrewRecord) -> [UInt8], to write: ([UInt8]) -> Void) {
        guard let chosen else {
            store.visitBrewsByDate(where: filter.admits, rendering: render) { record, text in
                if !filter.needsFields || filter.admits(record) { write(text) }
            }
            return
        }
        store.visitBrews(at: chosen, rendering: render) { _, text in write(text) }
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
