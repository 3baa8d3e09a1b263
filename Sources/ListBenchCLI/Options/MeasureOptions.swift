import ArgumentParser
import Foundation
import ListSimulator
import Profiler

/// The options of every command that runs strategies: device, repetitions, parallelism, progress.
struct MeasureOptions: ParsableArguments {
    @Option(help: "Device: a shipped profile name or a profile file (overrides the scenario's). See 'listbench list devices'.")
    var device: String?

    @Option(name: .customLong("ios"), help: ArgumentHelp(
        "The iOS version the device runs, in its range (default: the profile's). See 'listbench list devices'.",
        discussion: "APIs follow the version: below iOS 15 strategies reload where they would reconfigure and a non-animated diffable apply is a reloadData; a strategy whose technique needs a newer iOS (a diffable data source needs iOS 13) is reported as unsupported.",
        valueName: "version"))
    var iOS: Int?

    // `.unconditional`: a value such as `-1` is the option's value (refused
    // by validate() with its range), not taken for another option.
    @Option(parsing: .unconditional, help: "Measured repetitions of each (scenario, strategy), interleaved: host figures (wall, CPU, memory) beside the modeled ones. Default 0: modeled figures only.")
    var repetitions: Int?

    @Flag(help: "Also measure this host: --repetitions \(MeasureOptions.measureRepetitions) (enough for a baseline's measured figures, which need 5 samples a side).")
    var measure = false

    @Option(parsing: .unconditional, help: "Unrecorded warm-up runs of each (scenario, strategy) before the measured ones.")
    var warmup: Int = 0

    @Option(name: .customLong("jobs"), parsing: .unconditional, help: ArgumentHelp(
        "Runs at once when only modeled figures are asked for (they do not depend on it), and for --uncertainty's draws. Default: every core when nothing is measured (--repetitions 0, the default), else 1. Measured repetitions run one at a time, the first also giving the modeled figures, unless --measure-in-parallel runs them --jobs at once.",
        valueName: "jobs"))
    var jobsOption: Int?

    /// Runs at once: `--jobs`, else every active core for a modeled-only
    /// command (its figures do not depend on it), else 1. A measured
    /// command's first round gives its modeled figures whatever the jobs
    /// (``Benchmark``); its rounds run `jobs` at once only with `--measure-in-parallel`.
    var jobs: Int { jobsOption ?? (chosenRepetitions == 0 ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1) }

    @Flag(help: "Also take the measured repetitions --jobs at once (noisier; the report says so).")
    var measureInParallel = false

    @Flag(help: "No progress on standard error (progress is only shown when standard error is a terminal).")
    var quiet = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Run each (scenario, strategy) in its own child process (default: on when more than one is requested, or when --timeout or --memory-limit is given).",
        discussion: "A strategy that traps, passes --timeout or passes --memory-limit is then reported as failed, with the reason, and every other run completes."))
    var isolate: Bool?

    @Option(help: "Per-run wall-time limit in seconds (default 300 for isolated runs). Giving it isolates every run, a single one too, so that the limit applies.")
    var timeout: Double?

    @Option(help: "Per-run host memory limit in MiB, resident (default 4096 for isolated runs). Giving it isolates every run, a single one too.")
    var memoryLimit: Double?

    @Flag(help: "Check the simulator's invariants after every step; a broken one fails the run (slower).")
    var checkInvariants = false

    /// The defaults of the isolation limits.
    static let defaultTimeout = 300.0
    static let defaultMemoryLimitMiB = 4_096.0

    func validate() throws {
        if let repetitions, !(0...10_000).contains(repetitions) {
            throw ValidationError("--repetitions \(repetitions): must be in 0...10000")
        }
        if measure, let repetitions {
            throw ValidationError("--measure is --repetitions \(Self.measureRepetitions); give one of them, not both (--repetitions \(repetitions))")
        }
        guard (0...1_000).contains(warmup) else { throw ValidationError("--warmup \(warmup): must be in 0...1000") }
        if let jobsOption, !(1...256).contains(jobsOption) { throw ValidationError("--jobs \(jobsOption): must be in 1...256") }
        // A shipped name is checked here (a usage error); a profile file is read in run() (DeviceOption).
        if let device, !DeviceOption.isFile(device) {
            let profile = try DeviceOption.shipped(device)
            if let iOS {
                do { _ = try profile.running(iOS: iOS) } catch { throw ValidationError("--ios \(iOS): \(error)") }
            }
        }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout \(timeout): must be more than 0 and at most 86400 seconds")
        }
        if let memoryLimit, !(memoryLimit >= 16 && memoryLimit <= 1_048_576) {
            throw ValidationError("--memory-limit \(memoryLimit): must be in 16...1048576 MiB")
        }
        if isolate == false, timeout != nil || memoryLimit != nil {
            throw ValidationError("--timeout and --memory-limit apply to isolated runs; they cannot be used with --no-isolate")
        }
    }

    /// A device profile by name or file (``DeviceOption/load(_:flag:)``), running `--ios` when given.
    ///
    /// - Parameter flag: how the device was given, for messages (`--device`, `--set device=`).
    /// - Throws: ``ListBenchExit`` after one message: the profile's own
    ///   codes (64, 65, 66), or ``ListBenchExit/usage`` for an `--ios` out of the profile's range.
    func profile(_ device: String, flag: String = "--device") throws(ListBenchExit) -> DeviceProfile {
        let profile = try DeviceOption.load(device, flag: flag)
        guard let iOS else { return profile }
        do {
            return try profile.running(iOS: iOS)
        } catch {
            Terminal.note("--ios \(iOS): \(error)")
            throw .usage
        }
    }

    /// Whether `runs` (scenario, strategy) runs are isolated: as `--isolate`
    /// or `--no-isolate` says; else when there is more than one, or when
    /// `--timeout` or `--memory-limit` is given, since only a child process
    /// can be stopped at a limit whatever its strategy's code does (a
    /// strategy stuck in a loop never returns to the runner's cancellation
    /// checks). `--no-isolate` with either limit is refused in ``validate()``.
    func isolates(runs: Int) -> Bool { isolate ?? (runs > 1 || timeout != nil || memoryLimit != nil) }

    /// The repetitions `--measure` stands for: ten, as `compare` took by
    /// default before host figures became opt-in (issue 27), twice the five
    /// samples a side a baseline needs before a measured figure can regress.
    static let measureRepetitions = 10

    /// The repetitions asked for: `--repetitions N`, `--measure`'s
    /// ``measureRepetitions``, else 0 (modeled figures only: host figures
    /// tell nothing about the phone, so they are measured only when asked).
    var chosenRepetitions: Int { repetitions ?? (measure ? Self.measureRepetitions : 0) }

    /// The options as the benchmark takes them.
    func benchmarkOptions() -> BenchmarkOptions {
        BenchmarkOptions(repetitions: chosenRepetitions, warmup: warmup, jobs: jobs, measureInParallel: measureInParallel)
    }
}
