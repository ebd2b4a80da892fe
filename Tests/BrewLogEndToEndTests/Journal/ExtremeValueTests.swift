import Foundation
import Testing
import BrewLogCore
import BrewLogTestSupport

/// One typed FIELDS value and what `add` must do with it: store it (the JSON it shows) or refuse it.
struct TypedValue: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    /// For an accepted value, text `show --json` holds; for a refused one, text on standard error.
    let expected: String
    let accepted: Bool
    var testDescription: String { String(arguments.joined(separator: " ").prefix(60)) + (accepted ? " is stored" : " is refused") }
}

/// A journal line at 07:00 of `day` (2026-11-DD, +01:00) with `fields` after the notes.
private func brewLine(id: String, day: Int, _ fields: String) -> String {
    let date = "2026-11-" + (day < 10 ? "0\(day)" : "\(day)") + "T07:00:00+01:00"
    return #"{"id":"\#(id)","date":"\#(date)","notes":"n""# + (fields.isEmpty ? "" : ",") + fields + "}"
}

/// Whether a run ended on a trap or a signal instead of an exit status of its own.
private func crashed(_ result: RunResult) -> Bool {
    result.status >= 128 || result.status < 0 || result.stderr.contains("Fatal error")
}

@Suite("Extreme values: typed, read and summed, never a trap")
struct ExtremeValueTests {
    static let hugeNumber = String(repeating: "9", count: 100_000)

