import Dispatch
import Foundation
import ListSimulator
import Scenarios
import Strategies

/// One (scenario, strategy) run to perform: its ``RunPlan`` (the value an
/// isolated worker is handed) and the strategy the plan names, resolved.
public struct RunRequest: Sendable {
    public var plan: RunPlan
    public var strategy: StrategyDescriptor
    /// The spec as asked, when the run's strategy was fitted to its
    /// scenario under another name (a grid runs a table strategy on
    /// `surface=collection`); nil when it runs as asked.
    public var requested: String?
    /// The scenario's compact form, shared by the requests of one scenario
    /// (``ScenarioEncoding``); nil when an executor that needs it makes its own.
    public var encoding: ScenarioEncoding?

    /// The scenario's label and the file it came from.
    public var scenario: String { plan.scenario }
    public var file: String { plan.file }
    public var generated: GeneratedScenario { plan.generated }
    public var device: DeviceProfile { plan.device }

    public init(scenario: String, file: String, generated: GeneratedScenario, device: DeviceProfile, strategy: StrategyDescriptor,
                bounds: RunBounds = RunBounds()) {
        plan = RunPlan(scenario: scenario, file: file, generated: generated, device: device, strategy: strategy.name, bounds: bounds)
        self.strategy = strategy
    }

    /// The request of a plan, its strategy looked up in `catalog`.
    ///
    /// - Throws: when the catalog has no such strategy.
    public init(plan: RunPlan, catalog: StrategyCatalog) throws(StrategyCatalogError) {
        self.plan = plan
        strategy = try catalog.named(plan.strategy)
    }
}

/// A run of a benchmark started or finished.
public struct ProgressUpdate: Equatable, Sendable {
    /// Runs finished so far, and runs in all (repetitions counted).
    public var done: Int
    public var total: Int
    /// Which run: "scenario × strategy".
    public var label: String
    /// True when the run just started; false when it just finished.
    public var started: Bool

    public init(done: Int, total: Int, label: String, started: Bool) {
        self.done = done
        self.total = total
        self.label = label
        self.started = started
    }

    /// The status line a terminal shows: `[3/81] running home-170 × reload` or `[4/81] home-170 × reload`.
    public var line: String { "[\(done)/\(total)] \(started ? "running " : "")\(label)" }

    /// The status line with an estimate of the time left, once `elapsed`
    /// seconds (host wall time since the first run started) are past
    /// `after` and a run has finished: the runs left at the mean pace so
    /// far (`[12/81] running home-170 × reload · about 40 s left`).
    ///
    /// - Complexity: O(1).
    public func line(elapsedSeconds elapsed: Double, after threshold: Double = 2) -> String {
        guard elapsed >= threshold, done > 0, done < total else { return line }
        let left = elapsed / Double(done) * Double(total - done)
        return line + " · about " + Self.duration(left) + " left"
    }

    /// A rough duration: seconds under two minutes, then minutes, then hours and minutes.
    static func duration(_ seconds: Double) -> String {
        let rounded = Int(seconds.rounded(.up))
        if rounded < 120 { return "\(max(1, rounded)) s" }
        if rounded < 7_200 { return "\((rounded + 30) / 60) min" }
        return "\(rounded / 3_600) h \((rounded % 3_600) / 60) min"
    }
}

/// How to run a set of requests.
public struct BenchmarkOptions: Equatable, Sendable {
    /// Measured repetitions of each request (0: modeled figures only).
    public var repetitions: Int
    /// Unrecorded runs of each request before the measured ones.
    public var warmup: Int
    /// Requests run at once: every request of a modeled-only run; the
    /// measured rounds only with ``measureInParallel`` (else one at a time).
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
    /// Stopped by ``Cancellation``: the results of the requests that finished, by request index (nil: not finished).
    case interrupted(finished: [StrategyResult?])

    public var description: String {
        switch self {
        case let .nonDeterministic(scenario, strategy):
            return "modeled figures of \(strategy) on \(scenario) differ between two runs (a determinism bug in listbench)"
        case let .interrupted(finished):
            return "interrupted: \(finished.compactMap { $0 }.count) of \(finished.count) runs finished"
        }
    }
}

