import Foundation
import Testing
@testable import BrewLogCore

/// A bag named `name` with the days given as `YYYY-MM-DD`.
private func bag(_ id: String, _ name: String = "Kenya AA", roasted: String? = nil, opened: String? = nil,
                 finished: String? = nil, weight: Double? = nil) -> BeanBag {
    BeanBag(id: BrewID(unchecked: id), name: name, roasted: roasted.map(day), weightGrams: weight,
            opened: opened.map(day), finished: finished.map(day))
}

/// A brew of `coffee` at `date` (RFC 3339).
private func brew(_ date: String, _ coffee: String? = "Kenya AA", dose: Double? = nil, rating: Int? = nil) -> BrewRecord {
    var record = record(date)
    record.coffee = coffee
    record.doseGrams = dose
    record.rating = rating
    return record
}

@Suite("The bag-matching rule: which bag a brew was made from, and its days off roast")
struct BeanMatchingTests {
    /// Three bags of one coffee over time: the first finished, the second finished, the third open.
    private let bags = [
        bag("bag100000001", roasted: "2026-10-01", opened: "2026-10-05", finished: "2026-10-20"),
        bag("bag200000001", roasted: "2026-10-18", opened: "2026-10-21", finished: "2026-11-10"),
        bag("bag300000001", roasted: "2026-11-08", opened: "2026-11-12"),
    ]

    @Test("several bags of one coffee over time: each brew goes to the bag in use that day", arguments: [
        ("2026-10-05T08:00:00+02:00", "bag100000001", 4),
        ("2026-10-20T22:00:00+02:00", "bag100000001", 19),
        ("2026-10-21T07:00:00+02:00", "bag200000001", 3),
        ("2026-11-10T08:00:00+01:00", "bag200000001", 23),
        ("2026-11-11T08:00:00+01:00", "", 0),
        ("2026-11-12T08:00:00+01:00", "bag300000001", 4),
        ("2026-11-29T08:00:00+01:00", "bag300000001", 21),
    ])
    func bagsOverTime(date: String, expected: String, daysOff: Int) {
        let matching = BeanMatching(bags: bags)
        let found = matching.bag(of: brew(date))
        #expect(found?.id.rawValue ?? "" == expected)
        #expect(matching.daysOffRoast(of: brew(date)) == (expected.isEmpty ? nil : daysOff))
    }

    @Test("a brew before any bag was opened belongs to none")
    func beforeAnyBag() {
        #expect(BeanMatching(bags: bags).bag(of: brew("2026-10-04T23:59:00+02:00")) == nil)
    }

    @Test("a brew after its bag was finished belongs to none (a finished bag takes no later brews)")
    func finishedBag() {
        let only = [bag("bag100000001", opened: "2026-10-05", finished: "2026-10-20")]
        #expect(BeanMatching(bags: only).bag(of: brew("2026-10-20T23:00:00+02:00"))?.id.rawValue == "bag100000001")
        #expect(BeanMatching(bags: only).bag(of: brew("2026-10-21T06:00:00+02:00")) == nil)
    }

    @Test("the coffee is matched ignoring case, and a brew without a coffee matches nothing")
    func nameIgnoringCase() {
        let matching = BeanMatching(bags: bags)
        #expect(matching.bag(of: brew("2026-11-20T08:00:00+01:00", "KENYA aa"))?.id.rawValue == "bag300000001")
        #expect(matching.bag(of: brew("2026-11-20T08:00:00+01:00", "Kenya")) == nil)
        #expect(matching.bag(of: brew("2026-11-20T08:00:00+01:00", nil)) == nil)
    }

    @Test("the brew's day is its own date, in the offset it was recorded with")
    func brewDayInItsOwnOffset() {
        let matching = BeanMatching(bags: [bag("bag300000001", opened: "2026-11-12")])
        // 23:30 on the 11th in New York is the 12th in UTC, but the brew's own date is the 11th.
        #expect(matching.bag(of: brew("2026-11-11T23:30:00-05:00")) == nil)
        #expect(matching.bag(of: brew("2026-11-12T00:30:00+09:00"))?.id.rawValue == "bag300000001")
    }

