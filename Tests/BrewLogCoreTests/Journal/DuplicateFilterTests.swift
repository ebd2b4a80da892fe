import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// The duplicate filter finds every repeated id, and its table stays spread out: a table whose
/// ids pile up in a few slots still answers right, only quadratically slowly, so the spread is
/// checked on its own.
@Suite("The duplicate filter")
struct DuplicateFilterTests {
    @Test("ids hash to first slots spread over the whole table", arguments: [16, 1000, 1_393_571])
    func spread(count: Int) {
        var rng = SeededRandomGenerator(seed: UInt64(count))
        let samples = 5000
        var slots = Set<Int>()
        for _ in 0..<samples {
            let slot = DuplicateFilter.slot(of: DuplicateFilter.hash(BrewID.random(using: &rng)), in: count)
            #expect((0..<count).contains(slot))
            slots.insert(slot)
        }
        // Uniform hashing reaches nearly every slot of a small table, and nearly as many slots
        // as samples in a large one (the salt is random, so the bound leaves a wide margin).
        #expect(slots.count > min(count, samples) / 2)
    }

    @Test("a second line with a known id is refused, naming the first line; other ids pass", arguments: [10, 5000])
    func duplicates(count: Int) {
        var rng = SeededRandomGenerator(seed: 7)
        let ids = (0..<count).map { _ in BrewID.random(using: &rng) }
        var filter = DuplicateFilter(expecting: 4)
        for (line, id) in ids.enumerated() {
            #expect(filter.admit(id, line: line + 1) == nil)
        }
        for line in [0, count / 2, count - 1] {
            let problem = filter.admit(ids[line], line: count + 1)
            #expect(problem?.reason == "duplicate id '\(ids[line])' (first on line \(line + 1))")
        }
    }
}
