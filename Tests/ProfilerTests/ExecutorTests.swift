import Foundation
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies
import Testing

/// An executor that runs in process but fails chosen requests, or cancels after some runs.
private final class ScriptedExecutor: RunExecutor, @unchecked Sendable {
    let failing: Set<Int>
    let cancelAfter: Int?
    let cancellation: Cancellation
    private let lock = NSLock()
    private var runs = 0
    private let inner: InProcessExecutor

    init(failing: Set<Int>, cancelAfter: Int? = nil, cancellation: Cancellation) {
        self.failing = failing
        self.cancelAfter = cancelAfter
        self.cancellation = cancellation
        inner = InProcessExecutor(probe: nil)
    }

    var canMeasure: Bool { false }

    func run(_ index: Int, _ request: RunRequest, measure: Bool) -> RunOutcome {
        lock.lock()
        runs += 1
        let count = runs
        lock.unlock()
        if let cancelAfter, count > cancelAfter {
            cancellation.cancel()
            return .cancelled
        }
        if failing.contains(index) { return .failed(RunFailure(reason: .signal, summary: "SIGILL", detail: "killed by SIGILL")) }
        return inner.run(index, request, measure: measure)
    }
}

private func requests(_ strategies: [String] = ["reload", "identifier-diff", "row-ids"],
                      scenario file: String = "restaurant-detail-load.json") throws -> [RunRequest] {
    let device = try DeviceProfile.standard()
    let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
    let generated = try scenario.generate()
    return try strategies.map {
        RunRequest(scenario: scenario.name, file: "", generated: generated, device: device, strategy: try StrategyCatalog.builtIn.named($0))
    }
}

/// An executor that runs in process and records which requests started, in
/// order, and whether each run was measured.
private final class RecordingExecutor: RunExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var startedIndices: [Int] = []
    private var measuredFlags: [Bool] = []
    private let inner = InProcessExecutor(probe: nil)
    let canMeasure: Bool

    init(canMeasure: Bool = false) { self.canMeasure = canMeasure }

    var started: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return startedIndices
    }

    var measured: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return measuredFlags
    }

    func run(_ index: Int, _ request: RunRequest, measure: Bool) -> RunOutcome {
        lock.lock()
        startedIndices.append(index)
        measuredFlags.append(measure)
        lock.unlock()
        return inner.run(index, request, measure: measure)
    }
}