    @Test("without an opening day a bag starts when roasted; with neither it takes any day")
    func startDay() {
        let roastedOnly = BeanMatching(bags: [bag("bag100000001", roasted: "2026-11-01")])
        #expect(roastedOnly.bag(of: brew("2026-10-31T08:00:00Z")) == nil)
        #expect(roastedOnly.bag(of: brew("2026-11-01T08:00:00Z")) != nil)
        let undated = BeanMatching(bags: [bag("bag100000001")])
        #expect(undated.bag(of: brew("0001-01-01T08:00:00Z")) != nil)
        #expect(undated.daysOffRoast(of: brew("2026-11-01T08:00:00Z")) == nil)
    }

    @Test("when several bags match, the most recently opened wins; a tie goes to the later in the journal")
    func mostRecentlyOpened() {
        let overlapping = [
            bag("bag200000001", opened: "2026-11-10"),
            bag("bag100000001", opened: "2026-11-01"),
            bag("bag000000001"),
        ]
        #expect(BeanMatching(bags: overlapping).bag(of: brew("2026-11-15T08:00:00Z"))?.id.rawValue == "bag200000001")
        #expect(BeanMatching(bags: overlapping).bag(of: brew("2026-11-05T08:00:00Z"))?.id.rawValue == "bag100000001")
        #expect(BeanMatching(bags: overlapping).bag(of: brew("2026-10-05T08:00:00Z"))?.id.rawValue == "bag000000001")
        let tied = [bag("bag100000001", opened: "2026-11-01"), bag("bag200000001", opened: "2026-11-01")]
        #expect(BeanMatching(bags: tied).bag(of: brew("2026-11-05T08:00:00Z"))?.id.rawValue == "bag200000001")
    }

    @Test("usage: grams used are the sum of the bag's brews' doses, what is left may go below 0, the average over rated brews")
    func usage() {
        let bags = [bag("bag100000001", opened: "2026-11-01", finished: "2026-11-10", weight: 40),
                    bag("bag200000001", opened: "2026-11-11")]
        let brews = [brew("2026-11-02T08:00:00Z", dose: 15, rating: 4), brew("2026-11-03T08:00:00Z", dose: 18),
                     brew("2026-11-04T08:00:00Z", dose: 15, rating: 5), brew("2026-11-12T08:00:00Z", dose: 20, rating: 3),
                     brew("2026-11-12T09:00:00Z", "Brazil", dose: 18, rating: 1)]
        let usage = BeanUsage.of(bags, brews: brews)
        #expect(usage.map(\.brews.count) == [3, 1])
        #expect(usage[0].gramsUsed == 48)
        #expect(usage[0].gramsLeft == -8)
        #expect(usage[0].averageRating == 4.5)
        #expect(usage[1].gramsLeft == nil)
        #expect(usage[1].averageRating == 3)
        #expect(BeanUsage.of([bag("bag300000001", "Ethiopia")], brews: brews)[0].averageRating == nil)
    }

    @Test("cost per cup: the price of the grams a brew used on average, or a finished bag's price shared by its brews; none without a price")
    func costPerCup() throws {
        let bags = [bag("bag100000001", opened: "2026-11-01", finished: "2026-11-05", weight: 250),
                    bag("bag200000001", "Brazil", opened: "2026-11-01", finished: "2026-11-05"),
                    bag("bag300000001", "Ethiopia", opened: "2026-11-01")]
        let brews = [brew("2026-11-02T08:00:00Z", dose: 15), brew("2026-11-03T08:00:00Z", dose: 20),
                     brew("2026-11-02T09:00:00Z", "Brazil"), brew("2026-11-03T09:00:00Z", "Brazil"),
                     brew("2026-11-02T10:00:00Z", "Ethiopia", dose: 18)]
        let usage = BeanUsage.of(bags, brews: brews)
        // 35 g of a 250 g bag that cost 20, over two cups: 1.40 a cup.
        #expect(try #require(usage[0].costPerCup(price: 20)).distance(to: 1.4).magnitude < 1e-12)
        #expect(usage[1].costPerCup(price: 12) == 6)
        #expect(usage[2].costPerCup(price: 12) == nil, "an open bag without a weight has no cost per cup yet")
        #expect(usage[0].costPerCup(price: nil) == nil)
        #expect(usage[0].costPerCup(price: -1) == nil && usage[0].costPerCup(price: .infinity) == nil)
        #expect(BeanUsage.of([bag("bag400000001", "Kenya", weight: 250)], brews: [])[0].costPerCup(price: 20) == nil)
    }
}
