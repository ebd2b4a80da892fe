extension BrewOrder {
    /// The last `limit` brews in this order, kept while brews are given in any order: what
    /// `list --sort KEYS --limit N` prints, found in one pass holding N brews' values (a min-heap
    /// whose least brew goes when a greater one comes), where sorting held every brew's.
    ///
    /// Brews equal on every key are ordered by their ``DateOrder``, as ``Sorter`` orders brews
    /// appended in date order (its sort is stable), so ``sorted()`` is exactly the last `limit`
    /// places of that sort, ties included.
    struct LastSelection {
        private var keys: SortKeys
        /// How many brews are kept.
        let limit: Int
        /// The kept brews' values, key by key, a brew's after the one before (a slot each).
        private var values: [SortValue?] = []
        /// Each slot's brew.
        private var brews: [DateOrder] = []
        /// The slots as a min-heap: the least brew kept at the root.
        private var heap: [Int] = []
        /// The values of the brew being offered.
        private var offered: [SortValue?] = []

        /// Keeps the last `limit` brews in `order`, derived columns read from `bags`.
        init(_ order: BrewOrder, bags: BeanMatching, limit: Int) {
            // Recurring texts (methods, coffees) are remembered; notes, each its own, are not all held.
            keys = SortKeys(order, bags: bags, textLimit: 4096)
            self.limit = max(0, limit)
            heap.reserveCapacity(min(self.limit, 1024))
        }

        /// Offers the brew `record`, which stands at `date` in date order: kept while fewer than
        /// `limit` are, or when it comes after the least kept (which then goes).
        mutating func offer(_ record: BrewRecord, at date: DateOrder) {
            guard limit > 0 else { return }
            offered.removeAll(keepingCapacity: true)
            keys.append(record, to: &offered)
            let stride = keys.stride
            var heap = self.heap
            self.heap = []
            defer { self.heap = heap }
            if heap.count < limit {
                heap.append(brews.count)
                values.append(contentsOf: offered)
                brews.append(date)
                heap.siftUp(from: heap.count - 1) { precedes($0, $1) }
                return
            }
            let least = heap[0]
            let comparison = keys.compare(offered, at: 0, values, at: least * stride)
            guard comparison > 0 || (comparison == 0 && brews[least] < date) else { return }
            values.replaceSubrange(least * stride..<(least + 1) * stride, with: offered)
            brews[least] = date
            heap.siftDown(from: 0) { precedes($0, $1) }
        }

        /// The brews kept, in this order.
        func sorted() -> [DateOrder] {
            brews.indices.sorted(by: precedes).map { brews[$0] }
        }

        /// Whether the brew in slot `a` comes before the one in slot `b`.
        private func precedes(_ a: Int, _ b: Int) -> Bool {
            let stride = keys.stride
            let comparison = keys.compare(values, at: a * stride, values, at: b * stride)
            return comparison != 0 ? comparison < 0 : brews[a] < brews[b]
        }
    }
}
