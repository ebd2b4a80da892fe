import Foundation
import Testing
@testable import BrewLogCore

/// The ratio rule: which grams a `1:R` sets, and when it cannot.
@Suite("A brew ratio sets the water from the dose, or the dose from the water")
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
        (15.0, nil, 36.0, false, false, BrewRatio.Problem.hasYield),
        (15.0, 250.0, nil, true, true, .doseAndWaterGiven),
        (nil, nil, nil, false, false, .nothingToWorkFrom),
    ] as [(Double?, Double?, Double?, Bool, Bool, BrewRatio.Problem)])
    func refuses(dose: Double?, water: Double?, yield: Double?, doseGiven: Bool, waterGiven: Bool, problem: BrewRatio.Problem) {
        let before = record(dose: dose, water: water, yield: yield)
        var brew = before
        #expect(throws: problem) { try BrewRatio.apply(16, to: &brew, typed: typed(doseGiven, waterGiven)) }
        #expect(brew == before)
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