    static let typed: [TypedValue] = [
        TypedValue(arguments: ["--time", "9223372036854775807"], expected: "brew time must be 1...86400 seconds (got 9223372036854775807)", accepted: false),
        TypedValue(arguments: ["--time", "99999999999999999999"], expected: "brew time must be 1...86400 seconds", accepted: false),
        TypedValue(arguments: ["--time", "99999999999999999999h1s"], expected: "brew time must be 1...86400 seconds", accepted: false),
        TypedValue(arguments: ["--time", "99999999999999999999:00"], expected: "brew time must be 1...86400 seconds", accepted: false),
        TypedValue(arguments: ["--time", "24h1s"], expected: "brew time must be 1...86400 seconds (got 24h1s)", accepted: false),
        TypedValue(arguments: ["--time", "24h"], expected: #""time_s":86400"#, accepted: true),
        TypedValue(arguments: ["--water", "99999999999999999999"], expected: "water must be more than 0 and at most 10000 grams", accepted: false),
        TypedValue(arguments: ["--water", "10000.5"], expected: "water must be more than 0 and at most 10000 grams (got 10000.5)", accepted: false),
        TypedValue(arguments: ["--water", "10000"], expected: #""water_g":10000"#, accepted: true),
        TypedValue(arguments: ["--water", "250g"], expected: #""water_g":250"#, accepted: true),
        TypedValue(arguments: ["--dose", "1e308"], expected: "dose must be more than 0 and at most 1000 grams", accepted: false),
        TypedValue(arguments: ["--dose", "1e999"], expected: "dose must be more than 0 and at most 1000 grams", accepted: false),
        TypedValue(arguments: ["--dose", "1000"], expected: #""dose_g":1000"#, accepted: true),
        TypedValue(arguments: ["--dose", "0.000001"], expected: #""dose_g":1e-06"#, accepted: true),
        TypedValue(arguments: ["--dose", "1.55e1g"], expected: #""dose_g":15.5"#, accepted: true),
        TypedValue(arguments: ["--dose", "0x10"], expected: "invalid value '0x10' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", "15 g"], expected: "invalid value '15 g' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", " 15"], expected: "invalid value ' 15' for '--dose'", accepted: false),
        TypedValue(arguments: ["--rating", " 3"], expected: "invalid value ' 3' for '--rating'", accepted: false),
        TypedValue(arguments: ["--dose", "inf"], expected: "invalid value 'inf' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", "nan"], expected: "invalid value 'nan' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", "+15"], expected: "invalid value '+15' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", "1_5"], expected: "invalid value '1_5' for '--dose'", accepted: false),
        TypedValue(arguments: ["--dose", "15C"], expected: "invalid value '15C' for '--dose'", accepted: false),
        TypedValue(arguments: ["--temp", "94g"], expected: "invalid value '94g' for '--temp'", accepted: false),
        TypedValue(arguments: ["--temp", "0x5A"], expected: "invalid value '0x5A' for '--temp'", accepted: false),
        TypedValue(arguments: ["--temp", "94C"], expected: #""temp_c":94"#, accepted: true),
        TypedValue(arguments: ["--temp", "100"], expected: #""temp_c":100"#, accepted: true),
        TypedValue(arguments: ["--rating", "99999999999999999999"], expected: "rating must be 1...5 (got 99999999999999999999)", accepted: false),
        TypedValue(arguments: ["--dose", hugeNumber], expected: "dose must be more than 0 and at most 1000 grams (got 9999999999", accepted: false),
        TypedValue(arguments: ["--rating", hugeNumber], expected: "rating must be 1...5 (got 999999999", accepted: false),
        TypedValue(arguments: ["--time", hugeNumber], expected: "brew time must be 1...86400 seconds (got 999999999", accepted: false),
        TypedValue(arguments: ["--dose", "x" + hugeNumber], expected: "invalid value 'x999999999", accepted: false),
    ]

    @Test("typed numbers are decimal, in range, with their own unit; refusals exit 64 and echo little", arguments: typed)
    func typedValue(_ value: TypedValue) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.run(["add"] + value.arguments)
        #expect(!crashed(result), "\(result.stderr.prefix(500))")
        if value.accepted {
            #expect(result.status == 0, "\(result.stderr.prefix(500))")
            #expect(sandbox.ok(["show", "last", "--json"]).contains(value.expected))
        } else {
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("brewlog: error: " + value.expected), "\(result.stderr.prefix(500))")
            #expect(result.stderr.count < 600, "the message echoes \(result.stderr.count) characters")
            #expect(sandbox.journal == sampleJournal)
        }
    }

    /// Every message that echoes what the user typed or set, run by `/bin/bash` with `$H` a
    /// 100,000-character text, and the status it exits with.
    static let longEchoes: [(script: String, status: Int32)] = [
        (#""$B" show "$H""#, 1),
        (#""$B" rm "$H""#, 1),
        (#""$B" edit "$H" --rating 4"#, 1),
        (#""$B" list --since "$H""#, 64),
        (#""$B" stats --since "$H""#, 64),
        (#""$B" add --date "$H""#, 64),
        (#""$B" list --limit "$H""#, 64),
        (#""$B" list --color "$H""#, 64),
        (#""$B" "$H""#, 64),
        (#""$B" help "$H""#, 64),
        (#""$B" list "--$H""#, 64),
        (#""$B" show last "$H""#, 64),
        (#""$B" completion "$H""#, 64),
        (#""$B" import - --format "$H" < /dev/null"#, 64),
        (#""$B" import - --prefer "$H" < /dev/null"#, 64),
        (#""$B" edit last --untag "$H""#, 64),
        (#""$B" edit last --unset "$H""#, 64),
        (#""$B" add --tag "a b$H""#, 64),
        (#""$B" add --notes "$H$(printf '\377')""#, 64),
        (#"BREWLOG_NOW="$H" "$B" list"#, 78),
        (#"BREWLOG_LOCK_TIMEOUT="$H" "$B" add"#, 78),
        (#"TZ="$H" "$B" list"#, 78),
        (#"BREWLOG_FILE="$H$(printf '\377')" "$B" list"#, 78),
    ]

    @Test("a message echoes a little of a 100,000-character argument or variable, never all of it", arguments: longEchoes)
    func longEcho(script: String, status: Int32) {
        let sandbox = Sandbox(journal: sampleJournal)
        let result = sandbox.shell(script, env: ["H": String(repeating: "x", count: 100_000)])
        #expect(result.status == status, "\(result.stderr.prefix(500))")
        #expect(result.stderr.hasPrefix("brewlog: error: "), "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("xxx…"), "\(result.stderr.prefix(500))")
        #expect(result.stderr.utf8.count < 500, "the message is \(result.stderr.utf8.count) bytes")
        #expect(sandbox.journal == sampleJournal)
    }

    /// Journal lines that break a rule, with the reason every command reports for line 2.
    static let badLines: [(String, String)] = [
        (#""dose_g":1001"#, "dose must be more than 0 and at most 1000 grams (got 1001)"),
        (#""dose_g":1e308"#, "dose must be more than 0 and at most 1000 grams (got 1e+308)"),
        (#""water_g":99999999999999999999"#, "water must be more than 0 and at most 10000 grams (got 1e+20)"),
        (#""time_s":9223372036854775807"#, "brew time must be 1...86400 seconds (got 9223372036854775807)"),
        (#""time_s":100000000000000000000000"#, "brew time must be 1...86400 seconds (got 100000000000000000000000)"),
        (#""temp_c":-0.5"#, "temperature must be 0...100 °C (got -0.5)"),
    ]

    @Test("a value out of its range in the journal is a bad line for every command (exit 65)", arguments: badLines)
    func outOfRangeInJournal(fields: String, reason: String) {
        let journal = brewLine(id: "good1", day: 28, "") + "\n" + brewLine(id: "bad2", day: 29, fields) + "\n"
        let sandbox = Sandbox(journal: journal)
        for command in [["list"], ["stats"], ["show", "good1"], ["export"], ["streak"], ["check"]] {
            let result = sandbox.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stdout.contains("\(sandbox.journalPath):2: \(reason)") || result.stderr.contains("\(sandbox.journalPath):2: \(reason)"),
                    "\(command): \(result.stdout) \(result.stderr)")
        }
    }

    /// Ids a journal must not hold.
    static let badIDs = ["caf\u{E9}-1", "last", String(repeating: "a", count: 65), "a/b", "x y"]

    @Test("an id outside the id charset is a bad line PATH:LINE (exit 65)", arguments: badIDs)
    func badID(id: String) {
        let sandbox = Sandbox(journal: brewLine(id: "good1", day: 28, "") + "\n" + brewLine(id: id, day: 29, "") + "\n")
        for command in [["list"], ["check"]] {
            let result = sandbox.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect((result.stdout + result.stderr).contains("\(sandbox.journalPath):2: \"id\" must be 1 to 64 characters"),
                    "\(command): \(result.stdout) \(result.stderr)")
        }
    }

    @Test("ids that differ only in Unicode normalisation are never taken for one another")
    func normalisedIDs() {
        let composed = "caf\u{E9}-1", decomposed = "cafe\u{301}-1"
        let sandbox = Sandbox(journal: brewLine(id: composed, day: 28, "") + "\n" + brewLine(id: decomposed, day: 29, "") + "\n")
        let before = sandbox.journal
        let check = sandbox.run(["check"])
        #expect(check.status == 65)
        #expect(check.stdout.contains("\(sandbox.journalPath):1: \"id\" must be"))
        #expect(check.stdout.contains("\(sandbox.journalPath):2: \"id\" must be"))
        #expect(sandbox.run(["edit", composed, "--rating", "3"]).status == 65)
        #expect(sandbox.run(["rm", composed]).status == 65)
        #expect(sandbox.journal == before)
    }

    @Test("an unknown key that is not UTF-8 is a bad line, never rewritten as U+FFFD")
    func unknownKeyNotUTF8() {
        let sandbox = Sandbox()
        let bytes = Array((brewLine(id: "good1", day: 28, "") + "\n").utf8)
            + Array(#"{"id":"bad2","date":"2026-11-29T07:00:00+01:00","x-"#.utf8) + [0xFF, 0xFE] + Array(#"":1}"#.utf8) + [0x0A]
        sandbox.writeJournal("")
        _ = FileManager.default.createFile(atPath: sandbox.journalPath, contents: Data(bytes))
        let check = sandbox.run(["check"])
        #expect(check.status == 65)
        #expect(check.stdout.contains("\(sandbox.journalPath):2: malformed JSON at byte"))
        #expect(check.stdout.contains("invalid UTF-8"))
        #expect(sandbox.run(["edit", "good1", "--rating", "2"]).status == 65)
        #expect(FileManager.default.contents(atPath: sandbox.journalPath) == Data(bytes))
    }

    @Test("a journal that starts with a byte order mark says so on line 1")
    func byteOrderMark() {
        let sandbox = Sandbox(journal: "\u{FEFF}" + brewLine(id: "good1", day: 28, "") + "\n")
        let reason = "\(sandbox.journalPath):1: the file starts with a UTF-8 byte order mark (BOM); 'brewlog check --repair' removes it"
        let list = sandbox.run(["list"])
        #expect(list.status == 65)
        #expect(list.stderr.hasPrefix("brewlog: error: " + reason))
        let check = sandbox.run(["check"])
        #expect(check.status == 65)
        #expect(check.stdout.contains(reason))
    }

    @Test("a JSON or JSON Lines import file that starts with a byte order mark says so", arguments: [ExchangeFormat.jsonl, .json])
    func importByteOrderMark(format: ExchangeFormat) {
        let sandbox = Sandbox(journal: sampleJournal)
        let exported = sandbox.ok(["export", "--format", format.rawValue])
        let file = sandbox.home + "/bom." + format.rawValue
        _ = FileManager.default.createFile(atPath: file, contents: Data(("\u{FEFF}" + exported).utf8))
        let result = sandbox.run(["import", file, "--prefer", "incoming"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(file):1: the file starts with a UTF-8 byte order mark (BOM); save it without one and import again\n"))
        #expect(sandbox.journal == sampleJournal)
    }

    @Test("a leap second is taken as :59, typed or in BREWLOG_NOW")
    func leapSecond() {
        let sandbox = Sandbox(journal: sampleJournal)
        let typed = sandbox.ok(["add", "-q", "--date", "2026-11-28T23:59:60", "--notes", "leap"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(sandbox.ok(["show", typed, "--json"]).contains(#""date":"2026-11-28T23:59:59+01:00""#))
        let id = sandbox.ok(["add", "-q", "--notes", "now"], env: ["BREWLOG_NOW": "2026-11-29T23:59:60+01:00"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(sandbox.ok(["show", id, "--json"]).contains(#""date":"2026-11-29T23:59:59+01:00""#))
    }

    @Test("the reported crashes: huge typed values, summed huge doses, a tiny imported dose")
    func reportedCrashes() {
        let sandbox = Sandbox(journal: sampleJournal)
        for arguments in [["--time", "9223372036854775807"], ["--time", "99999999999999999999"], ["--water", "99999999999999999999"],
                          ["--dose", "1e308"]] {
            let result = sandbox.run(["add"] + arguments)
            #expect(!crashed(result) && result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
        }
        for command in [["list"], ["show", "last"], ["stats"], ["streak"]] {
            let result = sandbox.run(command)
            #expect(!crashed(result) && result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
        let file = sandbox.home + "/tiny.jsonl"
        _ = FileManager.default.createFile(atPath: file, contents: Data((brewLine(id: "tiny1", day: 29, #""dose_g":1e-300,"water_g":10000"#) + "\n").utf8))
        sandbox.ok(["import", file])
        for command in [["list"], ["show", "tiny1"], ["stats"], ["stats", "--json"], ["export", "--format", "csv"]] {
            let result = sandbox.run(command)
            #expect(!crashed(result) && result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
    }

    /// Values at the edges of their ranges, and the smallest positive numbers a line can hold.
    static let extremes: [String: [String]] = [
        "rating": ["1", "5"],
        "dose_g": ["1000", "0.000001", "1e-300", "5e-324", "999.9999999999999"],
        "water_g": ["10000", "0.000001", "1e-300", "9999.999999999998"],
        "temp_c": ["0", "100", "-0", "99.99999999999999"],
        "time_s": ["1", "86400", "86400.0"],
    ]

    @Test("journals of extreme but valid values: every reading command exits 0 without a trap", arguments: 0..<3)
    func extremeJournals(seed: UInt64) {
        var rng = SeededRandomGenerator(seed: seed)
        var lines: [String] = []
        for index in 0..<(seed == 0 ? 300 : 40) {
            var fields: [String] = []
            for key in ["rating", "dose_g", "water_g", "temp_c", "time_s"] {
                guard let choices = Self.extremes[key] else { continue }
                if seed == 0 {
                    fields.append("\"\(key)\":\(choices[key == "dose_g" || key == "water_g" ? 0 : choices.count - 1])")
                } else if Int.random(in: 0..<5, using: &rng) > 0, let value = choices.randomElement(using: &rng) {
                    fields.append("\"\(key)\":\(value)")
                }
            }
            fields.append(#""method":"m\#(index % 3)","coffee":"c\#(index % 4)""#)
            lines.append(brewLine(id: "x\(index)", day: 1 + index % 29, fields.joined(separator: ",")))
        }
        let sandbox = Sandbox(journal: lines.joined(separator: "\n") + "\n")
        let commands: [[String]] = [
            ["list"], ["list", "--json"], ["show", "last"], ["show", "x1", "--json"], ["stats"], ["stats", "--json"],
            ["export"], ["export", "--format", "json"], ["export", "--format", "csv"], ["streak"], ["streak", "--json"], ["check"],
        ]
        for command in commands {
            let result = sandbox.run(command, env: ["COLUMNS": "200"])
            #expect(!crashed(result) && result.status == 0, "seed \(seed) \(command): \(result.status) \(result.stderr.prefix(500))")
        }
        let exported = sandbox.home + "/export.csv"
        _ = FileManager.default.createFile(atPath: exported, contents: Data(sandbox.ok(["export", "--format", "csv"]).utf8))
        let again = Sandbox()
        again.ok(["import", exported])
        // Both exports as CSV: the values, each written one way (JSON Lines would print the
        // source journal's lines as it holds them, and the imported ones canonically).
        #expect(again.ok(["export", "--format", "csv"]) == sandbox.ok(["export", "--format", "csv"]))
    }
}
