// The model's first tests, kept word for word as they were written for BrewLog (the module they
// import was called BrewLog; ours is BrewLogCore).
import Testing
@testable import BrewLogCore

@Suite("BrewLogStore is a reference type — that's the whole trick")
struct BrewLogStoreTests {

    @Test("two holders of the same instance see the same streak")
    func sharedReferenceSeesUpdates() {
        let store = BrewLogStore()

        let listView = store    // stand-in for an @Environment-injected reference
        let badgeView = store   // a different view, same instance

        listView.recordBrew()

        #expect(badgeView.streak == 1)
    }

    @Test("a freshly constructed store starts at zero — Bug 1, on the record")
    func freshStoreStartsEmpty() {
        let accidentalStore = BrewLogStore()

        #expect(accidentalStore.streak == 0)
    }
}

@Suite("Brew supports in-place editing")
struct BrewEditTests {

    @Test("mutating a property is visible to every holder of the reference")
    func editIsSharedAcrossHolders() {
        let brew = Brew(rating: 3, notes: "", date: .now)
        let editView = brew
        let listRow = brew

        editView.notes = "Bright, blackcurrant, needs more time on the V60"

        #expect(listRow.notes.contains("V60"))
    }
}
