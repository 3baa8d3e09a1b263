import Strategies

/// A sweep's results as its tables show them: per strategy, a row per swept
/// value with that value's result and every metric's growth from the
/// previous row. Computed here so that renderers only print it.
public struct SweepResults: Equatable, Sendable {
    /// How a metric moved from the previous row.
    public enum Growth: Equatable, Sendable {
        /// The first row: nothing to compare with.
        case first
        /// This row's value over the previous row's.
        case factor(Double)
        /// Either value is missing, or the previous one is zero.
        case undefined
    }

    /// One swept value's result for a strategy.
    public struct Row: Equatable, Sendable {
        public var value: String
        public var result: StrategyResult
        /// Every metric's growth from the previous row of the same strategy.
        public var growth: [MetricID: Growth]

        /// The growth of `metric` (``Growth/undefined`` for a metric not computed).
        public func growth(of metric: MetricID) -> Growth { growth[metric] ?? .undefined }
    }

    /// One strategy's rows, in the order of the swept values.
    public struct Series: Equatable, Sendable {
        public var strategy: String
        public var rows: [Row]
    }

    /// The swept scenario's name and the key swept (`posts`, `device`, `identifier-diff.throttle`).
    public var scenario: String
    public var key: String
    /// The device and iOS version (``ScenarioReport/deviceLabel``) when every value ran on the same one.
    public var device: String?
    /// Whether any result carries measured figures.
    public var hasMeasured: Bool
    public var series: [Series]

    /// The label of the job that runs `scenario` with `key` set to `value`: `home-170 [posts=340]`.
    public static func label(scenario: String, key: String, value: String) -> String { "\(scenario) [\(key)=\(value)]" }

    /// A sweep over a scenario parameter or the device: one scenario per
    /// value in `report`, labelled by ``label(scenario:key:value:)``; the
    /// strategies are the first scenario's. A value without a scenario, or
    /// a strategy without a result in it, has no row.
    ///
    /// - Complexity: O(values × (scenarios + strategies × metrics)).
    public init(scenarioSweep report: BenchmarkReport, scenario: String, key: String, values: [String]) {
        let scenarios = values.compactMap { value in
            report.scenarios.first { $0.scenario == Self.label(scenario: scenario, key: key, value: value) }.map { (value, $0) }
        }
        let strategies = report.scenarios.first?.results.map(\.strategy) ?? []
        self.init(scenario: scenario, key: key, report: report, series: strategies.map { strategy in
            (strategy, scenarios.compactMap { value, report in report.result(of: strategy).map { (value, $0) } })
        })
    }

    /// A sweep over one strategy option: `report`'s one scenario ran a
    /// variant of one strategy per value (`variants`, in the order of
    /// `values`), shown under the strategy's plain name; no table when
    /// no variant has a result.
    ///
    /// - Complexity: O(values × (results + metrics)).
    public init(optionSweep report: BenchmarkReport, scenario: String, key: String, values: [String], variants: [StrategyDescriptor]) {
        let ran = report.scenarios.first
        let rows = zip(values, variants).compactMap { value, variant in ran?.result(of: variant.name).map { (value, $0) } }
        let strategy = variants.first?.baseName ?? ""
        self.init(scenario: scenario, key: key, report: report, series: rows.isEmpty ? [] : [(strategy, rows)])
    }

    private init(scenario: String, key: String, report: BenchmarkReport, series: [(strategy: String, rows: [(String, StrategyResult)])]) {
        self.scenario = scenario
        self.key = key
        let devices = Set(report.scenarios.map(\.deviceLabel))
        device = devices.count == 1 ? devices.first : nil
        hasMeasured = report.hasMeasured
        self.series = series.map { strategy, results in
            var rows: [Row] = []
            var previous: StrategyResult?
            for (value, result) in results {
                var growth: [MetricID: Growth] = [:]
                for metric in Metric.all {
                    growth[metric.id] = Self.growth(metric, from: previous, to: result)
                }
                rows.append(Row(value: value, result: result, growth: growth))
                previous = result
            }
            return Series(strategy: strategy, rows: rows)
        }
    }

    /// The growth of `metric` from `previous` to `result`.
    static func growth(_ metric: Metric, from previous: StrategyResult?, to result: StrategyResult) -> Growth {
        guard let previous else { return .first }
        guard let before = metric.value(in: previous), let now = metric.value(in: result), before != 0 else { return .undefined }
        return .factor(now / before)
    }
}
