import ListSimulator

/// The runs of one scenario on one device as a command plans them: the
/// scenario's label in the report, the device, the generated scenario (its
/// encoding, shared with the runs' requests, gives the report its digest),
/// and one run per strategy, in the strategies' order.
public struct RunGroup: Sendable {
    public var label: String
    public var device: DeviceProfile
    /// The generated scenario's bytes, whose digest a report of the group records (``ScenarioEncoding/digest``).
    public var encoding: ScenarioEncoding
    /// The scenario file's leaf values (``ScenarioReport/scenarioValues``); nil when not read from a file.
    public var scenarioValues: [InputValue]?

    public init(label: String, device: DeviceProfile, encoding: ScenarioEncoding, scenarioValues: [InputValue]? = nil) {
        self.label = label
        self.device = device
        self.encoding = encoding
        self.scenarioValues = scenarioValues
    }
}

extension ScenarioReport {
    /// The reports of `groups` whose runs were requested group after group,
    /// `strategies` runs each, and finished as `results` (in the order
    /// requested; nil for a run that did not finish, which is left out). A
    /// group without a finished run has no report, and its scenario's
    /// digest is not worked out.
    ///
    /// - Complexity: O(results), and the digest of each reported group's
    ///   scenario (an encoding of it, unless its runs' plans made one).
    public static func grouped(_ results: [StrategyResult?], by groups: [RunGroup], strategies: Int) -> [ScenarioReport] {
        groups.enumerated().compactMap { index, group in
            let start = min(index * strategies, results.count), end = min(start + strategies, results.count)
            let finished = results[start..<end].compactMap { $0 }
            guard !finished.isEmpty else { return nil }
            var report = ScenarioReport(scenario: group.label, device: group.device, results: finished, scenarioDigest: group.encoding.digest)
            report.scenarioValues = group.scenarioValues
            return report
        }
    }
}

extension BenchmarkReport {
    /// The report of the `index`th group of runs (``ScenarioReport/grouped(_:by:strategies:)``)
    /// when it has one and it is labelled `label`; nil when that group's
    /// report is missing (none of its runs finished).
    ///
    /// - Complexity: O(1).
    public func scenario(ofGroup index: Int, labelled label: String) -> ScenarioReport? {
        guard scenarios.indices.contains(index), scenarios[index].scenario == label else { return nil }
        return scenarios[index]
    }
}
