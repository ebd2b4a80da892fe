import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A time of day as typed in a WHEN: on the 24-hour clock (`7:30`, `07:30:15.25`), the 12-hour
/// one (`8am`, `8:30 pm`, `12am` is midnight, `12pm` noon), or a word (`noon`, `midnight`,
/// which is 00:00, the start of its day).
///
/// A second of `60` is a leap second and is read as `:59` of the same minute, as the journal's
/// own parser reads it: a clock may show it, and `Date` cannot hold it.
struct WhenClock: Equatable, Sendable {
    /// 0–23.
    var hour: Int
    /// 0–59.
    var minute: Int
    /// 0–59.
    var second: Int
    /// The digits after the decimal point (at most nine kept) and how many were kept, so a
    /// moment is computed exactly as `Timestamp(rfc3339:)` computes it and an exported time
    /// reads back as the same moment.
    var fractionDigits = 0
    var fractionLength = 0

    /// Seconds since the start of the day.
    var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// The fraction of a second.
    var fraction: Double { fractionLength == 0 ? 0 : Double(fractionDigits) / pow(10, Double(fractionLength)) }

    /// Reads one or two words as a time of day (`8 am` is two); `nil` when they are not written
    /// as one, an error when they are but name no time (`25:00`, `13pm`, `0am`).
    static func parse(_ words: ArraySlice<Substring>) throws(WhenError) -> WhenClock? {
        switch words.count {
        case 1:
            guard let word = words.first else { return nil }
            switch word {
            case "noon": return WhenClock(hour: 12, minute: 0, second: 0)
            case "midnight": return WhenClock(hour: 0, minute: 0, second: 0)
            default: break
            }
            if let (digits, afternoon) = meridiem(word) { return try twelveHour(digits, afternoon: afternoon) }
            return try twentyFourHour(word)
        case 2:
            let first = words[words.startIndex], second = words[words.startIndex + 1]
            guard second == "am" || second == "pm", !first.isEmpty else { return nil }
            return try twelveHour(first, afternoon: second == "pm")
        default:
            return nil
        }
    }

    /// Reads `HH:MM[:SS[.fff]]` with an optional `Z` or `±HH:MM` offset, as the tool writes
    /// moments; the offset is in seconds east of UTC, `nil` when none was given.
    static func parseWithOffset(_ word: Substring) throws(WhenError) -> (clock: WhenClock, offset: Int?)? {
        guard let start = word.dropFirst().firstIndex(where: { $0 == "z" || $0 == "+" || $0 == "-" }) else {
            return try twentyFourHour(word).map { ($0, nil) }
        }
        guard let clock = try twentyFourHour(word[..<start]) else { return nil }
        let offsetText = word[start...]
        if offsetText == "z" { return (clock, 0) }
        let parts = offsetText.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hours = WhenDigits.number(parts[0], digits: 2...2), let minutes = WhenDigits.number(parts[1], digits: 2...2) else { return nil }
        guard hours < 24, minutes < 60 else { throw .noSuchTime("offsets run from -23:59 to +23:59") }
        let sign = offsetText.first == "-" ? -1 : 1
        return (clock, sign * (hours * 3600 + minutes * 60))
    }

    /// `H:MM`, `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff` (any number of fraction digits).
    private static func twentyFourHour(_ text: Substring) throws(WhenError) -> WhenClock? {
        guard let clock = try minutesAndSeconds(text) else { return nil }
        guard clock.hour < 24 else { throw .noSuchTime("hours run 00–23 (1–12 with am or pm)") }
        return clock
    }

    /// `H`, `H:MM` or `H:MM:SS` before `am` or `pm`: hours 1–12, `12am` is 00:00, `12pm` 12:00.
    private static func twelveHour(_ text: Substring, afternoon: Bool) throws(WhenError) -> WhenClock? {
        var clock: WhenClock
        if let hour = WhenDigits.number(text, digits: 1...2) {
            clock = WhenClock(hour: hour, minute: 0, second: 0)
        } else {
            guard let read = try minutesAndSeconds(text) else { return nil }
            clock = read
        }
        guard (1...12).contains(clock.hour) else { throw .noSuchTime("hours run 1–12 with am or pm") }
        clock.hour = clock.hour % 12 + (afternoon ? 12 : 0)
        return clock
    }

    /// The digits of `word` before a trailing `am` or `pm`, and whether it was `pm`.
    private static func meridiem(_ word: Substring) -> (Substring, Bool)? {
        guard word.count > 2 else { return nil }
        if word.hasSuffix("am") { return (word.dropLast(2), false) }
        if word.hasSuffix("pm") { return (word.dropLast(2), true) }
        return nil
    }

    /// `H:MM[:SS[.fff]]` with any hour of one or two digits; the caller checks the hour's range.
    private static func minutesAndSeconds(_ text: Substring) throws(WhenError) -> WhenClock? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hour = WhenDigits.number(parts[0], digits: 1...2),
              let minute = WhenDigits.number(parts[1], digits: 2...2) else { return nil }
        var clock = WhenClock(hour: hour, minute: minute, second: 0)
        if parts.count == 3 {
            let secondText = parts[2]
            let point = secondText.firstIndex(of: ".") ?? secondText.endIndex
            guard let second = WhenDigits.number(secondText[..<point], digits: 2...2) else { return nil }
            if point != secondText.endIndex {
                let fraction = secondText[secondText.index(after: point)...]
                // Any number of digits, as RFC 3339 allows; cut (never rounded) to the microseconds
                // a journal keeps, as the journal's own parser does.
                guard WhenDigits.isDigits(fraction), let kept = WhenDigits.number(fraction.prefix(6), digits: 1...6) else { return nil }
                clock.fractionDigits = kept
                clock.fractionLength = min(fraction.utf8.count, 6)
            }
            guard second <= 60 else { throw .noSuchTime("seconds run 00–59") }
            clock.second = min(second, 59)
        }
        guard minute < 60 else { throw .noSuchTime("minutes run 00–59") }
        return clock
    }
}


/// Places a WHEN's time of day on the local clock, by the core's one rule for daylight-saving
/// gaps and overlaps (``LocalClock``), which a CSV import's dates follow too.
enum WhenLocalClock {
    /// The moment `clock` shows on `day` in `timeZone`.
    static func moment(on day: CalendarDay, at clock: WhenClock, in timeZone: any UTCOffsetSource) -> Timestamp {
        LocalClock.moment(on: day, secondOfDay: clock.secondOfDay, fraction: clock.fraction, in: timeZone)
    }
}
