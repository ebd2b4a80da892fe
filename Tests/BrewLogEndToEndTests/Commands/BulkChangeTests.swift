import BrewLogTestSupport
import Foundation
import Testing

@Suite("edit and rm take several ids, and '-' reads them from standard input: one write, all or nothing")
struct BulkChangeTests {
    /// `sampleJournal`'s brews: aaaa00000001 (V60, morning), bbbb00000002 (AeroPress),
    /// bbbb00000004 (v60, evening, decaf), cccc00000003 (Espresso).
    private func sandbox() -> Sandbox {
        Sandbox(journal: sampleJournal)
    }

    @Test("list -q piped into edit - untags every brew it lists, and each is reported")
    func pipeline() {
        let sandbox = self.sandbox()
        sandbox.ok(["edit", "bbbb00000004", "--tag", "morning"])
        let result = sandbox.shell(#""$B" list -q --tag morning | "$B" edit - --untag morning"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Updated aaaa00000001: tags.\nUpdated bbbb00000004: tags.\n")
        #expect(!(sandbox.journal ?? "").contains(#""morning""#))
    }

    @Test("several ids on the command line, a prefix and last among them; one named twice is changed once", arguments: [
        (["edit", "aaaa", "last", "cccc00000003", "-r", "2"], "Updated aaaa00000001: rating.\nUpdated cccc00000003: rating.\n"),
        (["edit", "last:v60", "last:V60~1", "--tag", "x", "-q"], "bbbb00000004\naaaa00000001\n"),
    ])
    func severalArguments(arguments: [String], expected: String) {
        let sandbox = self.sandbox()
        #expect(sandbox.ok(arguments) == expected)
    }

    @Test("a bad id, or a change one brew refuses, anywhere among them changes nothing", arguments: [
        (#""$B" edit aaaa00000001 nope cccc00000003 -r 2"#, Int32(1), "brewlog: error: no brew with id 'nope'\n"),
        (#"printf 'aaaa00000001\nnope\ncccc00000003\n' | "$B" edit - -r 2"#, 1, "brewlog: error: no brew with id 'nope'\n"),
        (#"printf 'aaaa00000001\nbbbb00000002\n' | "$B" edit - --untag morning"#, 64, "brewlog: error: brew bbbb00000002 has no tag 'morning'\n"),
        (#"printf 'aaaa00000001\nbbbb\n' | "$B" rm -"#, 64, "brewlog: error: id prefix 'bbbb' matches 2 brews"),
        (#"printf 'aaaa00000001\nzzzz9\n' | "$B" rm -"#, 1, "brewlog: error: no brew, skip day or bean bag with id 'zzzz9'\n"),
    ])
    func allOrNothing(script: String, status: Int32, message: String) {
        let sandbox = self.sandbox()
        let result = sandbox.shell(script)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("standard input that is closed, empty, or read twice is refused and nothing changes", arguments: [
        (#""$B" edit - -r 2 <&-"#, Int32(66), "brewlog: error: cannot read standard input: it is closed\n"),
        (#""$B" rm - <&-"#, 66, "brewlog: error: cannot read standard input: it is closed\n"),
        (#"printf '\n  \n' | "$B" edit - -r 2"#, 64, "brewlog: error: standard input holds no ids\n"),
        (#""$B" rm - < /dev/null"#, 64, "brewlog: error: standard input holds no ids\n"),
        (#"printf 'last\n' | "$B" edit - - -r 2"#, 64, "brewlog: error: '-' is given twice\n"),
        (#"printf 'last\n' | "$B" edit - --notes -"#, 64, "brewlog: error: '-' among the ids and '--notes -' or '--append-notes -' cannot both read standard input\n"),
        (#"printf '\377\n' | "$B" rm -"#, 65, "brewlog: error: standard input is not valid UTF-8\n"),
    ])
    func badInput(script: String, status: Int32, message: String) {
        let sandbox = self.sandbox()
        let result = sandbox.shell(script)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("--editor and --date change one brew only", arguments: [
        ["edit", "aaaa00000001", "cccc00000003", "--date", "yesterday 8:00"],
        ["edit", "aaaa00000001", "cccc00000003", "--editor"],
    ])
    func oneBrewOnly(arguments: [String]) {
        let sandbox = self.sandbox()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("rm - removes the brews, skip days and bags named on standard input, in one write")
    func removeFromInput() {
        let sandbox = self.sandbox()
        let result = sandbox.shell(#"printf 'aaaa00000001\r\n  cccc00000003  \n\naaaa00000001\n' | "$B" rm - -q"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "aaaa00000001\ncccc00000003\n")
        #expect(sandbox.liveJournalLines.count == 2 && sandbox.journalLines.count == 4)
    }

    /// A journal of `count` lines: brews to change (rating 1), and every fourth line one to leave
    /// alone, spelled as another tool would write it (spaces, a key BrewLog does not know).
    private func largeJournal(_ count: Int) -> (text: String, named: [String], lines: [String]) {
        var lines: [String] = [], named: [String] = []
        for index in 0..<count {
            let id = String(format: "%012x", 0xabc000000000 + index)
            if index % 4 == 3 {
                lines.append(#"{ "id": "\#(id)", "date": "2026-11-20T08:00:00+01:00", "rating": 1, "x-from": "elsewhere" }"#)
            } else {
                lines.append(#"{"id":"\#(id)","date":"2026-11-20T08:00:00+01:00","rating":1,"notes":""}"#)
                named.append(id)
            }
        }
        return (lines.joined(separator: "\n") + "\n", named, lines)
    }

    @Test("edit - of thousands of ids changes exactly those brews, in one write, and leaves every other line in order byte for byte")
    func largeEdit() {
        let sandbox = Sandbox()
        let journal = largeJournal(4_000)
        sandbox.writeJournal(journal.text)
        // Shuffled, with repeats: the order and repeats of the ids must not matter.
        var generator = SeededRandomGenerator(seed: 7)
        let ids = (journal.named + journal.named.prefix(100)).shuffled(using: &generator)
        let result = sandbox.run(["edit", "-", "-r", "3", "-q"], stdin: ids.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        var seen: Set<String> = []
        #expect(result.stdout == ids.filter { seen.insert($0).inserted }.map { $0 + "\n" }.joined())
        let expected = journal.lines.map { $0.contains(#""x-from""#) ? $0 : $0.replacingOccurrences(of: #""rating":1"#, with: #""rating":3"#) }
        #expect(sandbox.journalLines == expected)
    }

    @Test("rm - of thousands of ids removes exactly those records and keeps every other line in order byte for byte")
    func largeRemove() {
        let sandbox = Sandbox()
        let journal = largeJournal(4_000)
        let skips = (1...20).map { #"{"id":"skip\#(String(format: "%08d", $0))","kind":"skip","day":"2025-01-\#(String(format: "%02d", $0))"}"# }
        sandbox.writeJournal(journal.text + skips.joined(separator: "\n") + "\n")
        var generator = SeededRandomGenerator(seed: 11)
        let doomed = (journal.named + skips.prefix(10).map { String($0.dropFirst(7).prefix(12)) }).shuffled(using: &generator)
        let result = sandbox.run(["rm", "-", "-q"], stdin: doomed.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == doomed.map { $0 + "\n" }.joined())
        let kept = journal.lines.filter { $0.contains(#""x-from""#) } + skips.suffix(10)
        #expect(sandbox.journalLines.filter { !$0.contains(#""kind":"removed""#) } == kept)
    }
}
