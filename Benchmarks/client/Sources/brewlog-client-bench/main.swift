import BrewLogCore
import Foundation

// brewlog-client-bench [RUNS]: ns per untracked write (and read) of each field type of `Brew`,
// against the same write on an `@Observable` class, from a package that depends on BrewLogCore.
// Each run times every case once on each side (a brew made in memory, the `@Observable` model, a
// brew held by a store), back to back, so all three see the same load; the table shows the median
// of RUNS runs.

let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) }.map { max(1, $0) } ?? 21

/// Values written in turn: each differs from the one before, so every write stores and none is
/// skipped as equal. Sixteen of each, made before timing, so no write allocates.
enum Values {
    static let count = 16
    static let strings = (0..<count).map { "note \($0)" }
    static let tagLists = (0..<count).map { index in (0...index % 4).map { "tag\(index)-\($0)" } }
    static let dates = (0..<count).map { Date(timeIntervalSinceReferenceDate: 800_000_000 + Double($0) * 60) }
}

let operations = 200_000
let loose = Brew(rating: 3, notes: "", date: Date(timeIntervalSinceReferenceDate: 0), doseGrams: 18)
let observed = ObservedBrew()

/// A brew as the command line edits one: read from a journal into a store (kept alive here, as
/// a brew leaves its store's change log when the store goes), so each write also tells the
/// store's change log which field changed.
let store = BrewLogStore(journal: InMemoryJournal([loose.record]), clock: .system, timeZone: TimeZone.current)
do {
    try store.load()
} catch {
    fatalError("brewlog-client-bench: cannot load an in-memory store: \(error)")
}
let held = store.brews[0]

/// One row of the table: the same operation on a `Brew` and on the `@Observable` model.
struct Case {
    let name: String
    let brew: (Brew) -> Int
    let observed: () -> Int
}

// Every body returns a checksum read back from the model, added to `checksum` below, so no write
// or read can be optimised away.
let cases = [
    Case(name: "write `Int?`", brew: { brew in
        for i in 0..<operations { brew.rating = i }
        return brew.rating ?? 0
    }, observed: {
        for i in 0..<operations { observed.rating = i }
        return observed.rating ?? 0
    }),
    Case(name: "write `Double?`", brew: { brew in
        for i in 0..<operations { brew.doseGrams = Double(i) }
        return Int(brew.doseGrams ?? 0)
    }, observed: {
        for i in 0..<operations { observed.doseGrams = Double(i) }
        return Int(observed.doseGrams ?? 0)
    }),
    Case(name: "write `String`", brew: { brew in
        for i in 0..<operations { brew.notes = Values.strings[i % Values.count] }
        return brew.notes.utf8.count
    }, observed: {
        for i in 0..<operations { observed.notes = Values.strings[i % Values.count] }
        return observed.notes.utf8.count
    }),
    Case(name: "write `[String]`", brew: { brew in
        for i in 0..<operations { brew.tags = Values.tagLists[i % Values.count] }
        return brew.tags.count
    }, observed: {
        for i in 0..<operations { observed.tags = Values.tagLists[i % Values.count] }
        return observed.tags.count
    }),
    Case(name: "write `Date`", brew: { brew in
        for i in 0..<operations { brew.date = Values.dates[i % Values.count] }
        return Int(brew.date.timeIntervalSinceReferenceDate)
    }, observed: {
        for i in 0..<operations { observed.date = Values.dates[i % Values.count] }
        return Int(observed.date.timeIntervalSinceReferenceDate)
    }),
    Case(name: "read `Int?`", brew: { brew in
        var sum = 0
        for _ in 0..<operations { sum &+= brew.rating ?? 0 }
        return sum
    }, observed: {
        var sum = 0
        for _ in 0..<operations { sum &+= observed.rating ?? 0 }
        return sum
    }),
    Case(name: "read `Double?`", brew: { brew in
        var sum = 0.0
        for _ in 0..<operations { sum += brew.doseGrams ?? 0 }
        return Int(sum)
    }, observed: {
        var sum = 0.0
        for _ in 0..<operations { sum += observed.doseGrams ?? 0 }
        return Int(sum)
    }),
    Case(name: "read `String`", brew: { brew in
        var sum = 0
        for _ in 0..<operations { sum &+= brew.notes.utf8.count }
        return sum
    }, observed: {
        var sum = 0
        for _ in 0..<operations { sum &+= observed.notes.utf8.count }
        return sum
    }),
    Case(name: "read `[String]`", brew: { brew in
        var sum = 0
        for _ in 0..<operations { sum &+= brew.tags.count }
        return sum
    }, observed: {
        var sum = 0
        for _ in 0..<operations { sum &+= observed.tags.count }
        return sum
    }),
    Case(name: "read `Date`", brew: { brew in
        var sum = 0.0
        for _ in 0..<operations { sum += brew.date.timeIntervalSinceReferenceDate }
        return Int(sum)
    }, observed: {
        var sum = 0.0
        for _ in 0..<operations { sum += observed.date.timeIntervalSinceReferenceDate }
        return Int(sum)
    }),
]

var checksum = 0

/// Nanoseconds per operation of one timing of `body`, whose checksum goes into `checksum`.
@MainActor
func time(_ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var result = 0
    let elapsed = clock.measure { result = body() }
    checksum &+= result
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations)
}

/// The middle value of `values` (the mean of the two middle ones when there are an even number).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `12.3` with one decimal; `0.93` with two.
func decimals(_ value: Double, _ places: Int) -> String {
    String(format: "%.\(places)f", value)
}

/// The three sides of each row, timed back to back in every run.
let sides: [(Case) -> () -> Int] = [
    { entry in { entry.brew(loose) } },
    { entry in { entry.observed() } },
    { entry in { entry.brew(held) } },
]
for entry in cases {  // warm-up: caches, lazily made metadata, page faults
    for side in sides { _ = time(side(entry)) }
}
var samples = [[[Double]]](repeating: [[Double]](repeating: [], count: sides.count), count: cases.count)
for run in 0..<runs {
    for (index, entry) in cases.enumerated() {
        // Rotate which side goes first, so none always follows another's cache state.
        for step in 0..<sides.count {
            let side = (run + step) % sides.count
            samples[index][side].append(time(sides[side](entry)))
        }
    }
}

#if DEBUG
let build = "a DEBUG build: rebuild with -c release for figures that mean anything"
#else
let build = "release build"
#endif
print("Untracked (no observer, no tracking scope), ns per operation, median of \(runs) runs, \(build).")
print("Brew: made in memory. Brew in a store: loaded from a journal, so a write also tells the store's change log.\n")
print("| operation | Brew ns | Observation ns | Brew / Observation | Brew in a store ns | in a store / Observation |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for (index, entry) in cases.enumerated() {
    let (ours, theirs, inStore) = (median(samples[index][0]), median(samples[index][1]), median(samples[index][2]))
    print("| \(entry.name) | \(decimals(ours, 1)) | \(decimals(theirs, 1)) | \(decimals(ours / theirs, 2))× "
        + "| \(decimals(inStore, 1)) | \(decimals(inStore / theirs, 2))× |")
}
print("\nchecksum \(checksum)")
