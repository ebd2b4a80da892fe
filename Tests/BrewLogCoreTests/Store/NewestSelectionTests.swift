import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// Keeping the newest few while passing over every brew must give exactly what sorting them all
/// and keeping the last few gives, ties included.
@Suite("The newest brews without sorting them all")
struct NewestSelectionTests {
    @Test("the greatest elements kept are the last of the full sort", arguments: [0, 1, 2, 7, 100, 999, 1000, 5000])
    func matchesFullSort(capacity: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(capacity) + 1)
        // Few distinct dates, so many keys tie on the date and are ordered by position.
        let base = Date(timeIntervalSince1970: 0)
        let keys = (0..<1000).map { position in
            DateOrder(date: base.addingTimeInterval(Double(Int.random(in: 0..<50, using: &rng))), position: position)
        }
        var greatest = GreatestElements<DateOrder>(capacity: capacity)
        keys.forEach { greatest.offer($0) }
        let expected = keys.sorted { ($0.date, $0.position) < ($1.date, $1.position) }.suffix(capacity)
        #expect(greatest.sorted().map(\.position) == expected.map(\.position))
    }

    @Test("the store's newest brews with a limit are the last of its brews by date", arguments: [1, 3, 10, 40])
    func storeLimit(limit: Int) throws {
        var rng = SeededRandomGenerator(seed: UInt64(limit))
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let records = (0..<40).map { _ in
            BrewRecord(id: BrewID.random(using: &rng),
                       timestamp: Timestamp(date: base.addingTimeInterval(Double(Int.random(in: 0..<10, using: &rng)) * 3600), utcOffsetSeconds: 0))
        }
        let store = BrewLogStore(journal: InMemoryJournal(records), clock: .fixed(base.addingTimeInterval(86_400)), timeZone: zone("UTC"))
        try store.load()
        let all = store.brewsByDate.map(\.id)
        #expect(store.brewsByDate(limit: limit) { _ in true }.map(\.id) == Array(all.suffix(limit)))
        let odd = store.brewsByDate(limit: limit) { Int($0.date.timeIntervalSince1970) / 3600 % 2 == 1 }.map(\.id)
        let expected = store.brewsByDate.filter { Int($0.date.timeIntervalSince1970) / 3600 % 2 == 1 }.map(\.id).suffix(limit)
        #expect(odd == Array(expected))
    }
}
