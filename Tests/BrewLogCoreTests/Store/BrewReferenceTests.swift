@testable import BrewLogCore
import Testing

@Suite("Brews counted back from the newest: last~N, last:TEXT, last:TEXT~N")
struct BrewReferenceTests {
    /// Two V60s, an espresso and a French press; two brews share a moment (the later line is
    /// newer), methods are spelled in different cases, and "Kenya" is a coffee, never a method.
    static func store() throws -> BrewLogStore {
        func brew(_ id: String, _ date: String, method: String?, coffee: String?) -> BrewRecord {
            var record = fixedRecord(id, date)
            record.method = method
            record.coffee = coffee
            return record
        }
        return try makeStore(now: "2026-11-30T12:00:00Z", records: [
            brew("v60a00000001", "2026-11-28T07:00:00Z", method: "V60", coffee: "Kenya"),
            brew("espr00000002", "2026-11-29T15:00:00Z", method: "Espresso", coffee: "Brazil"),
            brew("v60b00000003", "2026-11-29T07:00:00Z", method: "v60", coffee: "Brazil"),
            brew("fren00000004", "2026-11-30T07:00:00Z", method: "French press", coffee: "Kenya"),
            brew("same00000005", "2026-11-30T07:00:00Z", method: "ESPRESSO", coffee: "Kenya"),
        ])
    }

    @Test("each form names the brew it counts to", arguments: [
        ("last", "same00000005"), ("last~0", "same00000005"), ("last~1", "fren00000004"),
        ("last~2", "espr00000002"), ("last~4", "v60a00000001"),
        ("last:V60", "v60b00000003"), ("last:v60~1", "v60a00000001"), ("last:espresso", "same00000005"),
        ("last:Espresso~1", "espr00000002"), ("last:kenya", "same00000005"), ("last:KENYA~1", "fren00000004"),
        ("last:Kenya~2", "v60a00000001"), ("last:French press", "fren00000004"), ("last:brazil~1", "v60b00000003"),
    ])
    func found(reference: String, expected: String) throws {
        #expect(try Self.store().brew(matching: reference).id.rawValue == expected)
    }

    @Test("a method match wins over a coffee of the same name")
    func methodFirst() throws {
        var kenyaMethod = fixedRecord("odd000000006", "2026-11-27T07:00:00Z")
        kenyaMethod.method = "kenya"
        let store = try makeStore(now: "2026-11-30T12:00:00Z", records: [kenyaMethod, fixedRecord("new000000007", "2026-11-30T07:00:00Z")])
        store.brews.last?.coffee = "Kenya"
        #expect(try store.brew(matching: "last:Kenya").id.rawValue == "odd000000006")
    }

    @Test("going back too far, an unknown text and a malformed form are errors", arguments: [
        ("last~5", BrewLookupError.tooFewBrews("last~5", available: 5, of: nil)),
        ("last~99999999999999999999999", .tooFewBrews("last~99999999999999999999999", available: 5, of: nil)),
        ("last:V60~2", .tooFewBrews("last:V60~2", available: 2, of: "V60")),
        ("last:kenya~3", .tooFewBrews("last:kenya~3", available: 3, of: "kenya")),
        ("last:Aeropress", .noneOf("Aeropress")),
        ("last~", .malformed("last~")), ("last~x", .malformed("last~x")), ("last~-1", .malformed("last~-1")),
        ("last:", .malformed("last:")), ("last:~1", .malformed("last:~1")), ("lastly", .notFound("lastly")),
        ("last:Blend~", .noneOf("Blend~")), ("last:x~y", .noneOf("x~y")), ("last~1x", .malformed("last~1x")),
    ])
    func refused(reference: String, error: BrewLookupError) throws {
        #expect(throws: error) { try Self.store().brew(matching: reference) }
    }

    @Test("an empty journal has no last~N, and no last:TEXT")
    func empty() throws {
        let store = try makeStore(now: "2026-11-30T12:00:00Z")
        #expect(throws: BrewLookupError.notFound("last")) { try store.brew(matching: "last~1") }
        #expect(throws: BrewLookupError.noneOf("V60")) { try store.brew(matching: "last:V60") }
    }

    @Test("a whole id that looks like a form is that brew; rm's lookup reads the forms too")
    func idWins() throws {
        let store = try makeStore(now: "2026-11-30T12:00:00Z", records: [
            fixedRecord("last:V60", "2026-11-28T07:00:00Z"), fixedRecord("v60c00000008", "2026-11-29T07:00:00Z"),
        ])
        #expect(try store.brew(matching: "last:V60").id.rawValue == "last:V60")
        guard case .brew(let brew) = try store.record(matching: "last~1") else {
            Issue.record("last~1 did not name a brew")
            return
        }
        #expect(brew.id.rawValue == "last:V60")
    }
}