/// Runs requests: modeled figures only, `jobs` at once (modeled figures do
/// not depend on it); or warm-up and measured repetitions, interleaved
/// (every request once, then every request again, …) so that slow phases
/// of the host spread over all requests alike, one at a time unless
/// ``BenchmarkOptions/measureInParallel``.
///
/// With more than one job, runs start likeliest-longest first
/// (``startOrder(_:)``); results keep the requests' order.
///
/// A measured command adds no modeled pass: its first round (a warm-up, or
/// the first measured repetition) gives the modeled figures, which do not
/// depend on the host. (Until 27 November 2026 a measured command with more
/// than one job ran a modeled pass first, every request once more, which
/// nothing read but this check.) Every later round's modeled figures must
/// equal the first's; a difference is reported as
/// ``BenchmarkError/nonDeterministic(scenario:strategy:)``.
///
/// A strategy that needs a newer iOS than the request's device runs
/// (``StrategyDescriptor/unsupportedReason(on:)``) is not run: its result
/// says `unsupported (needs iOS 13)`.
///
/// Runs go through a ``RunExecutor``. A run that fails (a trap, a limit,
/// broken invariants) is reported as failed, with its reason, and is not run
/// again; every other request still runs. With a ``Cancellation`` that is
/// set, no new run starts and ``BenchmarkError/interrupted(finished:)``
/// carries what finished (measured figures over the repetitions done).
///
/// - Complexity: (warmup + repetitions) runs of each request when
///   measuring, else one.
public enum Benchmark {
    /// Progress: a run started or finished.
    public typealias Progress = @Sendable (ProgressUpdate) -> Void

    /// Runs in this process, measured with `probe` when repetitions are asked for.
    public static func run(
        _ requests: [RunRequest], options: BenchmarkOptions, probe: (any HostProbe)?, progress: Progress = { _ in }
    ) throws(BenchmarkError) -> [StrategyResult] {
        try run(requests, options: options, executor: InProcessExecutor(probe: probe), progress: progress)
    }

