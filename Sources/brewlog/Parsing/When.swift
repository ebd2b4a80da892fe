import BrewLogCore
import Foundation

/// A WHEN argument as users type it: `now`, `today`, `yesterday`, `YYYY-MM-DD`, `HH:MM[:SS]`
/// (today), or `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z`/`±HH:MM` offset. Seconds may be
/// `60`, a leap second, read as `59`.
///
/// A date alone is a whole calendar day; everything else is a moment. Without an offset a time
/// is read on the local clock (`timeZone`), and recorded with the offset in force then.
enum When: Equatable, Sendable {
    /// A whole calendar day.
    case day(CalendarDay)
    /// One moment, with the offset it was given in (or the local one).
    case moment(Timestamp)

    /// Parses `text` relative to `now` in `timeZone`; `nil` when it is not a WHEN.
    init?(_ text: String, now: Date, timeZone: any UTCOffsetSource) {
        let today = Timestamp(date: now, timeZone: timeZone).day
        switch text.lowercased() {
        case "now": self = .moment(Timestamp(date: now, timeZone: timeZone)); return
        case "today": self = .day(today); return
        case "yesterday": self = .day(today.adding(days: -1)); return
        default: break
        }
        if let day = CalendarDay(parsing: text) {
            self = .day(day)
            return
        }
        if let (hour, minute, second) = When.clockTime(Substring(text)) {
            self = .moment(When.local(day: today, hour: hour, minute: minute, second: second, timeZone: timeZone))
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, let day = CalendarDay(parsing: text.prefix(10)),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]) else { return nil }
        let rest = text.dropFirst(11)
        let timeEnd = rest.firstIndex { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" } ?? rest.endIndex
        guard let (hour, minute, second) = When.clockTime(rest[..<timeEnd]) else { return nil }
        if timeEnd == rest.endIndex {
            self = .moment(When.local(day: day, hour: hour, minute: minute, second: second, timeZone: timeZone))
            return
        }
        // The offset is read (and checked) by the journal's own RFC 3339 parser, at midnight.
        guard let midnight = Timestamp(rfc3339: "\(day)T00:00:00" + rest[timeEnd...]) else { return nil }
        let sinceMidnight = TimeInterval(hour * 3600 + minute * 60 + second)
        self = .moment(Timestamp(date: midnight.date + sinceMidnight, utcOffsetSeconds: midnight.utcOffsetSeconds))
    }

    /// The moment a brew logged for this WHEN is recorded at: `today` is now, an earlier day is
    /// 12:00 local; `nil` when that moment is after `now` (future moments are refused).
    func recordingMoment(now: Date, timeZone: any UTCOffsetSource) -> Timestamp? {
        switch self {
        case let .moment(timestamp):
            return timestamp.date > now ? nil : timestamp
        case let .day(day):
            let current = Timestamp(date: now, timeZone: timeZone)
            if day == current.day { return current }
            if day > current.day { return nil }
            return When.local(day: day, hour: 12, minute: 0, second: 0, timeZone: timeZone)
        }
    }

    /// Whether `timestamp` is at or after the start of this WHEN: the `--since` test (a day starts at its first moment).
    func startsOnOrBefore(_ timestamp: Timestamp) -> Bool {
        switch self {
        case let .day(day): day <= timestamp.day
        case let .moment(moment): moment.date <= timestamp.date
        }
    }

    /// Whether `timestamp` is at or before the end of this WHEN: the `--until` test (a day ends at its last moment).
    func endsOnOrAfter(_ timestamp: Timestamp) -> Bool {
        switch self {
        case let .day(day): timestamp.day <= day
        case let .moment(moment): timestamp.date <= moment.date
        }
    }

    /// The moment at a local wall-clock time, with the offset in force then.
    private static func local(day: CalendarDay, hour: Int, minute: Int, second: Int, timeZone: any UTCOffsetSource) -> Timestamp {
        let wall = Double(day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second)
        let guess = Date(timeIntervalSince1970: wall - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))))
        let offset = timeZone.secondsFromGMT(for: guess)
        return Timestamp(date: Date(timeIntervalSince1970: wall - Double(offset)), utcOffsetSeconds: offset)
    }

    /// `HH:MM` or `HH:MM:SS`. A leap second, `:60`, is read as `:59` of the same minute, as
    /// `Timestamp(rfc3339:)` reads it: a clock may show it, and `Date` cannot hold it.
    private static func clockTime(_ text: Substring) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              let hour = twoDigits(parts[0]), let minute = twoDigits(parts[1]), hour < 24, minute < 60 else { return nil }
        let second = parts.count == 3 ? twoDigits(parts[2]) : 0
        guard let second, second <= 60 else { return nil }
        return (hour, minute, min(second, 59))
    }

    /// The value of exactly two ASCII digits (no sign, no spaces).
    private static func twoDigits(_ text: Substring) -> Int? {
        guard text.utf8.count == 2, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }
}
