import BrewLogCore
import Foundation
import Observation

// brewlog-client-bench [RUNS]: ns per untracked write and read, tracked read and observed write of
// each field type of `Brew`, and per in-place append to its text and its list, against the same
// operation on an `@Observable` class, from a package that depends on BrewLogCore.
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

// Tracked reads: every read inside one tracking scope (a view drawing a row reads this way); the
// write after the loop fires the scope, so no observer is left to the next case.
let trackedCases = [
    Case(name: "tracked read `Int?`", brew: { brew in
        var sum = 0
        withTracking { for _ in 0..<operations { sum &+= brew.rating ?? 0 } } onChange: {}
        brew.rating = (brew.rating ?? 0) + 1
        return sum
    }, observed: {
        var sum = 0
        withObservationTracking { for _ in 0..<operations { sum &+= observed.rating ?? 0 } } onChange: {}
        observed.rating = (observed.rating ?? 0) + 1
        return sum
    }),
    Case(name: "tracked read `Double?`", brew: { brew in
        var sum = 0.0
        withTracking { for _ in 0..<operations { sum += brew.doseGrams ?? 0 } } onChange: {}
        brew.doseGrams = (brew.doseGrams ?? 0) + 1
        return Int(sum)
    }, observed: {
        var sum = 0.0
        withObservationTracking { for _ in 0..<operations { sum += observed.doseGrams ?? 0 } } onChange: {}
        observed.doseGrams = (observed.doseGrams ?? 0) + 1
        return Int(sum)
    }),
    Case(name: "tracked read `String`", brew: { brew in
        var sum = 0
        withTracking { for _ in 0..<operations { sum &+= brew.notes.utf8.count } } onChange: {}
        brew.notes = brew.notes == Values.strings[0] ? Values.strings[1] : Values.strings[0]
        return sum
    }, observed: {
        var sum = 0
        withObservationTracking { for _ in 0..<operations { sum &+= observed.notes.utf8.count } } onChange: {}
        observed.notes = observed.notes == Values.strings[0] ? Values.strings[1] : Values.strings[0]
        return sum
    }),
    Case(name: "tracked read `[String]`", brew: { brew in
        var sum = 0
        withTracking { for _ in 0..<operations { sum &+= brew.tags.count } } onChange: {}
        brew.tags = brew.tags == Values.tagLists[0] ? Values.tagLists[1] : Values.tagLists[0]
        return sum
    }, observed: {
        var sum = 0
        withObservationTracking { for _ in 0..<operations { sum &+= observed.tags.count } } onChange: {}
        observed.tags = observed.tags == Values.tagLists[0] ? Values.tagLists[1] : Values.tagLists[0]
        return sum
    }),
    Case(name: "tracked read `Date`", brew: { brew in
        var sum = 0.0
        withTracking { for _ in 0..<operations { sum += brew.date.timeIntervalSinceReferenceDate } } onChange: {}
        brew.date = brew.date == Values.dates[0] ? Values.dates[1] : Values.dates[0]
        return Int(sum)
    }, observed: {
        var sum = 0.0
        withObservationTracking { for _ in 0..<operations { sum += observed.date.timeIntervalSinceReferenceDate } } onChange: {}
        observed.date = observed.date == Values.dates[0] ? Values.dates[1] : Values.dates[0]
        return Int(sum)
    }),
]

/// Observed writes are fewer: each installs a scope first, so that the write has an observer to tell.
let observedOperations = operations / 4

