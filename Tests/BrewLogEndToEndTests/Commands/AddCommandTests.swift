import Foundation
import Testing
import BrewLogTestSupport

@Suite("brewlog add")
struct AddCommandTests {
    @Test("records every field with the journal's keys and prints the id and streak")
    func everyField() throws {
        let sandbox = Sandbox()
        let output = sandbox.ok(["add", "--rating", "4", "--notes", "Bright\nblackcurrant", "--method", "V60", "--coffee", "Kenya AA",
                                 "--dose", "15", "--water", "250.5", "--grind", "22 clicks", "--temp", "94", "--time", "2:45",
                                 "--tag", "morning", "--tag", "light"])
        let line = try #require(sandbox.journalLines.first)
        let id = String(line.dropFirst(7).prefix(12))
        #expect(line == #"{"id":"\#(id)","date":"2026-11-29T09:15:00+01:00","rating":4,"notes":"Bright\nblackcurrant","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250.5,"grind":"22 clicks","temp_c":94,"time_s":165,"tags":["morning","light"]}"#)
        #expect(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(output == "Logged \(id) at 09:15: V60. Streak 1 day, longest 1.\n")
    }

    @Test("-q prints only the id; --json prints the brew")
    func quietAndJSON() throws {
        let sandbox = Sandbox()
        let id = sandbox.add(["--rating", "5"])
        #expect(id.count == 12)
        let json = sandbox.ok(["add", "--json", "--method", "espresso"])
        #expect(json.hasPrefix("{\"id\":\""))
        #expect(json.contains("\"method\":\"espresso\""))
        #expect(sandbox.journalLines.count == 2)
    }

    @Test("--date forms record the documented moments", arguments: [
        ("now", "2026-11-29T09:15:00+01:00"),
        ("today", "2026-11-29T09:15:00+01:00"),
        ("yesterday", "2026-11-28T12:00:00+01:00"),
        ("2026-11-01", "2026-11-01T12:00:00+01:00"),
        ("2026-07-01", "2026-07-01T12:00:00+02:00"),
        ("07:30", "2026-11-29T07:30:00+01:00"),
        ("2026-11-20T06:45", "2026-11-20T06:45:00+01:00"),
        ("2026-11-20T06:45:10", "2026-11-20T06:45:10+01:00"),
        ("2026-11-29T00:30+09:00", "2026-11-29T00:30:00+09:00"),
        ("2026-11-28T23:00:00Z", "2026-11-28T23:00:00+00:00"),
    ])
    func dateForms(when: String, recorded: String) {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--date", when])
        #expect(sandbox.journal?.contains("\"date\":\"\(recorded)\"") == true, "\(sandbox.journal ?? "")")
    }

    @Test("--notes - reads standard input")
    func notesFromStandardInput() {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", "-"], stdin: "line one\nline \"two\"\n")
        #expect(sandbox.journal?.contains(#""notes":"line one\nline \"two\"""#) == true)
    }

    @Test("an option that takes a value takes the next argument whatever it looks like")
    func dashValue() {
        let sandbox = Sandbox()
        sandbox.ok(["add", "--notes", "--not-an-option"])
        sandbox.ok(["add", "--notes=--also=this"])
        #expect(sandbox.journal?.contains(#""notes":"--not-an-option""#) == true)
        #expect(sandbox.journal?.contains(#""notes":"--also=this""#) == true)
    }

    @Test("--once-per-day does nothing when the day already has a brew, and says so on standard error (--json says it in JSON)")
    func oncePerDay() throws {
        let sandbox = Sandbox()
        let first = sandbox.add(["--once-per-day"])
        let second = sandbox.run(["add", "--once-per-day"])
        #expect(second.status == 0)
        #expect(second.stdout == "")
        #expect(second.stderr == "2026-11-29 already has a brew (\(first)); nothing added.\n")
        let json = sandbox.run(["add", "--once-per-day", "--json"])
        #expect(json.status == 0 && json.stderr == "")
        let skipped = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(skipped["id"] as? String == first)
        #expect(skipped["skipped"] as? Bool == true)
        #expect((skipped["streak"] as? [String: Any])?["brewed_today"] as? Bool == true)
        let quiet = sandbox.run(["add", "--once-per-day", "-q"])
        #expect(quiet.stdout == "" && quiet.stderr == "")
        let added = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok(["add", "--once-per-day", "--date", "yesterday", "--json"]).utf8)) as? [String: Any])
        #expect(added["skipped"] as? Bool == false)
        #expect((added["streak"] as? [String: Any])?["current"] as? Int == 2)
        #expect(sandbox.journalLines.count == 2)
    }

    @Test("add --json is the brew with its journal keys and the streak in the snake_case shape")
    func addJSON() throws {
        let sandbox = Sandbox()
        let output = sandbox.ok(["add", "--rating", "4", "--method", "V60", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["rating"] as? Int == 4 && object["method"] as? String == "V60")
        #expect(object["skipped"] == nil)
        let streak = try #require(object["streak"] as? [String: Any])
        #expect(Set(streak.keys) == ["current", "longest", "brewed_today", "last_brew_day", "current_start"])
        #expect(streak["current_start"] as? String == "2026-11-29")
    }

    @Test("a local date that differs from UTC's is the brew's day", arguments: [
        ("Pacific/Auckland", "2026-11-29T08:00:00+13:00", "2026-11-29"),
        ("America/Los_Angeles", "2026-11-28T20:00:00-08:00", "2026-11-28"),
    ])
    func localDateDiffersFromUTC(zone: String, now: String, day: String) throws {
        let sandbox = Sandbox(now: now, timeZone: zone)
        let id = sandbox.add()
        #expect(sandbox.journal?.contains("\"date\":\"\(now)\"") == true)
        #expect(sandbox.ok(["list", "--since", day, "--until", day, "-q"]) == id + "\n")
        #expect(sandbox.run(["streak", "--check", "-q"]).status == 0)
    }
}
