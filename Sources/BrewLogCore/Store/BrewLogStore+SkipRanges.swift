/// Skip days over a range of days, changed in the store at once so that one save writes them all.
extension BrewLogStore {
    /// Marks each day of `days` as a skip day with `notes`; a day that is a skip day already is
    /// kept as it is, notes and all. Every day added is one pending change of the same save: the
    /// journal gains them all in one append, or none.
    /// - Returns: Each day's skip day, in day order, and whether it was added.
    @discardableResult
    public func recordSkips(on days: ClosedRange<CalendarDay>, notes: String? = nil) -> [(skip: SkipDay, added: Bool)] {
        (days.lowerBound.daysSinceEpoch...days.upperBound.daysSinceEpoch).map { recordSkip(on: CalendarDay(daysSinceEpoch: $0), notes: notes) }
    }

    /// Removes the skip days within `days` (the days of the range that are none are left alone),
    /// as changes of one save.
    /// - Returns: The skip days removed, in day order.
    @discardableResult
    public func removeSkips(on days: ClosedRange<CalendarDay>) -> [SkipDay] {
        let removed = skipDays.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
        for skip in removed {
            remove(.skip(skip))
        }
        return removed
    }
}
