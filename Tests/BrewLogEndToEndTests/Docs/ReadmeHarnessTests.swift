import Testing

@Suite("how the documents' examples are read and compared")
struct ReadmeHarnessTests {
    @Test("command lines split as a shell splits them, the trailing comment apart", arguments: [
        (#"add -c "Kenya AA" -n 'it''s' --x=\"y\" # a comment"#, ["add", "-c", "Kenya AA", "-n", "its", #"--x="y""#], "a comment"),
        (#"edit a#b "a \"q\" \$x" '' # "#, ["edit", "a#b", #"a "q" $x"#, ""], ""),
        ("show last:V60~1\t--json", ["show", "last:V60~1", "--json"], nil),
    ] as [(String, [String], String?)])
    func words(line: String, words: [String], comment: String?) throws {
        let split = try ReadmeShellWords.split(line)
        #expect(split.words == words)
        #expect(split.comment == comment)
    }

    @Test("what a shell would expand, redirect or run is refused", arguments: [
        "list | head", "add -n $(date)", #"add -n "$HOME""#, "list > out", "add -n 'open", #"add -n "open"#, "list *", "show ~/x", "add \\",
    ])
    func refusals(line: String) {
        #expect(throws: ReadmeRefusal.self) { try ReadmeShellWords.split(line) }
    }

    @Test("a command line: variables before brewlog, its words, the clock its comment sets")
    func commandLine() throws {
        let command = try ReadmeCommand(#"COLUMNS=60 brewlog add -r 4   # at 15:10, the afternoon espresso"#, line: 7)
        #expect(command.assignments == ["COLUMNS": "60"])
        #expect(command.arguments == ["add", "-r", "4"])
        #expect(command.clock == ReadmeClock.Move(day: nil, hour: 15, minute: 10))
        #expect(throws: ReadmeExampleError.self) { try ReadmeCommand("ls -l", line: 8) }
        #expect(throws: ReadmeExampleError.self) { try ReadmeCommand("brewlog add # at 7 o'clock", line: 9) }
        #expect(try ReadmeCommand("brewlog add # at home", line: 10).clock == nil)
    }

    @Test("the clock moves to a wall-clock time in the zone, with the offset of that day", arguments: [
        ("at 2026-11-21 08:00", "2026-11-21T08:00:00+01:00"), ("at 2026-07-01 8:05: summer", "2026-07-01T08:05:00+02:00"),
        ("at 15:10", "2026-11-29T15:10:00+01:00"),
    ])
    func clock(comment: String, now: String) throws {
        var clock = ReadmeClock(now: "2026-11-29T07:40:00+01:00", timeZone: "Europe/Berlin")
        try clock.apply(try #require(try ReadmeClock.move(in: comment)))
        #expect(clock.now == now)
    }

    @Test("a time the zone does not have is refused", arguments: ["at 2026-02-30 08:00", "at 25:00", "at 2026-03-29 02:30"])
    func missingTime(comment: String) throws {
        var clock = ReadmeClock(now: "2026-11-29T07:40:00+01:00", timeZone: "Europe/Berlin")
        let move = try #require(try ReadmeClock.move(in: comment))
        #expect(throws: ReadmeRefusal.self) { try clock.apply(move) }
    }

    @Test("blocks: every ```console one, with the comment above, the innermost heading and their lines numbered")
    func blocks() throws {
        let readme = """
            ## Daily use
            ```sh
            ## not a heading
            ```
            <!-- example: TZ=UTC BREWLOG_NOW='2026-01-01T00:00:00Z' -->
            ```console
            $ brewlog streak
            No brews yet.
            ```
            ### More
            ```console
            $ brewlog list
            ```
            """
        let examples = ReadmeExample.blocks(of: readme, file: "docs/x.md")
        #expect(examples.map(\.line) == [6, 11])
        #expect(examples.map(\.section) == ["Daily use", "More"])
        #expect(examples.map(\.testDescription) == ["docs/x.md line 6, Daily use", "docs/x.md line 11, More"])
        let first = try #require(examples.first)
        #expect(try first.setup() == ReadmeExample.Setup(environment: ["TZ": "UTC", "BREWLOG_NOW": "2026-01-01T00:00:00Z"]))
        let steps = try first.steps()
        #expect(steps.map(\.line) == [7] && steps.map(\.expected) == [["No brews yet."]])
        #expect(try examples[1].setup() == ReadmeExample.Setup())
    }

    @Test("journal=above and config=above start a block from the nearest ```jsonl and ```ini blocks above it")
    func fixtures() throws {
        let text = """
            ```ini
            [ui]
            week-start = sunday
            ```
            ```jsonl
            {"id":"a"}
            ```
            ```jsonl
            {"id":"b"}
            ```
            <!-- example: journal=above config=above TZ=UTC -->
            ```console
            $ brewlog list
            ```
            <!-- example: journal=above -->
            ```console
            $ brewlog list
            ```
            """
        let examples = ReadmeExample.blocks(of: text, file: "README.md")
        #expect(try examples[0].setup() == ReadmeExample.Setup(journal: "{\"id\":\"b\"}\n", config: "[ui]\nweek-start = sunday\n", environment: ["TZ": "UTC"]))
        #expect(try examples[1].setup().journal == "{\"id\":\"b\"}\n")
        let none = ReadmeExample.blocks(of: "<!-- example: config=above -->\n```console\n$ brewlog list\n```", file: "README.md")
        #expect(throws: ReadmeExampleError.self) { try none[0].setup() }
    }

    @Test("a block marked not run says why; other comments run it")
    func notRun() {
        let text = """
            <!-- example: not run: needs the export file -->
            ```console
            $ unzip x.zip
            ```
            <!-- example: TZ=UTC -->
            ```console
            $ brewlog list
            ```
            """
        #expect(ReadmeExample.blocks(of: text, file: "README.md").map(\.notRun) == ["needs the export file", nil])
    }

    @Test("printed lines end at an LF or a CRLF (CSV's), which the README shows alike")
    func lineEnds() {
        #expect(ReadmeExampleTests.lines(of: "id,notes\r\na,\"x\ny\"\r\n") == ["id,notes", "a,\"x", "y\""])
        #expect(ReadmeExampleTests.lines(of: "one\n\ntwo") == ["one", "", "two"])
        #expect(ReadmeExampleTests.lines(of: "").isEmpty)
    }

    @Test("an id first met in output binds to the printed one; later uses, whole or as a prefix, stand for it")
    func ids() {
        var ids = ReadmeIDs()
        let logged = ReadmeOutputMatch(expected: ["Logged 0f3a9c2e71d4 at 07:40."], printed: ["Logged 6a0824d0cba0 at 07:40."], ids: ids)
        #expect(logged.matches)
        #expect(ids.bind(logged.captures) == nil)
        #expect(ids.arguments(["show", "0f3a", "--like=0f3a9c2e71d4", "2026", "0f3a9c2e71d4"]) == ["show", "6a08", "--like=6a0824d0cba0", "2026", "6a0824d0cba0"])
        #expect(ReadmeOutputMatch(expected: ["no brew '0f3a' (0f3a9c2e71d4)"], printed: ["no brew '6a08' (6a0824d0cba0)"], ids: ids).matches)
        #expect(!ReadmeOutputMatch(expected: ["0f3a9c2e71d4"], printed: ["0f3a9c2e71d4"], ids: ids).matches, "a bound id stands for the printed one only")
        let twice = ReadmeOutputMatch(expected: ["d7cb5fc01c71 c958ce08e0e2"], printed: ["1609d7b7a492 1609d7b7a492"], ids: ids)
        #expect(twice.matches && ids.bind(twice.captures) != nil, "two README ids are two printed ids")
    }

    @Test("a … line covers any number of lines, none too")
    func ellipsis() {
        let expected = ["id  1", "  …", "notes"]
        for printed in [["id  1", "notes"], ["id  1", "a", "b", "notes"]] {
            #expect(ReadmeOutputMatch(expected: expected, printed: printed, ids: ReadmeIDs()).matches)
        }
        #expect(!ReadmeOutputMatch(expected: expected, printed: ["id  1", "a"], ids: ReadmeIDs()).matches)
    }

    @Test("a difference is shown as a diff: - for the README's lines, + for the printed ones, the rest as context")
    func diff() {
        let match = ReadmeOutputMatch(expected: ["Dialling in Kenya AA: 4 brews", "Best: 5 stars", "Save it: x"],
                                      printed: ["Dialling in Kenya AA: 4 brews", "Best: 4 stars", "Save it: x", "Repeat it: y"],
                                      ids: ReadmeIDs())
        #expect(!match.matches)
        #expect(match.diff == """
              Dialling in Kenya AA: 4 brews
            - Best: 5 stars
            + Best: 4 stars
              Save it: x
            + Repeat it: y
            """)
    }
}
