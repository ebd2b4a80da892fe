#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The streak: the rules the store counts by, and the memoised calendar they give.
extension BrewLogStore {
    /// The rules streaks are counted by (tracked: a scope that read the streak hears when they change).
    public var rules: StreakRules {
        get {
            registry.access(\BrewLogStore.storedRules)
            return storedRules
        }
        set {
            guard newValue != storedRules else { return }
            registry.withMutation(of: self, keyPath: \BrewLogStore.storedRules) { $0 = newValue }
            changeLog.noteStreakInputChanged()
        }
    }

    /// The streak day `timestamp` counts for: its date less the day start, on the clock it was
    /// recorded with, and never after today (the traveller rule: a brew that has happened always
    /// counts, as today when its own date is later than today's, after flying west).
    public func streakDay(of timestamp: Timestamp) -> CalendarDay {
        min(storedRules.day(of: timestamp), today)
    }

    /// The current streak in days.
    public var streak: Int { streakSummary.current }

    /// Current and longest streak, whether today has a brew or is a rest or skip day, the days
    /// that frame them, and the weekly streak when the rules set a target.
    ///
    /// Reading it inside `withTracking` makes the scope depend on the brews and each brew's date,
    /// the skip days and the rules, and on nothing else: a notes edit does not invalidate it.
    public var streakSummary: StreakSummary { streakCalendar.summary }

    /// Every run, each day's status, and the summary: a pure function of the brews' moments, the
    /// skip days, the rules and now, memoised until one of them changes (or today does, or a
    /// brew's moment that was still to come is reached).
    public var streakCalendar: StreakCalendar {
        // One reading of the clock, so now and today agree.
        let now = self.now
        let today = storedRules.day(of: Timestamp(date: now, timeZone: timeZone))
        let tracking = ChangeRegistry.isTracking
        if tracking {
            registry.access(\BrewLogStore.entries)
            registry.access(\BrewLogStore.storedRules)
        }
        let version = changeLog.streakInputsVersion
        if let streakCache, streakCache.version == version, streakCache.today == today, streakCache.nextBrewMoment.map({ now < $0 }) ?? true, !tracking {
            return streakCache.calendar
        }
        let rules = storedRules
        var days: [CalendarDay] = []
        var nextBrewMoment: Date?
        forEachStreakTimestamp { timestamp in
            if timestamp.date <= now {
                // Journals are mostly in date order: a day repeated from the brew before is dropped here.
                let day = min(rules.day(of: timestamp), today)
                if days.last != day { days.append(day) }
            } else if nextBrewMoment.map({ timestamp.date < $0 }) ?? true {
                nextBrewMoment = timestamp.date
            }
        }
        let skips = storedEntries.compactMap { entry -> CalendarDay? in
            if case let .skip(skip) = entry { return skip.day }
            return nil
        }
        let calendar = StreakCalendar(brewDays: days, skipDays: skips, rules: rules, today: today)
        streakCache = (version, today, nextBrewMoment, calendar)
        return calendar
    }
}
