@testable import BrewLogCore
import Testing

@Suite("A new brew's fields: [add], the method's defaults, a recipe or brew, the command line")
struct BrewLayersTests {
    /// A layer from `field: value` pairs (numbers are grams, texts are texts, arrays are tags)
    /// and the fields it unsets.
    static func layer(_ pairs: [(BrewField, FieldValue)], unset: Set<BrewField> = []) -> BrewFieldValues {
        var values = BrewFieldValues()
        for (field, value) in pairs { values[field] = value }
        values.unset = unset
        return values
    }

    static let defaults = layer([(.method, .text("V60")), (.dose, .number(15)), (.water, .number(250)), (.tags, .tags(["home"]))])
    static let methods: [(method: String, values: BrewFieldValues)] = [
        ("Espresso", layer([(.dose, .number(18))], unset: [.water])),
        ("V60", layer([(.grind, .text("20"))])),
    ]
    static let shot = layer([(.method, .text("Espresso")), (.yield, .number(36))])

    /// One case: the starting point and what was typed, then the fields expected and the layers used.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let start: (source: BrewLayers.Source, values: BrewFieldValues)?
        let typed: BrewFieldValues
        let expected: BrewFieldValues
        let used: [BrewLayers.Source]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing typed: [add], then the defaults of its method", start: nil, typed: layer([]),
             expected: layer([(.method, .text("V60")), (.dose, .number(15)), (.water, .number(250)), (.grind, .text("20")), (.tags, .tags(["home"]))]),
             used: [.defaults, .methodDefaults("V60")]),
        Case(name: "a typed method picks its defaults, ignoring case, and they unset the water", start: nil,
             typed: layer([(.method, .text("espresso"))]),
             expected: layer([(.method, .text("espresso")), (.dose, .number(18)), (.tags, .tags(["home"]))]),
             used: [.defaults, .methodDefaults("Espresso"), .commandLine]),
        Case(name: "a recipe's method picks its defaults; the recipe sits above them", start: (.recipe("shot"), shot), typed: layer([]),
             expected: layer([(.method, .text("Espresso")), (.dose, .number(18)), (.yield, .number(36)), (.tags, .tags(["home"]))]),
             used: [.defaults, .methodDefaults("Espresso"), .recipe("shot")]),
        Case(name: "a typed method beats the recipe's in choosing the defaults", start: (.recipe("shot"), shot),
             typed: layer([(.method, .text("V60"))]),
             expected: layer([(.method, .text("V60")), (.dose, .number(15)), (.water, .number(250)), (.yield, .number(36)), (.grind, .text("20")),
                              (.tags, .tags(["home"]))]),
             used: [.defaults, .methodDefaults("V60"), .recipe("shot"), .commandLine]),
        Case(name: "--unset removes what any layer below set; a layer none of whose fields is left is not named", start: (.recipe("shot"), shot),
             typed: layer([], unset: [.yield, .tags, .dose]),
             expected: layer([(.method, .text("Espresso"))]),
             used: [.methodDefaults("Espresso"), .recipe("shot"), .commandLine]),
        Case(name: "unsetting the method leaves no method's defaults", start: nil, typed: layer([], unset: [.method]),
             expected: layer([(.dose, .number(15)), (.water, .number(250)), (.tags, .tags(["home"]))]),
             used: [.defaults, .commandLine]),
        Case(name: "a recipe's unset removes a default; a recipe's water stands over the method's unset",
             start: (.recipe("long"), layer([(.method, .text("Espresso")), (.water, .number(60))], unset: [.tags])), typed: layer([]),
             expected: layer([(.method, .text("Espresso")), (.dose, .number(18)), (.water, .number(60))]),
             used: [.methodDefaults("Espresso"), .recipe("long")]),
        Case(name: "a liked brew with no method leaves the defaults' method in force",
             start: (.brew(BrewID(unchecked: "abcd1234")), layer([(.coffee, .text("Kenya"))])), typed: layer([]),
             expected: layer([(.method, .text("V60")), (.coffee, .text("Kenya")), (.dose, .number(15)), (.water, .number(250)), (.grind, .text("20")),
                              (.tags, .tags(["home"]))]),
             used: [.defaults, .methodDefaults("V60"), .brew(BrewID(unchecked: "abcd1234"))]),
        Case(name: "a method without a section of its own takes [add] alone", start: nil, typed: layer([(.method, .text("Chemex"))]),
             expected: layer([(.method, .text("Chemex")), (.dose, .number(15)), (.water, .number(250)), (.tags, .tags(["home"]))]),
             used: [.defaults, .commandLine]),
    ]

    @Test("every layer alone and together, with --unset at each level and two methods", arguments: cases)
    func resolves(_ example: Case) {
        let layers = BrewLayers(defaults: Self.defaults, methodDefaults: Self.methods, startingPoint: example.start, typed: example.typed)
        let resolved = layers.resolved
        #expect(resolved.values == example.expected)
        #expect(resolved.used == example.used)
    }

    @Test("no layers at all give an empty brew and name no layer")
    func empty() {
        let resolved = BrewLayers(defaults: BrewFieldValues(), methodDefaults: [], startingPoint: nil, typed: BrewFieldValues()).resolved
        #expect(resolved.values.isEmpty && resolved.used.isEmpty)
    }

    @Test("two sections for one method in different case are one layer, named as first spelled")
    func sectionsInTwoCases() {
        let layers = BrewLayers(defaults: BrewFieldValues(), methodDefaults: [("Espresso", Self.layer([], unset: [.water])), ("espresso", Self.layer([(.dose, .number(18))]))],
                                startingPoint: nil, typed: Self.layer([(.method, .text("ESPRESSO")), (.water, .number(40))]))
        #expect(layers.methodLayer?.method == "Espresso")
        #expect(layers.resolved.values == Self.layer([(.method, .text("ESPRESSO")), (.dose, .number(18)), (.water, .number(40))]))
    }
}
