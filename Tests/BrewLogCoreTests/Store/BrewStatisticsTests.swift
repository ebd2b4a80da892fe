import Testing
@testable import BrewLogCore

@Suite("Statistics: the recipe's figures averaged per method, never across methods")
struct BrewStatisticsTests {
    /// A brew of `method` on 29 November 2026 with the fields given.
    private func brew(_ method: String?, dose: Double? = nil, water: Double? = nil, yield: Double? = nil, temp: Double? = nil,
                      seconds: Int? = nil, rating: Int? = nil, coffee: String? = nil) -> BrewRecord {
        var brew = record("2026-11-29T07:15:00Z")
        brew.method = method
        brew.coffee = coffee
        brew.doseGrams = dose
        brew.waterGrams = water
        brew.yieldGrams = yield
        brew.temperatureCelsius = temp
        brew.brewTimeSeconds = seconds
        brew.rating = rating
        return brew
    }

    private func group(_ stats: BrewStatistics, _ name: String?) throws -> BrewStatistics.Group {
        try #require(stats.methods.first { $0.name == name })
    }

    @Test("the averaged fields are the field table's numeric recipe fields, in table order")
    func averagedFields() {
        #expect(BrewStatistics.averagedFields == BrewField.allCases.filter { $0.isRecipe && $0.isNumeric })
        #expect(BrewStatistics.averagedFields == [.dose, .water, .yield, .temperature, .brewTime])
    }

    @Test("two methods: each has its own dose, water, yield, ratio, temperature and time")
    func twoMethods() throws {
        let stats = BrewStatistics([
            brew("V60", dose: 15, water: 250, temp: 94, seconds: 165, rating: 4),
            brew("V60", dose: 16, water: 250, temp: 93, seconds: 180, rating: 5),
            brew("Espresso", dose: 18, yield: 36, temp: 93, seconds: 28, rating: 3),
            brew("French press", dose: 30, water: 500, seconds: 240),
        ])
        let v60 = try group(stats, "V60"), espresso = try group(stats, "Espresso"), press = try group(stats, "French press")
        #expect(stats.methods.map(\.name) == ["V60", "Espresso", "French press"])
        #expect(v60.averages == [.dose: 15.5, .water: 250, .temperature: 93.5, .brewTime: 172.5])
        #expect(v60.averageRatio == (250.0 / 15 + 250.0 / 16) / 2)
        #expect(v60.averageRating == 4.5)
        #expect(espresso.averages == [.dose: 18, .yield: 36, .temperature: 93, .brewTime: 28])
        #expect(espresso.averageRatio == 2)
        #expect(press.averages == [.dose: 30, .water: 500, .brewTime: 240])
        #expect(press.averageRating == nil)
        #expect(stats.averageRating == 4)
    }

    @Test("a missing value leaves its brew out of that average only; a field no brew has has no average")
    func missingValues() throws {
        let stats = BrewStatistics([
            brew("V60", dose: 15, water: 250),
            brew("V60", water: 200, temp: 92),
            brew("V60"),
        ])
        let v60 = try group(stats, "V60")
        #expect(v60.brews == 3)
        #expect(v60.averages == [.dose: 15, .water: 225, .temperature: 92])
        #expect(v60.averages[.yield] == nil && v60.average(of: .yield) == nil)
        #expect(v60.averageRatio == 250.0 / 15)
        #expect(v60.averageRating == nil)
    }

    @Test("methods that differ only in case are one group, named by its most frequent spelling")
    func caseMerged() throws {
        let stats = BrewStatistics([
            brew("v60", dose: 15, water: 250), brew("V60", dose: 16, water: 240), brew("V60", dose: 17, water: 245),
            brew("ESPRESSO", dose: 18, yield: 36), brew("espresso", dose: 19, yield: 40), brew("espresso", dose: 20, yield: 38),
        ])
        #expect(stats.methods.map(\.name) == ["V60", "espresso"])
        let v60 = try group(stats, "V60")
        #expect(v60.brews == 3)
        #expect(v60.averages == [.dose: 16, .water: 245])
        let espresso = try group(stats, "espresso")
        #expect(espresso.brews == 3)
        #expect(espresso.averages == [.dose: 19, .yield: 38])
    }

    @Test("brews that name no method are a group of their own, listed last; coffees carry no averages")
    func noMethodAndCoffees() throws {
        let stats = BrewStatistics([
            brew(nil, dose: 30, water: 500, coffee: "Kenya"),
            brew("V60", dose: 15, water: 250, coffee: "Kenya"),
            brew("V60", dose: 15, water: 250, coffee: "Brazil"),
        ])
        #expect(stats.methods.map(\.name) == ["V60", nil])
        #expect(try group(stats, nil).averages == [.dose: 30, .water: 500])
        #expect(try group(stats, "V60").averages == [.dose: 15, .water: 250])
        #expect(stats.coffees.map(\.name) == ["Kenya", "Brazil"])
        #expect(stats.coffees.allSatisfy { $0.averages.isEmpty && $0.averageRatio == nil })
    }

    @Test("no brews: no groups and no averages")
    func empty() {
        let stats = BrewStatistics([])
        #expect(stats.brews == 0 && stats.brewDays == 0 && stats.averageRating == nil)
        #expect(stats.methods.isEmpty && stats.coffees.isEmpty)
    }

    @Test("an average as a field's value: a duration in whole seconds, grams to a tenth, a temperature to its tenth", arguments: [
        (BrewField.dose, 46.0 / 3, FieldValue.number(15.3)),
        (.water, 740.0 / 3, .number(246.7)),
        (.yield, 38, .number(38)),
        (.temperature, 93.25, .number(93.3)),
        (.brewTime, 515.0 / 3, .integer(172)),
        (.brewTime, 29.5, .integer(30)),
        (.dose, 1e308, .number(1e308)),
    ])
    func averageValue(field: BrewField, mean: Double, expected: FieldValue) {
        #expect(field.averageValue(mean) == expected)
    }

    @Test("a group's average reads as its field shows values")
    func averageDisplay() throws {
        let stats = BrewStatistics([brew("V60", dose: 15, water: 250, temp: 94, seconds: 165), brew("V60", dose: 16, water: 240, temp: 93, seconds: 170)])
        let v60 = try group(stats, "V60")
        let shown = BrewStatistics.averagedFields.map { field in v60.average(of: field).map(field.display) }
        #expect(shown == ["15.5 g", "245 g", nil, "93.5 °C", "2:48"])
    }
}
