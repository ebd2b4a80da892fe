import Foundation
import Testing
import BrewLogTestSupport

@Suite("import --from: Beanconqueror, jrnl and Loop exports through the binary")
struct ForeignImportTests {
    private func write(_ sandbox: Sandbox, _ name: String, _ bytes: [UInt8]) -> String {
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    private func write(_ sandbox: Sandbox, _ name: String, _ text: String) -> String {
        write(sandbox, name, Array(text.utf8))
    }

    @Test("a Beanconqueror export imports its bags and brews once; imported again it adds nothing")
    func beanconqueror() {
        let sandbox = Sandbox()
        let file = write(sandbox, "Beanconqueror.json", ForeignExportFixtures.beanconqueror)
        #expect(sandbox.ok(["import", "--from", "beanconqueror", file]) == "Imported 5 new records, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", "--from", "beanconqueror", file]) == "Imported 0 new records, skipped 5 already present.\n")
        let bags = sandbox.ok(["bean", "list", "--all", "--json"])
        #expect(bags.contains(#""name":"Ethiopia Guji""#) && bags.contains(#""name":"Kenya AA""#), "\(bags)")
        let brews = sandbox.ok(["list", "--columns", "date,rating,method,coffee,bean_name", "--json"])
        #expect(brews.contains(#""rating":4"#) && brews.contains(#""bean_name":"Ethiopia Guji""#), "\(brews)")
        #expect(sandbox.ok(["show", "last", "--json"]).contains(#""beanconqueror_method_of_preparation""#))
    }

    @Test("the export's zip given directly is a data error (65) saying how to unzip it, and writes nothing")
    func zip() {
        let sandbox = Sandbox()
        let file = write(sandbox, "Beanconqueror.zip", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00])
        let result = sandbox.run(["import", "--from", "beanconqueror", file])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("is a zip archive"))
        #expect(result.stderr.contains("unzip -d beanconqueror"))
        #expect(sandbox.journal == nil)
    }

    @Test("a jrnl export imports its brews once, from a file or standard input; the method tag is the method")
    func jrnl() {
        let sandbox = Sandbox()
        let file = write(sandbox, "jrnl.json", ForeignExportFixtures.jrnl)
        #expect(sandbox.ok(["import", "--from", "jrnl", file, "--method-tag", "v60"]) == "Imported 1 new brew, skipped 0 already present.\n")
        // The journal has a V60 now: the tag names the method without --method-tag.
        #expect(sandbox.ok(["import", "--from", "jrnl", "-"], stdin: ForeignExportFixtures.jrnl) == "Imported 0 new brews, skipped 1 already present.\n")
        #expect(sandbox.ok(["list", "--columns", "date,method,tags", "--json"]).contains(#""date":"2026-11-20T07:30:00+01:00","method":"v60","tags":["kenya","starred"]"#))
    }

    @Test("a Loop export with several habits needs --habit (64); with it, done days are brews and skipped days skip days, once")
    func loop() {
        let sandbox = Sandbox()
        let file = write(sandbox, "Checkmarks.csv", ForeignExportFixtures.loop)
        let unnamed = sandbox.run(["import", "--from", "loop", file])
        #expect(unnamed.status == 64, "\(unnamed)")
        #expect(unnamed.stderr.contains("has 2 habits: pass --habit NAME"))
        #expect(unnamed.stderr.contains("pass one of: --habit Coffee, --habit Walk"))
        #expect(sandbox.ok(["import", "--from", "loop", "--habit", "coffee", file]) == "Imported 3 new records, skipped 0 already present.\n")
        #expect(sandbox.ok(["import", "--from", "loop", "--habit", "Coffee", file]) == "Imported 0 new records, skipped 3 already present.\n")
        #expect(sandbox.ok(["list", "--columns", "date", "-q", "--json"]).contains("2026-11-22T12:00:00+01:00"))
    }

    @Test("a malformed export lists where and what, exits 65, and leaves the journal as it was", arguments: [
        ("beanconqueror", #"{"BREWS":[{"config":{"uuid":"x","unix_timestamp":1795362000},"grind_weight":"lots"}]}"#, #"bad.json: BREWS[0]: "grind_weight" is a string, not a number"#),
        ("jrnl", "{\n  \"entries\": [\n    {\"title\": \"A.\", \"date\": \"2026-11-20\"}\n  ]\n}", #"bad.json:3: entries[0]: "time" must be HH:MM, got nothing"#),
        ("loop", "Date,Coffee,\n2026-11-22,YES_MANUAL,\n2026-11-21,1500,\n", "bad.json:3: \"1500\" in column \"Coffee\" is not a yes/no day"),
    ])
    func malformed(tool: String, text: String, expected: String) {
        let sandbox = Sandbox()
        _ = sandbox.add(["-m", "V60"])
        let before = sandbox.journal
        let result = sandbox.run(["import", "--from", tool, write(sandbox, "bad.json", text)])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(sandbox.home + "/" + expected), "\(result.stderr)")
        #expect(result.stderr.contains("nothing imported"))
        #expect(sandbox.journal == before)
    }

    @Test("--dry-run changes nothing, --json reports the counts, and a missing file exits 66")
    func options() {
        let sandbox = Sandbox()
        let file = write(sandbox, "jrnl.json", ForeignExportFixtures.jrnl)
        #expect(sandbox.ok(["import", "--from", "jrnl", "--dry-run", "--tag", "v60", file]) == "Would import 1 new brew, skipped 0 already present.\n")
        #expect(sandbox.journal == nil)
        #expect(sandbox.ok(["import", "--from", "jrnl", "--json", "--method-tag", "@v60", file]) == #"{"added":1,"skipped":0,"replaced":0,"removed":0,"already_removed":0,"conflicts":[],"added_ids":["376b26600591"]}"# + "\n")
        #expect(sandbox.run(["import", "--from", "jrnl", sandbox.home + "/none.json"]).status == 66)
        #expect(sandbox.run(["import", "--from", "word", file]).status == 64)
        #expect(sandbox.run(["import", "--from", "jrnl", "--format", "json", file]).status == 64)
        #expect(sandbox.run(["import", "--habit", "Coffee", file]).status == 64)
    }
}
