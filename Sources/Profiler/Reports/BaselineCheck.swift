import Foundation
import Statistics

/// What moved against a baseline: a metric, or how the run ended.
///
/// Encoded in JSON as the metric's name or `status`, as reports have always said it.
public enum BaselineFigure: Equatable, Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    case metric(MetricID)
    /// The run's status (`completed`, `crashed`, `failed (…)`, …).
    case status

    public var description: String {
        switch self {
        case .metric(let id): return id.rawValue
        case .status: return "status"
        }
    }

    public static func < (lhs: BaselineFigure, rhs: BaselineFigure) -> Bool { lhs.description < rhs.description }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if text == "status" {
            self = .status
        } else if let id = MetricID(rawValue: text) {
            self = .metric(id)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is neither a metric nor status")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A figure that moved against a baseline by more than the threshold.
public struct BaselineChange: Equatable, Sendable, Codable {
    public var scenario: String
    public var device: String
    public var strategy: String
    /// The metric, or `status` when a run ended differently.
    public var metric: BaselineFigure
    public var kind: MetricKind
    /// The figure in the baseline and in this run (renderers format it).
    public var baseline: BaselineValue
    public var current: BaselineValue
    /// (current − baseline) / baseline × 100; nil for a status change or a zero baseline.
    public var changePercent: Double?
    /// True for a regression, false for an improvement.
    public var isRegression: Bool
    /// True when the runs covered different amounts and the figure was
    /// compared per item shown (``Comparability``): ``changePercent`` is then per item.
    public var perItemShown: Bool? = nil
}

/// A figure's value on one side of a baseline check.
public enum BaselineValue: Equatable, Sendable, Codable {
    /// A metric's value; nil when the run has none (no first frame, not measured).
    case value(Double?)
    /// How the run ended: its status text (`completed`, `crashed`, `failed (…)`, …).
    case status(String)
}

/// What differs between the inputs of a baseline's run and this run's.
public enum InputDifference: Equatable, Sendable, CustomStringConvertible {
    /// The generated scenario (another file's contents, seed, post count, …).
    case scenario
    /// The device profile's values (a custom profile under a shipped name, an edited one).
    case deviceProfile
    case toolVersion(baseline: String, current: String)
    case modelVersion(baseline: String, current: String)

    public var description: String {
        switch self {
        case .scenario: return "scenario"
        case .deviceProfile: return "device profile"
        case let .toolVersion(baseline, current): return "tool version (baseline \(baseline), this run \(current))"
        case let .modelVersion(baseline, current): return "model version (baseline \(baseline), this run \(current))"
        }
    }
}

/// A run in both reports that was made from different inputs, so its figures are not compared.
public struct InputMismatch: Equatable, Sendable {
    /// "scenario on device × strategy".
    public var run: String
    public var differences: [InputDifference]

    public init(run: String, differences: [InputDifference]) {
        self.run = run
        self.differences = differences
    }

    /// `run (scenario, device profile)`.
    public var description: String { "\(run) (\(differences.map(\.description).joined(separator: ", ")))" }
}

/// A run compared across an edit of its scenario or device profile.
public struct InputEdit: Equatable, Sendable {
    /// "scenario on device × strategy".
    public var run: String
    /// What changed: `data.shape.photos.4: 1 → 3`, `device profile memoryLimit: … → …`.
    public var changes: [String]

    public init(run: String, changes: [String]) {
        self.run = run
        self.changes = changes
    }
}

/// Compares a report with a baseline report (one written by `--save-baseline`).
///
/// Results are matched by scenario, device and strategy; results on either
/// side alone are listed in ``unmatched``. A matched run made by another
/// tool or model version is listed in ``differentInputs`` and not
/// compared: its figures moved with the model, not with the app. A run
/// whose scenario or device profile the user edited is compared as usual
/// (that edit is the change a baseline gates) and listed in
/// ``editedInputs`` with the JSON paths and values that changed. Where the
/// two runs covered different amounts (items shown, rows never shown), a
/// figure is ranked by ``Comparability``'s rule, as `compare` ranks it. A baseline that does not record
/// its inputs (saved by an older listbench) is compared as before, with a
/// note (``notes``). A modeled or correctness figure
/// changes when it moves in its better or worse direction by more than the
/// threshold (any move from zero counts); a run whose status changes from
/// `completed` is a regression. A measured figure (wall and CPU time) counts
/// only with at least ``minimumSamples`` samples on each side, when the 95%
/// bootstrap interval of the ratio of medians excludes 1 and the median
/// moved by more than the threshold; with fewer it is not compared, and a
/// note says "not enough samples" (one sample against one has an interval
/// that is only their ratio, so host noise alone would regress).
public struct BaselineCheck: Equatable, Sendable {
    /// The samples a side a measured figure needs before it is compared:
    /// estimate: five, the fewest at which the percentile bootstrap of
    /// ``RatioEstimate`` has more than a handful of distinct resamples'
    /// medians, so that its interval can exclude 1 for a real change and
    /// not for one noisy sample.
    public static let minimumSamples = 5

    public var changes: [BaselineChange]
    /// "scenario on device × strategy" present on one side only.
    public var unmatched: [String]
    /// Runs in both reports made by another listbench or model version: not compared.
    public var differentInputs: [InputMismatch]
    /// Runs compared across an edit of their scenario or device profile
    /// (the user's own change, the one a baseline gates), with what changed.
    public var editedInputs: [InputEdit] = []
    /// What could not be checked (a baseline that does not record its inputs).
    public var notes: [String]
    /// How many of the current report's results were matched with the baseline's and compared.
    public var compared: Int
    public var thresholdPercent: Double
    /// The tool and model versions that differ between the baseline and
    /// this run (every run then has different inputs); empty when they
    /// agree or the baseline does not record them.
    public var versions: [InputDifference]

    public var regressions: [BaselineChange] { changes.filter(\.isRegression) }
    public var improvements: [BaselineChange] { changes.filter { !$0.isRegression } }

    /// - Complexity: O(results × metrics), plus the bootstrap for measured figures.
    public init(current: BenchmarkReport, baseline: BenchmarkReport, thresholdPercent: Double) {
        self.thresholdPercent = thresholdPercent
        var changes: [BaselineChange] = []
        var unmatched: [String] = []
        var differentInputs: [InputMismatch] = []
        var unrecorded: Set<String> = []
        var compared = 0
        var shortfalls: [String] = []
        var unranked: [String] = []
        var edited: [InputEdit] = []
        var versions: [InputDifference] = []
        if let old = baseline.toolVersion, let new = current.toolVersion, old != new { versions.append(.toolVersion(baseline: old, current: new)) }
        if let old = baseline.modelVersion, let new = current.modelVersion, old != new { versions.append(.modelVersion(baseline: old, current: new)) }
        if baseline.toolVersion == nil { unrecorded.insert("tool version") }
        if baseline.modelVersion == nil { unrecorded.insert("model version") }
        var baselineResults: [String: (ScenarioReport, StrategyResult)] = [:]
        var baselineOrder: [String] = []
        for scenario in baseline.scenarios {
            for result in scenario.results {
                let key = "\(scenario.scenario) on \(scenario.deviceLabel) × \(result.strategy)"
                baselineResults[key] = (scenario, result)
                baselineOrder.append(key)
            }
        }
        var seen = Set<String>()
        for scenario in current.scenarios {
            for result in scenario.results {
                let key = "\(scenario.scenario) on \(scenario.deviceLabel) × \(result.strategy)"
                // A baseline saved before reports named the iOS version ran each device's
                // default version: it matches a run on that version only.
                let unversioned = "\(scenario.scenario) on \(scenario.device) × \(result.strategy)"
                let onDefault = scenario.iOS != nil && scenario.iOS == scenario.defaultIOS
                let matched = baselineResults[key] != nil || !onDefault ? key : unversioned
                guard let (oldScenario, old) = baselineResults[matched] else {
                    unmatched.append(key + " (not in the baseline)")
                    continue
                }
                seen.insert(matched)
                var differences = versions
                switch (oldScenario.scenarioDigest, scenario.scenarioDigest) {
                case let (before?, after?) where before != after: differences.insert(.scenario, at: 0)
                case (nil, _): unrecorded.insert("scenario")
                default: break
                }
                switch (oldScenario.deviceDigest, scenario.deviceDigest) {
                case let (before?, after?) where before != after:
                    differences.insert(.deviceProfile, at: differences.first == .scenario ? 1 : 0)
                case (nil, _): unrecorded.insert("device profile")
                default: break
                }
                // Another listbench or model: its figures moved with the model, not the app.
                guard versions.isEmpty else {
                    differentInputs.append(InputMismatch(run: key, differences: differences))
                    continue
                }
                // The user's own edit of the scenario or the profile: compared, and named.
                if !differences.isEmpty {
                    edited.append(InputEdit(run: key, changes: Self.edits(differences, from: oldScenario, to: scenario)))
                }
                compared += 1
                changes += Self.compare(old, result, scenario: scenario, threshold: thresholdPercent, shortfalls: &shortfalls, unranked: &unranked)
            }
        }
        unmatched += baselineOrder.filter { !seen.contains($0) }.map { $0 + " (only in the baseline)" }
        self.changes = changes
        self.unmatched = unmatched
        self.differentInputs = differentInputs
        editedInputs = edited
        let order = ["scenario", "device profile", "tool version", "model version"]
        notes = (unrecorded.isEmpty ? [] : [
            "the baseline does not record its runs' \(Self.list(order.filter(unrecorded.contains))) "
                + "(saved by an older listbench), so they could not be checked; its figures are compared as they are",
        ]) + Self.shortfallNote(shortfalls)
            + unranked.map { "not ranked, because the runs covered different amounts (docs/verdicts.md): " + $0 }
        self.compared = compared
        self.versions = versions
    }

    /// What an edit changed, for ``InputEdit/changes``: the scenario's JSON
    /// paths that differ, then the device profile's values, each with both
    /// values; or that the input changed, when the baseline does not record its values.
    ///
    /// - Complexity: O(n) in the recorded values.
    static func edits(_ differences: [InputDifference], from old: ScenarioReport, to new: ScenarioReport) -> [String] {
        var out: [String] = []
        if differences.contains(.scenario) {
            if let before = old.scenarioValues, let after = new.scenarioValues {
                let changes = InputValue.changes(from: before, to: after)
                // The same file's values but another generated scenario (a listbench that generates differently).
                out += changes.isEmpty ? ["the generated scenario (the file's values are the same)"] : changes
            } else {
                out.append("the scenario (the baseline does not record its values)")
            }
        }
        if differences.contains(.deviceProfile) {
            if let before = old.deviceValues, let after = new.deviceValues {
                out += InputValue.changes(from: before, to: after).map { "device profile " + $0 }
            } else {
                out.append("the device profile (the baseline does not record its values)")
            }
        }
        return out
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.last ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The note for measured figures left uncompared for want of samples:
    /// how many runs, and each distinct pair of sample counts.
    static func shortfallNote(_ shortfalls: [String]) -> [String] {
        guard !shortfalls.isEmpty else { return [] }
        var seen = Set<String>()
        let pairs = shortfalls.filter { seen.insert($0).inserted }
        let runs = shortfalls.count
        return ["measured figures of \(runs) run\(runs == 1 ? "" : "s") not compared: not enough samples (\(pairs.joined(separator: "; ")); "
            + "\(minimumSamples) needed a side; --measure takes 10), so host noise cannot regress them"]
    }

    /// Whether a baseline's figure and this run's are the same figure: equal,
    /// or apart by no more than a few units in the last place. The baseline is
    /// read back from JSON by Foundation's `JSONSerialization`, which on Linux
    /// can read a 17-digit number one unit in the last place off
    /// (0.9962640099626401 comes back as the next Double up), so an identical
    /// run would otherwise "move" by 1e-16 and, at `--threshold 0`, regress.
    ///
    /// - Complexity: O(1).
    static func sameFigure(_ before: Double, _ after: Double) -> Bool {
        before == after || abs(after - before) <= 4 * max(before.ulp, after.ulp)
    }

    /// The changes of one run against its baseline; a run whose measured
    /// figures have fewer than ``minimumSamples`` a side adds its
    /// "n=A and n=B" to `shortfalls` instead of comparing them.
    static func compare(_ old: StrategyResult, _ new: StrategyResult, scenario: ScenarioReport, threshold: Double,
                        shortfalls: inout [String], unranked: inout [String]) -> [BaselineChange] {
        func change(_ metric: BaselineFigure, _ kind: MetricKind, _ before: BaselineValue, _ after: BaselineValue, _ percent: Double?,
                    _ regression: Bool) -> BaselineChange {
            BaselineChange(scenario: scenario.scenario, device: scenario.deviceLabel, strategy: new.strategy, metric: metric, kind: kind,
                           baseline: before, current: after, changePercent: percent, isRegression: regression)
        }
        var changes: [BaselineChange] = []
        if old.statusText != new.statusText {
            // Leaving `completed` (for a modeled crash or kill, or a host failure) is a regression.
            changes.append(change(.status, .modeled, .status(old.statusText), .status(new.statusText), nil,
                                  old.metrics?.status == .completed && old.failure == nil))
        }
        var refusals: [String] = []
        for metric in Metric.modeled + Metric.correctness {
            guard let lowerIsBetter = metric.lowerIsBetter,
                  let before = metric.value(in: old), let after = metric.value(in: new), !Self.sameFigure(before, after) else { continue }
            // Nil from zero, and from a baseline so near zero that the ratio overflows (no "+inf%").
            var percent = before == 0 ? nil : Optional((after - before) / abs(before) * 100).flatMap { $0.isFinite ? $0 : nil }
            var regression = (after > before) == lowerIsBetter
            // The runs covered different amounts: the same rule as compare's (Comparability).
            let judgement = Comparability.judge(metric, a: old, b: new, frameIntervalMs: scenario.frameBudgetMs)
            switch judgement {
            case .asIs: break
            case let .perItem(better, perItem):
                percent = perItem.isFinite ? perItem : nil
                regression = !better
            case .refused(let reason):
                refusals.append("\(metric.name) (\(Verdict.notComparable(reason)))")
                continue
            }
            guard percent.map({ abs($0) > threshold }) ?? true else { continue }
            var entry = change(.metric(metric.id), metric.kind, .value(before), .value(after), percent, regression)
            if case .perItem = judgement { entry.perItemShown = true }
            changes.append(entry)
        }
        if !refusals.isEmpty {
            unranked.append("\(scenario.scenario) on \(scenario.deviceLabel) × \(new.strategy): " + refusals.joined(separator: ", "))
        }
        if let before = old.measured?.repetitions, let after = new.measured?.repetitions,
           min(before, after) < minimumSamples {
            shortfalls.append("n=\(before) and n=\(after)")
            return changes
        }
        for metric in Metric.measured {
            guard let before = old.measured?.samples(of: metric.id), let after = new.measured?.samples(of: metric.id),
                  let interval = RatioEstimate(numerator: after, denominator: before) else { continue }
            let percent = (interval.ratio - 1) * 100
            guard abs(percent) > threshold, interval.low > 1 || interval.high < 1 else { continue }
            changes.append(change(.metric(metric.id), .measured, .value(metric.value(in: old)), .value(metric.value(in: new)),
                                  percent.isFinite ? percent : nil, interval.low > 1))
        }
        return changes
    }
}
