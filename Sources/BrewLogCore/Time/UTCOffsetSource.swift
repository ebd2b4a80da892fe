#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A time zone as far as BrewLog needs one: the UTC offset in force at a moment.
///
/// Foundation's `TimeZone` is one (tests and library users pass it). The command line passes
/// its own, backed by the C library, so that `TZ` means what it means to `date(1)`, POSIX
/// rules such as `EST5EDT,M3.2.0,M11.1.0` included; the core never reads the environment.
public protocol UTCOffsetSource: Sendable {
    /// Seconds east of UTC of the local clock at `date` (+3600 for `+01:00`).
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: UTCOffsetSource {}

extension UTCOffsetSource {
    /// The offset at `date` rounded to whole minutes, as a journal writes offsets (`±HH:MM`): a
    /// zone's local mean time before it took standard time (New York's −4:56:02 until 1883)
    /// is otherwise a moment whose written form names another instant.
    func wholeMinuteOffset(for date: Date) -> Int {
        let seconds = secondsFromGMT(for: date)
        return Int((Double(seconds) / 60).rounded()) * 60
    }
}
