import Foundation
import ListData
import ListSimulator

/// Why a run produced no figures: it failed on the host, not in the model.
///
/// A modeled crash (an invalid batch update) or a modeled memory kill is a
/// *result* (``RunStatus``); a failure is a run that could not finish at
/// all: the strategy's code trapped, passed the wall-time or host-memory
/// limit, or broke the simulator's invariants.
public struct RunFailure: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    public enum Reason: String, Equatable, Sendable, Codable {
        /// The process running it was killed by a signal (a Swift trap is SIGILL or SIGTRAP).
        case signal
        /// It passed the per-run wall-time limit (`--timeout`).
        case timeLimit
        /// It passed the per-run host memory limit (`--memory-limit`).
        case memoryLimit
        /// The process running it exited without a result.
        case exit
        /// The simulator's invariants were broken (with invariant checks on).
        case invariant
    }

    public var reason: Reason
    /// A few words for a table's status column: `SIGILL`, `timeout 5 s`, `memory > 512 MiB`.
    public var summary: String
    /// What happened, with the last line the run wrote to standard error when there was one.
    public var detail: String

    public init(reason: Reason, summary: String, detail: String) {
        self.reason = reason
        self.summary = summary
        self.detail = detail
    }

    public var description: String { detail }
}

/// How one run ended, wherever it ran.
public enum RunOutcome: Sendable {
    /// The run finished: its modeled figures, and its host sample when it was measured.
    case finished(RunMetrics, HostSample?)
    case failed(RunFailure)
    /// Stopped by ``Cancellation`` (Ctrl-C) before it finished.
    case cancelled

    /// The outcome of a run that ended in this process: a failure when invariants were broken.
    public static func checked(_ metrics: RunMetrics, violations: [RunViolation], sample: HostSample?) -> RunOutcome {
        guard let first = violations.first else { return .finished(metrics, sample) }
        let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
        return .failed(RunFailure(reason: .invariant, summary: "invariant", detail: "invariant broken \(first)\(more)"))
    }
}

/// An invariant a run broke, and the step after which it was found.
public struct RunViolation: Equatable, Sendable, CustomStringConvertible {
    /// What broke.
    public enum Broken: Equatable, Sendable {
        /// The list's own invariants (``ListSurface/checkInvariants()``).
        case list(InvariantViolation)
        /// The world's own data refused a change the scenario made.
        case worldData(DataChangeError)
    }

    public var step: Int
    public var broken: Broken

    public init(step: Int, _ broken: Broken) {
        self.step = step
        self.broken = broken
    }

    public var description: String {
        switch broken {
        case .list(let violation): return "after step \(step): \(violation)"
        case .worldData(let error): return "during step \(step): the scenario's own data refused a change: \(error)"
        }
    }
}

/// Where runs happen: in this process (``InProcessExecutor``) or, in the
/// command line, each in a child process that a trap, a hang or a runaway
/// allocation cannot take down with it.
public protocol RunExecutor: Sendable {
    /// Runs `request` (the `index`-th of the benchmark) once; measured by the executor's probe when `measure` is true.
    func run(_ index: Int, _ request: RunRequest, measure: Bool) -> RunOutcome
    /// Whether this executor can measure (has a probe).
    var canMeasure: Bool { get }
}

/// Runs in the calling process: fastest, but a strategy that traps takes the process down.
public struct InProcessExecutor: RunExecutor {
    public var probe: (any HostProbe)?
    /// Checks invariants on every run, whatever its plan's bounds say (each plan can also ask for them).
    public var checksInvariants: Bool
    public var cancellation: Cancellation?

    public init(probe: (any HostProbe)?, checksInvariants: Bool = false, cancellation: Cancellation? = nil) {
        self.probe = probe
        self.checksInvariants = checksInvariants
        self.cancellation = cancellation
    }

    public var canMeasure: Bool { probe != nil }

    public func run(_ index: Int, _ request: RunRequest, measure: Bool) -> RunOutcome {
        func runner() -> ScenarioRunner {
            let runner = ScenarioRunner(generated: request.generated, device: request.device, strategy: request.strategy)
            runner.checksInvariants = checksInvariants || request.plan.bounds.checksInvariants
            runner.cancellation = cancellation
            return runner
        }
        let outcome: (RunMetrics, [RunViolation], HostSample?)
        if measure, let probe {
            let (kept, sample) = probe.measure {
                let runner = runner()
                return (runner, runner.run())
            }
            outcome = (kept.1, kept.0.invariantViolations, sample)
        } else {
            let runner = runner()
            let metrics = runner.run()
            outcome = (metrics, runner.invariantViolations, nil)
        }
        if cancellation?.isCancelled == true { return .cancelled }
        return .checked(outcome.0, violations: outcome.1, sample: outcome.2)
    }
}

/// A flag that stops runs in progress: set from a signal handler, read by the runner's loop.
public final class Cancellation: Sendable {
    private let cancelled = Locked(false)

    public init() {}

    public var isCancelled: Bool { cancelled.value }

    public func cancel() { cancelled.value = true }
}
