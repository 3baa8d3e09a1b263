import Foundation
import Profiler

extension BenchmarkReport {
    /// What `--save-baseline` writes: the report a comparison reads
    /// (``BaselineCheck``), without what it does not compare, as compact
    /// JSON with sorted keys.
    ///
    /// Each run's memory and frame series (for charts; about 95% of a report
    /// of `home-170`) are written empty; every metric, the breakdown, the
    /// inputs' digests, the tool and model versions, and the measured
    /// samples (the bootstrap needs them) are kept. The file is still a
    /// report of this format: it decodes as one (``baseline(from:)``), and a
    /// baseline saved with series (older ones, `--export-json`) is read too.
    /// `listbench run Scenarios/home-170.json --save-baseline b.json` writes
    /// 12,674 bytes at cost rules 3 (730,853 with the series, pretty-printed).
    ///
    /// - Complexity: O(report size).
    public func renderBaseline() throws -> String {
        var lean = self
        for scenarioIndex in lean.scenarios.indices {
            for resultIndex in lean.scenarios[scenarioIndex].results.indices {
                lean.scenarios[scenarioIndex].results[resultIndex].metrics?.memorySeries = []
                lean.scenarios[scenarioIndex].results[resultIndex].metrics?.frameSeries = []
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(lean), as: UTF8.self) + "\n"
    }
}
