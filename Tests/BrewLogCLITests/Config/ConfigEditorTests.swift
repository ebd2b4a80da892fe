import Foundation
@testable import BrewLogCLI
import Testing
import BrewLogTestSupport

@Suite("Config edits keep every other byte")
struct ConfigEditorTests {
    private func set(_ text: String, _ key: String, _ value: String) throws -> String {
        let document = try ConfigParser.parse(Array(text.utf8))
        let bytes = ConfigEditor(document).setting(try #require(ConfigKey(key)), to: value)
        let result = String(decoding: bytes, as: UTF8.self)
        // Whatever is written reads back as the value set.
        #expect(try ConfigParser.parse(bytes).value(try #require(ConfigKey(key))) == .some(value))
        return result
    }

    private func unset(_ text: String, _ key: String) throws -> String? {
        let document = try ConfigParser.parse(Array(text.utf8))
        return ConfigEditor(document).unsetting(try #require(ConfigKey(key))).map { String(decoding: $0, as: UTF8.self) }
    }

    static let sample = """
        # My BrewLog settings
        ; written by hand

        [ui]
        \tcolor = auto   # for the terminal
        \tpager=less

        [alias]
            ls = list
        """ + "\n"

    @Test("set replaces the value in place, keeping indentation, spacing and the trailing comment")
    func inPlace() throws {
        #expect(try set(Self.sample, "ui.color", "never") == Self.sample.replacingOccurrences(of: "color = auto", with: "color = never"))
        #expect(try set(Self.sample, "UI.PAGER", "less -R") == Self.sample.replacingOccurrences(of: "pager=less", with: "pager=less -R"))
    }

    @Test("set changes the last occurrence only")
    func lastOccurrence() throws {
        let text = "[ui]\ncolor = auto\n[ui]\ncolor = always\n"
        #expect(try set(text, "ui.color", "never") == "[ui]\ncolor = auto\n[ui]\ncolor = never\n")
    }

    @Test("set appends inside the existing section, indented like its keys")
    func appendsInSection() throws {
        let expected = Self.sample.replacingOccurrences(of: "    ls = list\n", with: "    ls = list\n    today = list --since today\n")
        #expect(try set(Self.sample, "alias.today", "list --since today") == expected)
        let inUI = Self.sample.replacingOccurrences(of: "\tpager=less\n", with: "\tpager=less\n\tweek-start = monday\n")
        #expect(try set(Self.sample, "ui.week-start", "monday") == inUI)
    }

    @Test("set adds a new section at the end, with a line break before it when the file lacks one")
    func newSection() throws {
        #expect(try set(Self.sample, "recipe.Morning V60.dose", "15") == Self.sample + "[recipe \"Morning V60\"]\n\tdose = 15\n")
        #expect(try set("[ui]\ncolor = auto", "add.dose", "15") == "[ui]\ncolor = auto\n[add]\n\tdose = 15\n")
        #expect(try set("", "ui.color", "never") == "[ui]\n\tcolor = never\n")
    }

    @Test("values that need quotes or escapes are written so they read back", arguments: [
        "  padded", "a # b", "a;b", "", "line\nbreak", "tab\there", "back\\slash", "say \"hi\"", "☕ é 🇰🇪",
    ])
    func quoting(value: String) throws {
        _ = try set(Self.sample, "ui.pager", value)
        _ = try set(Self.sample, "alias.x", value)
    }

    @Test("CRLF files get CRLF lines")
    func crlf() throws {
        #expect(try set("[ui]\r\ncolor = auto\r\n", "ui.pager", "less") == "[ui]\r\ncolor = auto\r\npager = less\r\n")
        #expect(try set("[ui]\r\ncolor = auto\r\n", "ui.color", "never") == "[ui]\r\ncolor = never\r\n")
    }

    @Test("a bare key and an empty value get a value")
    func bareKey() throws {
        #expect(try set("[ui]\n\tpager\n", "ui.pager", "cat") == "[ui]\n\tpager = cat\n")
        #expect(try set("[ui]\n\tpager =\n", "ui.pager", "cat") == "[ui]\n\tpager = cat\n")
    }

    @Test("a continued value is replaced whole")
    func continued() throws {
        #expect(try set("[ui]\npager = a \\\n  b # c\n[x]\n", "ui.pager", "z") == "[ui]\npager = z # c\n[x]\n")
    }

    @Test("unset removes every line of the key and nothing else")
    func unsetKeepsTheRest() throws {
        let text = "# c\n[ui]\ncolor = auto\n# keep me\npager = a\ncolor = never\n"
        #expect(try unset(text, "ui.color") == "# c\n[ui]\n# keep me\npager = a\n")
        #expect(try unset(text, "ui.week-start") == nil)
    }

    @Test("unset removes a section header it leaves empty, with its blank lines")
    func unsetEmptiesSection() throws {
        #expect(try unset(Self.sample, "alias.ls") == "# My BrewLog settings\n; written by hand\n\n[ui]\n\tcolor = auto   # for the terminal\n\tpager=less\n")
        let middle = "[ui]\ncolor = auto\n\n[add]\ndose = 15\n\n[alias]\nls = list\n"
        #expect(try unset(middle, "add.dose") == "[ui]\ncolor = auto\n\n[alias]\nls = list\n")
        // A section with a comment in it is kept.
        #expect(try unset("[ui]\n# colours\ncolor = auto\n", "ui.color") == "[ui]\n# colours\n")
        #expect(try unset("[ui]\ncolor = auto", "ui.color") == "")
        #expect(try unset("\u{FEFF}[ui]\ncolor = auto\n", "ui.color") == "\u{FEFF}")
    }
}
