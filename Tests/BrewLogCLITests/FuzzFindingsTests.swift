import BrewLogCore
import Foundation
import Testing
@testable import BrewLogCLI

/// Inputs the fuzz targets (Fuzz/, `scripts/fuzz.sh`) found in the command line's parsers, each
/// pinned to the behaviour it broke, so a fix stays fixed. docs/fuzzing.md says which target
/// found each one.
@Suite("Inputs found by fuzzing the command line's parsers")
struct FuzzFindingsTests {
    @Test("a local time in a zone's local mean time names a moment the journal can write exactly", arguments: [
        "1850-01-01T08:00", "1850-01-01 08:00", "1883-11-18T11:00",
    ])
    func localMeanTime(text: String) throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let now = try #require(Timestamp(rfc3339: "2026-11-29T09:15:00Z")).date
        guard case let .moment(moment) = try When.parse(text, now: now, timeZone: zone) else {
            Issue.record("\(text) is not a moment")
            return
        }
        #expect(Timestamp(rfc3339: moment.description) == moment, "\(text) names \(moment), offset \(moment.utcOffsetSeconds) s")
    }
}
