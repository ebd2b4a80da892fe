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
        .executableTarget(name: "brewlog-bench", dependencies: ["BrewLogCore"], path: "Benchmarks/brewlog-bench"),
        .testTarget(name: "BrewLogCoreTests", dependencies: ["BrewLogCore"]),
        .testTarget(name: "BrewLogCLITests", dependencies: ["BrewLogCore", "brewlog"]),
    ],
    swiftLanguageModes: [.v6]
)
