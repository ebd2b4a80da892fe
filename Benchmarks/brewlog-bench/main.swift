import BrewLogCore
import Foundation

// brewlog-bench: the benchmarks of BENCHMARKS.md. Build it in release mode:
//   swift run -c release brewlog-bench registry [RUNS]     ChangeRegistry vs Observation, and the 1,000-row list
//   swift run -c release brewlog-bench generate N PATH [brewlog|jrnl|task] [LAST-DAY]
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "registry":
    let runs = arguments.count > 1 ? Int(arguments[1]) ?? 11 : 11
    print("Median of \(runs) runs, ns per operation (release build).\n")
    RegistryBenchmark.print(RegistryBenchmark.run(runs: runs))
    print()
    RowsScenario.print(RowsScenario.run(runs: runs * 10))
    if blackHole == 42 { print("") }
case "generate":
    guard arguments.count >= 3, let count = Int(arguments[1]) else {
        FileHandle.standardError.write(Data("usage: brewlog-bench generate N PATH [brewlog|jrnl|task] [YYYY-MM-DD]\n".utf8))
        exit(64)
    }
    let format = arguments.count > 3 ? JournalGenerator.Format(rawValue: arguments[3]) ?? .brewlog : .brewlog
    let lastDay = arguments.count > 4 ? CalendarDay(parsing: arguments[4]) : CalendarDay(parsing: "2026-11-28")
    var generator = JournalGenerator(count: count, lastDay: lastDay ?? CalendarDay(daysSinceEpoch: 20_000))
    do {
        try generator.write(to: arguments[2], format: format)
    } catch {
        FileHandle.standardError.write(Data("brewlog-bench: cannot write \(arguments[2]): \(error)\n".utf8))
        exit(74)
    }
default:
    FileHandle.standardError.write(Data("usage: brewlog-bench registry [RUNS] | generate N PATH [brewlog|jrnl|task] [LAST-DAY]\n".utf8))
    exit(64)
}
