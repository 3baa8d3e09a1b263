import ArgumentParser

/// The `listbench` command: a performance profiler for iOS list strategies.
@main
struct ListBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listbench",
        abstract: "Profile iOS list-update strategies on a headless UIKit/Texture simulator.",
        discussion: """
            Figures are MODELED (virtual time on a simulated device: deterministic) or MEASURED \
            (this host, statistics over repetitions); every table marks which. \
            Exit codes: 0 success; 3 a regression against --baseline; 64 bad usage or invalid option \
            values; 65 an invalid scenario or baseline file; 66 a file that cannot be opened; 70 internal \
            error (a result failed its own verification: please report it); 73 an output file that \
            cannot be written.
            """,
        subcommands: [Run.self, Compare.self, Sweep.self, Report.self, List.self, Validate.self, DiffBench.self, SimBench.self]
    )
}
