import ArgumentParser

/// The `listbench` command: a performance profiler for iOS list strategies.
@main
struct ListBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listbench",
        abstract: "Profile iOS list-update strategies on a headless UIKit/Texture simulator.",
        discussion: """
            Exit codes: 0 success; 64 bad usage or invalid option values; 65 an invalid scenario file; \
            66 a file that cannot be opened; 70 internal error (a result failed its own verification: \
            please report it).
            """,
        subcommands: [Run.self, Compare.self, Sweep.self, List.self, Validate.self, DiffBench.self, SimBench.self]
    )
}
