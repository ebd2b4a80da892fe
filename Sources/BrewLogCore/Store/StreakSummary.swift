/// Where a brewing streak stands on a given day.
public struct StreakSummary: Equatable, Sendable {
    /// Consecutive brew days ending today, or ending yesterday while today has no brew yet; else 0.
    public let current: Int
    /// The longest run of consecutive brew days anywhere in the journal (up to today).
    public let longest: Int
    /// Whether today has a brew.
    public let brewedToday: Bool
    /// The first day of the current streak, `nil` when it is 0.
    public let currentStart: CalendarDay?
    /// The latest day with a brew, not after today; `nil` when there is none.
    public let lastBrewDay: CalendarDay?
    /// The day the summary was computed for.
    public let today: CalendarDay

    /// A summary with the given values.
    public init(current: Int, longest: Int, brewedToday: Bool, currentStart: CalendarDay?, lastBrewDay: CalendarDay?, today: CalendarDay) {
        self.current = current
        self.longest = longest
        self.brewedToday = brewedToday
        self.currentStart = currentStart
        self.lastBrewDay = lastBrewDay
        self.today = today
    }

    /// The streak of brews on `days` (in any order, repeats allowed) as seen on `today`.
    ///
    /// A pure function of its inputs: days after `today` are ignored, several brews on one day
    /// count once, and days are calendar days, so nothing here knows about time zones.
    public init(brewDays days: some Sequence<CalendarDay>, today: CalendarDay) {
        var unique = Set<Int>()
        for day in days where day <= today {
            unique.insert(day.daysSinceEpoch)
        }
        let sorted = unique.sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        for day in sorted {
            run = (previous.map { day == $0 + 1 } ?? false) ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let last = sorted.last
        let alive = last == today.daysSinceEpoch || last == today.daysSinceEpoch - 1
        self.init(
            current: alive ? run : 0,
            longest: longest,
            brewedToday: last == today.daysSinceEpoch,
            currentStart: alive ? last.map { CalendarDay(daysSinceEpoch: $0 - run + 1) } : nil,
            lastBrewDay: last.map(CalendarDay.init(daysSinceEpoch:)),
            today: today)
    }
}
