import ListSimulator
import Statistics

/// One metric of strategy B against strategy A on one scenario.
public struct MetricComparison: Equatable, Sendable, Codable {
    public var metric: MetricID
    public var kind: MetricKind
    public var unit: MetricUnit
    public var a: Double?
    public var b: Double?
    /// b / a, when both exist and a is not zero.
    public var ratio: Double?
    /// (b − a) / a × 100.
    public var changePercent: Double?
    /// For measured metrics with samples: the bootstrap interval of median(B) / median(A).
    public var interval: RatioEstimate?
    /// A plain verdict about B: better, worse, equal, no significant difference, or neutral.
    public var verdict: Verdict
}

/// Strategy B against strategy A on one scenario: every metric.
public struct ScenarioComparison: Equatable, Sendable, Codable {
    public var scenario: String
    public var device: String
    public var a: String
    public var b: String
    public var metrics: [MetricComparison]
    /// Modeled busy time by thread and category that differs between A and
    /// B, the largest change first: what made B faster or slower.
    public var categoryChanges: [CategoryChange] = []
    /// What each run got wrong (crash, kill, stale, skipped or mis-sized rows), or "none".
    public var findingsA = ""
    public var findingsB = ""

    /// One category's busy time on one thread kind, in A and in B (ms).
    public struct CategoryChange: Equatable, Sendable, Codable {
        public var thread: String
        public var category: CostCategory
        public var a: Double
        public var b: Double
        public var change: Double { b - a }
    }

    /// Compares B with A. Modeled and correctness figures are exact, so any
    /// difference is real; measured ones need the 95% bootstrap interval of
    /// the ratio of medians to exclude 1 to count ("no significant difference" otherwise).
    /// A modeled cost (time, work, memory) that is lower because that run never
    /// showed rows it owed (``RunMetrics/rowsNeverDisplayed``, more than the
    /// other run), or showed rows at a height other than their content's
    /// (``RunMetrics/misSizedRows``, more than the other run), is "not
    /// comparable", never "better".
    ///
    /// - Complexity: O(metrics + bootstrap resamples × samples log samples).
    public init(scenario: String, device: String, a: StrategyResult, b: StrategyResult) {
        self.scenario = scenario
        self.device = device
        self.a = a.strategy
        self.b = b.strategy
        metrics = Metric.all.compactMap { metric in
            let valueA = metric.value(in: a), valueB = metric.value(in: b)
            if metric.kind == .measured, valueA == nil, valueB == nil { return nil }
            var comparison = MetricComparison(metric: metric.id, kind: metric.kind, unit: metric.unit, a: valueA, b: valueB,
                                              ratio: nil, changePercent: nil, interval: nil, verdict: .equal)
            if let valueA, let valueB, valueA != 0 {
                comparison.ratio = valueB / valueA
                comparison.changePercent = (valueB - valueA) / abs(valueA) * 100
            }
            if metric.kind == .measured, let samplesA = a.measured?.samples(of: metric.id),
               let samplesB = b.measured?.samples(of: metric.id) {
                comparison.interval = RatioEstimate(numerator: samplesB, denominator: samplesA)
            }
            comparison.verdict = Self.verdict(metric, valueA, valueB, comparison.interval)
            // A run that skipped rows it owed the user is not cheaper or faster for it.
            if metric.kind == .modeled, metric.lowerIsBetter == true, let valueA, let valueB, valueA != valueB {
                let better = valueB < valueA ? b : a
                let other = valueB < valueA ? a : b
                let skipped = better.metrics?.rowsNeverDisplayed ?? 0
                let misSized = better.metrics?.misSizedRows ?? 0
                if skipped > (other.metrics?.rowsNeverDisplayed ?? 0) {
                    comparison.verdict = .notComparable(.skippedRows(strategy: better.strategy, count: skipped))
                } else if misSized > (other.metrics?.misSizedRows ?? 0) {
                    // Rows shorter than their content leave less to scroll and draw.
                    comparison.verdict = .notComparable(.misSizedRows(strategy: better.strategy, count: misSized))
                }
            }
            return comparison
        }
        categoryChanges = Self.categoryChanges(a.metrics?.breakdown, b.metrics?.breakdown)
        findingsA = Self.findings(a)
        findingsB = Self.findings(b)
    }

    /// The categories whose time differs, largest absolute change first
    /// (ties in thread, then category order).
    static func categoryChanges(_ a: CostBreakdown?, _ b: CostBreakdown?) -> [CategoryChange] {
        guard let a, let b else { return [] }
        var changes: [CategoryChange] = []
        for thread in CostBreakdown.Thread.allCases {
            for category in CostCategory.allCases {
                let valueA = a.ms(of: category, on: thread), valueB = b.ms(of: category, on: thread)
                if abs(valueB - valueA) >= 0.05 { changes.append(CategoryChange(thread: thread.rawValue, category: category, a: valueA, b: valueB)) }
            }
        }
        return changes.enumerated().sorted { lhs, rhs in
            abs(lhs.element.change) != abs(rhs.element.change) ? abs(lhs.element.change) > abs(rhs.element.change) : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// What a run got wrong, in a few words ("none" when nothing).
    static func findings(_ result: StrategyResult) -> String {
        if let unsupported = result.unsupported { return "not run (\(unsupported))" }
        guard let m = result.metrics else { return "failed" }
        var parts: [String] = []
        if m.status == .crashed { parts.append("crashed") }
        if m.killed { parts.append("killed") }
        if m.status == .timedOut { parts.append("stopped at a bound") }
        if m.inconsistencies > 0, m.status != .crashed { parts.append("\(m.inconsistencies) inconsistencies") }
        if m.staleRows > 0 { parts.append("\(m.staleRows) stale rows") }
        if let never = m.rowsNeverDisplayed, never > 0 { parts.append("\(never) rows never shown") }
        if let misSized = m.misSizedRows, misSized > 0 { parts.append("\(misSized) mis-sized rows") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    static func verdict(_ metric: Metric, _ a: Double?, _ b: Double?, _ interval: RatioEstimate?) -> Verdict {
        guard let a, let b else { return a == nil && b == nil ? .equal : .notComparable(.oneSideOnly) }
        if metric.kind == .measured {
            guard let interval else { return .noInterval }
            let lowerIsFaster = metric.unit == .ms
            if interval.high < 1 { return lowerIsFaster ? .faster : .smaller }
            if interval.low > 1 { return lowerIsFaster ? .slower : .larger }
            return .noSignificantDifference
        }
        if a == b { return .equal }
        guard let lowerIsBetter = metric.lowerIsBetter else { return b < a ? .lower : .higher }
        return (b < a) == lowerIsBetter ? .better : .worse
    }
}

extension ScenarioComparison {
    /// Every scenario's comparison in a report that ran strategies `a` and
    /// `b` (by spec), in the report's order; a scenario without both has none.
    ///
    /// - Complexity: O(scenarios × (results + metrics)), plus the bootstrap for measured figures.
    public static func all(in report: BenchmarkReport, a: String, b: String) -> [ScenarioComparison] {
        report.scenarios.compactMap { scenario in
            guard let resultA = scenario.result(of: a), let resultB = scenario.result(of: b) else { return nil }
            return ScenarioComparison(scenario: scenario.scenario, device: scenario.deviceLabel, a: resultA, b: resultB)
        }
    }
}
