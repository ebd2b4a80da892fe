import Foundation
import Testing
import BrewLogTestSupport

/// Output that gives brews as JSON gives each as its journal line, byte for byte; only an edit of
/// a brew rewrites its line, in canonical form.
@Suite("show --json, list --json and export print each brew's journal line exactly")
struct ExactJournalLinesTests {
    static let lines = [
        #"{"id":"q1q1q1q1", "date":"2026-11-20T08:00:00Z","coffee":"","method":"","grind":"","rating":3,"x":[1, 2]}"#,
        #"{"date":"2026-11-21T08:00:00-00:00","id":"q2q2q2q2","notes":"n","tags":[ "a" ]}"#,
        #"{"id":"q3q3q3q3","date":"2026-11-22T08:00:00.250+05:30","notes":"caf\u00e9"}"#,
    ]
    static let journal = lines.joined(separator: "\n") + "\n"

    @Test("each format prints the lines as the journal holds them", arguments: [
        (["export"], journal),
        (["export", "--format", "jsonl"], journal),
        (["export", "--format", "json"], "[" + lines.joined(separator: ",\n") + "]\n"),
        (["list", "--json"], "[" + lines.joined(separator: ",\n") + "]\n"),
        (["show", "q1q1", "--json"], lines[0] + "\n"),
        (["show", "q2q2", "--json"], lines[1] + "\n"),
        (["show", "last", "--json"], lines[2] + "\n"),
    ])
    func exact(arguments: [String], expected: String) {
        let sandbox = Sandbox(journal: Self.journal)
        let result = sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == expected)
    }

    @Test("a journal written with CRLF line ends prints its lines without the CR")
    func crlf() {
        let sandbox = Sandbox(journal: Self.lines.joined(separator: "\r\n") + "\r\n")
        #expect(sandbox.ok(["export"]) == Self.journal)
    }

    @Test("an edited brew is printed in canonical form, the others as they were")
    func edited() {
        let sandbox = Sandbox(journal: Self.journal)
        sandbox.ok(["edit", "q1q1", "--rating", "4"])
        let canonical = #"{"id":"q1q1q1q1","date":"2026-11-20T08:00:00+00:00","rating":4,"notes":"","x":[1, 2]}"#
        #expect(sandbox.journalLines == [canonical, Self.lines[1], Self.lines[2]])
        #expect(sandbox.ok(["export"]) == ([canonical] + Self.lines.dropFirst()).joined(separator: "\n") + "\n")
        #expect(sandbox.ok(["show", "q1q1", "--json"]) == canonical + "\n")
    }

    @Test("an edit that changes nothing leaves the line as it was")
    func unchangedEdit() {
        let sandbox = Sandbox(journal: Self.journal)
        sandbox.ok(["edit", "q1q1", "--rating", "3"])
        #expect(sandbox.journal == Self.journal)
        #expect(sandbox.ok(["show", "q1q1", "--json"]) == Self.lines[0] + "\n")
    }
}

@Suite("an edit keeps unknown keys byte for byte, their names as spelled too")
struct UnknownKeySpellingTests {
    @Test("escaped key names survive an edit of a brew and of a bag")
    func keptSpelling() {
        let brew = #"{"id":"k1k1k1k1","date":"2026-11-20T08:00:00Z","notes":"","u\u00e9":1,"d\u007f":"x","plain":[1, 2]}"#
        let bag = #"{"id":"k2k2k2k2","kind":"bean","name":"K","\u0041x":true}"#
        let sandbox = Sandbox(journal: brew + "\n" + bag + "\n")
        sandbox.ok(["edit", "k1k1", "--rating", "4"])
        sandbox.ok(["bean", "edit", "K", "--roaster", "R"])
        #expect(sandbox.journalLines.first?.hasSuffix(#""notes":"","u\u00e9":1,"d\u007f":"x","plain":[1, 2]}"#) == true, "\(sandbox.journal ?? "")")
        #expect(sandbox.journalLines.last?.hasSuffix(#""roaster":"R","\u0041x":true}"#) == true, "\(sandbox.journal ?? "")")
    }
}
