@testable import BrewLogCLI
import Testing
import BrewLogTestSupport

@Suite("Config syntax: git's rules, read byte by byte")
struct ConfigParserTests {
    private func values(_ text: String) throws -> [String: String?] {
        let document = try ConfigParser.parse(Array(text.utf8))
        var values: [String: String?] = [:]
        for entry in document.entries { values[entry.key.description] = .some(entry.value) }
        return values
    }

    @Test("sections, subsections, case rules, quotes, escapes and comments", arguments: [
        ("[ui]\ncolor = never\n", "ui.color", "never"),
        ("[UI]\n\tCoLoR=never", "ui.color", "never"),
        ("[recipe \"Morning V60\"]\ndose = 15", "recipe.Morning V60.dose", "15"),
        ("[recipe \"a.b\"]\ndose = 15", "recipe.a.b.dose", "15"),
        ("[recipe \"q\\\"\\\\\"]\ndose = 1", "recipe.q\"\\.dose", "1"),
        ("[recipe.Old]\ndose = 1", "recipe.old.dose", "1"),
        ("[ui]\npager = less -R   # a comment\n", "ui.pager", "less -R"),
        ("[ui]\npager = less ; comment", "ui.pager", "less"),
        ("[ui]\npager = \"less # not a comment\"", "ui.pager", "less # not a comment"),
        ("[ui]\npager = \"  padded  \"", "ui.pager", "  padded  "),
        ("[ui]\npager = a\\tb\\nc\\\\d\\\"e", "ui.pager", "a\tb\nc\\d\"e"),
        ("[ui]\npager = a  \t b", "ui.pager", "a    b"),
        ("[ui]\npager = one \\\n  two", "ui.pager", "one   two"),
        ("[ui]\r\npager = crlf\r\n", "ui.pager", "crlf"),
        ("\u{FEFF}[ui]\npager = bom", "ui.pager", "bom"),
        ("[ui]\npager =", "ui.pager", ""),
        ("[ui]\npager = \"\"", "ui.pager", ""),
        ("[ui]\npager = ☕ \"é\"", "ui.pager", "☕ é"),
        ("# top\n; also\n\n[ui] # header comment\n  pager = x", "ui.pager", "x"),
        ("[ui]\npager = first\npager = last", "ui.pager", "last"),
        ("[ui]\npager = a\\", "ui.pager", "a"),
    ])
    func reads(text: String, key: String, expected: String) throws {
        #expect(try values(text)[key] == .some(expected))
    }

    @Test("a bare key has no value")
    func bareKey() throws {
        #expect(try values("[ui]\n\tpager\n")["ui.pager"] == .some(nil))
        #expect(try values("[ui]\n\tpager \t\r\n")["ui.pager"] == .some(nil))
    }

    @Test("subsections are case-sensitive, sections and keys are not")
    func caseRules() throws {
        let document = try ConfigParser.parse(Array("[Recipe \"Brew\"]\nDOSE = 1\n[recipe \"brew\"]\ndose = 2\n".utf8))
        #expect(document.value(try #require(ConfigKey("recipe.Brew.dose"))) == .some("1"))
        #expect(document.value(try #require(ConfigKey("RECIPE.brew.Dose"))) == .some("2"))
        #expect(document.value(try #require(ConfigKey("recipe.BREW.dose"))) == nil)
    }

    @Test("every syntax error names its line", arguments: [
        ("key = 1", 1, "not inside a section"),
        ("[ui]\n\n[ui", 3, "unterminated section header"),
        ("[]\n", 1, "section"),
        ("[u_i]", 1, "invalid character '_'"),
        ("[ui \"x]\n", 1, "unterminated subsection"),
        ("[ui \"x\" ]", 1, "expected ']'"),
        ("[ui x]", 1, "expected '\"'"),
        ("[ui] color = x", 1, "unexpected text after the section header"),
        ("[ui]\ncolor = \"never", 2, "unterminated quoted value"),
        ("[ui]\n# c\ncolor = a\\qb", 3, "unknown escape '\\q'"),
        ("[ui]\ncol_or = x", 2, "invalid character '_'"),
        ("[ui]\n1color = x", 2, "expected a section header, a key or a comment"),
        ("[ui]\ncolor x", 2, "invalid character 'x'"),
        ("[ui]\n\tpager # nothing\n", 2, "comment after the bare key"),
        ("[ui]\npager = \"a\\\nb\"\nx = \"", 4, "unterminated quoted value"),
        ("[ui]\npager = a\0b", 2, "NUL"),
    ] as [(String, Int, String)])
    func syntaxErrors(text: String, line: Int, message: String) {
        do {
            _ = try ConfigParser.parse(Array(text.utf8))
            Issue.record("parsed without an error: \(text)")
        } catch {
            #expect(error.line == line, "\(text): \(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("bytes that are not UTF-8 are an error on their line, not replaced", arguments: [
        [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x98], [0xF4, 0x90, 0x80, 0x80],
    ] as [[UInt8]])
    func invalidUTF8(bad: [UInt8]) {
        let bytes = Array("[ui]\n# fine\npager = ".utf8) + bad + [0x0A]
        #expect(throws: ConfigSyntaxError(line: 3, message: "the file is not valid UTF-8")) { try ConfigParser.parse(bytes) }
    }

    @Test("key names as typed", arguments: [
        ("ui.color", "ui.color"), ("UI.Color", "ui.color"), ("recipe.My Recipe.dose", "recipe.My Recipe.dose"),
        ("recipe.a.b.c.dose", "recipe.a.b.c.dose"), ("alias.ls", "alias.ls"),
    ])
    func keys(text: String, canonical: String) throws {
        #expect(try #require(ConfigKey(text)).description == canonical)
    }

    @Test("malformed key names", arguments: ["color", "ui.", ".color", "ui.1color", "u_i.color", "ui.co lor", "", "recipe.a\nb.dose"])
    func badKeys(text: String) {
        #expect(ConfigKey(text) == nil)
    }

    @Test("alias words split like a shell's plain words and quotes", arguments: [
        ("list --since today", ["list", "--since", "today"]),
        ("list --coffee 'Kenya AA'", ["list", "--coffee", "Kenya AA"]),
        ("list --coffee \"Kenya \\\"AA\\\"\"", ["list", "--coffee", "Kenya \"AA\""]),
        ("add --notes ''", ["add", "--notes", ""]),
        ("add --notes a\\ b", ["add", "--notes", "a b"]),
        ("list  \t --tag  x", ["list", "--tag", "x"]),
        ("list --grep '$HOME `x` *'", ["list", "--grep", "$HOME `x` *"]),
    ])
    func aliasWords(text: String, words: [String]) throws {
        #expect(try AliasWords.split(text).get() == words)
    }

    @Test("unclosed quotes in an alias are refused", arguments: ["list 'x", "list \"x", "list \\"])
    func unclosedAliasQuotes(text: String) {
        #expect(throws: ConfigValueProblem.self) { try AliasWords.split(text).get() }
    }
}
