import Foundation
import ListSimulator
import Profiler
import Scenarios
import Testing

/// The hitch ratio is Apple's: hitch time over the time spent animating
/// (frames in flight), so waiting with nothing to draw does not dilute it.
@Suite("Hitch ratio as Apple counts it")
struct HitchRatioTests {
    /// Ten minutes more of the shipped run's last wait leave its frames,
    /// hitches, hitch time, ratio and rating as they were; only the run's
    /// length moves (the whole-run figure, hitch time over the run, would
    /// fall more than 10×). The wait is lengthened rather than a step added:
    /// every step asks for one frame as it starts, so a new `wait` step would
    /// add one on-time frame (one interval) to the time spent animating.
    @Test func idleTimeDoesNotDiluteTheRatio() throws {
        let shipped = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path)
        var idle = shipped
        let last = try #require(idle.steps.indices.last)
        guard case .action(.wait(let ms)) = idle.steps[last] else {
            Issue.record("restaurant-detail.json no longer ends with a wait")
            return
        }
        idle.steps[last] = .wait(ms: ms + 600_000)
        let before = try modeledRun("cellbinder", shipped)
        let after = try modeledRun("cellbinder", idle)
        #expect(before.hitches > 0)
        #expect(after.frames == before.frames, "frames \(before.frames) → \(after.frames), hitch ms \(before.hitchTimeMs)")
        #expect(after.hitches == before.hitches)
        #expect(after.hitchTimeMs == before.hitchTimeMs)
        #expect(after.hitchRatioMsPerS == before.hitchRatioMsPerS)
        #expect(after.hitchRating == before.hitchRating)
        let beforeEnd = try #require(before.completionMs), afterEnd = try #require(after.completionMs)
        #expect(afterEnd >= beforeEnd + 600_000)
        #expect(before.hitchTimeMs / beforeEnd > 10 * after.hitchTimeMs / afterEnd)
    }

    /// The ratio is hitch time over frames × interval + hitch time: one frame
    /// of 16.7 ms late among 59 on time at 60 Hz is 16.7 ms over 1,016.7 ms:
    /// 16.4 ms/s, a warning.
    @Test func theRatioDividesByTheTimeFramesWereInFlight() {
        let interval = 1_000.0 / 60
        let ratio = RunMetrics.hitchRatio(hitchMs: interval, renderingMs: 60 * interval + interval)
        #expect(abs(ratio - interval / ((61 * interval) / 1_000)) < 1e-9)
        #expect(RunMetrics.hitchRatio(hitchMs: 0, renderingMs: 0) == 0)
        #expect(HitchRating(ratioMsPerS: ratio) == .warning)
    }
}
