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

    @Test("the decoder's direct stores write each field where its key path points, and nothing else", arguments: BrewField.allCases)
    func decodedStores(field: BrewField) throws {
        let empty = BrewRecord(id: try #require(BrewID("abcd1234")), timestamp: Timestamp(date: .now, utcOffsetSeconds: 0))
        var record = empty
        record.setDecodedText("text", of: field)
        record.setDecodedNumber(3, of: field)
        var expected = empty
        switch field.kind {
        case .text(let path): expected[keyPath: path] = "text"
        case .optionalText(let path): expected[keyPath: path] = "text"
        case .number(let path, _, _): expected[keyPath: path] = 3
        case .rating(let path, _), .duration(let path, _): expected[keyPath: path] = 3
        case .id, .date, .tags: break
        }
        #expect(record == expected)
    }
}
