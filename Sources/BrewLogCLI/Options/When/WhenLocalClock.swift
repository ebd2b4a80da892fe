import BrewLogCore

/// Places a WHEN's time of day on the local clock, by the core's one rule for daylight-saving
/// gaps and overlaps (``LocalClock``), which a CSV import's dates follow too.
enum WhenLocalClock {
    /// The moment `clock` shows on `day` in `timeZone`.
    static func moment(on day: CalendarDay, at clock: WhenClock, in timeZone: any UTCOffsetSource) -> Timestamp {
        LocalClock.moment(on: day, secondOfDay: clock.secondOfDay, fraction: clock.fraction, in: timeZone)
    }
}
