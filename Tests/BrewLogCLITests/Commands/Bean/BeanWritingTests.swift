import Foundation
import Testing
import BrewLogTestSupport

@Suite("bean add, edit, finish and rm: what is written, and every bad input refused with nothing written")
struct BeanWritingTests {
    @Test("bean add records a bag opened today (or on --opened), prints its id with -q, and keeps every field")
    func add() throws {
        let sandbox = Sandbox(runner: .inProcess)
        let id = sandbox.ok(["-q", "bean", "add", "Kenya AA", "--roaster", "Square Mile", "--origin", "Nyeri", "--process", "washed",
                             "--roasted", "-9d", "--weight", "250g", "--notes", "jammy", "--tag", "light", "--tag", "gift"])
            .trimmingCharacters(in: .newlines)
        #expect(id.count == 12)
        #expect(sandbox.journalLines == [#"{"id":"\#(id)","kind":"bean","name":"Kenya AA","roaster":"Square Mile","origin":"Nyeri","process":"washed","roasted":"2026-11-20","weight_g":250,"opened":"2026-11-29","notes":"jammy","tags":["light","gift"]}"#])
        let message = sandbox.ok(["bean", "add", "Brazil", "--opened", "yesterday"])
        let second = try #require(sandbox.journalLines.last)
        #expect(second.contains(#""opened":"2026-11-28""#))
        #expect(message.hasPrefix("Added bag ") && message.hasSuffix(": Brazil, opened 2026-11-28.\n"))
    }

    @Test("bean edit changes fields, --unset clears them, --name renames; bean finish closes a bag, which list then leaves out")
    func editAndFinish() {
        let sandbox = Sandbox(runner: .inProcess)
        let id = sandbox.ok(["-q", "bean", "add", "Kenya AA", "--roasted", "2026-11-20", "--weight", "250", "--notes", "x"])
            .trimmingCharacters(in: .newlines)
        sandbox.ok(["bean", "edit", "kenya aa", "--weight", "340", "--unset", "notes", "--unset", "roasted", "--tag", "decaf"])
        #expect(sandbox.journalLines == [#"{"id":"\#(id)","kind":"bean","name":"Kenya AA","weight_g":340,"opened":"2026-11-29","tags":["decaf"]}"#])
        sandbox.ok(["bean", "edit", String(id.prefix(6)), "--name", "Kenya Kiambu"])
        #expect(sandbox.ok(["bean", "finish", "kenya kiambu"]) == "Finished bag \(id) (Kenya Kiambu) on 2026-11-29.\n")
        #expect(sandbox.ok(["bean", "list"]) == "No open bean bags ('brewlog bean list --all' shows finished ones too).\n")
        #expect(sandbox.ok(["bean", "list", "--all"]).contains("2026-11-29"))
        sandbox.ok(["bean", "edit", id, "--unset", "finished"])
        #expect(sandbox.ok(["bean", "list"]).contains("Kenya Kiambu"))
    }

    @Test("rm ID removes a bag, and check counts the bags")
    func remove() {
        let sandbox = Sandbox(journal: BeanCommandTests.journal, runner: .inProcess)
        #expect(sandbox.ok(["check"]).hasSuffix(": 6 brews, 4 bean bags, no problems.\n"))
        #expect(sandbox.ok(["check", "--json"]).contains(#""brews":6,"skip_days":0,"bean_bags":4,"removed":0,"unknown_kinds":0"#))
        #expect(sandbox.ok(["rm", "bag4"]) == "Removed bag4bag4bag4 (bean bag Ethiopia ☕).\n")
        #expect(!(sandbox.journalWithoutTombstones ?? "").contains("bag4bag4bag4"))
        #expect(sandbox.liveJournalLines.count == 9 && sandbox.journalLines.count == 10)
    }

