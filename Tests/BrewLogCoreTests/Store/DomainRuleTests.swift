import Foundation
import Testing
@testable import BrewLogCore

/// The rules a reading command follows to choose brews and bags, held in the core: which
/// brews a query keeps, which bag a text names, which coffee `dial` looks at and its best brew.
@Suite("Domain rules: queries, bag lookup, coffee selection, the best brew")
struct DomainRuleTests {
    /// A day the test spells; a bad literal is an issue.
    static func day(_ text: String) -> CalendarDay {
        guard let day = CalendarDay(parsing: text) else {
            Issue.record("bad day literal \(text)")
            return CalendarDay(daysSinceEpoch: 0)
        }
        return day
    }

    /// An id the test spells; a bad literal is an issue.
    static func id(_ text: String) -> BrewID {
        guard let id = BrewID(text) else {
            Issue.record("bad id literal \(text)")
            return .random()
        }
        return id
    }

    @Test("a query keeps a brew only when it passes every part, methods and coffees ignoring case")
    func query() {
        let brew = BrewRecord(id: .random(), timestamp: stamp("2026-11-29T07:40:00+01:00"), rating: 4, notes: "Bright, Jammy",
                              method: "V60", coffee: "Kenya AA", tags: ["work", "guest"])
        #expect(BrewQuery().admits(brew))
        #expect(BrewQuery().isEmpty)
        #expect(BrewQuery(methods: ["v60", "aeropress"]).admits(brew))
        #expect(!BrewQuery(methods: ["aeropress"]).admits(brew))
        #expect(BrewQuery(coffees: ["KENYA aa"]).admits(brew))
        #expect(BrewQuery(tags: ["work", "guest"]).admits(brew))
        #expect(!BrewQuery(tags: ["work", "home"]).admits(brew))
        #expect(BrewQuery(minRating: 4).admits(brew))
        #expect(!BrewQuery(minRating: 5).admits(brew))
        #expect(BrewQuery(grep: "JAMMY").admits(brew))
        #expect(!BrewQuery(methods: ["v60"], grep: "sour").admits(brew))
        #expect(BrewQuery(grep: "x").needsFields && !BrewQuery(days: Self.day("2026-11-29")...Self.day("2026-11-29")).needsFields)
    }

    @Test("a brew's day is its date in its own offset; a moment compares as a moment")
    func queryDates() {
        // 23:30 on 30 November in New York is 04:30 on 1 December in UTC.
        let brew = BrewRecord(id: .random(), timestamp: stamp("2026-11-30T23:30:00-05:00"))
        #expect(BrewQuery(since: .day(Self.day("2026-11-30")), until: .day(Self.day("2026-11-30"))).admits(brew))
        #expect(!BrewQuery(since: .day(Self.day("2026-12-01"))).admits(brew))
        #expect(BrewQuery(since: .moment(stamp("2026-12-01T04:00:00Z"))).admits(brew))
        #expect(!BrewQuery(until: .moment(stamp("2026-12-01T04:00:00Z"))).admits(brew))
        #expect(BrewQuery(days: Self.day("2026-11-30")...Self.day("2026-11-30")).admits(brew))
    }

    @Test("a range is empty only when no offset bridges its gap", arguments: [
        (BrewQuery.Bound.day(DomainRuleTests.day("2026-12-02")), BrewQuery.Bound.day(DomainRuleTests.day("2026-12-01")), true),
        (.day(DomainRuleTests.day("2026-12-01")), .day(DomainRuleTests.day("2026-12-01")), false),
        (.day(DomainRuleTests.day("2026-12-01")), .moment(stamp("2026-11-30T23:00:00Z")), false),
        (.day(DomainRuleTests.day("2026-12-02")), .moment(stamp("2026-11-30T23:00:00Z")), true),
        (.moment(stamp("2026-12-01T10:00:00Z")), .moment(stamp("2026-12-01T09:00:00Z")), true),
        (.moment(stamp("2026-12-01T10:00:00Z")), .day(DomainRuleTests.day("2026-11-30")), false),
    ])
    func emptyRange(start: BrewQuery.Bound, end: BrewQuery.Bound, empty: Bool) {
        #expect(start.startsAfterEnd(end) == empty)
    }

    static let kenya = BeanBag(id: id("bag1bag1bag1"), name: "Kenya AA", opened: day("2026-11-01"))
    static let kenyaOld = BeanBag(id: id("bag2bag2bag2"), name: "Kenya AA", opened: day("2026-10-01"), finished: day("2026-10-30"))
    static let ethiopia = BeanBag(id: id("bag3bag3bag3"), name: "Ethiopia Guji", opened: day("2026-11-10"))
    static let geisha = BeanBag(id: id("bag4bag4bag4"), name: "Panama Geisha", opened: day("2026-09-01"), finished: day("2026-09-20"))

