// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer target over scenario decoding, validation and generation.
// A package of its own because it only links with `--sanitize=fuzzer`
// (libFuzzer supplies `main`); see the README's "Fuzzing" section:
//
//   cd Fuzz && swift build -c release --sanitize=fuzzer
//   .build/release/ScenarioFuzzer corpus ../Scenarios -max_total_time=600
let package = Package(
    name: "listbench-fuzz",
    dependencies: [.package(name: "listbench", path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            dependencies: [.product(name: "ScenarioFuzzSupport", package: "listbench")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
