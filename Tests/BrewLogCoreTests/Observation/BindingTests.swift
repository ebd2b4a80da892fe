import Foundation
import Testing
@testable import BrewLogCore

struct Recipe: Equatable {
    var dose: Double
    var name: String
}

@Suite("Bindings are getter/setter pairs into storage someone else owns")
struct BindingTests {
    @Test("Bindable(brew).notes writes through to the brew")
    func writeThrough() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let notes = Bindable(brew).notes
        notes.wrappedValue = "Floral"
        #expect(brew.notes == "Floral")
        brew.notes = "Nutty"
        #expect(notes.wrappedValue == "Nutty")
    }

    @Test("writes through a binding are tracked like any other write")
    func trackedWrites() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let calls = CallCounter()
        _ = withTracking { brew.rating } onChange: { calls.increment() }
        Bindable(brew).rating.wrappedValue = 3
        #expect(calls.value == 0)
        Bindable(brew).rating.wrappedValue = 5
        #expect(calls.value == 1)
    }

    @Test("a binding composes into a sub-value through a key path")
    func keyPathComposition() {
        var storage = Recipe(dose: 15, name: "house")
        let recipe = Binding(get: { storage }, set: { storage = $0 })
        let dose = recipe.dose
        dose.wrappedValue = 18
        #expect(storage == Recipe(dose: 18, name: "house"))
        #expect(recipe.name.wrappedValue == "house")
    }

    @Test("a binding into a brew composes further into the value")
    func brewKeyPathComposition() {
        let brew = Brew(rating: nil, notes: "", date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0)
        Bindable(brew).timestamp.utcOffsetSeconds.wrappedValue = 3600
        #expect(brew.utcOffsetSeconds == 3600)
    }

    @Test("a constant binding reads its value and ignores writes")
    func constant() {
        let binding = Binding.constant("fixed")
        binding.wrappedValue = "changed"
        #expect(binding.wrappedValue == "fixed")
    }
}