    @Test("a bag is named by id, then open name, then name, then id prefix, then part of an open bag's name")
    func bagLookup() {
        let bags = [Self.kenyaOld, Self.kenya, Self.ethiopia, Self.geisha]
        #expect(BagLookup("bag2bag2bag2", among: bags) == .found(Self.kenyaOld))
        #expect(BagLookup("kenya aa", among: bags) == .found(Self.kenya))
        #expect(BagLookup("Panama Geisha", among: bags) == .found(Self.geisha))
        #expect(BagLookup("bag3", among: bags) == .found(Self.ethiopia))
        #expect(BagLookup("bag", among: bags) == .none(finishedHolding: nil))
        #expect(BagLookup("guji", among: bags) == .found(Self.ethiopia))
        #expect(BagLookup("geisha", among: bags) == .none(finishedHolding: Self.geisha))
        #expect(BagLookup("", among: bags) == .none(finishedHolding: nil))
        let twins = [Self.kenya, BeanBag(id: Self.id("bag5bag5bag5"), name: "kenya aa", opened: Self.day("2026-11-20"))]
        #expect(BagLookup("Kenya AA", among: twins) == .sameName(twins, open: true))
        #expect(BagLookup("a", among: [Self.kenya, Self.ethiopia]) == .samePart([Self.kenya, Self.ethiopia]))
        #expect(BagLookup("bag1", among: [Self.kenya, BeanBag(id: Self.id("bag1zzzzzzzz"), name: "Other")]).isSamePrefix)
    }

    static func brew(_ date: String, coffee: String?, method: String? = nil, rating: Int? = nil) -> BrewRecord {
        BrewRecord(id: .random(), timestamp: stamp(date), rating: rating, method: method, coffee: coffee)
    }

    @Test("dial names a coffee by its whole name or a unique part, spelled as its earliest brew spells it")
    func coffeeSelection() throws {
        let first = Self.brew("2026-11-01T08:00:00Z", coffee: "Kenya AA", method: "V60", rating: 3)
        let second = Self.brew("2026-11-02T08:00:00Z", coffee: "kenya aa", method: "Espresso", rating: 4)
        let other = Self.brew("2026-11-03T08:00:00Z", coffee: "Kenyan Peaberry", method: "V60")
        let store = try makeStore(now: "2026-11-30T12:00:00Z", records: [second, other, first])
        #expect(store.coffeeSelection("KENYA AA", method: nil) == .found(name: "Kenya AA", brews: [first, second]))
        #expect(store.coffeeSelection("peaberry", method: nil) == .found(name: "Kenyan Peaberry", brews: [other]))
        #expect(store.coffeeSelection("kenya", method: nil) == .ambiguous(["Kenya AA", "Kenyan Peaberry"]))
        #expect(store.coffeeSelection("kenya aa", method: "espresso") == .found(name: "Kenya AA", brews: [second]))
        #expect(store.coffeeSelection("kenya aa", method: "aeropress") == .noBrewsOfMethod(name: "Kenya AA", methods: ["Espresso", "V60"]))
        #expect(store.coffeeSelection("colombia", method: nil) == .noCoffee(coffees: ["Kenya AA", "Kenyan Peaberry"]))
        #expect(store.coffeeSelection("", method: nil) == .noCoffee(coffees: ["Kenya AA", "Kenyan Peaberry"]))
    }

    @Test("the best brew is the highest rated, the later of a tie, and none when nothing is rated")
    func best() {
        let a = Self.brew("2026-11-01T08:00:00Z", coffee: "K", rating: 4)
        let b = Self.brew("2026-11-02T08:00:00Z", coffee: "K", rating: 3)
        let c = Self.brew("2026-11-03T08:00:00Z", coffee: "K", rating: 4)
        let unrated = Self.brew("2026-11-04T08:00:00Z", coffee: "K")
        #expect(CoffeeSelection.best(of: [a, b, c, unrated]) == c)
        #expect(CoffeeSelection.best(of: [a, b]) == a)
        #expect(CoffeeSelection.best(of: [unrated]) == nil)
        #expect(CoffeeSelection.best(of: []) == nil)
    }
}

extension BagLookup {
    var isSamePrefix: Bool {
        if case .samePrefix(let bags) = self { return bags.count == 2 }
        return false
    }
}
