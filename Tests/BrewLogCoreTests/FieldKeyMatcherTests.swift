@testable import BrewLogCore
import Testing

import Foundation

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

@Suite("The field table's accessors agree")
struct FieldAccessorTests {
    @Test("validation reads each numeric field where its key path points", arguments: BrewField.allCases)
    func numericValue(field: BrewField) throws {
        var record = BrewRecord(id: try #require(BrewID("abcd1234")), timestamp: Timestamp(date: .now, utcOffsetSeconds: 0))
        for (position, other) in BrewField.allCases.enumerated() {
            switch other.kind {
            case .number(let path, _, _): record[keyPath: path] = Double(position) + 0.5
            case .rating(let path, _), .duration(let path, _): record[keyPath: path] = position
            case .id, .date, .text, .optionalText, .tags: break
            }
        }
        let expected: Double? = switch record[field] {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
        #expect(record.numericValue(field) == expected)
        #expect((expected != nil) == field.isNumeric)
    }
}