    public static func run(
        _ requests: [RunRequest], options: BenchmarkOptions, executor: any RunExecutor, cancellation: Cancellation? = nil,
        progress: Progress = { _ in }
    ) throws(BenchmarkError) -> [StrategyResult] {
        let measuring = options.repetitions > 0 && executor.canMeasure
        // A strategy whose technique the device's iOS cannot run is reported, not run.
        let unsupported = requests.map { $0.strategy.unsupportedReason(on: $0.device, grid: $0.generated.grid, kinds: $0.generated.kinds) }
        let runnable = unsupported.filter { $0 == nil }.count
        let total = runnable * (measuring ? options.warmup + options.repetitions : 1)
        let counter = Locked(0)
        @Sendable func label(_ request: RunRequest) -> String { "\(request.scenario) × \(request.strategy.name)" }
        var modeled: [RunMetrics?] = Array(repeating: nil, count: requests.count)
        var failures: [RunFailure?] = Array(repeating: nil, count: requests.count)
        var samples: [[HostSample]] = Array(repeating: [], count: requests.count)

        func results() -> [StrategyResult?] {
            requests.indices.map { index in
                var result = result(index)
                result?.requested = requests[index].requested
                return result
            }
        }
        func result(_ index: Int) -> StrategyResult? {
            if let reason = unsupported[index] {
                return StrategyResult(strategy: requests[index].strategy.name, unsupported: reason,
                                      requiredAPI: requests[index].strategy.requiredAPI)
            }
            if let failure = failures[index] { return StrategyResult(strategy: requests[index].strategy.name, failure: failure) }
            guard let metrics = modeled[index] else { return nil }
            return StrategyResult(strategy: requests[index].strategy.name, metrics: metrics, measured: MeasuredFigures(samples[index]))
        }
        let order = startOrder(requests)
        /// One round over the requests that have not failed (nil for those that have).
        func round(measure: Bool, jobs: Int) -> [RunOutcome?] {
            let failed = requests.indices.map { failures[$0] != nil || unsupported[$0] != nil }
            return inParallel(requests.count, jobs: jobs, order: order) { index -> RunOutcome? in
                guard !failed[index] else { return nil }
                guard cancellation?.isCancelled != true else { return .cancelled }
                progress(ProgressUpdate(done: counter.value, total: total, label: label(requests[index]), started: true))
                let outcome = executor.run(index, requests[index], measure: measure)
                if case .cancelled = outcome {} else {
                    progress(ProgressUpdate(done: counter.withLock { value -> Int in value += 1; return value }, total: total, label: label(requests[index]), started: false))
                }
                return outcome
            }
        }

        /// Takes in one round's outcomes; `round` is nil for the modeled pass, else the repetition's number.
        /// Without a modeled pass, the first measured round is the reference.
        var hasReference = false
        func take(_ outcomes: [RunOutcome?], round number: Int?) throws(BenchmarkError) {
            var interrupted = false
            for (index, outcome) in outcomes.enumerated() {
                switch outcome {
                case .finished(let metrics, let sample)?:
                    if !hasReference { modeled[index] = metrics }
                    guard modeled[index] == metrics else {
                        throw .nonDeterministic(scenario: requests[index].scenario, strategy: requests[index].strategy.name)
                    }
                    if let number, number >= options.warmup, let sample { samples[index].append(sample) }
                case .failed(let failure)?: failures[index] = failure
                case .cancelled?: interrupted = true
                case nil: break
                }
            }
            if interrupted { throw .interrupted(finished: results()) }
            hasReference = true
        }

        if measuring {
            let measureJobs = options.measureInParallel ? options.jobs : 1
            for number in 0..<(options.warmup + options.repetitions) {
                try take(round(measure: true, jobs: measureJobs), round: number)
            }
        } else {
            // Modeled figures only: every request once, `jobs` at once.
            try take(round(measure: false, jobs: options.jobs), round: nil)
        }
        return results().compactMap { $0 }
    }

    /// The order in which requests start when they run in parallel: the
    /// likely longest first (longest-processing-time-first scheduling), so
    /// that the last run to start is a short one and no core idles long
    /// while another finishes. A request's likely cost is its scenario's
    /// items times its strategy's ``StrategyDescriptor/relativeHostCost``;
    /// ties keep the requests' order. Results are reported in the requests'
    /// order whatever the start order.
    ///
    /// - Complexity: O(n log n) in the requests.
    public static func startOrder(_ requests: [RunRequest]) -> [Int] {
        let weights = requests.map { Double($0.generated.itemCount + 1) * $0.strategy.relativeHostCost }
        return requests.indices.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
    }

    /// Whether `order` holds each of `0..<count` exactly once. - Complexity: O(count).
    static func isPermutation(_ order: [Int], of count: Int) -> Bool {
        guard order.count == count else { return false }
        var seen = [Bool](repeating: false, count: count)
        for index in order {
            guard index >= 0, index < count, !seen[index] else { return false }
            seen[index] = true
        }
        return true
    }

    /// `count` independent pieces of work on up to `jobs` threads, started in
    /// `order` (a permutation of `0..<count`; nil, or anything else: index
    /// order) when there is more than one job; results in index order.
    static func inParallel<T: Sendable>(_ count: Int, jobs: Int, order: [Int]? = nil, _ work: @Sendable (Int) -> T) -> [T] {
        guard jobs > 1, count > 1 else { return (0..<count).map(work) }
        let starts = order.flatMap { isPermutation($0, of: count) ? $0 : nil } ?? Array(0..<count)
        let slots = Locked([T?](repeating: nil, count: count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            while true {
                let position = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard position < count else { return }
                let index = starts[position]
                let result = work(index)
                slots.withLock { $0[index] = result }
            }
        }
        // Every index below `count` was taken by exactly one thread, so every slot is set.
        return slots.value.compactMap { $0 }
    }
}
