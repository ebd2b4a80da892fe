// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BrewLog",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BrewLogCore", targets: ["BrewLogCore"]),
        .executable(name: "brewlog", targets: ["brewlog"]),
    ],
    targets: [
        .target(name: "BrewLogCore"),
        .executableTarget(name: "brewlog", dependencies: ["BrewLogCore"]),
        // Deterministic generators shared by the tests and the benchmarks; never shipped.
        .target(name: "BrewLogTestSupport", path: "Tests/BrewLogTestSupport"),
        .executableTarget(name: "brewlog-bench", dependencies: ["BrewLogCore", "BrewLogTestSupport"], path: "Benchmarks/brewlog-bench"),
        .testTarget(name: "BrewLogCoreTests", dependencies: ["BrewLogCore", "BrewLogTestSupport"]),
        .testTarget(name: "BrewLogCLITests", dependencies: ["BrewLogCore", "brewlog", "BrewLogTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
