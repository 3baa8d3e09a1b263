import Dispatch
import Foundation
import ListSimulator
import Scenarios
import Strategies

/// One (scenario, strategy) run to perform.
public struct RunRequest: Sendable {
    /// The scenario's name and the file it came from.
    public var scenario: String
    public var file: String
    public var generated: GeneratedScenario
    public var device: DeviceProfile
    public var strategy: StrategyDescriptor

    public init(scenario: String, file: String, generated: GeneratedScenario, device: DeviceProfile, strategy: StrategyDescriptor) {
        self.scenario = scenario
        self.file = file
        self.generated = generated
        self.device = device
        self.strategy = strategy
    }
}

/// How to run a set of requests.
public struct BenchmarkOptions: Equatable, Sendable {
    /// Measured repetitions of each request (0: modeled figures only).
    public var repetitions: Int
    /// Unrecorded runs of each request before the measured ones.
    public var warmup: Int
    /// Requests run at once for the modeled pass.
    public var jobs: Int
    /// Whether the measured repetitions also run `jobs` at once (noisier; off by default).
    public var measureInParallel: Bool

    public init(repetitions: Int, warmup: Int, jobs: Int, measureInParallel: Bool = false) {
        self.repetitions = repetitions
        self.warmup = warmup
        self.jobs = jobs
        self.measureInParallel = measureInParallel
    }
}

/// What went wrong in a benchmark.
public enum BenchmarkError: Error, Equatable, CustomStringConvertible {
    /// The same request gave different modeled figures on two runs: a determinism bug.
    case nonDeterministic(scenario: String, strategy: String)

    public var description: String {
        switch self {
        case let .nonDeterministic(scenario, strategy):
            return "modeled figures of \(strategy) on \(scenario) differ between two runs (a determinism bug in listbench)"
        }
    }
}

/// Runs requests: the modeled pass (in parallel with `jobs` > 1; modeled
/// figures do not depend on it), then warm-up and measured repetitions,
/// interleaved (every request once, then every request again, …) so that
/// slow phases of the host spread over all requests alike.
///
/// With one job the first measured repetition is also the modeled pass.
/// Every repetition's modeled figures must equal the modeled pass's; a
/// difference is reported as ``BenchmarkError/nonDeterministic(scenario:strategy:)``.
///
/// - Complexity: (1 + warmup + repetitions) runs of each request, or
///   (warmup + repetitions) with one job.
public enum Benchmark {
    /// Progress: runs done and runs in all, and what just finished.
    public typealias Progress = @Sendable (_ done: Int, _ total: Int, _ label: String) -> Void

    public static func run(
        _ requests: [RunRequest], options: BenchmarkOptions, probe: (any HostProbe)?, progress: Progress = { _, _, _ in }
    ) throws(BenchmarkError) -> [StrategyResult] {
        let measuring = options.repetitions > 0 && probe != nil
        let parallelModeled = options.jobs > 1 || !measuring
        let total = requests.count * ((parallelModeled ? 1 : 0) + (measuring ? options.warmup + options.repetitions : 0))
        let counter = Counter()
        @Sendable func label(_ request: RunRequest) -> String { "\(request.scenario) × \(request.strategy.name)" }

        // The modeled pass: every request once, `jobs` at once.
        var modeled: [RunMetrics]?
        if parallelModeled {
            modeled = inParallel(requests.count, jobs: options.jobs) { index in
                let metrics = runOnce(requests[index])
                progress(counter.increment(), total, label(requests[index]))
                return metrics
            }
        }
        guard measuring, let probe else {
            return zip(requests, modeled ?? []).map { StrategyResult(strategy: $0.strategy.name, metrics: $1) }
        }

        var samples: [[HostSample]] = Array(repeating: [], count: requests.count)
        let measureJobs = options.measureInParallel ? options.jobs : 1
        for round in 0..<(options.warmup + options.repetitions) {
            let results: [(RunMetrics, HostSample)] = inParallel(requests.count, jobs: measureJobs) { index in
                let request = requests[index]
                let (kept, sample) = probe.measure {
                    let runner = ScenarioRunner(generated: request.generated, device: request.device, strategy: request.strategy)
                    return (runner, runner.run())
                }
                progress(counter.increment(), total, label(request))
                return (kept.1, sample)
            }
            // Without a modeled pass, the first round is the reference.
            let reference = modeled ?? results.map(\.0)
            for (index, (metrics, sample)) in results.enumerated() {
                guard reference[index] == metrics else {
                    throw .nonDeterministic(scenario: requests[index].scenario, strategy: requests[index].strategy.name)
                }
                if round >= options.warmup { samples[index].append(sample) }
            }
            modeled = reference
        }
        return zip(requests, zip(modeled ?? [], samples)).map { request, result in
            StrategyResult(strategy: request.strategy.name, metrics: result.0, measured: MeasuredFigures(result.1))
        }
    }

    /// One run's modeled figures.
    static func runOnce(_ request: RunRequest) -> RunMetrics {
        ScenarioRunner(generated: request.generated, device: request.device, strategy: request.strategy).run()
    }

    /// `count` independent pieces of work on up to `jobs` threads, results in index order.
    static func inParallel<T: Sendable>(_ count: Int, jobs: Int, _ work: @Sendable (Int) -> T) -> [T] {
        guard jobs > 1, count > 1 else { return (0..<count).map(work) }
        let slots = Slots<T>(count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            while true {
                let index = next.increment() - 1
                guard index < count else { return }
                slots.set(index, work(index))
            }
        }
        return slots.values()
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// Results written by index from several threads.
final class Slots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]

    init(_ count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    /// Every value; only called after all were set.
    func values() -> [T] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
