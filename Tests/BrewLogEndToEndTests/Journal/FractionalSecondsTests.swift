import Foundation
import Testing
import BrewLogTestSupport

@Suite("fractional seconds: a journal keeps microseconds, cut and never rounded into the next second")
struct FractionalSecondsTests {
    @Test("a date with more digits than microseconds keeps its day through an edit")
    func editKeepsTheDay() {
        let sandbox = Sandbox(journal: #"{"id":"u1","date":"2026-11-27T23:59:59.99999999+01:00","notes":""}"# + "\n")
        #expect(sandbox.ok(["list", "-q", "--until", "2026-11-27"]) == "u1\n")
        sandbox.ok(["edit", "u1", "-r", "3"])
        #expect(sandbox.journal?.contains(#""date":"2026-11-27T23:59:59.999999+01:00""#) == true, "\(sandbox.journal ?? "")")
        #expect(sandbox.ok(["list", "-q", "--until", "2026-11-27"]) == "u1\n")
    }

    @Test("importing a file with nanosecond dates twice adds once and reports no conflict")
    func reimport() {
        let sandbox = Sandbox()
        let text = #"{"id":"u2","date":"2026-11-27T08:00:00.1234567891+01:00","notes":""}"# + "\n"
        sandbox.ok(["import", "-"], stdin: text)
        let again = sandbox.run(["import", "-"], stdin: text)
        #expect(again.status == 0 && again.stdout == "Imported 0 new brews, skipped 1 already present.\n", "\(again)")
        #expect(sandbox.journal?.contains(#""date":"2026-11-27T08:00:00.123456+01:00""#) == true)
    }

    @Test("add --date with nanoseconds records the microseconds, on the day typed")
    func addDate() {
        let sandbox = Sandbox()
        _ = sandbox.add(["-d", "2026-11-28T23:59:59.9999999+01:00"])
        #expect(sandbox.journal?.contains(#""date":"2026-11-28T23:59:59.999999+01:00""#) == true)
    }

    @Test("a past day whose noon the clock skipped is refused when moving past the gap lands after now")
    func skippedDay() {
        // Samoa skipped 2011-12-30: its noon moves a day forward, past now.
        let sandbox = Sandbox(now: "2011-12-31T10:00:00+14:00", timeZone: "Pacific/Apia")
        let result = sandbox.run(["add", "-d", "yesterday"])
        #expect(result.status == 64)
        #expect(sandbox.journal == nil)
    }
}
