import BrewLogCore
@testable import BrewLogCLI
import Testing
import BrewLogTestSupport

@Suite("The loaded configuration's typed values")
struct ConfigurationValuesTests {
    private func configuration(_ text: String) throws -> Configuration {
        Configuration(path: "/c/config", document: try ConfigParser.parse(Array(text.utf8)), loadError: nil, commandNames: Commands.names)
    }

    @Test("add defaults and recipes read as the options would")
    func brewDefaults() throws {
        let config = try configuration("""
            [add]
            \tmethod = V60
            \tdose = 15.5g
            \twater = 250
            \tyield = 36
            \ttemp = 94C
            \ttime = 2:45
            \ttags = morning, home
            [recipe "Morning"]
            \tdose = 18
            \ttags =
            [recipe "morning"]
            \tgrind = fine
            """)
        #expect(config.addDefaults == values([.method: .text("V60"), .dose: .number(15.5), .water: .number(250), .yield: .number(36),
                                              .temperature: .number(94), .brewTime: .integer(165), .tags: .tags(["morning", "home"])]))
        #expect(config.recipe("Morning") == values([.dose: .number(18), .tags: .tags([])]))
        #expect(config.recipe("morning") == values([.grind: .text("fine")]))
        #expect(config.recipe("MORNING") == nil)
        #expect(config.recipeNames == ["Morning", "morning"])
        #expect(config.problems.isEmpty && config.warnings.isEmpty)
    }

    @Test("ui and streak values")
    func uiAndStreak() throws {
        let config = try configuration("""
            [ui]
            \tcolor = always
            \tpager =
            \tweek-start = sunday
            \tlist-columns = date, rating ,notes
            [streak]
            \tday-starts = 4:30
            \trest-days = SUN,sat
            \tweekly-target = 5
            """)
        #expect(config.color == "always")
        #expect(config.pager == "")
        #expect(config.weekStart == .sunday)
        #expect(config.listColumns == ["date", "rating", "notes"])
        #expect(config.streakDayStarts == 270)
        #expect(config.streakRestDays == [.saturday, .sunday])
        #expect(config.streakWeeklyTarget == 5)
    }

    @Test("the defaults when nothing is set")
    func defaults() throws {
        let config = try configuration("")
        #expect(config.addDefaults == BrewFieldValues())
        #expect(config.color == nil && config.pager == nil && config.weekStart == nil && config.listColumns == nil)
        #expect(config.streakDayStarts == nil && config.streakRestDays.isEmpty && config.streakWeeklyTarget == nil)
        #expect(try config.journalFile(environment: ["HOME": "/h"]) == nil)
    }

    @Test("journal.file: ~/ is HOME, a relative path is beside the config file, an absolute one is kept", arguments: [
        ("~/j.jsonl", "/home/me/j.jsonl"), ("j.jsonl", "/c/j.jsonl"), ("sub/j.jsonl", "/c/sub/j.jsonl"), ("/abs/j.jsonl", "/abs/j.jsonl"),
    ])
    func journalFile(value: String, expected: String) throws {
        let config = try configuration("[journal]\nfile = \(value)\n")
        #expect(try config.journalFile(environment: ["HOME": "/home/me/"]) == expected)
    }

    @Test("journal.file with ~/ and no absolute HOME is a configuration error")
    func journalFileWithoutHome() throws {
        let config = try configuration("[journal]\nfile = ~/j.jsonl\n")
        #expect(throws: CLIError.self) { try config.journalFile(environment: ["HOME": "relative"]) }
    }

    @Test("bad values are problems with their line; the good ones still read")
    func problems() throws {
        let config = try configuration("[ui]\ncolor = never\nweek-start = friday\n[add]\ndose\n")
        #expect(config.problems.count == 2)
        #expect(config.color == "never")
        #expect(config.weekStart == nil)
        guard case let .badValue(_, line, key, _, _)? = config.problems.first else {
            Issue.record("expected a bad value")
            return
        }
        #expect(line == 3 && key == "ui.week-start")
    }
}

@Suite("journal.file in the journal's location order")
struct ConfiguredJournalLocationTests {
    @Test("--file, then BREWLOG_FILE, then journal.file, then XDG_DATA_HOME and HOME", arguments: [
        ("/f.jsonl", ["BREWLOG_FILE": "/b.jsonl", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/f.jsonl"),
        (nil, ["BREWLOG_FILE": "/b.jsonl", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/b.jsonl"),
        (nil, ["BREWLOG_FILE": "", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/c.jsonl"),
        (nil, ["HOME": "/h"], "/c.jsonl"),
    ] as [(String?, [String: String], String)])
    func order(option: String?, environment: [String: String], expected: String) throws {
        #expect(try JournalLocation.resolve(fileOption: option, environment: environment, configured: "/c.jsonl") == expected)
    }
}

/// A partial record with `fields` set.
private func values(_ fields: [BrewField: FieldValue]) -> BrewFieldValues {
    var values = BrewFieldValues()
    for (field, value) in fields { values[field] = value }
    return values
}
