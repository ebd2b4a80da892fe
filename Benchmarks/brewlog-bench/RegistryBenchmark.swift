import BrewLogCore
import Observation

/// BrewLog's ChangeRegistry side by side with Apple's Observation, in one run.
enum RegistryBenchmark {
    struct Row {
        let name: String
        let ours: Double
        let theirs: Double
        /// Ours on `Brew` itself (locked storage), where it applies.
        let brew: Double?
    }

    static func run(runs: Int) -> [Row] {
        let n = 200_000
        let ours = RegistryModel()
        let theirs = ObservedModel()
        let brew = Brew(rating: 3, notes: "", date: .now)
        var rows: [Row] = []

        rows.append(Row(
            name: "tracked read, one property again and again",
            ours: nanosecondsPerOperation(runs: runs, operations: n) {
                withTracking { for _ in 0..<n { blackHole &+= ours.p0 } } onChange: {}
                ours.p0 &+= 1
            },
            theirs: nanosecondsPerOperation(runs: runs, operations: n) {
                withObservationTracking { for _ in 0..<n { blackHole &+= theirs.p0 } } onChange: {}
                theirs.p0 &+= 1
            },
            brew: nanosecondsPerOperation(runs: runs, operations: n) {
                withTracking { for _ in 0..<n { blackHole &+= brew.rating ?? 0 } } onChange: {}
                brew.rating = brew.rating == 3 ? 4 : 3
            }))

        rows.append(Row(
            name: "tracked read, 10 properties in turn",
            ours: nanosecondsPerOperation(runs: runs, operations: n) {
                withTracking { for _ in 0..<(n / 10) { blackHole &+= ours.readAll() } } onChange: {}
                ours.p0 &+= 1
            },
            theirs: nanosecondsPerOperation(runs: runs, operations: n) {
                withObservationTracking { for _ in 0..<(n / 10) { blackHole &+= theirs.readAll() } } onChange: {}
                theirs.p0 &+= 1
            },
            brew: nil))

        rows.append(Row(
            name: "untracked read",
            ours: nanosecondsPerOperation(runs: runs, operations: n) { for _ in 0..<n { blackHole &+= ours.p1 } },
            theirs: nanosecondsPerOperation(runs: runs, operations: n) { for _ in 0..<n { blackHole &+= theirs.p1 } },
            brew: nanosecondsPerOperation(runs: runs, operations: n) { for _ in 0..<n { blackHole &+= brew.rating ?? 0 } }))

        rows.append(Row(
            name: "write, no observer",
            ours: nanosecondsPerOperation(runs: runs, operations: n) { for i in 0..<n { ours.p2 = i } },
            theirs: nanosecondsPerOperation(runs: runs, operations: n) { for i in 0..<n { theirs.p2 = i } },
            brew: nanosecondsPerOperation(runs: runs, operations: n) { for i in 0..<n { brew.brewTimeSeconds = i + 1 } }))

        let m = 50_000
        rows.append(Row(
            name: "write, one observer",
            ours: nanosecondsPerOperation(runs: runs, operations: m) {
                for i in 0..<m {
                    withTracking { blackHole &+= ours.p3 } onChange: {}
                    ours.p3 = i + 1
                }
            },
            theirs: nanosecondsPerOperation(runs: runs, operations: m) {
                for i in 0..<m {
                    withObservationTracking { blackHole &+= theirs.p3 } onChange: {}
                    theirs.p3 = i + 1
                }
            },
            brew: nanosecondsPerOperation(runs: runs, operations: m) {
                for i in 0..<m {
                    withTracking { blackHole &+= brew.brewTimeSeconds ?? 0 } onChange: {}
                    brew.brewTimeSeconds = i + 1
                }
            }))

        rows.append(Row(
            name: "scope over 10 properties, set up and torn down",
            ours: nanosecondsPerOperation(runs: runs, operations: m) {
                for i in 0..<m {
                    withTracking { blackHole &+= ours.readAll() } onChange: {}
                    ours.p9 = i + 1
                }
            },
            theirs: nanosecondsPerOperation(runs: runs, operations: m) {
                for i in 0..<m {
                    withObservationTracking { blackHole &+= theirs.readAll() } onChange: {}
                    theirs.p9 = i + 1
                }
            },
            brew: nil))
        return rows
    }

    static func print(_ rows: [Row]) {
        Swift.print(left("operation", 48) + right("BrewLog ns", 12) + right("Observation ns", 16) + right("ours/theirs", 13) + right("Brew ns", 10))
        for row in rows {
            Swift.print(left(row.name, 48) + right(oneDecimal(row.ours), 12) + right(oneDecimal(row.theirs), 16)
                + right(String(format2(row.ours / row.theirs)) + "x", 13) + right(row.brew.map(oneDecimal) ?? "-", 10))
        }
    }

    static func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }
}
