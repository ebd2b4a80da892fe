// swift-tools-version:6.0
import PackageDescription

// BrewLogCore measured the way another package links it: across the module boundary, where only
// its public inlinable code is visible to the optimizer. Build it in release mode:
//   swift build -c release --package-path Benchmarks/client   (or scripts/bench-registry-client.sh)
let package = Package(
    name: "brewlog-client-bench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "BrewLog", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "brewlog-client-bench",
            dependencies: [.product(name: "BrewLogCore", package: "BrewLog")]),
    ],
    swiftLanguageModes: [.v6]
)
