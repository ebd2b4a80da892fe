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

/// A moment written out in full, as WHEN reads one and spreadsheets write one: a date, a time of
/// day on the 24-hour clock and, or not, an offset. `2026-11-17 19:00`, `2026-11-17T19:00:00.5`,
/// `2026-11-17 19:00Z`, `2026-11-17T19:00:00+01:00` (RFC 3339 is one of these).
///
/// The date and the time are joined by a `T` or by spaces or tabs; the hour has one or two
/// digits, the minutes and seconds two, a fraction follows the seconds with any number of digits
/// (the first six kept, as the journal keeps them); case is ignored. A second of `60` (a leap
/// second) is read as `:59`, as everywhere else. Forms that depend on when they are read
/// (`yesterday 7:30`, `7:30`, `-3h`) are not written-out moments.
struct WrittenMoment: Equatable, Sendable {
    /// The date as written.
    let day: CalendarDay
    /// Seconds since the start of that day on its clock.
    let secondOfDay: Int
    /// The fraction of a second.
    let fraction: Double
    /// Seconds east of UTC when an offset was written, `nil` for a time on the local clock.
    let utcOffsetSeconds: Int?

    /// Reads `text`; `nil` when it is not a written-out moment.
    init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, let day = CalendarDay(parsing: String(decoding: bytes[0..<10], as: UTF8.self)) else { return nil }
        var index = 10
        if bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") {
            index += 1
        } else {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index > 10 else { return nil }
        }
        /// The value of the run of digits at `index` (its length within `lengths`), moving past it.
        func digits(_ lengths: ClosedRange<Int>) -> Int? {
            let start = index
            while index < bytes.count, index - start < lengths.upperBound, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard lengths.contains(index - start) else { return nil }
            return decimal(bytes[start..<index])
        }
        func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        guard let hour = digits(1...2), take(":"), let minute = digits(2...2), hour < 24, minute < 60 else { return nil }
        var second = 0
        var fraction = 0.0
        if take(":") {
            guard let written = digits(2...2), written <= 60 else { return nil }
            second = min(written, 59)
            if take(".") {
                let start = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                // Cut, never rounded, to the microseconds a journal keeps (as `Timestamp` reads them).
                let kept = min(index - start, 6)
                guard let value = decimal(bytes[start..<start + kept]) else { return nil }
                fraction = Double(value) / pow(10, Double(kept))
            }
        }
        var offset: Int?
        if take("Z") || take("z") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = digits(2...2), take(":"), let minutes = digits(2...2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        self.day = day
        self.secondOfDay = hour * 3600 + minute * 60 + second
        self.fraction = fraction
        self.utcOffsetSeconds = offset
    }

    /// The moment: with its written offset, or else on the local clock of `timeZone` (a time
    /// inside a daylight-saving gap or overlap placed by ``LocalClock``'s rule).
    func timestamp(localTimeZone timeZone: any UTCOffsetSource) -> Timestamp {
        guard let offset = utcOffsetSeconds else {
            return LocalClock.moment(on: day, secondOfDay: secondOfDay, fraction: fraction, in: timeZone)
        }
        let local = day.daysSinceEpoch * 86_400 + secondOfDay
        return Timestamp(date: Date(timeIntervalSince1970: Double(local - offset) + fraction), utcOffsetSeconds: offset)
    }
}
