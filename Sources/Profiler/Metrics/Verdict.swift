/// What a comparison says about strategy B against strategy A on one metric.
///
/// Encoded in JSON as its plain-English ``description`` ("better", "not
/// comparable: reload never showed 12 rows it owed"), so a report reads the
/// same to a person and a program; decoding parses that text back.
public enum Verdict: Equatable, Sendable, Codable, CustomStringConvertible {
    /// A modeled or correctness figure moved in its better or worse direction.
    case better, worse
    /// Both runs have the same value, within the metric's noise floor
    /// (``Metric/isPracticallyEqual(_:_:frameIntervalMs:)``), or neither has one.
    case equal
    /// A neutral count (``Metric/lowerIsBetter`` nil) went down or up.
    case lower, higher
    /// A measured time whose 95% interval of the ratio of medians excludes 1.
    case faster, slower
    /// A measured amount (memory) whose interval excludes 1.
    case smaller, larger
    /// A measured figure whose interval contains 1.
    case noSignificantDifference
    /// A measured figure without an interval (no samples, or a zero median).
    case noInterval
    /// A measured figure with fewer than ``BaselineCheck/minimumSamples`` samples on a side: not ranked.
    case notEnoughSamples
    /// The figures cannot be ranked; why.
    case notComparable(NotComparable)

    /// Why two figures cannot be ranked.
    public enum NotComparable: Equatable, Sendable {
        /// Only one run has the figure.
        case oneSideOnly
        /// The lower-cost run never showed `count` rows it owed (more than the other).
        case skippedRows(strategy: String, count: Int)
        /// The lower-cost run showed rows at a height other than their content's `count` times (more than the other).
        case misSizedRows(strategy: String, count: Int)
        /// The lower-cost run showed `count` fewer items than the other, and per item shown it is not lower.
        case fewerItems(strategy: String, count: Int)
        /// The run crashed (an invalid update): its figures stop at the crash.
        case crashed(strategy: String)
        /// The run was killed at the device's memory limit: its figures stop there.
        case killed(strategy: String)
        /// The run stopped at the runner's bound on virtual time or steps.
        case stoppedAtBound(strategy: String)

        /// The reason in words, after "not comparable: " ("reload crashed");
        /// nil for ``oneSideOnly``, which says nothing more. The coverage line
        /// of a comparison uses the same words for a run that ended early.
        public var phrase: String? {
            switch self {
            case .oneSideOnly: return nil
            case let .skippedRows(strategy, count): return "\(strategy) never showed \(count) rows it owed"
            case let .misSizedRows(strategy, count): return "\(strategy) showed rows at a height other than their content's \(count) times"
            case let .fewerItems(strategy, count): return "\(strategy) showed fewer items (\(count) fewer)"
            case .crashed(let strategy): return "\(strategy) crashed"
            case .killed(let strategy): return "\(strategy) was killed"
            case .stoppedAtBound(let strategy): return "\(strategy) stopped at a bound"
            }
        }
    }

    /// The endings of ``NotComparable`` cases that name only a strategy: the
    /// text after the strategy's name.
    private static let endings: [(String, @Sendable (String) -> Verdict)] = [
        (" crashed", { .notComparable(.crashed(strategy: $0)) }),
        (" was killed", { .notComparable(.killed(strategy: $0)) }),
        (" stopped at a bound", { .notComparable(.stoppedAtBound(strategy: $0)) }),
    ]

    public var description: String {
        switch self {
        case .better: return "better"
        case .worse: return "worse"
        case .equal: return "equal"
        case .lower: return "lower"
        case .higher: return "higher"
        case .faster: return "faster"
        case .slower: return "slower"
        case .smaller: return "smaller"
        case .larger: return "larger"
        case .noSignificantDifference: return "no significant difference"
        case .noInterval: return "no interval (no samples or a zero median)"
        case .notEnoughSamples: return "not enough samples (5 a side needed)"
        case .notComparable(.oneSideOnly): return "not comparable"
        case .notComparable(let reason): return "not comparable: " + (reason.phrase ?? "")
        }
    }

    /// Parses a ``description``; nil for any other text.
    ///
    /// - Complexity: O(n) in the text's length.
    public init?(description text: String) {
        let simple: [Verdict] = [.better, .worse, .equal, .lower, .higher, .faster, .slower, .smaller, .larger,
                                 .noSignificantDifference, .noInterval, .notEnoughSamples, .notComparable(.oneSideOnly)]
        if let found = simple.first(where: { $0.description == text }) {
            self = found
            return
        }
        let prefix = "not comparable: "
        guard text.hasPrefix(prefix) else { return nil }
        let reason = text.dropFirst(prefix.count)
        for (separator, suffix, make) in [
            (" never showed ", " rows it owed", { Verdict.notComparable(.skippedRows(strategy: $0, count: $1)) }),
            (" showed rows at a height other than their content's ", " times", { Verdict.notComparable(.misSizedRows(strategy: $0, count: $1)) }),
            (" showed fewer items (", " fewer)", { Verdict.notComparable(.fewerItems(strategy: $0, count: $1)) }),
        ] as [(String, String, (String, Int) -> Verdict)] {
            guard reason.hasSuffix(suffix), let range = reason.range(of: separator, options: .backwards) else { continue }
            let number = reason[range.upperBound...].dropLast(suffix.count)
            guard let count = Int(number) else { continue }
            self = make(String(reason[..<range.lowerBound]), count)
            return
        }
        for (ending, make) in Self.endings where reason.hasSuffix(ending) && reason.count > ending.count {
            self = make(String(reason.dropLast(ending.count)))
            return
        }
        return nil
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let verdict = Verdict(description: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a verdict")
        }
        self = verdict
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
