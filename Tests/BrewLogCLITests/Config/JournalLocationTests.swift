import Testing
@testable import BrewLogCLI
import BrewLogTestSupport

@Suite("Where the journal is: --file, BREWLOG_FILE, XDG_DATA_HOME, HOME")
struct JournalLocationTests {
    @Test("location precedence: --file, BREWLOG_FILE, XDG_DATA_HOME, HOME", arguments: [
        ("/opt/f.jsonl", ["BREWLOG_FILE": "/b", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/opt/f.jsonl"),
        (nil, ["BREWLOG_FILE": "/b.jsonl", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/b.jsonl"),
        (nil, ["BREWLOG_FILE": "", "XDG_DATA_HOME": "/x/", "HOME": "/h"], "/x/brewlog/journal.jsonl"),
        (nil, ["XDG_DATA_HOME": "relative", "HOME": "/h"], "/h/.local/share/brewlog/journal.jsonl"),
        (nil, ["HOME": "/h"], "/h/.local/share/brewlog/journal.jsonl"),
    ] as [(String?, [String: String], String)])
    func location(option: String?, environment: [String: String], expected: String) throws {
        #expect(try JournalLocation.resolve(fileOption: option, environment: environment) == expected)
    }

    @Test("no location at all is an error")
    func noLocation() {
        #expect(throws: JournalLocation.Unresolved.self) {
            try JournalLocation.resolve(fileOption: nil, environment: ["HOME": ""])
        }
    }
}
