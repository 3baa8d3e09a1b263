import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// An isolated worker hands its figures back in the binary form
/// (`RunMetrics.encode(to:)`): every field must come back exactly, and
/// damaged bytes must be an error, never a trap.
@Suite("Run figures in binary")
struct RunMetricsBinaryTests {
    private static func roundTrip(_ metrics: RunMetrics) throws -> RunMetrics {
        var writer = ByteWriter()
        metrics.encode(to: &writer)
        var reader = ByteReader(writer.bytes)
        let back = try RunMetrics(from: &reader)
        #expect(reader.isAtEnd)
        return back
    }

    private static func run(_ file: String, _ strategy: String) throws -> RunMetrics {
        let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate()
        return ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                              strategy: try StrategyCatalog.builtIn.named(strategy)).run()
    }

    /// Real runs: a crash (row-ids on realtime-feed), Texture, a grid, SwiftUI, and hitches with their triggers and causes.
    @Test(arguments: [("realtime-feed.json", "row-ids"), ("texture-sample.json", "texture-placeholders"),
                      ("photo-grid.json", "identifier-diff"), ("chat.json", "swiftui-lazyvstack"), ("home-170.json", "reload")])
    func aRunsFiguresComeBackExactly(file: String, strategy: String) throws {
        let metrics = try Self.run(file, strategy)
        #expect(!metrics.frameSeries.isEmpty && !metrics.memorySeries.isEmpty)
        #expect(try Self.roundTrip(metrics) == metrics)
    }

    /// Every optional field set, and every one left out.
    @Test func everyOptionalFieldSurvives() throws {
        var metrics = try Self.run("home-170.json", "reload")
        metrics.boundReached = .steps
        metrics.timeToFirstFrameMs = -0.0
        metrics.completionMs = .infinity
        metrics.mainThreadWaitingMs = 1.5
        metrics.hangs = 3
        metrics.hangTimeMs = 700
        metrics.longestHangMs = 400
        metrics.killedAtMs = 12
        metrics.firstInconsistency = "Invalid update: invalid number of rows in section 0 ✓"
        metrics.rowsDisplayed = 9
        metrics.rowsNeverDisplayed = 0
        metrics.misSizedRows = Int.min
        metrics.hitchCauses = [CostBreakdown.CategoryShare(category: .layout, ms: 2.5)]
        metrics.worstFrameCause = .cellCreation
        metrics.hitchTriggers = [TriggerTime(.step(2, name: "scroll: x"), ms: 3), TriggerTime(.worldChange(atMs: 1500), ms: 1)]
        metrics.worstFrameTrigger = .page(4)
        metrics.loggedMessages = 2
        metrics.firstLoggedMessage = ""
        metrics.missedScrollTargets = ["step 3: post 7", ""]
        #expect(try Self.roundTrip(metrics) == metrics)
        metrics.boundReached = nil
        metrics.timeToFirstFrameMs = nil
        metrics.completionMs = nil
        metrics.breakdown = nil
        metrics.hitchCauses = nil
        metrics.hitchTriggers = nil
        metrics.worstFrameTrigger = nil
        metrics.missedScrollTargets = nil
        metrics.frameSeries = []
        metrics.memorySeries = []
        #expect(try Self.roundTrip(metrics) == metrics)
    }

    /// Every truncation fails with a message instead of trapping or reading past the end.
    @Test func truncatedBytesAreAnError() throws {
        var writer = ByteWriter()
        try Self.run("restaurant-detail.json", "reload").encode(to: &writer)
        let bytes = writer.bytes
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 499)) {
            var reader = ByteReader(Array(bytes[..<length]))
            #expect(throws: BinaryDecodingError.self) { _ = try RunMetrics(from: &reader) }
        }
    }
}
