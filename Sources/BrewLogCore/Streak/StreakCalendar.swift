/// The streak of a journal as a pure function of its brew days, its skip days, the rules and
/// today: every unbroken run, the summary, the weekly streak and each day's status.
///
/// Nothing here knows about moments or time zones: the store turns brews into streak days first
/// (``StreakRules/day(of:)``, with the traveller rule), so every day is a calendar day and a run
/// across a daylight-saving change, a month end, a leap day or a year end is unbroken.
public struct StreakCalendar: Sendable {
    /// The rules the days were judged by.
    public let rules: StreakRules
    /// The day the calendar was computed for.
    public let today: CalendarDay
    /// Every unbroken run, oldest first.
    public let runs: [StreakRun]
    /// Where the streak stands today.
    public let summary: StreakSummary
    /// Brew days not after today, sorted, each once (as days since the epoch).
    private let brewDays: [Int]
    /// Skip days (as days since the epoch).
    private let skipDays: Set<Int>

    /// The streak of brews on `brewDays` (in any order, repeats allowed; days after `today` are
    /// ignored) with `skipDays` bridging it, judged by `rules` on `today`.
    public init(brewDays days: some Sequence<CalendarDay>, skipDays skips: some Sequence<CalendarDay>,
                rules: StreakRules, today: CalendarDay) {
        let brewDays = StreakCalendar.uniqueSorted(days.lazy.filter { $0 <= today }.map(\.daysSinceEpoch))
        let skipDays = Set(skips.map(\.daysSinceEpoch))
        self.rules = rules
        self.today = today
        self.brewDays = brewDays
        self.skipDays = skipDays
        let bridges = { (day: Int) in skipDays.contains(day) || rules.restWeekdays.contains(CalendarDay(daysSinceEpoch: day).weekdayFromMonday) }
        let runs = StreakCalendar.runs(of: brewDays, rules: rules, bridges: bridges)
        self.runs = runs
        let todayIndex = today.daysSinceEpoch
        let last = runs.last
        let alive = last.map { StreakCalendar.gapIsBridged(after: $0.lastDay.daysSinceEpoch, before: todayIndex, rules: rules, bridges: bridges) } ?? false
        let brewedToday = brewDays.last == todayIndex
        summary = StreakSummary(
            current: alive ? last?.days ?? 0 : 0,
            longest: runs.map(\.days).max() ?? 0,
            brewedToday: brewedToday,
            currentStart: alive ? last?.firstDay : nil,
            lastBrewDay: brewDays.last.map(CalendarDay.init(daysSinceEpoch:)),
            today: today,
            todayIsBridged: !brewedToday && bridges(todayIndex),
            weekly: rules.weeklyTarget.map { StreakCalendar.weekly(of: brewDays, target: $0, rules: rules, today: today) },
            todayStatus: brewedToday ? .brew : skipDays.contains(todayIndex) ? .skip : rules.isRestDay(today) ? .rest : .open,
            dayStartMinutes: rules.dayStartMinutes)
    }

    /// `days` without repeats, in order. A journal is nearly always in date order, so days that
    /// already ascend are kept in one pass; only out-of-order input is sorted.
    static func uniqueSorted(_ days: some Sequence<Int>) -> [Int] {
        var result: [Int] = []
        var ascending = true
        for day in days where result.last != day {
            if let last = result.last, day < last { ascending = false }
            result.append(day)
        }
        guard !ascending else { return result }
        result.sort()
        var unique: [Int] = []
        unique.reserveCapacity(result.count)
        for day in result where unique.last != day { unique.append(day) }
        return unique
    }

    /// What `day` was for the streak: a brew, rest or skip day, a missed day, or today still open.
    public func status(of day: CalendarDay) -> StreakDayStatus {
        if day <= today, StreakCalendar.contains(brewDays, day.daysSinceEpoch) { return .brew }
        if skipDays.contains(day.daysSinceEpoch) { return .skip }
        if rules.isRestDay(day) { return .rest }
        return day >= today ? .open : .missed
    }

    /// The current run day by day, oldest first, ending today: it starts at the missed day that
    /// ended the run before (the rest and skip days just before the run included), or at the
    /// run's first day when no missed day comes after the journal's first brew. Without a
    /// current streak it starts at the last missed day before today.
    public var explanation: [(day: CalendarDay, status: StreakDayStatus)] {
        let anchor = summary.currentStart ?? today
        let earliest = brewDays.first.map(CalendarDay.init(daysSinceEpoch:)) ?? today
        var day = anchor.adding(days: -1)
        while day >= earliest, [.rest, .skip].contains(status(of: day)) {
            day = day.adding(days: -1)
        }
        let start = status(of: day) == .missed ? day : day.adding(days: 1)
        guard start <= today else { return [] }
        return (0...(today.daysSinceEpoch - start.daysSinceEpoch)).map { offset in
            let day = start.adding(days: offset)
            return (day, status(of: day))
        }
    }

