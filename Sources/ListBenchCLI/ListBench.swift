import ArgumentParser
import Foundation
import Profiler
import Strategies

/// The `listbench` command: a performance profiler for iOS list strategies.
///
/// The command line lives in this library so that another executable can run
/// it with more strategies: `listbench` passes the built-in catalog, the
/// test-only `listbench-misbehaving` adds strategies that misbehave on
/// purpose, and another package adds its own (``main(adding:)``,
/// Examples/CustomStrategy). Isolated runs re-execute the running binary, so a child
/// process always has the same catalog as its parent.
public enum ListBenchCommand {
    /// Parses the process's arguments and runs the command with `strategies`; exits the process.
    ///
    /// As swift-argument-parser's `main()`, except that a thrown
    /// ``ListBenchExit`` ends the process with its code and no further message
    /// (the command has said why); every other error is the parser's to report.
    public static func main(strategies: StrategyCatalog) -> Never {
        // A closed pipe on standard output is a failed write (exit 74, ``Terminal/out(_:)``), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        CommandContext.catalog.value = strategies
        // An isolated run's worker, started by its parent with the usual arguments: no parser (``Worker/direct(_:)``).
        let worker = Worker.direct(Array(CommandLine.arguments.dropFirst()))
        // A forking worker must stay one thread, so it starts before the Ctrl-C watcher's thread.
        if worker == .forkServe { exit(Worker.forkServe()) }
        Interrupts.install()
        switch worker {
        case let .once(plan, output, measure)?:
            do {
                try Worker.perform(plan: plan, output: output, measure: measure)
            } catch {
                exit(error.rawValue)
            }
            exit(ListBenchExit.success.rawValue)
        case .serve?:
            exit(Worker.serve())
        case .forkServe?, nil:
            break
        }
        do {
            var command = try ListBench.parseAsRoot()
            try command.run()
        } catch let code as ListBenchExit {
            Interrupts.exit(code.rawValue)
        } catch {
            ListBench.exit(withError: error)
        }
        Interrupts.exit(ListBenchExit.success.rawValue)
    }

    /// Runs the command with the built-in strategies and `strategies` added:
    /// what another package's `main.swift` calls to get every command for its
    /// own strategies. A name that clashes with a built-in one (or another
    /// added one) is reported on standard error and exits with the usage code.
    public static func main(adding strategies: [StrategyDescriptor]) -> Never {
        let catalog: StrategyCatalog
        do {
            catalog = try builtInCatalog(adding: strategies)
        } catch {
            Terminal.note("listbench: \(error)")
            exit(ListBenchExit.usage.rawValue)
        }
        main(strategies: catalog)
    }

    /// The built-in catalog with `strategies` registered after it, in order.
    ///
    /// - Throws: ``StrategyCatalogError/duplicateName(_:)`` for a name already taken.
    public static func builtInCatalog(adding strategies: [StrategyDescriptor]) throws(StrategyCatalogError) -> StrategyCatalog {
        var catalog = StrategyCatalog.builtIn
        for descriptor in strategies { try catalog.register(descriptor) }
        return catalog
    }
}

/// The strategies this binary knows, set once by ``ListBenchCommand/main(strategies:)``.
enum CommandContext {
    static let catalog = Locked(StrategyCatalog.builtIn)
}

struct ListBench: ParsableCommand {
    /// The command's configuration. Computed on each use, so that its
    /// version is the full ``versionText`` only when `--version` is asked:
    /// the model's digest decodes every shipped device profile, which every
    /// isolated run's worker process would otherwise pay at start-up (about
    /// 15% of a short run's time, docs/performance.md).
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "listbench",
        abstract: "Profile iOS list-update strategies on a headless UIKit/Texture simulator.",
        discussion: """
            Figures are MODELED (virtual time on a simulated device: deterministic) or MEASURED \
            (this host, statistics over repetitions); every table marks which. \
            Exit codes: \(ListBenchExit.summary)
            """,
        version: CommandLine.arguments.dropFirst().contains("--version") ? versionText : "listbench \(ListBenchVersion.tool)",
        subcommands: [Run.self, Compare.self, Sweep.self, Report.self, List.self, Validate.self, DiffBench.self, SimBench.self, Worker.self]
    ) }

    /// What `listbench --version` prints: the tool's version, the model's
    /// (the digest reports and baselines record) and the cost rules' revision.
    static var versionText: String {
        "listbench \(ListBenchVersion.tool), model \(ListBenchVersion.model), cost rules \(ListBenchVersion.costRules)"
    }
}
