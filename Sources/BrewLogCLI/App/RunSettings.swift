import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The settings a run reads from its environment — "now" (`BREWLOG_NOW`), the time zone (`TZ`)
/// and the lock timeout (`BREWLOG_LOCK_TIMEOUT`) — each read on first use and kept for the run.
///
/// A command that does not use a setting does not fail on it: a bad value is an error only when
/// something asks for it. The merge driver, which uses none, merges under a `TZ` of
/// `Mars/Olympus`; a command that needs one fails with its configuration error (78) as before.
final class RunSettings {
    /// The longest `BREWLOG_LOCK_TIMEOUT` accepted: a day. Longer waits are surely a typo, and
    /// the bound keeps every conversion of the timeout to milliseconds or nanoseconds in range.
    static let maximumLockTimeout: Double = 86_400

    private let environment: [String: String]
    private let makeTimeZone: (_ environment: [String: String]) throws(CLIError) -> any UTCOffsetSource
    private var moment: Result<Date, CLIError>?
    private var zone: Result<any UTCOffsetSource, CLIError>?
    private var timeout: Result<Double, CLIError>?

    /// Settings read from `environment`; the time zone is made by `makeTimeZone` (the C library's
    /// reading of `TZ` in the program).
    init(environment: [String: String], makeTimeZone: @escaping (_ environment: [String: String]) throws(CLIError) -> any UTCOffsetSource) {
        self.environment = environment
        self.makeTimeZone = makeTimeZone
    }

    /// `BREWLOG_NOW` when set (RFC 3339), else the system clock, read once so a run sees one "now".
    func now() throws(CLIError) -> Date {
        try RunSettings.cached(&moment, readMoment)
    }

    /// The local time zone `TZ` names.
    func timeZone() throws(CLIError) -> any UTCOffsetSource {
        try RunSettings.cached(&zone) { () throws(CLIError) in try makeTimeZone(environment) }
    }

    /// Seconds a writer waits for the lock: `BREWLOG_LOCK_TIMEOUT` (0 to a day), default 10.
    ///
    /// With a `cap` (a command that gives up on a busy journal sooner, whatever the environment
    /// says), the wait is the smaller of the two, and a bad `BREWLOG_LOCK_TIMEOUT` is not an error:
    /// the command never needs more than its cap, so it waits that long.
    func lockTimeout(cappedAt cap: Double?) throws(CLIError) -> Double {
        guard let cap else { return try RunSettings.cached(&timeout, readLockTimeout) }
        guard let configured = try? RunSettings.cached(&timeout, readLockTimeout) else { return cap }
        return min(cap, configured)
    }

    /// The value in `slot`, read into it by `read` the first time (an error is kept too).
    private static func cached<Value>(_ slot: inout Result<Value, CLIError>?, _ read: () throws(CLIError) -> Value) throws(CLIError) -> Value {
        if let slot { return try slot.get() }
        let result: Result<Value, CLIError>
        do throws(CLIError) {
            result = .success(try read())
        } catch {
            result = .failure(error)
        }
        slot = result
        return try result.get()
    }

    private func readMoment() throws(CLIError) -> Date {
        guard let text = environment["BREWLOG_NOW"], !text.isEmpty else {
            // To the microsecond, as a journal records it: what is written reads back the same.
            return Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1e6).rounded(.down) / 1e6)
        }
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw CLIError.configuration("BREWLOG_NOW is not an RFC 3339 time: '\(cappedForMessage(text))'", hint: "for example BREWLOG_NOW=2026-11-29T07:15:00+01:00, or unset it")
        }
        // A day's margin at each end, so the moment has a four-digit year in every UTC offset.
        guard timestamp.date >= RunSettings.earliestNow, timestamp.date <= RunSettings.latestNow else {
            throw CLIError.configuration("BREWLOG_NOW must be from 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z, both included (a day inside the years a journal can record, whatever the offset): '\(cappedForMessage(text))'",
                                         hint: "for example BREWLOG_NOW=2026-11-29T07:15:00+01:00, or unset it")
        }
        return timestamp.date
    }

    private static let earliestNow = Date(timeIntervalSince1970: -62_135_596_800 + 86_400)
    private static let latestNow = Date(timeIntervalSince1970: 253_402_300_799 - 86_400)

    private func readLockTimeout() throws(CLIError) -> Double {
        guard let text = environment["BREWLOG_LOCK_TIMEOUT"], !text.isEmpty else { return 10 }
        guard let seconds = parseDecimal(text), seconds >= 0, seconds <= RunSettings.maximumLockTimeout else {
            throw CLIError.configuration("BREWLOG_LOCK_TIMEOUT is not a number of seconds from 0 to 86400: '\(cappedForMessage(text))'",
                                         hint: "for example BREWLOG_LOCK_TIMEOUT=10")
        }
        return seconds
    }
}
