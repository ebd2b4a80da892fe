// Foundation, not FoundationEssentials alone: time zones by name need its time zone data.
import Foundation
import BrewLogCore
@testable import BrewLogCLI

/// The places and moments a WHEN is read at: zones with daylight saving time, the day line, and
/// now near both ends of the calendar.
private let settings: [(zone: TimeZone, now: Date)] = {
    let zones = ["Europe/Berlin", "Pacific/Tongatapu", "America/New_York", "Pacific/Apia", "Australia/Lord_Howe"]
        .compactMap(TimeZone.init(identifier:))
    let nows = ["2026-11-29T09:15:00+01:00", "2026-03-29T01:30:00Z", "0001-01-02T12:00:00Z", "9999-12-30T12:00:00Z"]
        .compactMap { Timestamp(rfc3339: $0)?.date }
    guard zones.count == 5, nows.count == 4 else { fatalError("no time zone data, or a moment that does not parse") }
    return zones.flatMap { zone in nows.map { (zone, $0) } }
}()

/// A WHEN (`--date`, `--since`, `--on`): the first byte picks the zone and now, the rest is the
/// text. Any text is refused with a reason, or names a day or a moment inside 0001–9999 that
/// writes out as RFC 3339 and reads back the same; a period is 7 to 31 whole days inside too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = inputBuffer(data, size)
    guard let first = input.first, let text = String(validating: input.dropFirst(), as: UTF8.self) else { return 0 }
    let (zone, now) = settings[Int(first) % settings.count]
    if let when = try? When.parse(text, now: now, timeZone: zone) {
        switch when {
        case let .day(day):
            invariant(WhenRange.contains(day), "\(text.debugDescription) names \(day), outside 0001–9999")
        case let .moment(moment):
            invariant(WhenRange.contains(moment.day), "\(text.debugDescription) names \(moment), outside 0001–9999")
            invariant(Timestamp(rfc3339: moment.description) == moment,
                      "\(text.debugDescription) names \(moment), which does not read back")
        }
        if let recorded = when.recordingMoment(now: now, timeZone: zone) {
            invariant(recorded.date <= now, "\(text.debugDescription) is recorded at \(recorded), after now")
        }
    }
    for weekStart in [StreakRules.WeekStart.monday, .sunday] {
        guard case let .days(days)? = try? WhenSpan.parse(text, now: now, timeZone: zone, weekStart: weekStart) else { continue }
        invariant(WhenRange.contains(days.lowerBound) && WhenRange.contains(days.upperBound), "\(text.debugDescription) names \(days), outside 0001–9999")
        invariant((7...31).contains(days.dayCount), "\(text.debugDescription) names \(days.dayCount) days")
    }
    return 0
}
