import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

/// The skip records of a journal: each line's day and notes, in journal order.
func skipRecords(_ sandbox: Sandbox) -> [String] {
    sandbox.journalLines.filter { $0.contains(#""kind":"skip""#) }.map { line in
        let day = line.components(separatedBy: #""day":""#).dropFirst().first?.prefix(10) ?? ""
        let notes = line.components(separatedBy: #""notes":""#).dropFirst().first?.prefix { $0 != "\"" } ?? ""
        return notes.isEmpty ? String(day) : "\(day) \(notes)"
    }
}

/// The days from `first` to `last`, both included, as `YYYY-MM-DD`.
func daysFrom(_ first: String, to last: String) -> [String] {
    guard let start = CalendarDay(parsing: first), let end = CalendarDay(parsing: last), start <= end else { return [] }
    return (start.daysSinceEpoch...end.daysSinceEpoch).map { CalendarDay(daysSinceEpoch: $0).description }
}

@Suite("skip and unskip over ranges of days: FROM..TO and periods, at most 366 days, all in one write or nothing")
struct SkipRangeTests {
    @Test("a range across a year end skips each day with the same notes, appended after the journal's bytes in day order")
    func acrossYearEnd() {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let output = sandbox.ok(["skip", "2026-12-28..2027-01-03", "--notes", "holidays"])
        #expect(output == "Skipped 7 days from 2026-12-28 to 2027-01-03: they bridge your streak.\n")
        #expect(skipRecords(sandbox) == daysFrom("2026-12-28", to: "2027-01-03").map { $0 + " holidays" })
        // One append: the old bytes untouched, the new lines after them, none between.
        #expect(sandbox.journal?.hasPrefix(sampleJournal) == true)
        #expect(sandbox.journalLines.count == sampleJournal.split(separator: "\n").count + 7)
    }

    @Test("the ends may be any day WHEN, a moment (its streak day) or a period (its first day, its last)", arguments: [
        ("-3d..today", "2026-11-26", "2026-11-29"), ("mon..yesterday", "2026-11-23", "2026-11-28"),
        ("last sat..2026-12-01", "2026-11-28", "2026-12-01"), ("yesterday 23:40..2026-11-30T08:00+01:00", "2026-11-28", "2026-11-30"),
        ("dec..nov", "2025-12-01", "2026-11-30"), ("2026-11..2026-12", "2026-11-01", "2026-12-31"),
        ("last week", "2026-11-16", "2026-11-22"), ("this week", "2026-11-23", "2026-11-29"), ("2027-02", "2027-02-01", "2027-02-28"),
        ("2 weeks ago .. last mon", "2026-11-15", "2026-11-23"), ("2026-12-24..2026-12-24", "2026-12-24", "2026-12-24"),
    ])
    func ends(text: String, first: String, last: String) {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["skip", text])
        #expect(skipRecords(sandbox) == daysFrom(first, to: last))
        sandbox.ok(["unskip", text])
        #expect(sandbox.liveJournalLines.isEmpty)
    }

    @Test("weeks start on ui.week-start: this week from Sunday is Sunday to Saturday")
    func sundayWeeks() {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.writeConfig("[ui]\nweek-start = sunday\n")
        #expect(sandbox.ok(["skip", "this week"]) == "Skipped 7 days from 2026-11-29 to 2026-12-05: they bridge your streak.\n")
        #expect(sandbox.ok(["unskip", "this week"]) == "Unskipped 7 days from 2026-11-29 to 2026-12-05.\n")
    }

    @Test("with a 04:00 day start, at 02:00 'today' is yesterday's date, at either end of a range as alone")
    func lateDayStart() {
        let sandbox = Sandbox(now: "2026-11-29T02:00:00+01:00", runner: .inProcess)
        sandbox.writeConfig("[streak]\nday-starts = 04:00\n")
        sandbox.ok(["skip", "2026-11-26..today"])
        #expect(skipRecords(sandbox) == daysFrom("2026-11-26", to: "2026-11-28"))
    }

    @Test("a range with days skipped already skips the rest, keeps their notes, says how many, and -q prints every day's id in order")
    func partlySkipped() throws {
        let sandbox = Sandbox(runner: .inProcess)
        sandbox.ok(["skip", "2026-12-24", "--notes", "family"])
        sandbox.ok(["skip", "2026-12-26"])
        let before = try #require(sandbox.journal)
        #expect(sandbox.ok(["skip", "2026-12-23..2026-12-27", "-n", "away"])
                == "Skipped 3 days from 2026-12-23 to 2026-12-27 (2 were skip days already): they bridge your streak.\n")
        #expect(sandbox.journal?.hasPrefix(before) == true)
        #expect(skipRecords(sandbox) == ["2026-12-24 family", "2026-12-26", "2026-12-23 away", "2026-12-25 away", "2026-12-27 away"])
        #expect(sandbox.ok(["skip", "2026-12-23..2026-12-27"]) == "Every day from 2026-12-23 to 2026-12-27 is a skip day already; nothing changed.\n")
        let ids = sandbox.ok(["skip", "-q", "2026-12-22..2026-12-25"]).split(separator: "\n").map(String.init)
        #expect(ids.count == 4)
        let lines = sandbox.journalLines
        for (id, day) in zip(ids, daysFrom("2026-12-22", to: "2026-12-25")) {
            #expect(lines.contains { $0.contains(#"{"id":"\#(id)","kind":"skip","day":"\#(day)""#) }, "\(id) \(day)")
        }
        #expect(sandbox.ok(["skip", "2026-12-22..2026-12-28"]) == "Skipped 1 day from 2026-12-22 to 2026-12-28 (6 were skip days already): they bridge your streak.\n")
    }

    @Test("unskip of a range removes the skip days in it, says how many days were none, and exits 1 only when none was")
    func unskipRange() throws {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        sandbox.ok(["skip", "2026-12-20..2026-12-31", "--notes", "away"])
        sandbox.ok(["skip", "2027-01-05"])
        #expect(sandbox.ok(["unskip", "2026-12-30..2027-01-04"]) == "Unskipped 2 days from 2026-12-30 to 2027-01-04 (4 were not skip days).\n")
        #expect(skipRecords(sandbox) == daysFrom("2026-12-20", to: "2026-12-29").map { $0 + " away" } + ["2027-01-05"])
        let before = try #require(sandbox.journal)
        let none = sandbox.run(["unskip", "2027-01-01..2027-01-04"])
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("brewlog: error: no day from 2027-01-01 to 2027-01-04 is a skip day\n"))
        #expect(none.stdout.isEmpty)
        #expect(sandbox.journal == before)
        #expect(sandbox.run(["unskip", "-q", "dec"]).status == 1, "the latest December on or before November 2026 is 2025's")
        let ids = sandbox.ok(["unskip", "-q", "2026-12"]).split(separator: "\n")
        #expect(ids.count == 10)
        #expect(sandbox.ok(["unskip", "2027-01-05..2027-01-05"]).hasPrefix("Unskipped 2027-01-05 ("))
        #expect(sandbox.journalWithoutTombstones == sampleJournal)
    }

    @Test("366 days are one range (a leap year); 367 are refused", arguments: [
        ("2028-01-01..2028-12-31", true), ("2027-01-01..2028-01-01", true), ("2028-01-01..2029-01-01", false), ("2026-01-01..2027-01-02", false),
    ])
    func longest(text: String, accepted: Bool) {
        let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
        let result = sandbox.run(["skip", text])
        if accepted {
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("Skipped 366 days from "), "\(result.stdout)")
            #expect(skipRecords(sandbox).count == 366)
            #expect(sandbox.ok(["unskip", text]).hasPrefix("Unskipped 366 days from "))
            #expect(sandbox.journalWithoutTombstones == sampleJournal)
        } else {
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("brewlog: error: the range '\(text)' has 367 days, from "), "\(result.stderr)")
            #expect(result.stderr.contains("; at most 366 at once\nhint: split it into ranges of a year or less\n"))
            #expect(sandbox.journal == sampleJournal)
        }
    }

    @Test("a refused range leaves the journal byte for byte as it was, for skip and unskip alike", arguments: [
        ("2026-12-31..2026-12-01", "the range '2026-12-31..2026-12-01' starts after it ends (2026-12-31 is after 2026-12-01)\nhint: give the earlier day first: 2026-12-01..2026-12-31"),
        ("nov..dec", "the range 'nov..dec' starts after it ends (2026-11-01 is after 2025-12-31)"),
        ("2026-12-01..", "invalid range '2026-12-01..': give a day on each side of '..'"),
        ("..2026-12-01", "invalid range '..2026-12-01': give a day on each side of '..'"),
        ("  ..  ", "invalid range '  ..  ': give a day on each side of '..'"),
        ("2026-12-01..someday", "invalid day 'someday': not a date or time BrewLog reads\nhint: use today, yesterday, mon, last mon"),
        ("2026-12-01..2026-12-05..2026-12-09", "invalid day '2026-12-05..2026-12-09': not a date or time BrewLog reads"),
        ("2026-02-30..2026-03-02", "invalid day '2026-02-30': no such date"),
        ("2026-13", "invalid day '2026-13': no such date"),
        ("0001-01-01..9999-12-31", "the range '0001-01-01..9999-12-31' has 3652059 days"),
    ])
    func refusals(text: String, message: String) throws {
        for command in ["skip", "unskip"] {
            let sandbox = Sandbox(journal: sampleJournal, runner: .inProcess)
            sandbox.ok(["skip", "2026-12-03"])
            let before = try #require(sandbox.journal)
            let result = sandbox.run([command, text])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("brewlog: error: " + message), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(sandbox.journal == before)
        }
    }

    @Test("a refused range on a fresh HOME creates no journal")
    func noJournalOnRefusal() {
        let sandbox = Sandbox(runner: .inProcess)
        #expect(sandbox.run(["skip", "2026-12-31..2026-12-01"]).status == 64)
        #expect(sandbox.journal == nil)
    }

    @Test("days to come can be skipped as a range, as one day can")
    func daysToCome() {
        let sandbox = Sandbox(runner: .inProcess)
        #expect(sandbox.ok(["skip", "2027-07-01..2027-07-14", "-n", "trip"]) == "Skipped 14 days from 2027-07-01 to 2027-07-14: they bridge your streak.\n")
        #expect(skipRecords(sandbox).first == "2027-07-01 trip")
        #expect(sandbox.ok(["streak", "--json"]).hasPrefix(#"{"current":0,"longest":0,"#), "a skip day to come bridges nothing yet")
    }
}
