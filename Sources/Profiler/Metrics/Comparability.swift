/// What one run covered of its scenario: how it ended, the items it showed,
/// the rows it owed and never showed, and the rows it showed at a height
/// other than their content's. Two runs are comparable on a figure unless a
/// difference here could explain that figure's difference
/// (``Comparability``).
public struct RunCoverage: Equatable, Sendable {
    public var strategy: String
    /// How the run ended, when it ended early (crashed, killed, stopped at a bound); nil when it completed.
    public var endedEarly: RunStatus?
    /// Items shown with their content (``RunMetrics/rowsDisplayed``).
    public var itemsShown: Int
    /// Rows owed and never shown (``RunMetrics/rowsNeverDisplayed``).
    public var neverShown: Int
    /// Row displays at a wrong height (``RunMetrics/misSizedRows``).
    public var misSized: Int

    /// The coverage of a run with modeled figures; nil for a run without (failed, not run).
    public init?(_ result: StrategyResult) {
        guard let m = result.metrics else { return nil }
        strategy = result.strategy
        endedEarly = m.status == .completed ? nil : m.status
        itemsShown = m.rowsDisplayed ?? 0
        neverShown = m.rowsNeverDisplayed ?? 0
        misSized = m.misSizedRows ?? 0
    }

    /// Items shown less the row displays at a wrong height (a display of a
    /// mis-sized row is taken as an item not shown whole; estimate: the
    /// counter counts displays, so a row shown mis-sized twice takes two):
    /// what a per-item figure divides by, and what "covered" compares.
    public var itemsShownWhole: Int { max(0, itemsShown - misSized) }

    /// Why this run did less than `other` in some way, or nil when it did at
    /// least as much in every way: ended early (when the other did not), more
    /// rows owed and never shown, fewer items shown, more mis-sized rows (in
    /// that order).
    ///
    /// - Complexity: O(1).
    public func shortfall(against other: RunCoverage) -> Verdict.NotComparable? {
        if let endedEarly, other.endedEarly == nil { return Self.reason(endedEarly, strategy) }
        if neverShown > other.neverShown { return .skippedRows(strategy: strategy, count: neverShown) }
        guard itemsShownWhole < other.itemsShownWhole else { return nil }
        if misSized > other.misSized { return .misSizedRows(strategy: strategy, count: misSized) }
        return .fewerItems(strategy: strategy, count: other.itemsShown - itemsShown)
    }

    /// The reason a run that ended early gives.
    static func reason(_ status: RunStatus, _ strategy: String) -> Verdict.NotComparable {
        switch status {
        case .crashed: return .crashed(strategy: strategy)
        case .killed: return .killed(strategy: strategy)
        // `.completed` never reaches here (``endedEarly`` is nil for it).
        case .timedOut, .completed: return .stoppedAtBound(strategy: strategy)
        }
    }

    /// One line naming how `a` and `b` differ in coverage, nil when they do
    /// not: "coverage differs: B showed 2 more items (170 against 168); rows
    /// owed and never shown: A 8, B 6".
    ///
    /// - Complexity: O(1).
    public static func difference(_ a: RunCoverage, _ b: RunCoverage) -> String? {
        var parts: [String] = []
        for side in [a, b] {
            if let ended = side.endedEarly, let phrase = reason(ended, side.strategy).phrase { parts.append(phrase) }
        }
        if a.itemsShown != b.itemsShown {
            let more = b.itemsShown > a.itemsShown
            let count = abs(b.itemsShown - a.itemsShown)
            parts.append("\(b.strategy) showed \(count) \(more ? "more" : "fewer") item\(count == 1 ? "" : "s") (\(b.itemsShown) against \(a.itemsShown))")
        }
        if a.neverShown != b.neverShown {
            parts.append("rows owed and never shown: \(a.strategy) \(a.neverShown), \(b.strategy) \(b.neverShown)")
        }
        if a.misSized != b.misSized {
            parts.append("mis-sized row displays: \(a.strategy) \(a.misSized), \(b.strategy) \(b.misSized)")
        }
        return parts.isEmpty ? nil : "coverage differs: " + parts.joined(separator: "; ")
    }
}

