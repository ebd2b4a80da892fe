@testable import BrewLogCore
import Testing

import Foundation

@Suite("Exports written as bytes read as the values' texts")
struct ExchangeBytesTests {
    private func record(_ configure: (inout BrewRecord) -> Void = { _ in }) throws -> BrewRecord {
        let timestamp = try #require(Timestamp(rfc3339: "2026-11-29T07:15:00.05-03:30"))
        var record = BrewRecord(id: try #require(BrewID("abcd1234abcd")), timestamp: timestamp)
        configure(&record)
        return record
    }

    @Test("a timestamp's text, written digit by digit, is its RFC 3339 text", arguments: [
        "2026-11-29T07:15:00+01:00", "2026-11-29T07:15:00.05-03:30", "2026-11-29T07:15:00.000001+14:00", "1970-01-01T00:00:00.5-12:00", "0001-01-01T00:00:00+00:00",
    ])
    func timestamp(text: String) throws {
        #expect(try #require(Timestamp(rfc3339: text)).description == text)
    }

    @Test("a negative year is padded as the string padding always wrote it")
    func negativeYear() {
        var text: [UInt8] = []
        appendPadded(-5, 4, to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "00-5")
    }

    @Test("numbers read as formatNumber wrote them", arguments: [0, -0.0, 15, 15.5, -3, 1e15, 1e300, 0.1 + 0.2])
    func number(value: Double) {
        #expect(formatNumber(value) == (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)))
    }

    @Test("a CSV cell is quoted when it holds a comma, a quote, a CR or an LF, also before a combining mark; quotes doubled")
    func csvCells() throws {
        let brew = try record {
            $0.notes = "say \"hi\",\u{301} there\r\nnext"
            $0.method = "V60"
            $0.coffee = "\"\u{301}"
            $0.tags = ["a", "b\""]
            $0.doseGrams = 15.5
            $0.brewTimeSeconds = 165
        }
        var writer = ExchangeWriter(format: .csv)
        var bytes: [UInt8] = []
        writer.appendBrew(record: { brew }, line: { "" }, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self)
            == "abcd1234abcd,2026-11-29T07:15:00.05-03:30,,\"say \"\"hi\"\",\u{301} there\r\nnext\",V60,\"\"\"\u{301}\",,15.5,,,,,,165,,\"a,b\"\"\"\r\n")
    }

    @Test("a brew with chosen columns in JSON: keys as written, values as a journal line writes them, null where absent")
    func jsonColumns() throws {
        let brew = try record {
            $0.notes = "a \"b\"\n"
            $0.tags = ["x"]
            $0.rating = 4
        }
        let text = ExchangeFormat.json.encode([brew, brew], columns: [.field(.date), .field(.rating), .field(.dose), .field(.tags), .field(.notes), .ratio],
                                              bags: BeanMatching(bags: []))
        let object = #"{"date":"2026-11-29T07:15:00.05-03:30","rating":4,"dose_g":null,"tags":["x"],"notes":"a \"b\"\n","ratio":null}"#
        #expect(text == "[" + object + ",\n" + object + "]\n")
    }
}

@Suite("A record's fields read directly agree with the field table's key paths")
struct FieldSubscriptTests {
    @Test("each field's value is read where its key path points", arguments: BrewField.allCases)
    func subscriptReadsTheKeyPath(field: BrewField) throws {
        var record = BrewRecord(id: try #require(BrewID("abcd1234")), timestamp: Timestamp(date: .now, utcOffsetSeconds: 0))
        for (position, other) in BrewField.allCases.enumerated() {
            switch other.kind {
            case .text(let path): record[keyPath: path] = "text \(position)"
            case .optionalText(let path): record[keyPath: path] = "text \(position)"
            case .number(let path, _, _): record[keyPath: path] = Double(position) + 0.5
            case .rating(let path, _), .duration(let path, _): record[keyPath: path] = position
            case .tags(let path): record[keyPath: path] = ["tag\(position)"]
            case .id, .date: break
            }
        }
        let expected: FieldValue? = switch field.kind {
        case .id: .id(record.id)
        case .date: .date(record.timestamp)
        case .text(let path): .text(record[keyPath: path])
        case .optionalText(let path): record[keyPath: path].map(FieldValue.text)
        case .number(let path, _, _): record[keyPath: path].map(FieldValue.number)
        case .rating(let path, _), .duration(let path, _): record[keyPath: path].map(FieldValue.integer)
        case .tags(let path): .tags(record[keyPath: path])
        }
        #expect(record[field] == expected)
    }
}
