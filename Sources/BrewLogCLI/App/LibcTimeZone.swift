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

/// The local time zone exactly as the C library (and so `date(1)`) reads `TZ`.
///
/// Foundation understands only zone names, so `TZ=UTC+5`, `EST5`, `JST-9`, `:Asia/Tokyo` or a
/// rule like `CET-1CEST,M3.5.0,M10.5.0/3` would silently become UTC or take the wrong sign
/// (POSIX offsets count west of UTC: `UTC+5` is five hours behind it). Offsets come from
/// `localtime_r` instead, after ``init(environment:)`` has checked that `TZ` means a zone.
///
/// Offsets are rounded to whole minutes: the journal records `±HH:MM`, and an offset with
/// seconds (`EST+5:30:15`, or the local mean time of old dates) would not read back as the
/// same moment.
struct LibcTimeZone: UTCOffsetSource {
    /// The zone `environment["TZ"]` names (the system's, `/etc/localtime`, when unset), or a
    /// configuration error when it names none. The C library itself treats an unknown name such
    /// as `Mars/Olympus` as UTC without a word, so a value that is not a POSIX rule must name a
    /// zone file under `TZDIR` (default `/usr/share/zoneinfo`), or be an absolute path to one.
    init(environment: [String: String]) throws(CLIError) {
        if let value = environment["TZ"], !LibcTimeZone.isValid(value, zoneFolder: environment["TZDIR"]) {
            throw CLIError.configuration("TZ names no time zone BrewLog can record: '\(cappedForMessage(value))'",
                                         hint: "use a zone name such as Europe/Berlin, or a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3 with offsets under 24 hours, or unset TZ")
        }
        tzset()
    }

    func secondsFromGMT(for date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        var time = time_t(seconds)
        var fields = tm()
        guard localtime_r(&time, &fields) != nil else { return 0 }
        return Int((Double(fields.tm_gmtoff) / 60).rounded()) * 60
    }

    /// Whether the C library reads `value` as a zone rather than falling back to UTC.
    static func isValid(_ value: String, zoneFolder: String?) -> Bool {
        if value.isEmpty || value == ":" { return true }
        if !value.hasPrefix(":"), POSIXRule.matches(value) { return true }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name == "UTC" || name == "GMT" { return true }
        let folder = zoneFolder.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return isZoneFile(name.hasPrefix("/") ? name : folder + "/" + name)
    }

    /// Whether `path` is a compiled zone file (it starts with the `TZif` magic).
    private static func isZoneFile(_ path: String) -> Bool {
        // Non-blocking and regular files only: a FIFO named by TZ must not hang the program.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        let count = magic.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4) }
        return count == 4 && magic == Array("TZif".utf8)
    }
}

/// A recogniser for POSIX `TZ` rules as glibc accepts them:
/// `std offset [dst [offset] [,start[/time],end[/time]]]`, names as three or more letters or
/// `<...>`, dates as `Jn`, `n` or `Mm.w.d`.
private struct POSIXRule {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether the whole of `text` is a rule.
    static func matches(_ text: String) -> Bool {
        var rule = POSIXRule(text)
        return rule.parse()
    }

    private mutating func parse() -> Bool {
        guard name(), offset(maxHours: 24, recordable: true) else { return false }
        if index == bytes.count { return true }
        guard name() else { return false }
        if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
            guard offset(maxHours: 24, recordable: true) else { return false }
        }
        if index == bytes.count { return true }
        guard take(","), date(), time(), take(","), date(), time() else { return false }
        return index == bytes.count
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func name() -> Bool {
        let start = index
        if take("<") {
            while index < bytes.count, isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            return index - start - 1 >= 3 && take(">")
        }
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        return index - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]`. A zone's own offset must be `recordable`: under 24 hours once rounded
    /// to the whole minutes a journal date carries (glibc takes up to 24:59:59, which no RFC 3339
    /// date can hold).
    private mutating func offset(maxHours: Int, recordable: Bool = false) -> Bool {
        _ = take("+") || take("-")
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return false }
        var parts = [hours * 3600]
        for scale in [60, 1] {
            guard take(":") else { break }
            guard let part = number(maxDigits: 2), part < 60 else { return false }
            parts.append(part * scale)
        }
        let seconds = parts.reduce(0, +)
        return !recordable || (seconds + 30) / 60 < 24 * 60
    }

    /// `/time` after a date, if any.
    private mutating func time() -> Bool {
        take("/") ? offset(maxHours: 167) : true
    }

    /// `Jn` (1–365), `n` (0–365) or `Mm.w.d`.
    private mutating func date() -> Bool {
        if take("J") {
            guard let day = number(maxDigits: 3) else { return false }
            return (1...365).contains(day)
        }
        if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                  let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                  let weekday = number(maxDigits: 1), weekday <= 6 else { return false }
            return true
        }
        guard let day = number(maxDigits: 3) else { return false }
        return day <= 365
    }

    private mutating func number(maxDigits: Int) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, index - start < maxDigits, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
