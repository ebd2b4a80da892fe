/// Where each record of another kind is in the store's list, by id and (for skip days) by day,
/// so an import of many records, or a lookup by day, never scans the list once per record.
struct EntryIndex {
    private(set) var positionByID: [BrewID: Int] = [:]
    private(set) var skipPositionByDay: [CalendarDay: Int] = [:]

    /// The index of `entries`, in order.
    init(_ entries: [JournalEntry] = []) {
        for (position, entry) in entries.enumerated() {
            add(entry, at: position)
        }
    }

    /// Records that `entry` is at `position` (a first record keeps its place when ids or days repeat).
    mutating func add(_ entry: JournalEntry, at position: Int) {
        if positionByID[entry.id] == nil { positionByID[entry.id] = position }
        switch entry {
        case let .skip(skip):
            if skipPositionByDay[skip.day] == nil { skipPositionByDay[skip.day] = position }
        case .bean, .removed: break
        }
    }

    /// Records that `new` replaced `old` (same id) at `position`.
    mutating func replace(_ old: JournalEntry, with new: JournalEntry, at position: Int) {
        switch old {
        case let .skip(skip):
            if skipPositionByDay[skip.day] == position { skipPositionByDay[skip.day] = nil }
        case .bean, .removed: break
        }
        add(new, at: position)
    }
}
