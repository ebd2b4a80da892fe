#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Places a wall-clock time on a local clock whose offset changes (daylight-saving time), and
/// always records it with an offset that is in force at the moment chosen. The one rule for every
/// time read without an offset: a WHEN typed on the command line and a `date` cell of a CSV import.
///
/// - A time that happens twice (the autumn overlap, 02:30 on the night Berlin goes back from
///   03:00 to 02:00) is the first, earlier one, before the clocks go back.
/// - A time that never happens (the spring gap, 02:30 on the night Berlin jumps from 02:00 to
///   03:00) is moved forward by the length of the gap, 03:30 in the new offset, as `date(1)`,
///   Java and JavaScript do: the moment the clock would show had it not been changed.
public enum LocalClock {
    /// The moment the local clock of `timeZone` shows `secondOfDay` (plus `fraction` of a second) on `day`.
    public static func moment(on day: CalendarDay, secondOfDay: Int, fraction: Double = 0, in timeZone: any UTCOffsetSource) -> Timestamp {
        let wall = day.daysSinceEpoch * 86_400 + secondOfDay
        let offsetAt = { (seconds: Int) in timeZone.wholeMinuteOffset(for: Date(timeIntervalSince1970: Double(seconds))) }
        // Every offset in force within two days either side: a zone changes its offset at most
        // once or twice in that time, and no offset reaches a day from UTC.
        let candidates = Set(stride(from: -172_800, through: 172_800, by: 21_600).map { offsetAt(wall + $0) })
        // An offset fits when the moment it gives is one at which that offset is in force.
        let fitting = candidates.filter { offsetAt(wall - $0) == $0 }
        let instant: Int
        if let offset = fitting.max() {
            // Largest offset, earliest moment: the first of two.
            instant = wall - offset
        } else if let before = candidates.filter({ offsetAt(wall - $0) > $0 }).max() {
            // In a gap: read with the offset from before the jump, the moment lands after it,
            // and its wall clock in the new offset is the time typed plus the gap.
            instant = wall - before
        } else {
            instant = wall - offsetAt(wall)
        }
        return Timestamp(date: Date(timeIntervalSince1970: Double(instant) + fraction), timeZone: timeZone)
    }
}
