import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// Touches are handled on main: UIKit's main run loop "processes all
/// incoming user interaction events", and "if the run loop is already
/// processing work, it can't handle a new incoming event until processing of
/// the previous work item is complete" (Apple, "Understanding hangs in your
/// app"). A stalled main thread holds the content where it was; once main is
/// free, the content "appears to jump forward to where our finger is"
/// (Apple Tech Talk 10855, "Explore UI animation hitches and the render
/// loop"). The gesture ends when main has handled its last touch, and the
/// tester's next swipe comes after that.
@Suite("A drag on a stalled main thread")
struct TouchDeliveryTests {
    /// A plain feed scanned by three swipes of a screen in 500 ms each, on the iPhone 15 (60 Hz).
    static let scenario = """
        {"version": 1, "name": "three-swipes", "description": "three swipes", "reproduces": "none", "seed": 1,
         "data": {"sections": [{"id": "feed", "generate": 120}]},
         "steps": [{"kind": "wait", "ms": 300}, {"kind": "scan"}, {"kind": "scan"}, {"kind": "scan"}]}
        """

    struct Observed {
        /// Each frame's time and the content offset it showed, during the first swipe.
        var frames: [(time: SimTime, offset: Double)] = []
        /// When each step started (the trace's step instants).
        var stepStarts: [SimTime] = []
        /// When the injected stall ran, if one did.
        var stall: Range<SimTime>?
    }

    /// Runs the scenario, with a 200 ms task on main from the first frame
    /// at least `stallAtMs` into the first swipe (nil: no stall).
    func run(stallAtMs: Double?) throws -> Observed {
        let generated = try Scenario.decode(Array(Self.scenario.utf8)).generate()
        let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: "iphone-15"),
                                    strategy: try StrategyCatalog.builtIn.named("identifier-diff"))
        let trace = TraceRecorder()
        runner.record(into: trace)
        let clock = runner.simulation.clock
        var observed = Observed()
        var swipeStart: SimTime?
        runner.onFrame = { runner in
            guard runner.userStep.index == 1 else { return }
            let now = clock.now
            if swipeStart == nil { swipeStart = trace.instants.last { $0.kind == "step" }?.time }
            observed.frames.append((now, runner.scrollPosition.offset))
            if let stallAtMs, observed.stall == nil, let start = swipeStart, now >= start + Sim.ms(stallAtMs) {
                observed.stall = now..<now
                clock.async(.main) {
                    let began = clock.now
                    clock.charge(Sim.ms(200))
                    observed.stall = began..<clock.now
                }
            }
        }
        let metrics = runner.run()
        #expect(metrics.status == .completed)
        observed.stepStarts = trace.instants.filter { $0.kind == "step" }.map(\.time)
        return observed
    }

    @Test func aStallInTheMiddleOfASwipeHoldsTheContentThenItJumpsToTheFinger() throws {
        let plain = try run(stallAtMs: nil)
        let stalled = try run(stallAtMs: 150)
        let stall = try #require(stalled.stall)
        #expect(stall.upperBound - stall.lowerBound == Sim.ms(200))
        // No frame while main is stalled: the content stays where the last frame left it.
        #expect(!stalled.frames.contains { $0.time > stall.lowerBound && $0.time < stall.upperBound })
        let before = try #require(stalled.frames.last { $0.time <= stall.lowerBound })
        let after = try #require(stalled.frames.first { $0.time >= stall.upperBound })
        // The first frame after it shows the content where the finger is: one screen in 500 ms,
        // so about 200 ms of travel at once, where a frame moves 16.7 ms of it.
        let perFrame = try #require(plain.frames.dropFirst().first.map { $0.offset - plain.frames[0].offset })
        #expect(perFrame > 0)
        #expect(after.offset - before.offset > 10 * perFrame)
        // The finger lifted after the stall had ended: the next swipe is not held back by it.
        #expect(stalled.stepStarts.count == plain.stepStarts.count)
        let delay = stalled.stepStarts[2] - plain.stepStarts[2]
        #expect(abs(delay) <= 2 * Sim.ms(1_000.0 / 60))
    }

    @Test func aStallOverTheLiftHoldsTheGestureEndAndTheNextSwipeWaitsForIt() throws {
        let plain = try run(stallAtMs: nil)
        let stalled = try run(stallAtMs: 400)
        let stall = try #require(stalled.stall)
        let lift = plain.stepStarts[1] + Sim.ms(500)
        #expect(stall.lowerBound < lift && stall.upperBound > lift)
        // Main handles the last touch only when the stall is over: the next swipe starts after it.
        #expect(stalled.stepStarts[2] >= stall.upperBound)
        let pastLift = stall.upperBound - lift
        let delay = stalled.stepStarts[2] - plain.stepStarts[2]
        #expect(delay >= pastLift - Sim.ms(1_000.0 / 60))
        #expect(delay <= pastLift + 2 * Sim.ms(1_000.0 / 60))
    }
}
