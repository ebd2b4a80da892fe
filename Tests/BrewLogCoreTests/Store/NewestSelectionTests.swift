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

    @Test("brews newest first, ranked a window at a time, are the full sort reversed, the later line first at one moment",
          arguments: [1, 3, 7, 64], [true, false])
    func newestFirst(firstWindow: Int, inDateOrder: Bool) throws {
        var rng = SeededRandomGenerator(seed: UInt64(firstWindow) * 2 + (inDateOrder ? 1 : 0))
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var hours = (0..<90).map { _ in Int.random(in: 0..<12, using: &rng) }
        if inDateOrder { hours.sort() }
        let records = hours.map { hour in
            BrewRecord(id: BrewID.random(using: &rng), timestamp: Timestamp(date: base.addingTimeInterval(Double(hour) * 3600), utcOffsetSeconds: 0))
        }
        let store = BrewLogStore(journal: InMemoryJournal(records), clock: .fixed(base.addingTimeInterval(86_400)), timeZone: zone("UTC"))
        try store.load()
        let expected = records.indices.sorted { (hours[$0], $0) > (hours[$1], $1) }
        #expect(Array(NewestFirstPositions(store, firstWindow: firstWindow)) == expected)
        #expect(Array(NewestFirstPositions(store, firstWindow: firstWindow).prefix(5)) == Array(expected.prefix(5)))
    }

    @Test("the last brews of an order, kept while brews come in any order, are the last of a stable sort of them in date order",
          arguments: [0, 1, 2, 9, 60, 61, 500])
    func lastOfOrder(limit: Int) throws {
        var rng = SeededRandomGenerator(seed: UInt64(limit) + 100)
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let records = (0..<61).map { _ in
            var record = BrewRecord(id: BrewID.random(using: &rng),
                                    timestamp: Timestamp(date: base.addingTimeInterval(Double(Int.random(in: 0..<6, using: &rng)) * 3600), utcOffsetSeconds: 0))
            let rating = Int.random(in: 0...3, using: &rng)
            record.rating = rating == 0 ? nil : rating
            record.method = ["V60", "v60", "Chemex"][Int.random(in: 0..<3, using: &rng)]
            return record
        }
        let store = BrewLogStore(journal: InMemoryJournal(records), clock: .fixed(base.addingTimeInterval(86_400)), timeZone: zone("UTC"))
        try store.load()
        let bags = BeanMatching(bags: [])
        for order in [BrewOrder([.init(.field(.rating))]), BrewOrder([.init(.field(.method)), .init(.field(.rating), descending: true)])] {
            let sorted = order.sorted(store.brewsByDate, record: \.record, bags: bags).map(\.id)
            let last = store.last(limit, in: order, bags: bags, where: { _ in true })
            #expect(last.map { store.brew(at: $0.position).id } == Array(sorted.suffix(limit)))
            let all = store.last(nil, in: order, bags: bags, where: { _ in true })
            #expect(all.map { store.brew(at: $0.position).id } == sorted)
            let rated = store.last(limit, in: order, bags: bags, where: { _ in true }, admitting: { $0.rating != nil })
            let expected = order.sorted(store.brewsByDate.filter { $0.rating != nil }, record: \.record, bags: bags).map(\.id)
            #expect(rated.map { store.brew(at: $0.position).id } == Array(expected.suffix(limit)))
        }
    }
}
