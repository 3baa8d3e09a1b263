import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// Thirty posts scrolled to the end: a scenario small enough to run on a few plausible devices.
private let tinyScenario = #"""
{"version": 1, "name": "tiny", "description": "thirty posts scrolled to the end", "seed": 1,
 "data": {"sections": [{"id": "feed", "generate": 30}]}, "steps": [{"kind": "scroll", "to": "end"}]}
"""#

/// `reload` (A) and `viewmodel-cells` (B) on the nominal iphone-15 and on `draws` plausible ones, in this process.
private func comparison(draws: Int, seed: UInt64) throws -> UncertaintyComparison {
    let scenario = try Scenario.decode(Array(tinyScenario.utf8))
    let profile = try DeviceProfile.standard()
    let generated = try scenario.generate(device: profile.name)
    let strategies = try ["reload", "viewmodel-cells"].map { try StrategyCatalog.builtIn.named($0) }
    let devices = [profile] + (0..<draws).map { profile.plausible(draw: $0, seed: seed) }
    let requests = devices.flatMap { device in
        strategies.map { RunRequest(scenario: "tiny", file: "", generated: generated, device: device, strategy: $0) }
    }
    let results = try Benchmark.run(requests, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 2), probe: nil)
    let pairs = stride(from: 0, to: results.count, by: 2).map { (a: results[$0], b: results[$0 + 1]) }
    return UncertaintyComparison(scenario: "tiny", device: profile.label, nominal: pairs[0], draws: Array(pairs.dropFirst()),
                                 frameBudgetMs: Double(profile.frameInterval) / 1_000_000, seed: seed, rangesDigest: profile.rangesDigest)
}

/// `--uncertainty`'s figures (issue 27): deterministic, and every draw counted once per metric.
@Suite("Uncertainty report")
struct UncertaintyReportTests {
    @Test func theSameDrawsGiveTheSameReportAndSharesAddUp() throws {
        let first = try comparison(draws: 6, seed: 27)
        #expect(try comparison(draws: 6, seed: 27) == first)
        #expect(first.metrics.map(\.metric) == UncertaintyComparison.headlineMetrics)
        for row in first.metrics {
            #expect(row.better + row.equal + row.worse + row.notComparable == 6, "\(row.metric)")
            if let low = row.ratioLow, let median = row.ratioMedian, let high = row.ratioHigh {
                #expect(low <= median && median <= high, "\(row.metric)")
            }
        }
        // Peak memory does not depend on time costs: B (viewmodel-cells) peaks lower on every device, as on the nominal one.
        let memory = try #require(first.metrics.first { $0.metric == .peakMemoryBytes })
        #expect(memory.nominal == .better && memory.better == 6 && !memory.flips)
    }

    @Test func aVerdictFlipsWhenFewerThan95PercentAgree() {
        var row = UncertaintyComparison.Row(metric: .completionMs, nominal: .better, better: 95, equal: 3, worse: 2, notComparable: 0)
        #expect(!row.flips && row.agreeing == 95)
        row.better = 94
        row.worse = 3
        #expect(row.flips)
        #expect(UncertaintyComparison.quantile([1, 2, 3, 4, 5], 0.5) == 3 && UncertaintyComparison.quantile([], 0.5) == nil)
        #expect(UncertaintyComparison.quantile([0, 10], 0.05) == 0.5)
    }
}
