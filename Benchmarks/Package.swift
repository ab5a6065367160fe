// swift-tools-version: 6.1
// TouchPanel's benchmarks: a package of their own, so that the main build never resolves or
// compiles the benchmark framework. Run them with scripts/bench.sh (see Benchmarks/README.md).
//
// TouchCore comes from the main package, by path (".."), when the main package exports it as a
// library product (`.library(name: "TouchCore", targets: ["TouchCore"])`). Until it does, the
// same sources are compiled here through the symlink MainSources/TouchCore -> ../Sources/TouchCore,
// with the same (default) flags as the host build. Either way the benchmarks measure exactly the
// files in Sources/TouchCore.
import Foundation
import PackageDescription

let mainManifest = (try? String(contentsOfFile: Context.packageDirectory + "/../Package.swift", encoding: .utf8)) ?? ""
let mainExportsTouchCore = mainManifest.contains(#".library(name: "TouchCore""#)

let touchCore: Target.Dependency =
    mainExportsTouchCore ? .product(name: "TouchCore", package: "TouchPanel") : "TouchCore"

var dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
]
var targets: [Target] = [
    // The streams, layouts and bitmaps that both the benchmarks and the callgrind driver use.
    .target(name: "BenchScenarios", dependencies: [touchCore]),
    // Whether perf_event_open can count instructions here (many VMs say no).
    .target(name: "CPerfProbe"),
    // ordo-one/benchmark suite: wall time, instructions (where perf counters work), mallocs.
    .executableTarget(
        name: "TouchCoreBenchmarks",
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            "BenchScenarios", "CPerfProbe", touchCore,
        ],
        path: "Benchmarks/TouchCoreBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Runs each scenario a fixed number of times for `valgrind --tool=callgrind`: exact
    // instruction counts per report whatever the machine is doing.
    .executableTarget(name: "TouchCoreInstructions", dependencies: ["BenchScenarios", touchCore]),
]
if mainExportsTouchCore {
    dependencies.append(.package(name: "TouchPanel", path: ".."))
} else {
    targets.append(.target(name: "TouchCore", path: "MainSources/TouchCore"))
}

let package = Package(
    name: "TouchPanelBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: dependencies,
    targets: targets
)
