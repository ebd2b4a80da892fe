import BrewLogTestSupport
import Foundation
import Testing

@Suite("Filters that mix days and moments, and CSV headers by field name")
struct QueryEdgeTests {
    @Test("a day and a moment together are never refused as matching nothing: a brew's day is in its own offset", arguments: [
        ["list", "-q", "--on", "nov", "--since", "2026-12-01T00:00Z"],
        ["list", "-q", "--since", "2026-11-30", "--until", "2026-11-30T20:00-05:00"],
        ["list", "-q", "--on", "2026-11-30", "--until", "2026-12-01T01:30Z"],
    ])
    func mixedBounds(arguments: [String]) {
        let sandbox = Sandbox(now: "2026-12-05T09:00:00+01:00")
        sandbox.ok(["add", "-m", "NY", "-d", "2026-11-30T20:00-05:00", "-q"])
        let result = sandbox.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1, "the New York brew, on 30 November there, 1 December in UTC")
    }

    @Test("two days or two moments out of order are still refused")
    func outOfOrder() {
        let sandbox = Sandbox()
        #expect(sandbox.run(["list", "--since", "2026-11-20", "--until", "2026-11-10"]).status == 64)
        #expect(sandbox.run(["list", "--since", "2026-11-20T10:00Z", "--until", "2026-11-20T09:00Z"]).status == 64)
    }

    @Test("a CSV column may be headed by the field's name, in any case, as --columns names it")
    func headerByName() {
        let sandbox = Sandbox()
        let path = sandbox.home + "/named.csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data("date,Method,dose,WATER,temp,time\n2026-11-17 19:00,V60,15,250,94,165\n".utf8))
        sandbox.ok(["import", path])
        #expect(sandbox.journalLines.count == 1)
        #expect(sandbox.journalLines.first?.hasSuffix(#""method":"V60","dose_g":15,"water_g":250,"temp_c":94,"time_s":165}"#) == true, "\(sandbox.journalLines)")
    }

    @Test("a backwards range of periods is refused with the range the user meant")
    func backwardsPeriods() {
        let result = Sandbox(now: "2026-11-29T09:15:00+01:00").run(["skip", "2026-11..2026-10"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("hint: give the earlier day first: 2026-10-01..2026-11-30"), "\(result.stderr)")
    }
}
