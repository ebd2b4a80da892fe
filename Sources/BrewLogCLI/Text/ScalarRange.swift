/// A closed range of Unicode scalar values, `first...last`: one row of a ``DisplayWidthTables`` table.
struct ScalarRange: Sendable {
    let first: UInt32
    let last: UInt32

    init(_ first: UInt32, _ last: UInt32) {
        self.first = first
        self.last = last
    }
}

extension [ScalarRange] {
    /// Whether one of these ranges holds `scalar`, by binary search: the ranges must be sorted
    /// and must not overlap, as the generated tables are (a test checks them).
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Most text is Latin, Greek or Cyrillic, below every table's first range: no search.
        guard let lowest = first, value >= lowest.first, let highest = last, value <= highest.last else { return false }
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle].last < value {
                low = middle + 1
            } else if self[middle].first > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }
}
