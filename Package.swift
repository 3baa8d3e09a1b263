// swift-tools-version: 6.0
import PackageDescription

// The core modules (everything but ListBenchCLI) depend on nothing but the
// Swift standard library and Foundation. Only the command line (ListBenchCLI,
// in the `ListBench` library product so that another package gets every
// command) uses a third-party package, swift-argument-parser.
/// Speed settings of the core modules (every module of the `ListBench`
/// product but ListBenchCLI); none changes a result (docs/performance.md,
/// docs/testing.md).
///
/// - Debug builds (`swift build`, `swift test`) compile them with
///   optimisation: the tests run thousands of simulated scrolls, and an
///   unoptimised simulator is about eight times slower. The command line,
///   the test-only targets and the tests themselves stay unoptimised; every
///   debug module keeps Swift's run-time exclusivity checks.
/// - Release builds specialise across module boundaries (the simulator's
///   generic snapshot, tree list and diff are used from other modules with
///   the strategies' own types) and drop the run-time exclusivity checks.
///
/// Only in a git working copy whose commit carries no tag: SwiftPM refuses a
/// dependency required by version (always checked out at its tag) whose
/// product has unsafe flags, so a release's manifest must have none. A
/// dependency by path or branch (Examples/CustomStrategy, Fuzz) may have them.
let usesSpeedFlags = Context.gitInformation.map { $0.currentTag == nil } ?? false
/// `LISTBENCH_UNOPTIMISED_DEBUG` set (to anything) leaves the debug build
/// unoptimised: `.ci/run` builds Examples/CustomStrategy so, whose few short
/// runs need no speed (the build takes about a third of the time).
let optimisesDebug = Context.environment["LISTBENCH_UNOPTIMISED_DEBUG"] == nil
let coreSettings: [SwiftSetting] = usesSpeedFlags ? (optimisesDebug ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []) + [
    .unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
] : []

let package = Package(
    name: "listbench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "listbench", targets: ["listbench"]),
        // The library product another package depends on: the whole command
        // line (`ListBenchCommand.main(adding:)`) with its own strategies, or
        // the simulator, runner and renderers directly (Examples/CustomStrategy).
        .library(name: "ListBench", targets: ["Randomness", "ListDiff", "ListData", "ListSimulator", "Scenarios", "Strategies", "Statistics", "Profiler", "Rendering", "PublishedReports", "MicroBenchmarks", "ListBenchCLI"]),
        // Test support, not part of ListBench: what the fuzzer does with one
        // input, for the libFuzzer package in Fuzz/ (which can only depend on
        // a product) and the fuzz regression tests.
        .library(name: "ScenarioFuzzSupport", targets: ["ScenarioFuzzSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Randomness", swiftSettings: coreSettings),
        .target(name: "ListDiff", dependencies: ["Randomness"], swiftSettings: coreSettings),
        .target(name: "ListSimulator", dependencies: ["ListData", "ListDiff", "Randomness"], swiftSettings: coreSettings),
        .target(name: "ListData", dependencies: ["Randomness"], swiftSettings: coreSettings),
        .target(name: "Scenarios", dependencies: ["ListData", "ListSimulator", "Randomness"], swiftSettings: coreSettings),
        .target(name: "Strategies", dependencies: ["ListData", "ListDiff", "ListSimulator", "Randomness"], swiftSettings: coreSettings),
        // The profiler in parts: statistics over repetitions; running a
        // scenario and its metrics; rendering (text, Markdown, CSV, JSON, HTML,
        // SVG, traces); the published reports; the micro-benchmarks.
        .target(name: "Statistics", dependencies: ["Randomness"], swiftSettings: coreSettings),
        .target(name: "Profiler", dependencies: ["ListData", "ListDiff", "ListSimulator", "Scenarios", "Statistics", "Strategies"], swiftSettings: coreSettings),
        .target(name: "Rendering", dependencies: ["ListData", "ListSimulator", "Profiler", "Scenarios", "Statistics", "Strategies"], swiftSettings: coreSettings),
        .target(name: "PublishedReports", dependencies: ["ListData", "ListSimulator", "Profiler", "Rendering", "Scenarios", "Statistics", "Strategies"], swiftSettings: coreSettings),
        .target(name: "MicroBenchmarks", dependencies: ["ListDiff", "ListSimulator", "Profiler", "Randomness", "Rendering", "Scenarios", "Statistics", "Strategies"], swiftSettings: coreSettings),
        /// A C shim for glibc's malloc statistics (the measured heap figure).
        .target(name: "CHostStats"),
        /// Every subcommand; `listbench` runs it with the built-in strategies.
        .target(
            name: "ListBenchCLI",
            dependencies: [
                "CHostStats",
                "ListData",
                "ListSimulator",
                "MicroBenchmarks",
                "Profiler",
                "PublishedReports",
                "Rendering",
                "Scenarios",
                "Statistics",
                "Strategies",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "listbench", dependencies: ["ListBenchCLI", "Strategies"]),
        /// Test-only: the same command line with five misbehaving strategies
        /// added (one traps, one never returns, one allocates without bound,
        /// one keeps the simulator busy for ever, one garbles its worker's
        /// result file), to show that isolated runs report them as failed and
        /// that Ctrl-C stops a run. Never shipped.
        .executableTarget(
            name: "listbench-misbehaving",
            dependencies: ["ListBenchCLI", "ListSimulator", "ListData", "Strategies"],
            path: "Tests/MisbehavingStrategies"
        ),
        /// Test-only: runs a command and reports its own peak resident memory
        /// (see its main.c for why the tests cannot read that themselves).
        .executableTarget(name: "listbench-peak-memory", path: "Tests/PeakMemory"),
        .testTarget(name: "ListDataTests", dependencies: ["ListData", "Randomness"]),
        .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "ListSimulator", "Randomness"]),
        .testTarget(name: "ProfilerTests", dependencies: ["MicroBenchmarks", "Profiler", "PublishedReports", "Rendering", "Statistics", "ListData", "ListDiff", "Randomness", "Scenarios", "Strategies"], exclude: ["Golden"]),
        /// Test support: ``ScenarioFuzzing/exercise(_:)``, the fuzzer's function (Fuzz/) that
        /// the fuzz regression tests replay; never linked into `listbench`.
        .target(name: "ScenarioFuzzSupport", dependencies: ["Scenarios"], path: "Tests/ScenarioFuzzSupport"),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "ScenarioFuzzSupport", "ListData"], exclude: ["FuzzInputs"]),
        .testTarget(name: "ListSimulatorTests", dependencies: ["ListSimulator"]),
        /// Runs the built `listbench` binary: exit codes, messages, files.
        /// Test-only: a pseudo-terminal for the tests that press Ctrl-C (glibc's
        /// posix_openpt is not visible from Swift).
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "CLITests", dependencies: ["listbench", "listbench-misbehaving", "listbench-peak-memory", "CTestSupport", "ListBenchCLI", "Profiler", "Scenarios", "Strategies", "ListSimulator", "MicroBenchmarks"]),
    ],
    swiftLanguageModes: [.v6]
)
