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

/// A moment together with the UTC offset of the clock it was read from: what a brew's `date` is on disk.
///
/// The offset decides which calendar day the moment belongs to, so a brew logged at 00:30 in Tokyo
/// stays on that Tokyo date wherever the journal is read later.
public struct Timestamp: Hashable, Sendable, CustomStringConvertible {
    /// The moment.
    public var date: Date
    /// Seconds east of UTC of the clock that recorded the moment (+3600 for `+01:00`).
    public var utcOffsetSeconds: Int

    /// A moment read on a clock `utcOffsetSeconds` east of UTC.
    public init(date: Date, utcOffsetSeconds: Int) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// A moment read on a clock in `timeZone` (the offset in force at that moment, to the minute).
    public init(date: Date, timeZone: any UTCOffsetSource) {
        self.init(date: date, utcOffsetSeconds: timeZone.wholeMinuteOffset(for: date))
    }

    /// The calendar day of this moment in its own offset.
    public var day: CalendarDay {
        CalendarDay(date: date, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Local wall-clock fields of this moment in its own offset.
    public var wallClock: (day: CalendarDay, hour: Int, minute: Int, second: Int, nanosecond: Int) {
        let local = date.timeIntervalSince1970 + Double(utcOffsetSeconds)
        let whole = local.rounded(.down)
        let seconds = Int(exactly: whole) ?? 0
        let day = CalendarDay(date: date, utcOffsetSeconds: utcOffsetSeconds)
        let secondOfDay = seconds - day.daysSinceEpoch * 86_400
        let nanos = min(999_999_999, Int(((local - whole) * 1e9).rounded()))
        return (day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, nanos)
    }

    /// RFC 3339 text with the offset, e.g. `2026-11-29T07:15:00+01:00` (`Z` is never written;
    /// a fraction is written only when the moment has one, to microseconds: a moment parsed from
    /// text, which keeps at most six digits, is written back exactly).
    public var description: String {
        var text: [UInt8] = []
        appendText(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``description``'s text as UTF-8, digit by digit: an export writes a million of
    /// these, and building each from padded strings cost more than the rest of its line.
    func appendText(to text: inout [UInt8]) {
        let (day, hour, minute, second, nanos) = wallClock
        let (year, month, dayOfMonth) = day.components
        appendPadded(year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(dayOfMonth, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendPadded(hour, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(minute, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(second, 2, to: &text)
        let micros = (nanos + 500) / 1000
        if micros > 0 && micros < 1_000_000 {
            text.append(UInt8(ascii: "."))
            var digits = micros, kept = 6
            while digits % 10 == 0 {
                digits /= 10
                kept -= 1
            }
            appendPadded(digits, kept, to: &text)
        }
        let offset = abs(utcOffsetSeconds)
        text.append(utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        appendPadded(offset / 3600, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(offset % 3600 / 60, 2, to: &text)
    }

    /// Parses RFC 3339 (`YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`); `nil` for anything else.
    public init?(rfc3339 text: some StringProtocol) {
        var copy = String(text)
        guard let parsed = copy.withUTF8({ Timestamp(rfc3339: $0) }) else { return nil }
        self = parsed
    }

    /// Parses RFC 3339 from UTF-8 bytes without allocating (the journal reads millions of these).
    ///
    /// A leap second (`23:59:60Z`, or `00:59:60+01:00` on a clock east of UTC) is read as the
    /// second before it, `:59` of the same minute: `Date` has no leap seconds, and a brew logged
    /// then is better kept a second early than refused. RFC 3339 allows `:60` in any minute,
    /// since the offset moves the minute a leap second falls in; so does this parser.
    public init?(rfc3339 b: UnsafeBufferPointer<UInt8>) {
        guard b.count >= 20, let day = CalendarDay(parsing: UnsafeBufferPointer(rebasing: b[0..<10])),
              b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let hour = decimal(b[11..<13]), let minute = decimal(b[14..<16]), let written = decimal(b[17..<19]),
              hour < 24, minute < 60, written <= 60
        else { return nil }
        let second = min(written, 59)
        var index = 19
        var fraction = 0.0
        if b[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while index < b.count, b[index] >= UInt8(ascii: "0"), b[index] <= UInt8(ascii: "9") { index += 1 }
            // RFC 3339 allows any number of digits; a journal keeps microseconds, so the rest is
            // cut off (never rounded: rounding .9999999 up would move the moment into the next
            // second, and at 23:59:59 into the next day).
            let kept = min(index - start, 6)
            guard index > start, let digits = decimal(b[start..<start + kept]) else { return nil }
            fraction = Double(digits) / pow(10, Double(kept))
        }
        guard index < b.count else { return nil }
        let offset: Int
        switch b[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == b.count else { return nil }
            offset = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == b.count, b[index + 3] == UInt8(ascii: ":"),
                  let oh = decimal(b[(index + 1)..<(index + 3)]), let om = decimal(b[(index + 4)..<(index + 6)]),
                  oh < 24, om < 60 else { return nil }
            offset = (b[index] == UInt8(ascii: "-") ? -1 : 1) * (oh * 3600 + om * 60)
        default:
            return nil
        }
        let local = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        self.init(date: Date(timeIntervalSince1970: Double(local - offset) + fraction), utcOffsetSeconds: offset)
    }
}