// Observed writes: a scope has read the property, so each write tells one observer.
let observedCases = [
    Case(name: "observed write `Int?`", brew: { brew in
        for i in 0..<observedOperations {
            withTracking { _ = brew.rating } onChange: {}
            brew.rating = i
        }
        return brew.rating ?? 0
    }, observed: {
        for i in 0..<observedOperations {
            withObservationTracking { _ = observed.rating } onChange: {}
            observed.rating = i
        }
        return observed.rating ?? 0
    }),
    Case(name: "observed write `Double?`", brew: { brew in
        for i in 0..<observedOperations {
            withTracking { _ = brew.doseGrams } onChange: {}
            brew.doseGrams = Double(i)
        }
        return Int(brew.doseGrams ?? 0)
    }, observed: {
        for i in 0..<observedOperations {
            withObservationTracking { _ = observed.doseGrams } onChange: {}
            observed.doseGrams = Double(i)
        }
        return Int(observed.doseGrams ?? 0)
    }),
    Case(name: "observed write `String`", brew: { brew in
        for i in 0..<observedOperations {
            withTracking { _ = brew.notes } onChange: {}
            brew.notes = Values.strings[i % Values.count]
        }
        return brew.notes.utf8.count
    }, observed: {
        for i in 0..<observedOperations {
            withObservationTracking { _ = observed.notes } onChange: {}
            observed.notes = Values.strings[i % Values.count]
        }
        return observed.notes.utf8.count
    }),
    Case(name: "observed write `[String]`", brew: { brew in
        for i in 0..<observedOperations {
            withTracking { _ = brew.tags } onChange: {}
            brew.tags = Values.tagLists[i % Values.count]
        }
        return brew.tags.count
    }, observed: {
        for i in 0..<observedOperations {
            withObservationTracking { _ = observed.tags } onChange: {}
            observed.tags = Values.tagLists[i % Values.count]
        }
        return observed.tags.count
    }),
    Case(name: "observed write `Date`", brew: { brew in
        for i in 0..<observedOperations {
            withTracking { _ = brew.date } onChange: {}
            brew.date = Values.dates[i % Values.count]
        }
        return Int(brew.date.timeIntervalSinceReferenceDate)
    }, observed: {
        for i in 0..<observedOperations {
            withObservationTracking { _ = observed.date } onChange: {}
            observed.date = Values.dates[i % Values.count]
        }
        return Int(observed.date.timeIntervalSinceReferenceDate)
    }),
]

// In-place mutations, untracked: an append to the property itself. The list and the text are
// emptied every 16 appends, so each case costs the same whatever the run; a setter that copies
// the buffer on every append pays for the copy here.
let inPlaceCases = [
    Case(name: "append to `[String]`", brew: { brew in
        for i in 0..<operations {
            if i % 16 == 0 { brew.tags = [] }
            brew.tags.append(Values.strings[i % Values.count])
        }
        return brew.tags.count
    }, observed: {
        for i in 0..<operations {
            if i % 16 == 0 { observed.tags = [] }
            observed.tags.append(Values.strings[i % Values.count])
        }
        return observed.tags.count
    }),
    Case(name: "append to `String`", brew: { brew in
        for i in 0..<operations {
            if i % 16 == 0 { brew.notes = "" }
            brew.notes += Values.strings[i % Values.count]
        }
        return brew.notes.utf8.count
    }, observed: {
        for i in 0..<operations {
            if i % 16 == 0 { observed.notes = "" }
            observed.notes += Values.strings[i % Values.count]
        }
        return observed.notes.utf8.count
    }),
]

/// Every case, each with the number of operations it times.
let allCases = cases.map { ($0, operations) } + trackedCases.map { ($0, operations) }
    + observedCases.map { ($0, observedOperations) } + inPlaceCases.map { ($0, operations) }

var checksum = 0

/// Nanoseconds per operation of one timing of `body` (`count` operations), whose checksum goes
/// into `checksum`.
@MainActor
func time(_ count: Int, _ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var result = 0
    let elapsed = clock.measure { result = body() }
    checksum &+= result
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
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
for (entry, count) in allCases {  // warm-up: caches, lazily made metadata, page faults
    for side in sides { _ = time(count, side(entry)) }
}
var samples = [[[Double]]](repeating: [[Double]](repeating: [], count: sides.count), count: allCases.count)
for run in 0..<runs {
    for (index, (entry, count)) in allCases.enumerated() {
        // Rotate which side goes first, so none always follows another's cache state.
        for step in 0..<sides.count {
            let side = (run + step) % sides.count
            samples[index][side].append(time(count, sides[side](entry)))
        }
    }
}

#if DEBUG
let build = "a DEBUG build: rebuild with -c release for figures that mean anything"
#else
let build = "release build"
#endif
print("ns per operation, median of \(runs) runs, \(build). Writes, reads and appends are untracked (no observer,")
print("no tracking scope); a tracked read runs in a scope; an observed write tells the one scope that read the property.")
print("Brew: made in memory. Brew in a store: loaded from a journal, so a write also tells the store's change log.\n")
print("| operation | Brew ns | Observation ns | Brew / Observation | Brew in a store ns | in a store / Observation |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for (index, (entry, _)) in allCases.enumerated() {
    let (ours, theirs, inStore) = (median(samples[index][0]), median(samples[index][1]), median(samples[index][2]))
    print("| \(entry.name) | \(decimals(ours, 1)) | \(decimals(theirs, 1)) | \(decimals(ours / theirs, 2))× "
        + "| \(decimals(inStore, 1)) | \(decimals(inStore / theirs, 2))× |")
}
print("\nchecksum \(checksum)")
