@testable import BrewLogCore
import Testing

@Suite("The journal key matcher follows the field table")
struct FieldKeyMatcherTests {
    @Test("the codec's byte matcher knows every journal key of the table, and only those", arguments: BrewField.allCases)
    func keyMatcher(field: BrewField) {
        #expect(BrewField(journalKeyText: field.journalKey) == field)
        #expect(BrewField(journalKey: field.journalKey) == field)
        #expect(BrewField(journalKeyText: field.journalKey + "x") == nil)
        #expect(BrewField(journalKeyText: String(field.journalKey.dropLast())) == nil)
        #expect(BrewField(journalKeyText: field.journalKey.uppercased()) == nil)
    }
}
