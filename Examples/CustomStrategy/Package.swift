// swift-tools-version: 6.0
import PackageDescription

// Another team's package: the whole listbench command line, with one strategy
// of its own added to the built-in ones. It depends on listbench by path here;
// a real package would name listbench's repository and a version.
let package = Package(
    name: "CustomStrategy",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "listbench", path: "../.."),
    ],
    targets: [
        // The command line with `throttled-reload` added.
        .executableTarget(
            name: "listbench-custom",
            dependencies: [.product(name: "ListBench", package: "listbench")]
        ),
        // The README's library snippet, word for word (a test checks they match).
        .executableTarget(
            name: "run-one-scenario",
            dependencies: [.product(name: "ListBench", package: "listbench")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
