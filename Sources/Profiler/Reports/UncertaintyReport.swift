import ListSimulator

/// How one metric of B against A came out on one device: B better, equal,
/// B worse, or not comparable (a side without the figure, a failed run, or a
/// cheaper side that skipped or mis-sized rows).
public enum UncertaintyOutcome: String, Codable, Equatable, Sendable {
    case better, equal, worse, notComparable

    /// The outcome of `metric` for B against A on one device.
    ///
    /// This is the one place where a draw's verdict is decided. It takes
    /// ``ScenarioComparison``'s verdict, so the compare headline's rules
    /// apply to every draw alike: a change within the noise floor
    /// (``Metric/isPracticallyEqual(_:_:frameIntervalMs:)``: under one frame
    /// of `frameBudgetMs` or 1% for times) is equal, and a side that crashed,
    /// was killed or skipped rows is not comparable.
    ///
    /// - Complexity: O(1) for a modeled figure (``ScenarioComparison/compare(_:a:b:frameBudgetMs:)``).
    public static func of(_ metric: MetricID, a: StrategyResult, b: StrategyResult, frameBudgetMs: Double) -> UncertaintyOutcome {
        switch ScenarioComparison.compare(Metric(metric), a: a, b: b, frameBudgetMs: frameBudgetMs).verdict {
        case .better: return .better
        case .worse: return .worse
        case .equal: return a.value(metric) == nil ? .notComparable : .equal
        default: return .notComparable
        }
    }
}

/// Strategy B against strategy A on one scenario over plausible devices
/// (``DeviceProfile/plausible(draw:seed:)``): for each headline metric, how
/// often B beats A and the spread of the ratio B / A, beside the verdict on
/// the nominal device.
///
/// Deterministic: the same draws (seed, count, ranges) give the same report.
public struct UncertaintyComparison: Codable, Equatable, Sendable {
    public var scenario: String
    /// The nominal device's label (`iphone-15`, `iphone-7 (iOS 14)`).
    public var device: String
    public var a: String
    public var b: String
    /// How many plausible devices, and the seed they were drawn with.
    public var draws: Int
    public var seed: UInt64
    /// ``DeviceProfile/rangesDigest`` of the nominal profile: the same digest and seed, the same devices.
    public var rangesDigest: String
    public var metrics: [Row]

    /// One metric over the draws.
    public struct Row: Codable, Equatable, Sendable {
        public var metric: MetricID
        /// The outcome on the nominal device (the profile's own values).
        public var nominal: UncertaintyOutcome
        /// Draws on which B was better, equal, worse, not comparable (they add up to ``UncertaintyComparison/draws``).
        public var better: Int
        public var equal: Int
        public var worse: Int
        public var notComparable: Int
        /// The ratio B / A over the draws where both have it and A is not 0:
        /// the median and the 5th and 95th percentiles (linear between ranks); nil with no such draw.
        public var ratioMedian: Double?
        public var ratioLow: Double?
        public var ratioHigh: Double?

        public init(metric: MetricID, nominal: UncertaintyOutcome, better: Int, equal: Int, worse: Int, notComparable: Int,
                    ratioMedian: Double? = nil, ratioLow: Double? = nil, ratioHigh: Double? = nil) {
            self.metric = metric
            self.nominal = nominal
            self.better = better
            self.equal = equal
            self.worse = worse
            self.notComparable = notComparable
            self.ratioMedian = ratioMedian
            self.ratioLow = ratioLow
            self.ratioHigh = ratioHigh
        }

        /// How many draws gave the nominal outcome.
        public var agreeing: Int {
            switch nominal {
            case .better: return better
            case .equal: return equal
            case .worse: return worse
            case .notComparable: return notComparable
            }
        }

        /// Whether the nominal verdict is not the verdict on at least
        /// ``UncertaintyComparison/agreementThreshold`` of the draws.
        public var flips: Bool {
            let total = better + equal + worse + notComparable
            return total > 0 && Double(agreeing) < UncertaintyComparison.agreementThreshold * Double(total)
        }
    }

