import Foundation
import Testing
import BrewLogTestSupport

/// `TZ` must mean what it means to the C library: each case runs `date(1)` under the same `TZ`
/// at the same moment and compares, so nothing here hard-codes an offset.
@Suite("TZ is read as date(1) reads it")
struct TimeZoneTests {
    static let zones = [
        "UTC+5", "EST5", "JST-9", ":Asia/Tokyo", "CET-1CEST,M3.5.0,M10.5.0/3", "<+0330>-3:30", "EST5EDT",
        "EST5EDT,M3.2.0/2,M11.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3", "Europe/Berlin", "America/New_York", "UTC", "",
    ]
    /// Moments near midnight UTC (so the local day differs by zone) and at a daylight-saving change.
    static let moments: [(rfc3339: String, epoch: Int)] = [
        ("2026-07-01T00:30:00Z", 1_782_865_800), ("2026-11-29T23:30:00Z", 1_795_995_000),
        ("2026-03-29T01:00:00Z", 1_774_746_000), ("2026-01-15T12:00:00Z", 1_768_478_400),
    ]

    /// What `date` prints for `epoch` in `format` under `zone`.
    static func libc(_ zone: String, _ epoch: Int, _ format: String) throws -> String {
        let result = runProcess("/usr/bin/date", ["-d", "@\(epoch)", format], environment: ["TZ": zone], directory: "/")
        try #require(result.status == 0, "date: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("offsets and today agree with date(1)", arguments: zones)
    func agreesWithDate(zone: String) throws {
        for moment in Self.moments {
            let sandbox = Sandbox(now: moment.rfc3339, timeZone: zone)
            let today = try Self.libc(zone, moment.epoch, "+%F")
            let local = try Self.libc(zone, moment.epoch, "+%FT%T%:z")
            // A brew dated with libc's today is recorded now, in libc's offset; any other day
            // would be recorded at 12:00 or refused as in the future.
            let added = sandbox.ok(["add", "--date", today, "--json"])
            #expect(added.contains(#""date":"\#(local)""#), "TZ=\(zone) at \(moment.rfc3339): \(added) (date: \(local))")
            #expect(sandbox.ok(["streak", "--json"]).contains(#""last_brew_day":"\#(today)""#), "TZ=\(zone) at \(moment.rfc3339)")
            #expect(sandbox.ok(["add", "--date", "00:00", "--json"]).contains(#""date":"\#(today)T00:00:00"#), "TZ=\(zone) at \(moment.rfc3339)")
        }
    }

    @Test("a TZ that names no zone is a configuration error, not UTC", arguments: [
        "Mars/Olympus", ":Mars/Olympus", "XYZ", "Europe/Berlinn", "/etc/passwd",
        // Offsets glibc takes but no journal date can hold (24 hours, or 23:59:31 rounded up to it).
        "AAA-24", "AAA+24", "<-24>+24", "AAA-23:59:31", "AAA-1BBB-24",
    ])
    func unknownZone(zone: String) {
        let sandbox = Sandbox(timeZone: zone)
        let result = sandbox.run(["add"])
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("brewlog: error: TZ names no time zone BrewLog can record: '\(zone)'\nhint: "), "\(result.stderr)")
        #expect(sandbox.journal == nil)
    }

    @Test("a TZ naming a FIFO is refused at once, not read")
    func zoneFIFO() {
        let sandbox = Sandbox()
        #expect(mkfifo(sandbox.home + "/zone", 0o600) == 0)
        let result = runProcess(brewlogBinary, ["list"], environment: sandbox.environment.merging(["TZ": sandbox.home + "/zone"]) { $1 },
                                directory: sandbox.home, killAfterMicroseconds: 3_000_000)
        #expect(result.status == 78)
    }

    @Test("TZDIR is where zone names are looked up")
    func zoneFolder() {
        let sandbox = Sandbox(timeZone: "Europe/Berlin")
        #expect(sandbox.run(["add"], env: ["TZDIR": sandbox.home]).status == 78)
    }
}
