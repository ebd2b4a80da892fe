import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// Counting per day in an array grown at either end (or a dictionary, for an absurd span) must
/// count exactly as a dictionary does, in any order of days.
@Suite("Counting brews per day as a pass meets them")
struct DayCountsTests {
    /// The counts of `numbers` (days since 1970-01-01) and what a dictionary makes of them.
    private func count(_ numbers: [Int]) -> (counts: DayCounts, expected: [CalendarDay: Int]) {
        var counts = DayCounts()
        var expected: [CalendarDay: Int] = [:]
        for number in numbers {
            let day = CalendarDay(daysSinceEpoch: number)
            counts.add(day)
            expected[day, default: 0] += 1
        }
        return (counts, expected)
    }

    /// Checks every way `counts` is read against `expected`.
    private func check(_ counts: DayCounts, _ expected: [CalendarDay: Int], probing probes: [Int] = []) {
        let sorted = expected.sorted { $0.key < $1.key }
        #expect(counts.map { $0.day } == sorted.map(\.key))
        #expect(counts.map { $0.count } == sorted.map(\.value))
        #expect(counts.days == sorted.map(\.key))
        #expect(counts.dayCount == expected.count)
        #expect(counts.firstDay == sorted.first?.key)
        for (day, number) in expected { #expect(counts[day] == number) }
        for probe in probes {
            let day = CalendarDay(daysSinceEpoch: probe)
            #expect(counts[day] == expected[day] ?? 0)
        }
    }

    @Test("runs of a day, days met again later, out of order and far apart are counted as a dictionary counts them", arguments: [
        [1, 1, 1, 2, 2, 3],
        [3, 1, 3, 3, 2, 1, 1],
        [],
        [5],
        [20_000, 19_000, 18_000, 20_000, 17_999, 21_000],
        // The years 1 and 9999 and today's: a span of 3.65 million days over three days.
        [-719_162, 20_786, 2_932_896, 20_786, -719_162],
        [20_786, -719_162, 20_787, 2_932_896],
    ])
    func counts(days: [Int]) {
        let (counts, expected) = count(days)
        check(counts, expected, probing: [-719_163, 0, 19_999, 20_000, 20_003, 2_932_897])
    }

    @Test("a journal in date order, in reverse and shuffled gives the same counts", arguments: [UInt64(1), 2, 3])
    func orders(seed: UInt64) {
        var rng = SeededRandomGenerator(seed: seed)
        // About three brews a day over ten years, some days without one.
        var numbers: [Int] = []
        for day in 16_000..<19_650 where Int.random(in: 0..<5, using: &rng) > 0 {
            numbers += Array(repeating: day, count: Int.random(in: 1...4, using: &rng))
        }
        let inOrder = count(numbers), reversed = count(numbers.reversed()), shuffled = count(numbers.shuffled(using: &rng))
        check(inOrder.counts, inOrder.expected, probing: [15_999, 16_000, 19_649, 19_650])
        check(reversed.counts, reversed.expected, probing: [15_999, 19_650])
        check(shuffled.counts, shuffled.expected, probing: [15_999, 19_650])
        #expect(inOrder.counts == reversed.counts)
        #expect(inOrder.counts == shuffled.counts)
    }

    @Test("a stray day centuries away is counted beside a journal of this decade, and the counts stay equal to an array's")
    func strayDay() {
        var numbers = [-500_000]
        for day in 19_000..<20_000 { numbers += [day, day] }
        // Then enough days that the span is no longer absurd for them.
        for day in stride(from: -500_000, to: 19_000, by: 3) { numbers.append(day) }
        let (counts, expected) = count(numbers)
        check(counts, expected, probing: [-500_001, -499_999, 0, 20_000])
        #expect(counts == count(numbers.reversed()).counts)
    }

    @Test("dates beyond any calendar are counted without an array that long")
    func absurdSpan() {
        let (counts, expected) = count([Int.min, 0, Int.max, 0, 1, Int.min])
        check(counts, expected, probing: [2, -1])
    }

    @Test("counts differ when a day was counted a different number of times or another day was")
    func inequality() {
        #expect(count([1, 2, 2]).counts != count([1, 2]).counts)
        #expect(count([1, 2]).counts != count([1, 3]).counts)
        #expect(count([]).counts == DayCounts())
    }
}
