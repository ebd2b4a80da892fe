#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A calendar date (proleptic Gregorian) with no time and no time zone: the unit streaks count in.
///
/// Stored as the number of days since 1970-01-01, so consecutive days differ by exactly one
/// whatever daylight-saving change, month end, leap day or year end lies between them.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The given calendar date, or `nil` when it does not exist (2026-02-30) or the year is outside
    /// 1...9999 (RFC 3339's years, and every date option's).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDay.daysIn(month: month, year: year) else { return nil }
        self.daysSinceEpoch = CalendarDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// The calendar date of `date` on a clock that is `utcOffsetSeconds` ahead of UTC.
    public init(date: Date, utcOffsetSeconds: Int) {
        let local = (date.timeIntervalSince1970 + Double(utcOffsetSeconds)).rounded(.down)
        let seconds = Int(exactly: local) ?? 0
        self.daysSinceEpoch = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Year, month (1...12) and day of month (1...31).
    public var components: (year: Int, month: Int, day: Int) {
        CalendarDay.civil(fromDays: daysSinceEpoch)
    }

    /// Day of the week, 0 = Monday ... 6 = Sunday (ISO 8601 order).
    public var weekdayFromMonday: Int {
        // 1970-01-01 was a Thursday (index 3).
        ((daysSinceEpoch + 3) % 7 + 7) % 7
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = components
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    /// Parses `YYYY-MM-DD` exactly; `nil` for anything else or a date that does not exist.
    public init?(parsing text: some StringProtocol) {
        var copy = String(text)
        guard let day = copy.withUTF8({ CalendarDay(parsing: $0) }) else { return nil }
        self = day
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes.
    init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = decimal(bytes[0..<4]), let m = decimal(bytes[5..<7]), let d = decimal(bytes[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Zero-padded decimal text of a non-negative number.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// Appends `pad(value, width)`'s text as UTF-8 without making a string: the decimal digits
/// (after a `-` for a negative number), zeros in front up to `width` bytes in all.
func appendPadded(_ value: Int, _ width: Int, to text: inout [UInt8]) {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
        var rest = value.magnitude
        var start = buffer.count
        repeat {
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if value < 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        let count = buffer.count - start
        if count < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        text.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
}

/// The value of a run of ASCII digits, or `nil` if any byte is not a digit.
func decimal(_ bytes: some Collection<UInt8>) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}
