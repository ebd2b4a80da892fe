// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BrewLog",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BrewLogCore", targets: ["BrewLogCore"]),
        .library(name: "BrewLogCLI", targets: ["BrewLogCLI"]),
        .executable(name: "brewlog", targets: ["brewlog"]),
    ],
    targets: [
        .target(name: "BrewLogCore"),
        // The command-line front end as a library; the executable is a few lines that run it.
        .target(name: "BrewLogCLI", dependencies: ["BrewLogCore"]),
        .executableTarget(name: "brewlog", dependencies: ["BrewLogCLI"]),
        // Deterministic generators shared by the tests and the benchmarks; never shipped.
        .target(name: "BrewLogTestSupport", dependencies: ["BrewLogCore", "BrewLogCLI"], path: "Tests/BrewLogTestSupport"),
        .executableTarget(name: "brewlog-bench", dependencies: ["BrewLogCore", "BrewLogTestSupport"], path: "Benchmarks/brewlog-bench"),
        .testTarget(name: "BrewLogCoreTests", dependencies: ["BrewLogCore", "BrewLogTestSupport"]),
        // The command line run in the test process, output captured.
        .testTarget(name: "BrewLogCLITests", dependencies: ["BrewLogCore", "BrewLogCLI", "BrewLogTestSupport"]),
        // The built binary: signals, locks, pipes, terminals, the editor, standard input, shells.
        .testTarget(name: "BrewLogEndToEndTests", dependencies: ["BrewLogCore", "BrewLogCLI", "brewlog", "BrewLogTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
