import ListData
import ListDiff
import ListSimulator
import Scenarios
import Strategies

/// Runs one strategy through one generated scenario on one device, on the
/// simulator's virtual clock, and collects the modeled metrics.
///
/// The run is a frame loop over three parts:
/// - the ``World``: the data, the pages and the world's changes, delivered
///   on the network's callback queue at their virtual times;
/// - the ``UserDriver``: the steps, their motions at touch pace, waits and dwells;
/// - the ``Coverage``: what the user has been shown and what the run owes them.
///
/// A run stops at the first inconsistency (the simulated crash), at a
/// memory kill, at ``maximumVirtualTime`` or after ``maximumSteps`` steps
/// of the simulator (status `timedOut`, with ``RunMetrics/boundReached``
/// saying which), or when its ``cancellation`` is set. So every run ends,
/// whatever the scenario asks for.
public final class ScenarioRunner {
    /// The bound on the repetitions of all repeat-until-loaded steps in one run.
    public static let maximumRepetitions = 1_000_000

    /// The bound on a run's virtual time (4 hours).
    public static let maximumVirtualTime: SimTime = 4 * 3_600_000_000_000

    /// The bound on a run's simulator steps (events run: frames, main- and
    /// background-queue blocks, world deliveries). The shipped scenarios take
    /// at most about 123,000 (large-list); the bound is there so that no
    /// scenario, however hostile, runs without end.
    public static let maximumSteps = 20_000_000

    /// Both bounds, as reports state them.
    public static var boundsDescription: String {
        "every run is bounded to \(virtualTimeBound) of virtual time and \(stepBound) simulator steps (status timedOut past either)"
    }

