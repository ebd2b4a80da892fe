import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

@Suite("WHEN through the built binary: add, the future-time hint, and export's moments read back by filters")
struct WhenCommandLineTests {
    @Test("add --date 'yesterday 23:40' records that local time yesterday")
    func yesterdayEvening() throws {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--date", "yesterday 23:40"])
        let line = try #require(sandbox.journalLines.first)
        #expect(line.contains(#""date":"2026-11-28T23:40:00+01:00""#), "\(line)")
    }

    @Test("add --date 7:30 at 06:00 is refused, and the hint names yesterday 7:30")
    func timeStillToCome() {
        let sandbox = Sandbox(now: "2026-11-30T06:00:00+01:00")
        let result = sandbox.run(["add", "--date", "7:30"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("brewlog: error: '7:30' is in the future\nhint: did you mean 'yesterday 7:30'?"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(sandbox.journal == nil)
        let written = sandbox.ok(["add", "--json", "--date", "yesterday 7:30"])
        #expect(written.contains(#""date":"2026-11-29T07:30:00+01:00""#), "\(written)")
    }

    @Test("a future day, a future moment with a day and a bad WHEN are refused without the yesterday hint", arguments: [
        ("tomorrow", "brewlog: error: invalid value 'tomorrow' for '--date': not a date or time BrewLog reads\nhint: use now, today"),
        ("today 23:00", "brewlog: error: 'today 23:00' is in the future\nhint: brews are logged after they happen"),
        ("2026-11-30", "brewlog: error: '2026-11-30' is in the future\nhint: brews are logged after they happen"),
        ("13pm", "brewlog: error: invalid value '13pm' for '--date': no such time: hours run 1–12 with am or pm\nhint: use now"),
    ])
    func refusals(text: String, message: String) {
        let sandbox = Sandbox()
        let result = sandbox.run(["add", "--date", text])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == nil)
    }

    @Test("a moment export printed, fractional seconds and all, is read back exactly by --since and --until")
    func exportRoundTrip() throws {
        let sandbox = Sandbox(now: "2026-11-29T09:15:00.654321+01:00")
        let earlier = sandbox.add(["--date", "2026-11-29T09:15:00.65432+01:00"])
        let exact = sandbox.add()
        let later = sandbox.add(["--date", "2026-11-29 09:15:00.654321"]) // the same moment typed on the local clock
        let exported = sandbox.ok(["export", "--format", "jsonl"]).split(separator: "\n")
        let line = try #require(exported.first { $0.contains(exact) })
        let date = try #require(line.split(separator: "\"").drop { $0 != "date" }.dropFirst(2).first)
        #expect(date == "2026-11-29T09:15:00.654321+01:00")
        let since = Set(sandbox.ok(["list", "-q", "--since", String(date)]).split(separator: "\n").map(String.init))
        #expect(since == [exact, later])
        let until = Set(sandbox.ok(["list", "-q", "--until", String(date).replacingOccurrences(of: "T", with: " ")]).split(separator: "\n").map(String.init))
        #expect(until == [earlier, exact, later])
        let before = sandbox.ok(["list", "-q", "--until", "2026-11-29T08:15:00.654320Z"])
        #expect(before == earlier + "\n")
    }

    @Test("a local time in Berlin's spring gap is recorded an hour later, with the summer offset in force then")
    func springGap() {
        let sandbox = Sandbox(now: "2026-03-29T12:00:00+02:00")
        let json = sandbox.ok(["add", "--json", "--date", "2:30am"])
        #expect(json.contains(#""date":"2026-03-29T03:30:00+02:00""#), "\(json)")
    }

    @Test("a POSIX TZ rule read by the C library places a weekday and time in its offset")
    func posixRule() {
        let sandbox = Sandbox(now: "2026-11-29T09:15:00+01:00", timeZone: "JST-9")
        let json = sandbox.ok(["add", "--json", "--date", "fri 8:30pm"])
        #expect(json.contains(#""date":"2026-11-27T20:30:00+09:00""#), "\(json)")
    }
}
