import Testing
@testable import BrewLogCore

@Suite("BrewOrder: brews ordered by columns, text ignoring case with numbers by value, brews without a value first, stable")
struct BrewOrderTests {
    /// Brews a minute apart, in date order, each with the grind given (`nil`: none).
    private func brews(grinds: [String?]) -> [BrewRecord] {
        grinds.enumerated().map { index, grind in
            var brew = record("2026-11-29T08:\(index < 10 ? "0" : "")\(index):00+01:00")
            brew.grind = grind
            return brew
        }
    }

    @Test("text compares ignoring case, each run of digits by its value; equal text keeps date order", arguments: [
        (["22", "9", "20", "09", "100"], false, ["9", "09", "20", "22", "100"]),
        (["22", "9", "20", "09", "100"], true, ["100", "22", "20", "9", "09"]),
        (["v8", "V60", "v6", "V60b", "v60a"], false, ["v6", "v8", "V60", "v60a", "V60b"]),
        (["b", "A", "a", "B", "Ä"], false, ["A", "a", "b", "B", "Ä"]),
        (["1.5.3", "1.10.0", "1.5"], false, ["1.5", "1.5.3", "1.10.0"]),
        (["18 clicks", "9 clicks", "fine"], false, ["9 clicks", "18 clicks", "fine"]),
    ])
    func text(grinds: [String], descending: Bool, expected: [String]) {
        let order = BrewOrder([BrewOrder.Key(.field(.grind), descending: descending)])
        #expect(order.sorted(brews(grinds: grinds), record: { $0 }, bags: BeanMatching(bags: [])).compactMap(\.grind) == expected)
    }

    @Test("brews without a value come first, ascending and descending alike, in date order", arguments: [false, true])
    func missingFirst(descending: Bool) {
        let given = brews(grinds: ["2", nil, "1", nil, "3"])
        let order = BrewOrder([BrewOrder.Key(.field(.grind), descending: descending)])
        let sorted = order.sorted(given, record: { $0 }, bags: BeanMatching(bags: []))
        #expect(sorted.map(\.grind) == (descending ? [nil, nil, "3", "2", "1"] : [nil, nil, "1", "2", "3"]))
        #expect(sorted.prefix(2).map(\.timestamp) == [given[1].timestamp, given[3].timestamp])
    }

    @Test("no keys: the order given")
    func noKeys() {
        let given = brews(grinds: ["2", nil, "1"])
        #expect(BrewOrder([]).sorted(given, record: { $0 }, bags: BeanMatching(bags: [])).map(\.grind) == ["2", nil, "1"])
    }
}

@Suite("BrewOrder.Sorter: brews given one by one, ordered as sorted(_:record:bags:) orders them")
struct BrewOrderSorterTests {
    @Test("the places in order: recurring texts, ids compared by their scalars (one written by another tool, with non-ASCII letters, last), ties in the order given")
    func places() throws {
        let stamp = try #require(Timestamp(rfc3339: "2026-11-29T07:15:00+01:00"))
        let ids = ["bbbb", "aaaa", "zzzz", "éééé", "aaab"]
        let methods = ["V60", "v60", "Espresso", nil, "V60"]
        let records = zip(ids, methods).map { id, method in
            BrewRecord(id: BrewID(unchecked: id), timestamp: stamp, method: method)
        }
        for keys in [[BrewOrder.Key(.field(.method))], [BrewOrder.Key(.field(.id), descending: true)], [BrewOrder.Key(.field(.method), descending: true), BrewOrder.Key(.field(.id))]] {
            let order = BrewOrder(keys)
            var sorter = BrewOrder.Sorter(order, bags: BeanMatching(bags: []))
            for record in records { sorter.append(record) }
            #expect(sorter.order().map { records[$0] } == order.sorted(records, record: { $0 }, bags: BeanMatching(bags: [])))
        }
        var byID = BrewOrder.Sorter(BrewOrder([BrewOrder.Key(.field(.id))]), bags: BeanMatching(bags: []))
        for record in records { byID.append(record) }
        #expect(byID.order() == [1, 4, 0, 2, 3])
    }
}