/// The one rule for whether two runs' figure can be ranked, used by
/// `compare`, `--uncertainty`'s draws and baseline checks alike
/// (docs/verdicts.md, "Comparability by cause").
///
/// A difference in what two runs covered (``RunCoverage``) can explain a
/// figure's difference only when the run that looks better on it is the one
/// that did less. So:
/// - when the better-looking run covered at least as much in every way, the
///   verdict stands as it is (the caveat names the coverage difference);
/// - when it covered less, the figure is compared per item shown whole
///   (each side's figure over its items shown less its mis-sized row
///   displays, ``RunCoverage/itemsShownWhole``): the verdict stands when the same run is still better per item,
///   beyond the noise floor, and the per-item change is given. That takes
///   a figure to grow at most in proportion to the items shown (estimate:
///   true of what adds up over the run's work, times, counts, hitches,
///   hangs, stale rows, jumps; generous for a peak or a ratio, which grow
///   less, so a verdict that survives it is safe);
/// - otherwise (a run that ended early and looks better, or one that is not
///   better per item) it is not comparable, naming the shortfall;
/// - an equal figure stays equal, unless a run ended early (it would have
///   gone on adding to it).
/// Figures settled before a run can end early (the first frame, the crash
/// count, the kill time) and the coverage figures themselves (rows never
/// shown, mis-sized rows) are ranked as they are; measured figures have
/// their statistical verdict.
public enum Comparability {
    /// How a figure of two runs can be ranked.
    public enum Judgement: Equatable, Sendable {
        /// On the values as they are.
        case asIs
        /// Per item shown at its own height; the verdict it gives and the change per item, in percent.
        case perItem(better: Bool, changePercent: Double)
        /// Not at all: why.
        case refused(Verdict.NotComparable)
    }

    /// Figures ranked as they are, whatever the coverage: settled before a
    /// run can end early, or the coverage itself.
    static let exempt: Set<MetricID> = [.timeToFirstFrameMs, .inconsistencies, .killedAtMs, .rowsNeverDisplayed, .misSizedRows, .rowsDisplayed]

    /// How `metric` of `a` and `b` can be ranked (`a` is the reference: A in
    /// `compare`, the baseline in a check).
    ///
    /// - Complexity: O(1).
    public static func judge(_ metric: Metric, a: StrategyResult, b: StrategyResult, frameIntervalMs: Double) -> Judgement {
        guard metric.kind != .measured, !exempt.contains(metric.id),
              let coverageA = RunCoverage(a), let coverageB = RunCoverage(b) else { return .asIs }
        let valueA = metric.value(in: a), valueB = metric.value(in: b)
        // A run that ended early cut its figures short: nothing it adds up can be said equal or absent on its side.
        let ended = [coverageA, coverageB].lazy.compactMap { side in side.endedEarly.map { RunCoverage.reason($0, side.strategy) } }.first
        guard let valueA, let valueB, let lowerIsBetter = metric.lowerIsBetter,
              !metric.isPracticallyEqual(valueA, valueB, frameIntervalMs: frameIntervalMs) else {
            // A figure only one side has, a neutral count, or an equal figure.
            return ended.map { .refused($0) } ?? .asIs
        }
        // The run that looks better, and what it did less than the other.
        let bLooksBetter = (valueB < valueA) == lowerIsBetter
        let (better, other) = bLooksBetter ? (coverageB, coverageA) : (coverageA, coverageB)
        guard let shortfall = better.shortfall(against: other) else { return .asIs }
        // A run that ended early: what it did not do is unknown.
        if ended != nil { return .refused(shortfall) }
        guard better.itemsShownWhole > 0, other.itemsShownWhole > 0 else { return .refused(shortfall) }
        let perA = valueA / Double(coverageA.itemsShownWhole), perB = valueB / Double(coverageB.itemsShownWhole)
        // Both per-item figures brought to the larger coverage, so the noise floor keeps its meaning (a frame, 1%).
        let scale = Double(max(coverageA.itemsShownWhole, coverageB.itemsShownWhole))
        // The run that did less must still be better per item; otherwise what it did not do could explain the difference.
        guard perA != 0, !metric.isPracticallyEqual(perA * scale, perB * scale, frameIntervalMs: frameIntervalMs),
              ((perB < perA) == lowerIsBetter) == bLooksBetter else { return .refused(shortfall) }
        return .perItem(better: bLooksBetter, changePercent: (perB - perA) / abs(perA) * 100)
    }
}
