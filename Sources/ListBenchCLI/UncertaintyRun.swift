import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies

/// Runs the modeled scenarios again on plausible devices (`--uncertainty N`):
/// each job's profile drawn N times from its constants' ranges
/// (``DeviceProfile/plausible(draw:seed:)``), every strategy on every draw,
/// modeled figures only (no host repetitions), in isolated worker processes
/// on every core (``IsolatedExecutor``; in this process with `--no-isolate`).
///
/// Deterministic: the draws depend only on the seed, the draw's index and
/// the profile; the modeled figures only on the draw, the scenario and the
/// strategy, never on the number of jobs or the order runs finish in.
enum UncertaintyRun {
    /// One job's results on its draws: `results[draw][strategy]`, strategies in the order given.
    struct Drawn {
        var job: Session.Job
        var profile: DeviceProfile
        var results: [[StrategyResult]]
    }

    /// Every job × draw × strategy, modeled only. The commands have checked
    /// every profile's uncertainties before any run (``UncertaintyOptions/checkProfiles(_:)``).
    ///
    /// - Complexity: jobs × draws × strategies modeled runs, on `--jobs` workers at once (`--jobs 1`: one at
    ///   a time), or as many as the cores when `--jobs` is not given (whatever the command's own runs use:
    ///   the draws are modeled, even when the nominal runs are measured one at a time).
    /// - Throws: ``ListBenchExit`` after one message: ``ListBenchExit/interrupted`` on Ctrl-C,
    ///   ``ListBenchExit/cannotCreate`` when isolated runs cannot be set up.
    static func execute(_ jobs: [Session.Job], strategies: [StrategyDescriptor], options: MeasureOptions, draws: Int,
                        seed: UInt64) throws -> [Drawn] {
        var requests: [RunRequest] = []
        var prepared: [(Session.Job, DeviceProfile)] = []
        for job in jobs {
            guard let profile = job.profile else {
                Terminal.note("internal error: \(job.label) has no device profile")
                throw ListBenchExit.internalError
            }
            let generated = try job.scenario.generate(device: profile.name)
            prepared.append((job, profile))
            // Every draw runs the same scenario: its plans share one encoding of it.
            let encoding = ScenarioEncoding(generated, users: draws * strategies.count)
            for draw in 0..<draws {
                let device = profile.plausible(draw: draw, seed: seed)
                for strategy in strategies {
                    var request = RunRequest(scenario: "\(job.label) device \(draw + 1)", file: job.file, generated: generated,
                                             device: device, strategy: strategy,
                                             bounds: RunBounds(checksInvariants: options.checkInvariants))
                    request.encoding = encoding
                    requests.append(request)
                }
            }
        }
        let settings = BenchmarkOptions(repetitions: 0, warmup: 0,
                                        jobs: options.jobsOption ?? max(1, ProcessInfo.processInfo.activeProcessorCount))
        let show = Terminal.benchmarkProgress(quiet: options.quiet)
        let results: [StrategyResult]
        do {
            results = try Interrupts.watch { cancellation throws -> [StrategyResult] in
                let executor: any RunExecutor = options.isolate == false
                    ? InProcessExecutor(probe: nil, cancellation: cancellation)
                    : try IsolatedExecutor(timeout: options.timeout ?? MeasureOptions.defaultTimeout,
                                           memoryLimitBytes: (options.memoryLimit ?? MeasureOptions.defaultMemoryLimitMiB) * 1_048_576,
                                           canMeasure: false, cancellation: cancellation)
                return try Benchmark.run(requests, options: settings, executor: executor, cancellation: cancellation) { show($0) }
            }
        } catch BenchmarkError.interrupted(let finished) {
            Terminal.endProgress(quiet: options.quiet)
            Terminal.note("interrupted: \(finished.compactMap { $0 }.count) of \(finished.count) runs on plausible devices finished; "
                + "nothing is printed of them, and no file is written")
            throw ListBenchExit.interrupted
        } catch {
            throw Session.runFailure(error, quiet: options.quiet)
        }
        Terminal.endProgress(quiet: options.quiet)
        guard results.count == requests.count else {
            Terminal.note("internal error: \(results.count) results for \(requests.count) runs on plausible devices")
            throw ListBenchExit.internalError
        }
        let perJob = draws * strategies.count
        return prepared.enumerated().map { index, entry in
            let mine = Array(results[(index * perJob)..<((index + 1) * perJob)])
            let byDraw = (0..<draws).map { Array(mine[($0 * strategies.count)..<(($0 + 1) * strategies.count)]) }
            return Drawn(job: entry.0, profile: entry.1, results: byDraw)
        }
    }
}
