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
    /// A plain verdict about B: better, worse, equal (within the noise
    /// floor), lower or higher (a neutral metric), an interval's verdict
    /// (measured), or not comparable and why.
    public var verdict: Verdict
    /// When the runs covered different amounts and the verdict was reached
    /// per item shown (``Comparability``): B's change per item, in percent.
    public var perItemChangePercent: Double? = nil

    public init(metric: MetricID, kind: MetricKind, unit: MetricUnit, a: Double?, b: Double?, ratio: Double?, changePercent: Double?,
                interval: RatioEstimate?, verdict: Verdict) {
        self.metric = metric
        self.kind = kind
        self.unit = unit
        self.a = a
        self.b = b
        self.ratio = ratio
        self.changePercent = changePercent
        self.interval = interval
        self.verdict = verdict
    }
}

/// Strategy B against strategy A on one scenario: every metric.
public struct ScenarioComparison: Equatable, Sendable, Codable {
    public var scenario: String
    public var device: String
    /// The device's frame interval (ms): the noise floor of modeled times.
    public var frameBudgetMs: Double
    public var a: String
    public var b: String
    public var metrics: [MetricComparison]
    /// Modeled busy time by thread and category that differs between A and
    /// B, the largest change first: what made B faster or slower.
    public var categoryChanges: [CategoryChange] = []
    /// What each run got wrong (crash, kill, stale, skipped or mis-sized rows), or "none".
    public var findingsA = ""
    public var findingsB = ""
    /// How the two runs' coverage differs, in one line (``RunCoverage/difference(_:_:)``); nil when it does not.
    public var coverage: String? = nil

    /// One category's busy time on one thread kind, in A and in B (ms).
    public struct CategoryChange: Equatable, Sendable, Codable {
        public var thread: String
        public var category: CostCategory
        public var a: Double
        public var b: Double
        public var change: Double { b - a }
    }

    /// Compares B with A on a device whose frame interval is
    /// `frameBudgetMs` (the scenario report's). Modeled and correctness
    /// figures are exact, so a difference is real, but one within the
    /// metric's noise floor (``Metric/isPracticallyEqual(_:_:frameIntervalMs:)``:
    /// under one frame or 1% for times, under 1% for counts and memory) is
    /// "equal". Measured ones need the 95% bootstrap interval of the ratio of
    /// medians to exclude 1 to count ("no significant difference" otherwise).
    /// Where the runs covered different amounts, ``Comparability`` decides:
    /// the verdict as it is, per item shown, or "not comparable" and why.
    ///
    /// - Complexity: O(metrics + bootstrap resamples × samples log samples).
    public init(scenario: String, device: String, frameBudgetMs: Double, a: StrategyResult, b: StrategyResult) {
        self.scenario = scenario
        self.device = device
        self.frameBudgetMs = frameBudgetMs
        self.a = a.strategy
        self.b = b.strategy
        metrics = Metric.all.compactMap { metric in
            let valueA = metric.value(in: a), valueB = metric.value(in: b)
            if metric.kind == .measured, valueA == nil, valueB == nil { return nil }
            return Self.compare(metric, a: a, b: b, frameBudgetMs: frameBudgetMs)
        }
        categoryChanges = Self.categoryChanges(a.metrics?.breakdown, b.metrics?.breakdown)
        findingsA = Self.findings(a)
        findingsB = Self.findings(b)
        if let coverageA = RunCoverage(a), let coverageB = RunCoverage(b) { coverage = RunCoverage.difference(coverageA, coverageB) }
    }

    /// One metric of B against A, as the comparison holds it: both values,
    /// the ratio and change, the interval for a measured figure, and the
    /// verdict (its noise floor, ``Comparability``, the samples a measured
    /// figure needs). What ``init(scenario:device:frameBudgetMs:a:b:)`` does
    /// for every metric, for a caller that needs one (the answer line, an
    /// uncertainty draw).
    ///
    /// - Complexity: O(1) for modeled figures; the bootstrap for a measured one.
    public static func compare(_ metric: Metric, a: StrategyResult, b: StrategyResult, frameBudgetMs: Double) -> MetricComparison {
        let valueA = metric.value(in: a), valueB = metric.value(in: b)
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
        comparison.verdict = verdict(metric, valueA, valueB, comparison.interval, frameIntervalMs: frameBudgetMs)
        switch Comparability.judge(metric, a: a, b: b, frameIntervalMs: frameBudgetMs) {
        case .asIs: break
        case let .perItem(better, change):
            comparison.verdict = better ? .better : .worse
            comparison.perItemChangePercent = change
        case .refused(let reason): comparison.verdict = .notComparable(reason)
        }
        // Host figures are ranked only with enough samples a side (as a baseline check ranks them).
        if metric.kind == .measured, let countA = a.measured?.repetitions, let countB = b.measured?.repetitions,
           min(countA, countB) < BaselineCheck.minimumSamples {
            comparison.verdict = .notEnoughSamples
        }
        return comparison
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

    /// What a run got wrong, in a few words ("none" when nothing): how it
    /// ended, if early, then every correctness problem as `run`'s
    /// correctness line names it (``StrategyResult/correctnessProblems``;
    /// a crash's own inconsistency is the word "crashed").
    static func findings(_ result: StrategyResult) -> String {
        if let unsupported = result.unsupported { return "not run (\(unsupported))" }
        guard let m = result.metrics else { return "failed" }
        var parts: [String] = []
        if m.status == .crashed { parts.append("crashed") }
        if m.killed { parts.append("killed") }
        if m.status == .timedOut { parts.append("stopped at a bound") }
        for (metric, value) in result.correctnessProblems where !(metric.id == .inconsistencies && m.status == .crashed) {
            parts.append(String(format: "%.0f", value) + " " + metric.label(count: value))
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// The verdict on the values alone: the interval for measured figures;
    /// for the others "equal" within the noise floor, else the direction by
    /// the metric's polarity ("lower" / "higher" for a neutral one).
    static func verdict(_ metric: Metric, _ a: Double?, _ b: Double?, _ interval: RatioEstimate?, frameIntervalMs: Double) -> Verdict {
        guard let a, let b else { return a == nil && b == nil ? .equal : .notComparable(.oneSideOnly) }
        if metric.kind == .measured {
            guard let interval else { return .noInterval }
            let lowerIsFaster = metric.unit == .ms
            if interval.high < 1 { return lowerIsFaster ? .faster : .smaller }
            if interval.low > 1 { return lowerIsFaster ? .slower : .larger }
            return .noSignificantDifference
        }
        if metric.isPracticallyEqual(a, b, frameIntervalMs: frameIntervalMs) { return .equal }
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
            return ScenarioComparison(scenario: scenario.scenario, device: scenario.deviceLabel, frameBudgetMs: scenario.frameBudgetMs,
                                      a: resultA, b: resultB)
        }
    }
}