    /// The metrics compared: compare's headline ones (first frame,
    /// completion, main-thread time, hitches and hitch time, peak memory).
    public static let headlineMetrics: [MetricID] = [
        .timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .hitches, .hitchTimeMs, .peakMemoryBytes,
    ]

    /// The share of draws that must agree with the nominal verdict for it to
    /// hold; below it the verdict "flips inside the uncertainty".
    public static let agreementThreshold = 0.95

    /// The comparison over the draws.
    ///
    /// - Parameters:
    ///   - nominal: A's and B's results on the nominal device.
    ///   - draws: A's and B's results on each plausible device, in draw order.
    ///   - frameBudgetMs: the device's frame interval (its refresh rate is not uncertain), for the noise floor.
    /// - Complexity: O(draws × metrics + draws log draws per metric).
    public init(scenario: String, device: String, nominal: (a: StrategyResult, b: StrategyResult),
                draws: [(a: StrategyResult, b: StrategyResult)], frameBudgetMs: Double, seed: UInt64, rangesDigest: String) {
        self.scenario = scenario
        self.device = device
        a = nominal.a.strategy
        b = nominal.b.strategy
        self.draws = draws.count
        self.seed = seed
        self.rangesDigest = rangesDigest
        metrics = Self.headlineMetrics.map { metric in
            var row = Row(metric: metric, nominal: UncertaintyOutcome.of(metric, a: nominal.a, b: nominal.b, frameBudgetMs: frameBudgetMs),
                          better: 0, equal: 0, worse: 0, notComparable: 0)
            var ratios: [Double] = []
            for pair in draws {
                switch UncertaintyOutcome.of(metric, a: pair.a, b: pair.b, frameBudgetMs: frameBudgetMs) {
                case .better: row.better += 1
                case .equal: row.equal += 1
                case .worse: row.worse += 1
                case .notComparable: row.notComparable += 1
                }
                if let valueA = pair.a.value(metric), let valueB = pair.b.value(metric), valueA != 0 { ratios.append(valueB / valueA) }
            }
            let sorted = ratios.sorted()
            row.ratioMedian = Self.quantile(sorted, 0.5)
            row.ratioLow = Self.quantile(sorted, 0.05)
            row.ratioHigh = Self.quantile(sorted, 0.95)
            return row
        }
    }

    /// The metrics whose nominal verdict flips inside the uncertainty.
    public var flipping: [Row] { metrics.filter(\.flips) }

    /// The q-quantile of ascending values, linear between ranks; nil when empty.
    ///
    /// - Complexity: O(1).
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}

/// One strategy's headline metrics over plausible devices (`run --uncertainty`):
/// per metric the median and the 5th and 95th percentiles of its value.
public struct UncertaintySpread: Codable, Equatable, Sendable {
    public var scenario: String
    public var device: String
    public var strategy: String
    public var draws: Int
    public var seed: UInt64
    public var rangesDigest: String
    public var metrics: [Row]

    public struct Row: Codable, Equatable, Sendable {
        public var metric: MetricID
        /// The value on the nominal device.
        public var nominal: Double?
        public var median: Double?
        public var low: Double?
        public var high: Double?
        /// Draws with the figure (a run without a first frame, or one that failed, has none).
        public var count: Int
    }

    /// The spread of `results` (one per draw, in draw order).
    ///
    /// - Complexity: O(draws log draws per metric).
    public init(scenario: String, device: String, nominal: StrategyResult, draws results: [StrategyResult], seed: UInt64,
                rangesDigest: String) {
        self.scenario = scenario
        self.device = device
        strategy = nominal.strategy
        draws = results.count
        self.seed = seed
        self.rangesDigest = rangesDigest
        metrics = UncertaintyComparison.headlineMetrics.map { metric in
            let values = results.compactMap { $0.value(metric) }.sorted()
            return Row(metric: metric, nominal: nominal.value(metric), median: UncertaintyComparison.quantile(values, 0.5),
                       low: UncertaintyComparison.quantile(values, 0.05), high: UncertaintyComparison.quantile(values, 0.95),
                       count: values.count)
        }
    }
}