    @Test("a bad bean command is refused with its exit code and writes nothing", arguments: [
        (["bean", "add", "  "], 64, "a bag's name must not be empty"),
        (["bean", "add", "X", "--weight", "0"], 64, "weight must be more than 0 and at most 100000 grams (got 0)"),
        (["bean", "add", "X", "--weight", "100001g"], 64, "weight must be more than 0 and at most 100000 grams (got 100001)"),
        (["bean", "add", "X", "--weight", "lots"], 64, "invalid value 'lots' for '--weight'"),
        (["bean", "add", "X", "--weight", String(repeating: "9", count: 5000)], 64, "weight must be more than 0 and at most 100000 grams (got 9999999999999999999999999999999999999999…)"),
        (["bean", "add", "X", "--roasted", "tomorrow"], 64, "invalid value 'tomorrow' for '--roasted'"),
        (["bean", "add", "X", "--roasted", "7:30"], 64, "'--roasted' takes a day, not a time ('7:30')"),
        (["bean", "add", "X", "--roasted", "2026-12-01"], 64, "a bag cannot be roasted on a day to come (2026-12-01)"),
        (["bean", "add", "X", "--roasted", "2026-11-20", "--opened", "2026-11-19"], 64, "a bag cannot be opened (2026-11-19) before it was roasted (2026-11-20)"),
        (["bean", "add", "X", "--tag", "a,b"], 64, "tag 'a,b' must not contain commas or whitespace"),
        (["bean", "add", "X", "--roaster", ""], 64, "'--roaster' must not be empty"),
        (["bean", "add", "X", "--all"], 64, "'--all' does not go with 'bean add'"),
        (["bean", "add"], 64, "missing <name> for 'bean add'"),
        (["bean", "list", "extra"], 64, "unexpected argument 'extra' for 'bean list'"),
        (["bean", "lsit"], 64, "unknown subcommand 'lsit' for 'bean'"),
        (["bean", "show", "Kenya AA"], 64, "2 open bags are named 'Kenya AA': bag2bag2bag2, bag5bag5bag5"),
        (["bean", "show", "Colombia"], 1, "no bean bag named 'Colombia' or with that id"),
        (["bean", "show", "k1k1"], 1, "no bean bag named 'k1k1' or with that id"),
        (["bean", "finish", "bag2", "2026-11-11"], 64, "a bag cannot be finished (2026-11-11) before it was opened (2026-11-12)"),
        (["bean", "finish", "bag2", "noon"], 64, "<day> takes a day, not a time ('noon')"),
        (["bean", "edit", "bag2", "--unset", "name"], 64, "cannot unset 'name'"),
    ])
    func refused(arguments: [String], status: Int32, message: String) {
        let journal = BeanCommandTests.journal + #"{"id":"bag5bag5bag5","kind":"bean","name":"kenya aa","opened":"2026-11-28"}"# + "\n"
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("brewlog: error: " + message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(sandbox.journal == journal)
    }

    @Test("a bag's tag refuses control characters and bidirectional controls as a brew's does, on add and edit; nothing is written", arguments: [
        "a\u{07}b", "a\u{1B}[2Jb", "tab\tbed", "c1\u{9B}x", "del\u{7F}", "\u{202A}x", "\u{202B}x", "\u{202C}x", "\u{202D}x",
        "rtl\u{202E}gpj.exe", "\u{2066}x", "\u{2067}x", "\u{2068}x", "x\u{2069}",
    ])
    func tagControls(tag: String) {
        let sandbox = Sandbox(journal: #"{"id":"bag1bag1bag1","kind":"bean","name":"Kenya AA"}"# + "\n", runner: .inProcess)
        let before = sandbox.journal
        let brew = sandbox.run(["add", "--tag", tag])
        #expect(brew.status == 64)
        let message = brew.stderr.split(separator: "\n").prefix(2)
        #expect(message.first?.hasPrefix("brewlog: error: the value for '--tag' contains the control character ") == true, "\(brew.stderr)")
        for arguments in [["bean", "add", "Brazil", "--tag", tag], ["bean", "edit", "bag1", "--tag", tag]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").prefix(2) == message, "\(result.stderr)")
        }
        #expect(sandbox.journal == before)
    }

    @Test("a bad bean line in the journal is reported as PATH:LINE and exits 65")
    func badLine() {
        let sandbox = Sandbox(journal: #"{"id":"bag1bag1bag1","kind":"bean","name":"x","weight_g":-5}"# + "\n", runner: .inProcess)
        let result = sandbox.run(["bean", "list"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("journal.jsonl:1: weight must be more than 0 and at most 100000 grams (got -5)"))
    }

    @Test("a name holding control characters, or spaces at an end, is refused; one written by hand is shown escaped", arguments: [
        ["bean", "add", "Evil\u{1B}[2J"], ["bean", "add", " Kenya AA"], ["bean", "add", "Kenya AA "], ["bean", "add", "Ke\nnya"],
    ])
    func controlCharacters(arguments: [String]) {
        let sandbox = Sandbox(journal: #"{"id":"bag1bag1bag1","kind":"bean","name":"Evil\u001b[2J","roaster":"R\u0007"}"# + "\n", runner: .inProcess)
        let before = sandbox.journal
        #expect(sandbox.run(arguments).status == 64)
        #expect(sandbox.run(["bean", "edit", "bag1", "--name", arguments[2]]).status == 64)
        #expect(sandbox.journal == before)
        let list = sandbox.ok(["bean", "list"])
        #expect(list.contains(#"Evil\e[2J"#) && list.contains(#"R\x07"#))
        #expect(!list.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test("export and import carry bags (JSON Lines and JSON, not CSV), merged by id with conflicts named by key")
    func exchange() throws {
        let source = Sandbox(journal: BeanCommandTests.journal, runner: .inProcess)
        #expect(!source.ok(["export", "--format", "csv"]).contains("bag1"))
        #expect(!source.ok(["export", "--coffee", "Brazil Cerrado"]).contains("kind"))
        for format in ["jsonl", "json"] {
            let exported = source.ok(["export", "--format", format])
            #expect(exported.contains(#""id":"bag3bag3bag3","kind":"bean","name":"Brazil Cerrado""#))
            let target = Sandbox(runner: .inProcess)
            let file = target.home + "/in." + format
            _ = FileManager.default.createFile(atPath: file, contents: Data(exported.utf8))
            #expect(target.ok(["import", file, "--json"]).hasPrefix(#"{"added":10,"skipped":0,"replaced":0,"removed":0,"already_removed":0,"conflicts":[],"added_ids":["#))
            #expect(target.ok(["bean", "list", "--all"]) == source.ok(["bean", "list", "--all"]))
            target.ok(["bean", "edit", "bag3", "--weight", "500", "--origin", "Brazil"])
            let again = target.run(["import", file, "--json"])
            #expect(again.status == 1)
            #expect(again.stdout == #"{"added":0,"skipped":9,"replaced":0,"removed":0,"already_removed":0,"conflicts":[{"id":"bag3bag3bag3","fields":["origin","weight_g"]}],"added_ids":[]}"# + "\n")
        }
    }

    @Test("completion offers the bags' names, each once, after a subcommand that names a bag")
    func completion() {
        let sandbox = Sandbox(journal: BeanCommandTests.journal, runner: .inProcess)
        #expect(sandbox.ok(["__complete", "beans"]) == "Brazil Cerrado\nEthiopia ☕\nKenya AA\n")
        #expect(sandbox.ok(["completion", "bash"]).contains("bean) _brewlog_complete"))
    }
}