    /// ``maximumSteps`` with thousands separated by commas, whatever the host's locale.
    static var stepBound: String {
        var digits = Array(String(maximumSteps))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// ``maximumVirtualTime`` in hours, for messages.
    static var virtualTimeBound: String { "\(maximumVirtualTime / 3_600_000_000_000) h" }

    /// Checked every 16 steps: when set, the run stops where it is.
    public var cancellation: Cancellation?
    /// Whether to check the list's invariants after every step (the conformance tests set it).
    public var checksInvariants = false
    /// Called after every frame's layout pass (for tests and embedding
    /// programs that watch a run: ``visibleItems``, ``screenTop``). It must not change the run.
    public var onFrame: ((ScenarioRunner) -> Void)?
    /// Invariants found broken, with the step after which they were: the
    /// list's (when ``checksInvariants``), and the world's own data refusing
    /// a change (always; the run stops there).
    public private(set) var invariantViolations: [RunViolation] = []
    public let simulation: Simulation
    /// Simulator steps taken.
    private var steps = 0
    /// Which bound stopped the run, if one did.
    private(set) var boundReached: RunBound?
    private let strategy: any ListStrategy
    let triggers = TriggerTable()
    let world: World
    let user: UserDriver
    let coverage: Coverage
    private var firstContentSeen = false
    /// Set by the frame that first shows content, until the run loop reads its presentation time.
    private var firstContentFramePending = false
    private(set) var firstContentAt: SimTime?

    /// A run of `descriptor` on `generated`. On a scenario whose list is a
    /// grid, pass the strategy fitted to it (``StrategyDescriptor/fitted(to:)``,
    /// as the commands do): a strategy left on a table surface lays the
    /// grid's items out one a row.
    public init(generated: GeneratedScenario, device: DeviceProfile, strategy descriptor: StrategyDescriptor) {
        simulation = Simulation(device: device)
        clock = simulation.clock
        var context = AppContext(simulation: simulation, pageLatencyMs: generated.paging?.latencyMs ?? 0, kinds: generated.kinds)
        context.opensAtBottom = generated.anchor == .bottom
        context.grid = generated.grid
        context.sectionHeaderHeight = generated.sectionHeaderHeight
        coverage = Coverage(opensAtBottom: generated.anchor == .bottom)
        strategy = descriptor.make(context)
        surface = strategy.surface
        world = World(generated: generated, clock: simulation.clock, network: context.network, strategy: strategy, triggers: triggers)
        user = UserDriver(steps: generated.steps, clock: simulation.clock, strategy: strategy, world: world,
                          coverage: coverage, triggers: triggers)
        simulation.clock.frameHandler = { [unowned self] _ in self.frame() }
    }

    /// The items the visible rows show now, top to bottom (after ``run()``,
    /// where the run ended): what the user sees, for tests and embedding programs.
    ///
    /// - Complexity: O(v) for `v` visible rows.
    public var visibleItems: [Int] { strategy.visibleContent().map(\.item) }

    /// The strategy's list, read once (``ListStrategy/surface`` never changes).
    let surface: any ListSurface
    /// The simulation's clock, held here as well: read many times a frame,
    /// and a computed property returned it retained each time.
    let clock: SimClock

    /// Records a timeline of the run (every charge, frame, step, world
    /// change, page, crash and kill) into `trace`; call before ``run()``.
    public func record(into trace: TraceRecorder) { simulation.clock.trace = trace }

    /// One run recorded as a timeline (the same modeled run as without a
    /// recorder: modeled figures are deterministic), with its metrics.
    public static func traced(generated: GeneratedScenario, device: DeviceProfile,
                              strategy: StrategyDescriptor) -> (trace: TraceRecorder, metrics: RunMetrics) {
        let runner = ScenarioRunner(generated: generated, device: device, strategy: strategy)
        let trace = TraceRecorder()
        runner.record(into: trace)
        return (trace, runner.run())
    }

    /// Runs to the end and returns the metrics.
    public func run() -> RunMetrics {
        world.schedule()
        while true {
            if !world.refusals.isEmpty {
                invariantViolations += world.refusals.map { RunViolation(step: user.stepIndex, .worldData($0)) }
                break
            }
            if simulation.hasFailed { break }
            if clock.now > Self.maximumVirtualTime {
                boundReached = .virtualTime
                break
            }
            steps += 1
            if steps > Self.maximumSteps {
                boundReached = .steps
                break
            }
            if steps & 15 == 0, cancellation?.isCancelled == true { break }
            world.checkPaging(surface: surface)
            if advanceSteps() { break }
            // A wait's deadline bounds the clock only until it has passed; a
            // worker's running task, until its end (when it hands its result
            // over, and the app may have settled).
            let wake = user.deadline.flatMap { $0 > clock.now ? $0 : nil }
            let workerEnd = clock.nextWorkerEnd(after: clock.now)
            let bound = wake.map { wake in workerEnd.map { min(wake, $0) } ?? wake } ?? workerEnd
            if clock.step(startingBy: bound) {
                if firstContentFramePending {
                    // The step that ran the frame also presented it.
                    firstContentFramePending = false
                    firstContentAt = clock.frameStats.lastFrameAt
                }
            } else if let bound {
                clock.run(until: bound)
            } else if !firstContentSeen {
                // Nothing will ever show (no data): the user goes on anyway.
                firstContentSeen = true
            } else if user.motion == nil {
                break
            } else {
                user.requestFrame()
            }
        }
        if let trace = clock.trace {
            for inconsistency in simulation.inconsistencies {
                trace.instant("crash: \(inconsistency.message)", kind: "inconsistency", at: inconsistency.time)
            }
            if let killed = simulation.ledger.killedAt { trace.instant("killed: memory past the device's limit", kind: "kill", at: killed) }
        }
        return metrics()
    }

    /// One frame: the finger's position at this time, then the layout pass.
    private func frame() {
        user.moveFinger()
        surface.layoutIfNeeded()
        let shown = strategy.visibleContent()
        if let trace = clock.trace {
            trace.sample("memory MiB", Double(simulation.ledger.total) / 1_048_576, at: clock.now)
            trace.sample("scroll offset pt", surface.contentOffset, at: clock.now)
        }
        coverage.record(shown: shown, visibleRows: surface.visibleRowRange, world: world)
        if !firstContentSeen, !shown.isEmpty {
            firstContentSeen = true
            firstContentFramePending = true
        }
        if user.motion != nil, !user.motionDone { user.requestFrame() }
        onFrame?(self)
    }

    /// Ends the current step when it is over, and starts the next; returns true when the run is over.
    private func advanceSteps() -> Bool {
        // Settled: no work ready, and no block waiting on main for later (an
        // app's timer on main, such as a throttle's, still has a result to show).
        let settled = !clock.hasWork(readyBy: clock.now) && !clock.hasMainTaskScheduled
        guard user.stepIsOver(firstContentSeen: firstContentSeen, settled: settled) else { return false }
        if user.stepIndex >= 0 {
            coverage.countStaleRows(strategy.visibleContent(), truth: world.truth)
            // The list's invariants hold between updates: a scan may swipe on
            // while nodes or updates are still in flight on the workers.
            if checksInvariants, settled {
                invariantViolations += surface.checkInvariants().map { RunViolation(step: user.stepIndex, .list($0)) }
            }
        }
        return user.moveOn()
    }
}
