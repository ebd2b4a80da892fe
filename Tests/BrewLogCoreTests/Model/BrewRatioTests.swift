import Foundation
import Testing
@testable import BrewLogCore

/// The ratio rule: which grams a `1:R` sets, and when it cannot.
@Suite("A brew ratio sets the water (or the yield) from the dose, or the dose from them")
struct BrewRatioTests {
    private func record(dose: Double? = nil, water: Double? = nil, yield: Double? = nil) -> BrewRecord {
        BrewRecord(id: .random(), timestamp: stamp("2026-11-20T08:00:00Z"), doseGrams: dose, waterGrams: water, yieldGrams: yield)
    }

    @Test("1:R and R read alike; anything else, or a ratio outside (0, 1000], is nothing", arguments: [
        ("1:16", 16.0), ("16", 16), ("1:16.5", 16.5), ("0", nil), ("1:0", nil), ("1001", nil), ("x", nil), ("1:", nil), ("-2", nil),
    ] as [(String, Double?)])
    func parse(text: String, expected: Double?) {
        #expect(BrewRatio.parse(text) == expected)
    }

    @Test("which grams it sets, rounded to a tenth", arguments: [
        (15.0, nil, true, false, 15.0, 240.0),
        (nil, 250.0, false, true, 15.6, 250.0),
        (15.0, 300.0, false, false, 15.0, 240.0),
        (nil, 250.0, false, false, 15.6, 250.0),
        (15.0, 300.0, false, true, 18.8, 300.0),
    ] as [(Double?, Double?, Bool, Bool, Double, Double)])
    func sets(dose: Double?, water: Double?, doseGiven: Bool, waterGiven: Bool, expectedDose: Double, expectedWater: Double) throws {
        var brew = record(dose: dose, water: water)
        try BrewRatio.apply(16, to: &brew, typed: typed(doseGiven, waterGiven))
        #expect(brew.doseGrams == expectedDose && brew.waterGrams == expectedWater)
    }

    @Test("when it cannot, it says why and changes nothing", arguments: [
        (15.0, 250.0, nil, Set<BrewField>([.dose, .water]), BrewField.water, BrewRatio.Problem.doseAndGramsGiven(target: .water)),
        (18.0, nil, 36.0, [.dose, .yield], .yield, .doseAndGramsGiven(target: .yield)),
        (nil, nil, nil, [], .water, .nothingToWorkFrom(target: .water)),
        (nil, 250.0, nil, [], .yield, .nothingToWorkFrom(target: .yield)),
    ] as [(Double?, Double?, Double?, Set<BrewField>, BrewField, BrewRatio.Problem)])
    func refuses(dose: Double?, water: Double?, yield: Double?, typed: Set<BrewField>, target: BrewField, problem: BrewRatio.Problem) {
        let before = record(dose: dose, water: water, yield: yield)
        var brew = before
        #expect(throws: problem) { try BrewRatio.apply(16, to: &brew, typed: typed, target: target) }
        #expect(brew == before)
    }

    @Test("aimed at the yield, it sets espresso's out from the dose, or the dose from the out", arguments: [
        (18.0, nil, Set<BrewField>([.dose]), 18.0, 36.0, BrewField.yield),
        (nil, 40.0, [.yield], 20.0, 40.0, .dose),
        (18.0, 30.0, [], 18.0, 36.0, .yield),
    ] as [(Double?, Double?, Set<BrewField>, Double, Double, BrewField)])
    func setsYield(dose: Double?, yield: Double?, typed: Set<BrewField>, expectedDose: Double, expectedYield: Double, set: BrewField) throws {
        var brew = record(dose: dose, yield: yield)
        let changed = try BrewRatio.apply(2, to: &brew, typed: typed, target: .yield)
        #expect(brew.doseGrams == expectedDose && brew.yieldGrams == expectedYield && brew.waterGrams == nil)
        #expect(changed == set)
    }

    @Test("the yield is the target when the brew has one, or most of its method's recent brews record a yield and no water", arguments: [
        (nil, nil, 36.0, [], BrewField.yield),
        (nil, nil, nil, [], .water),
        (nil, 250.0, nil, [(nil, 36.0)], .water),
        (18.0, nil, nil, [(nil, 36.0), (nil, 40.0), (250.0, nil)], .yield),
        (18.0, nil, nil, [(nil, 36.0), (250.0, nil)], .water),
        (18.0, nil, nil, [(nil, nil), (nil, nil), (nil, 36.0)], .yield),
        (18.0, nil, nil, [(300.0, 40.0)], .water),
    ] as [(Double?, Double?, Double?, [(Double?, Double?)], BrewField)])
    func target(dose: Double?, water: Double?, yield: Double?, recent: [(Double?, Double?)], expected: BrewField) {
        let brews = recent.map { record(water: $0.0, yield: $0.1) }
        #expect(BrewRatio.target(for: record(dose: dose, water: water, yield: yield), recent: brews) == expected)
    }

    @Test("only the method's newest brews count: an old habit of weighing the yield does not")
    func onlyRecentBrews() {
        let old = Array(repeating: record(yield: 36), count: 10)
        let newest = Array(repeating: record(water: 250), count: BrewRatio.recentBrews)
        #expect(BrewRatio.target(for: record(dose: 18), recent: newest + old) == .water)
        #expect(BrewRatio.target(for: record(dose: 18), recent: old + newest) == .yield)
    }

    @Test("grams outside the field's range are refused")
    func outOfRange() {
        var brew = record(dose: 900)
        #expect(throws: BrewRatio.Problem.self) { try BrewRatio.apply(16, to: &brew, typed: [.dose]) }
        #expect(brew.waterGrams == nil)
    }

    /// The fields typed with the ratio.
    private func typed(_ dose: Bool, _ water: Bool) -> Set<BrewField> {
        Set([dose ? BrewField.dose : nil, water ? .water : nil].compactMap { $0 })
    }
}
