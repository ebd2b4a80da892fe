/// How many times each day was counted, for a pass over many brews: a pass in date order meets
/// a day's brews one after another, so a run of the same day costs one comparison each and one
/// dictionary update for the run, where hashing every brew's day was a tenth of `stats`.
public struct DayCounts {
    private var counts: [CalendarDay: Int] = [:]
    private var current: CalendarDay?
    private var run = 0

    /// No day counted yet.
    public init() {}

    /// Counts `day` once more.
    public mutating func add(_ day: CalendarDay) {
        if day == current {
            run += 1
            return
        }
        flush()
        current = day
        run = 1
    }

    /// Each day counted and how many times.
    public var byDay: [CalendarDay: Int] {
        var all = counts
        if let current { all[current, default: 0] += run }
        return all
    }

    private mutating func flush() {
        if let current { counts[current, default: 0] += run }
    }
}
