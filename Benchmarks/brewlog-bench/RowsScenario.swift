import BrewLogCore
import Observation
import Synchronization

/// A live list of 1,000 brews, each row rendered in its own tracking scope;
/// one brew's notes change; how many rows render again, and how long the update takes.
enum RowsScenario {
    struct Result {
        let name: String
        let rerendered: Int
        let microsecondsPerUpdate: Double
    }

    static let rowCount = 1000

    static func run(runs: Int) -> [Result] {
        [propertyLevel(runs: runs), observation(runs: runs), objectLevel(runs: runs)]
    }

    /// Rows that need rendering, filled by onChange callbacks (which may run on any thread).
    final class Dirty: Sendable {
        private let rows = Mutex<[Int]>([])
        func mark(_ row: Int) { rows.withLock { $0.append(row) } }
        func take() -> [Int] { rows.withLock { rows in defer { rows = [] }; return rows } }
    }

    /// (a) BrewLog: each row reads its own brew's properties inside `withTracking`.
    static func propertyLevel(runs: Int) -> Result {
        let brews = (0..<rowCount).map { Brew(rating: $0 % 5 + 1, notes: "row \($0)", date: .now, method: "V60") }
        return trackedRows(name: "BrewLog property-level tracking", runs: runs) { row, onChange in
            let brew = brews[row]
            withTracking {
                blackHole &+= brew.notes.utf8.count + (brew.rating ?? 0) + (brew.method?.utf8.count ?? 0)
            } onChange: { onChange() }
        } change: { brews[500].notes = $0 }
    }

    /// (b) Apple's Observation: the same rows with `withObservationTracking`.
    static func observation(runs: Int) -> Result {
        let brews = (0..<rowCount).map { ObservedBrew(notes: "row \($0)", rating: $0 % 5 + 1) }
        return trackedRows(name: "Apple Observation", runs: runs) { row, onChange in
            let brew = brews[row]
            withObservationTracking {
                blackHole &+= brew.notes.utf8.count + brew.rating + brew.method.utf8.count
            } onChange: { onChange() }
        } change: { brews[500].notes = $0 }
    }

    /// Renders every row once, then times changing one brew's notes and rendering the rows that
    /// were told (each row's `render` tracks its reads and calls the given closure on a change).
    private static func trackedRows(name: String, runs: Int, render: (Int, @escaping @Sendable () -> Void) -> Void,
                                    change: (String) -> Void) -> Result {
        let dirty = Dirty()
        for row in 0..<rowCount { render(row) { dirty.mark(row) } }
        var rerendered = 0
        var counter = 0
        let time = nanosecondsPerOperation(runs: runs, operations: 1) {
            counter += 1
            change("changed \(counter)")
            let rows = dirty.take()
            rerendered = rows.count
            for row in rows { render(row) { dirty.mark(row) } }
        }
        return Result(name: name, rerendered: rerendered, microsecondsPerUpdate: time / 1000)
    }

    /// (c) The old ObservableObject way: any change announces to every observer of the store.
    static func objectLevel(runs: Int) -> Result {
        let store = AnnouncingStore(count: rowCount)
        let dirty = Dirty()
        func render(_ row: Int) {
            let brew = store.brews[row]
            blackHole &+= brew.notes.utf8.count + brew.rating + brew.method.utf8.count
        }
        for row in 0..<rowCount {
            render(row)
            store.subscribe { dirty.mark(row) }
        }
        var rerendered = 0
        var counter = 0
        let time = nanosecondsPerOperation(runs: runs, operations: 1) {
            counter += 1
            store.setNotes("changed \(counter)", at: 500)
            let rows = dirty.take()
            rerendered = rows.count
            rows.forEach(render)
        }
        return Result(name: "object-level (ObservableObject-style)", rerendered: rerendered, microsecondsPerUpdate: time / 1000)
    }

    static func print(_ results: [Result]) {
        Swift.print(left("1,000-row list, one brew's notes change", 42) + right("rows re-rendered", 18) + right("µs per update", 15))
        for result in results {
            Swift.print(left(result.name, 42) + right("\(result.rerendered)", 18) + right(oneDecimal(result.microsecondsPerUpdate), 15))
        }
    }
}

@Observable
final class ObservedBrew {
    var notes: String
    var rating: Int
    var method = "V60"

    init(notes: String, rating: Int) {
        self.notes = notes
        self.rating = rating
    }
}

/// A store that, like ObservableObject's `objectWillChange`, tells every subscriber of any change.
final class AnnouncingStore {
    struct PlainBrew {
        var notes: String
        var rating: Int
        var method = "V60"
    }

    private(set) var brews: [PlainBrew]
    private var subscribers: [() -> Void] = []

    init(count: Int) {
        brews = (0..<count).map { PlainBrew(notes: "row \($0)", rating: $0 % 5 + 1) }
    }

    func subscribe(_ subscriber: @escaping () -> Void) {
        subscribers.append(subscriber)
    }

    func setNotes(_ notes: String, at index: Int) {
        subscribers.forEach { $0() }
        brews[index].notes = notes
    }
}
