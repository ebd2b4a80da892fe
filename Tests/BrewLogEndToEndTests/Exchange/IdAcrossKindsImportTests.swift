import Foundation
import Testing
import BrewLogTestSupport

@Suite("import never reuses an id a record of another kind holds")
struct IdAcrossKindsImportTests {
    private let journal = [
        #"{"id":"brew00000001","date":"2026-11-27T08:00:00+01:00","notes":""}"#,
        #"{"id":"skip00000001","kind":"skip","day":"2026-11-26"}"#,
        #"{"id":"unk1","kind":"reminder","at":"07:00"}"#,
    ].joined(separator: "\n") + "\n"

    @Test("a brew whose id is a skip day's or an unknown kind's is a conflict no --prefer settles: exit 1, nothing written, the journal still valid", arguments: [
        (#"{"id":"skip00000001","date":"2026-11-24T08:00:00+01:00","notes":"x"}"#, [String]()),
        (#"{"id":"unk1","date":"2026-11-24T08:00:00+01:00","notes":"x"}"#, []),
        (#"{"id":"unk1","kind":"skip","day":"2026-11-20"}"#, []),
        (#"{"id":"brew00000001","kind":"skip","day":"2026-11-20"}"#, ["--prefer", "incoming"]),
        (#"{"id":"unk1","date":"2026-11-24T08:00:00+01:00","notes":"x"}"#, ["--prefer", "incoming"]),
    ])
    func collision(line: String, flags: [String]) {
        let sandbox = Sandbox(journal: journal)
        let result = sandbox.run(["import", "-", "--json"] + flags, stdin: line + "\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(#""added":0"#) && result.stdout.contains(#""fields":["kind"]"#), "\(result.stdout)")
        #expect(sandbox.journal == journal)
        #expect(sandbox.run(["check"]).status == 0)
    }

    @Test("an id held by another kind is refused after an incoming record that matched by id, in every format", arguments: [
        ("jsonl", #"{"id":"brew00000001","date":"2026-11-27T08:00:00+01:00","notes":""}"# + "\n" + #"{"id":"unk1","date":"2026-11-24T08:00:00+01:00","notes":"x"}"# + "\n", [String]()),
        ("jsonl", #"{"id":"brew00000001","date":"2026-11-27T08:00:00+01:00","notes":"changed"}"# + "\n" + #"{"id":"unk1","date":"2026-11-24T08:00:00+01:00","notes":"x"}"# + "\n", []),
        ("jsonl", #"{"id":"brew00000001","date":"2026-11-27T08:00:00+01:00","notes":""}"# + "\n" + #"{"id":"unk1","kind":"bean","name":"K"}"# + "\n", []),
        ("jsonl", #"{"id":"brew00000001","date":"2026-11-27T08:00:00+01:00","notes":"changed"}"# + "\n" + #"{"id":"skip00000001","date":"2026-11-24T08:00:00+01:00"}"# + "\n", ["--prefer", "incoming"]),
        ("csv", "id,date,notes\nbrew00000001,2026-11-27T08:00:00+01:00,\nunk1,2026-11-24T08:00:00+01:00,x\n", []),
    ])
    func collisionAfterMatch(format: String, file: String, flags: [String]) {
        let sandbox = Sandbox(journal: journal)
        let result = sandbox.run(["import", "-", "--format", format] + flags, stdin: file)
        #expect(result.status == 1, "\(result)")
        if flags.isEmpty { #expect(sandbox.journal == journal) }
        #expect(sandbox.journalLines.count == 3, "\(sandbox.journal ?? "")")
        #expect(sandbox.run(["check"]).status == 0)
    }

    @Test("a conflict no --prefer settles exits 1 with either --prefer: a bag against a skip day, a skip day moved onto another's day", arguments: [
        (#"{"id":"skip00000001","kind":"bean","name":"K"}"#, "existing"),
        (#"{"id":"skip00000001","kind":"bean","name":"K"}"#, "incoming"),
        (#"{"id":"skip00000001","kind":"skip","day":"2026-11-27"}"# + "\n" + #"{"id":"skip00000002","kind":"skip","day":"2026-11-27"}"#, "incoming"),
    ])
    func unsettled(file: String, prefer: String) {
        let sandbox = Sandbox(journal: journal)
        _ = sandbox.ok(["import", "-", "--prefer", "incoming"], stdin: #"{"id":"skip00000002","kind":"skip","day":"2026-11-28"}"# + "\n")
        let before = sandbox.journal
        let result = sandbox.run(["import", "-", "--prefer", prefer, "--json"], stdin: file + "\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(#""replaced":0"#), "\(result.stdout)")
        #expect(sandbox.journal == before)
    }

    @Test("skip days that trade days with --prefer incoming are both taken, in either order of the file")
    func tradedDays() {
        let sandbox = Sandbox(journal: journal)
        _ = sandbox.ok(["import", "-"], stdin: #"{"id":"skip00000002","kind":"skip","day":"2026-11-25"}"# + "\n")
        let result = sandbox.run(["import", "-", "--prefer", "incoming", "--json"],
                                 stdin: #"{"id":"skip00000001","kind":"skip","day":"2026-11-25"}"# + "\n" + #"{"id":"skip00000002","kind":"skip","day":"2026-11-26"}"# + "\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""replaced":2"#))
        #expect(sandbox.run(["check"]).status == 0)
    }

    @Test("import --prefer incoming keeps a bag's own unknown keys, as it keeps a brew's")
    func bagKeepsUnknownKeys() {
        let bag = #"{"id":"bagbagbag001","kind":"bean","name":"K","weight_g":250,"mine":"precious"}"#
        let sandbox = Sandbox(journal: bag + "\n")
        sandbox.ok(["import", "-", "--prefer", "incoming"], stdin: #"{"id":"bagbagbag001","kind":"bean","name":"K","weight_g":300}"# + "\n")
        #expect(sandbox.journal?.contains(#""weight_g":300"#) == true)
        #expect(sandbox.journal?.contains(#""mine":"precious""#) == true, "\(sandbox.journal ?? "")")
    }
}