    /// The `count` longest runs, longest first; among runs of one length, the more recent first.
    /// Only those are held while passing over every run (`streak --history` shows ten of a
    /// journal's thousands).
    public func longestRuns(_ count: Int) -> [StreakRun] {
        var longest = GreatestElements<RunLength>(capacity: count)
        for (index, run) in runs.enumerated() { longest.offer(RunLength(run: run, index: index)) }
        return longest.sorted().reversed().map(\.run)
    }

    /// The runs of `brewDays` (sorted, unique): consecutive brew days join one run when every day
    /// between them is bridged.
    private static func runs(of brewDays: [Int], rules: StreakRules, bridges: (Int) -> Bool) -> [StreakRun] {
        var runs: [StreakRun] = []
        var first: Int?
        var previous = 0
        var count = 0
        for day in brewDays {
            if let start = first, gapIsBridged(after: previous, before: day, rules: rules, bridges: bridges) {
                first = start
                count += 1
            } else {
                if let start = first {
                    runs.append(StreakRun(firstDay: CalendarDay(daysSinceEpoch: start), lastDay: CalendarDay(daysSinceEpoch: previous), days: count))
                }
                first = day
                count = 1
            }
            previous = day
        }
        if let start = first {
            runs.append(StreakRun(firstDay: CalendarDay(daysSinceEpoch: start), lastDay: CalendarDay(daysSinceEpoch: previous), days: count))
        }
        return runs
    }

    /// Whether every day strictly between `start` and `end` bridges a run. It stops at the first
    /// day that does not, which comes within a week plus the number of skip days (unless every
    /// weekday is a rest day, answered at once), so a gap of centuries costs no more than that.
    private static func gapIsBridged(after start: Int, before end: Int, rules: StreakRules, bridges: (Int) -> Bool) -> Bool {
        guard rules.restWeekdays.count < 7 else { return true }
        var day = start + 1
        while day < end {
            guard bridges(day) else { return false }
            day += 1
        }
        return true
    }

    /// The weekly streak of `brewDays` (sorted, unique) for `target` brew days a week.
    private static func weekly(of brewDays: [Int], target: Int, rules: StreakRules, today: CalendarDay) -> WeeklyStreak {
        // Brew days per week, weeks in order (the days are sorted, so a week's days are together).
        var weeks: [(start: Int, days: Int)] = []
        for day in brewDays {
            let week = rules.weekStart(of: CalendarDay(daysSinceEpoch: day)).daysSinceEpoch
            if weeks.last?.start == week {
                weeks[weeks.count - 1].days += 1
            } else {
                weeks.append((week, 1))
            }
        }
        let met = weeks.filter { $0.days >= target }.map(\.start)
        var longest = 0
        var run = 0
        var previous: Int?
        for week in met {
            run = previous == week - 7 ? run + 1 : 1
            longest = max(longest, run)
            previous = week
        }
        let thisWeek = rules.weekStart(of: today).daysSinceEpoch
        let daysThisWeek = weeks.last { $0.start == thisWeek }?.days ?? 0
        var week = daysThisWeek >= target ? thisWeek : thisWeek - 7
        var current = 0
        let metSet = Set(met)
        while metSet.contains(week) {
            current += 1
            week -= 7
        }
        return WeeklyStreak(target: target, current: current, longest: longest, daysThisWeek: daysThisWeek)
    }

    /// Whether the sorted `days` hold `day` (a binary search).
    private static func contains(_ days: [Int], _ day: Int) -> Bool {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low] == day
    }
}

/// A run as ``StreakCalendar/longestRuns(_:)`` ranks it: by its brew days, then its last day;
/// runs equal on both (never two of one calendar) by their place, the earlier greater, as a
/// stable sort of the runs, longest first, would list them.
private struct RunLength: Comparable {
    let run: StreakRun
    let index: Int

    static func < (lhs: RunLength, rhs: RunLength) -> Bool {
        (lhs.run.days, lhs.run.lastDay, rhs.index) < (rhs.run.days, rhs.run.lastDay, lhs.index)
    }

    static func == (lhs: RunLength, rhs: RunLength) -> Bool {
        lhs.index == rhs.index
    }
}