@Suite("Executors, failures and interruption")
struct ExecutorTests {
    @Test func aFailedRunIsReportedInPlaceAndTheOthersAreUnchanged() throws {
        let all = try requests()
        let options = BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 2)
        let plain = try Benchmark.run(all, options: options, probe: nil)
        let cancellation = Cancellation()
        let scripted = try Benchmark.run(all, options: options, executor: ScriptedExecutor(failing: [1], cancellation: cancellation))
        #expect(scripted.map(\.strategy) == ["reload", "identifier-diff", "row-ids"])
        #expect(scripted[1].failure?.reason == .signal && scripted[1].metrics == nil)
        #expect(scripted[1].statusText == "failed (SIGILL)")
        #expect(scripted[0] == plain[0] && scripted[2] == plain[2])
        let report = BenchmarkReport(measurement: nil, scenarios: [ScenarioReport(scenario: "s", device: try DeviceProfile.standard(), results: scripted)])
        #expect(report.hasFailures)
        #expect(report.renderTable().contains("identifier-diff: failed: killed by SIGILL"))
        #expect(report.renderCSV().contains(",identifier-diff,failed,,,,killed by SIGILL,"))
    }

    @Test func cancellingKeepsWhatFinished() throws {
        let all = try requests()
        let cancellation = Cancellation()
        do {
            // The second run is cancelled: the third never starts.
            _ = try Benchmark.run(all, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 1),
                                  executor: ScriptedExecutor(failing: [], cancelAfter: 1, cancellation: cancellation),
                                  cancellation: cancellation)
            Issue.record("expected an interruption")
        } catch .interrupted(let finished) {
            #expect(finished.count == 3)
            #expect(finished[0]?.metrics?.status == .completed)
            #expect(finished[1] == nil && finished[2] == nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Runs in parallel start likeliest-longest first (a larger list, then a
    /// costlier strategy); results keep the requests' order, and one job
    /// keeps the requests' order for starting too.
    @Test func parallelRunsStartTheCostliestFirstAndReportInRequestOrder() throws {
        let small = try requests(["reload", "row-ids", "viewmodel-cells", "batch-updates"])
        let large = try requests(["batch-updates", "viewmodel-cells"], scenario: "timeline-200.json")
        #expect(large[0].generated.itemCount > small[0].generated.itemCount)
        let all = small + large
        #expect(Benchmark.startOrder(all) == [5, 4, 2, 1, 0, 3])
        let recording = RecordingExecutor()
        let results = try Benchmark.run(all, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 2), executor: recording)
        #expect(results.map(\.strategy) == all.map(\.strategy.name))
        // Two threads take the first two start positions before any run ends, so
        // whichever records first holds one of them; every run starts once.
        #expect(recording.started.first.map { [5, 4].contains($0) } == true)
        #expect(recording.started.sorted() == Array(all.indices))
        let serial = RecordingExecutor()
        _ = try Benchmark.run(all, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 1), executor: serial)
        #expect(serial.started == Array(all.indices))
        #expect(StrategyCatalog.builtIn.entries.allSatisfy { $0.relativeHostCost > 0 })
        let configured = try StrategyCatalog.builtIn.named("viewmodel-cells:heights=background")
        #expect(configured.relativeHostCost == large[1].strategy.relativeHostCost)
        #expect(StrategyCatalog.builtIn.entries[0].hostCost(-1).relativeHostCost == 1)
    }

    /// A measured command adds no modeled pass, whatever its jobs: each
    /// request runs once a round, every run measured, and the first round's
    /// modeled figures are the results'.
    @Test(arguments: [(1, false), (2, false), (2, true)])
    func aMeasuredCommandRunsEachRequestOnceARound(jobs: Int, inParallel: Bool) throws {
        let all = try requests()
        let recording = RecordingExecutor(canMeasure: true)
        let options = BenchmarkOptions(repetitions: 2, warmup: 1, jobs: jobs, measureInParallel: inParallel)
        let results = try Benchmark.run(all, options: options, executor: recording)
        #expect(recording.started.count == 3 * all.count)
        #expect(recording.measured.allSatisfy { $0 })
        #expect(recording.started.sorted() == all.indices.flatMap { [$0, $0, $0] })
        let modeled = try Benchmark.run(all, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 2), probe: nil)
        #expect(results.map(\.metrics) == modeled.map(\.metrics))
    }

    @Test func aCancelledRunnerStopsAndBrokenInvariantsFailTheRun() throws {
        let request = try requests()[0]
        let cancellation = Cancellation()
        cancellation.cancel()
        if case .cancelled = InProcessExecutor(probe: nil, cancellation: cancellation).run(0, request, measure: false) {} else {
            Issue.record("a cancelled run should report cancelled")
        }
        let failed = RunOutcome.checked(try #require(Benchmark.run([request], options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 1), probe: nil).first?.metrics),
                                        violations: [RunViolation(step: 1, .list(.visibleRowWithoutCell(row: 3))), RunViolation(step: 2, .list(.geometryInconsistent))],
                                        sample: nil)
        guard case .failed(let failure) = failed else {
            Issue.record("broken invariants should fail the run")
            return
        }
        #expect(failure.reason == .invariant)
        #expect(failure.detail == "invariant broken after step 1: visible row 3 has no cell (and 1 more)")
    }
}

@Suite("The world's own data")
struct WorldDataTests {
    /// A change the world's data cannot place (only a scenario built in code
    /// can make one: validation rejects it in files) fails the run as a
    /// broken invariant; it is not blamed on the strategy as a crash.
    @Test func aChangeTheWorldCannotPlaceFailsTheRunNotTheStrategy() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        var generated = try scenario.generate()
        generated.changes.insert(TimedChange(atMs: 0, change: .delete(id: -7, section: 0, index: 0)), at: 0)
        let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                                    strategy: try StrategyCatalog.builtIn.named("reload"))
        let metrics = runner.run()
        #expect(metrics.inconsistencies == 0 && metrics.status != .crashed)
        let violation = try #require(runner.invariantViolations.first)
        guard case .worldData = violation.broken else {
            Issue.record("expected the world's data to refuse the change, got \(violation)")
            return
        }
        guard case .failed(let failure) = RunOutcome.checked(metrics, violations: runner.invariantViolations, sample: nil) else {
            Issue.record("a change the world refused should fail the run")
            return
        }
        #expect(failure.detail.contains("the scenario's own data refused a change"))
    }
}
