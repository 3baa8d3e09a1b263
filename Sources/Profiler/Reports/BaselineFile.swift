import Foundation
import ListData
import Statistics

/// Why a baseline file (a report written by `--save-baseline` or
/// `--export-json`) cannot be compared with. ``description`` is the one
/// message the command prints after the file's name.
public enum BaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON, or JSON that is not a listbench report (no `tool`, no `formatVersion`).
    case notAReport(String)
    /// A report of another format version, as the file writes it (`999`, `1.5`).
    case formatVersion(String)
    /// A report of this format with a value of the wrong kind, a missing key or a value a type refuses.
    case malformed(StrictJSONError)
    /// A figure no run produces: negative, not finite, subnormal; or measured
    /// figures whose counts disagree with their sample lists. `path` is its JSON path.
    case invalidFigure(path: String, problem: String)

    public var description: String {
        switch self {
        case .notAReport(let why): return "not a listbench report (\(why))"
        case .formatVersion(let found):
            return "report format \(found); this listbench reads \(BenchmarkReport.currentFormatVersion)"
        case .malformed(let error): return "not a valid listbench report: \(error)"
        case let .invalidFigure(path, problem): return "at \(path): \(problem)"
        }
    }
}

extension BenchmarkReport {
    /// Reads a baseline: a report of this format, every figure checked
    /// (``checkFigures()``), so that a truncated or hand-edited file is one
    /// clear message, never a raw `DecodingError` or a "+inf%" change.
    ///
    /// In order: the bytes must be JSON (an empty or truncated file says
    /// so); the top level an object with `"tool": "listbench"` and a whole
    /// `formatVersion` equal to ``currentFormatVersion``; then the report is
    /// decoded (a wrong kind or a missing key is named with its JSON path;
    /// keys this version does not know are left, as a newer listbench of the
    /// same format may add some); then its figures are checked.
    ///
    /// - Complexity: O(n) in the file's size.
    public static func baseline(from data: Data) throws(BaselineError) -> BenchmarkReport {
        let tree: JSONValue
        do {
            tree = try StrictJSON.parse(data)
        } catch {
            throw .notAReport(error.description)
        }
        guard case .object(let members) = tree else { throw .notAReport("the top level is \(tree.shown), not an object") }
        guard members["tool"] == .string("listbench") else {
            throw .notAReport(members["tool"].map { "its tool is \($0.shown), not \"listbench\"" } ?? "no \"tool\": \"listbench\"")
        }
        guard let version = members["formatVersion"] else { throw .notAReport("no formatVersion") }
        guard case .number(_, let integer) = version, integer == Int64(currentFormatVersion) else {
            throw .formatVersion(version.shown)
        }
        let report: BenchmarkReport
        do {
            report = try StrictJSON.decode(BenchmarkReport.self, from: tree, unknownKeys: .ignored, nulls: .refused)
        } catch {
            throw .malformed(error)
        }
        try report.checkFigures()
        return report
    }

    /// Checks every figure a comparison reads, and the first bad one is named
    /// with its JSON path (`scenarios[0].results[1].metrics.completionMs`):
    /// - every metric (modeled, correctness and measured: times, counts,
    ///   bytes, points) is finite and not negative, and not subnormal (no
    ///   figure listbench writes is below 1e-308; a change against one would
    ///   overflow to "+inf%"); so are each scenario's frame budget and memory
    ///   limit, each measured summary's median, p90, min, max and MAD, and
    ///   every raw sample;
    /// - measured figures agree with their samples: `repetitions` samples of
    ///   wall and CPU time, each summary's `count` the length of its sample
    ///   list, and a summary exactly when there are samples;
    /// - the figures beside the metrics are too: every share of `breakdown`
    ///   (main and background), of `hitchCauses` and of `hitchTriggers`, and
    ///   every time and value of the memory and frame series;
    /// - no run is given twice: no scenario twice on the same device and iOS
    ///   (``ScenarioReport/deviceLabel``), no strategy twice in a scenario. A
    ///   comparison matches runs by them, so a second would silently replace the first.
    ///
    /// A `null` for an optional figure is refused while decoding
    /// (``StrictJSON/Nulls/refused``): listbench leaves out a figure it does not have.
    ///
    /// - Complexity: O(results × (metrics + samples + series)), plus O(runs) hashing for the duplicates.
    /// - Throws: ``BaselineError/invalidFigure(path:problem:)``.
    public func checkFigures() throws(BaselineError) {
        var runs: [String: String] = [:]
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            let scenarioPath = "scenarios[\(scenarioIndex)]"
            let run = "'\(scenario.scenario)' on \(scenario.deviceLabel)"
            if let earlier = runs.updateValue(scenarioPath, forKey: run) {
                throw .invalidFigure(path: scenarioPath, problem: "the scenario \(run) is given twice (also at \(earlier)); each run is compared once")
            }
            try Self.check(scenario.frameBudgetMs, at: scenarioPath + ".frameBudgetMs")
            try Self.check(scenario.memoryLimitBytes, at: scenarioPath + ".memoryLimitBytes")
            var strategies: [String: String] = [:]
            for (resultIndex, result) in scenario.results.enumerated() {
                let path = "\(scenarioPath).results[\(resultIndex)]"
                if let earlier = strategies.updateValue(path, forKey: result.strategy) {
                    throw .invalidFigure(path: path, problem: "the strategy '\(result.strategy)' of \(run) is given twice "
                        + "(also at \(earlier)); each run is compared once")
                }
                if let metrics = result.metrics {
                    for metric in Metric.modeled + Metric.correctness {
                        if let value = metric.value(in: result) { try Self.check(value, at: "\(path).metrics.\(metric.id.rawValue)") }
                    }
                    try Self.checkDetails(metrics, at: path + ".metrics")
                }
                if let measured = result.measured { try Self.check(measured, at: path + ".measured") }
            }
        }
    }

    /// The figures of a run beside its metrics: shares of time and the series.
    private static func checkDetails(_ metrics: RunMetrics, at path: String) throws(BaselineError) {
        let shares: [(name: String, values: [Double])] = [
            ("breakdown.main", metrics.breakdown?.main.map(\.ms) ?? []),
            ("breakdown.background", metrics.breakdown?.background.map(\.ms) ?? []),
            ("hitchCauses", metrics.hitchCauses?.map(\.ms) ?? []),
            ("hitchTriggers", metrics.hitchTriggers?.map(\.ms) ?? []),
        ]
        for list in shares {
            for (index, value) in list.values.enumerated() { try check(value, at: "\(path).\(list.name)[\(index)].ms") }
        }
        for (index, sample) in metrics.memorySeries.enumerated() {
            try check(Double(sample.time), at: "\(path).memorySeries[\(index)].time")
            try check(Double(sample.bytes), at: "\(path).memorySeries[\(index)].bytes")
        }
        for (index, sample) in metrics.frameSeries.enumerated() {
            try check(Double(sample.time), at: "\(path).frameSeries[\(index)].time")
            try check(Double(sample.duration), at: "\(path).frameSeries[\(index)].duration")
        }
    }

    /// Measured figures: counts against sample lists, then every value.
    private static func check(_ measured: MeasuredFigures, at path: String) throws(BaselineError) {
        guard measured.repetitions >= 1 else {
            throw .invalidFigure(path: path + ".repetitions", problem: "\(measured.repetitions) repetitions; measured figures have at least 1")
        }
        let series: [(name: String, summary: SampleSummary?, samplesName: String, samples: [Double], everyRepetition: Bool)] = [
            ("wallMs", measured.wallMs, "wallSamplesMs", measured.wallSamplesMs, true),
            ("cpuMs", measured.cpuMs, "cpuSamplesMs", measured.cpuSamplesMs, true),
            ("allocatedBytes", measured.allocatedBytes, "allocatedSamples", measured.allocatedSamples, false),
            ("peakRSSBytes", measured.peakRSSBytes, "peakRSSSamples", measured.peakRSSSamples, false),
        ]
        for figure in series {
            let samplesPath = "\(path).\(figure.samplesName)"
            let count = figure.samples.count
            if figure.everyRepetition, count != measured.repetitions {
                throw .invalidFigure(path: samplesPath, problem: "\(count) samples for \(measured.repetitions) repetitions")
            }
            guard count <= measured.repetitions else {
                throw .invalidFigure(path: samplesPath, problem: "\(count) samples for \(measured.repetitions) repetitions")
            }
            switch (figure.summary, count) {
            case (nil, 0): break
            case (nil, _):
                throw .invalidFigure(path: samplesPath, problem: "\(count) samples but no summary at \(path).\(figure.name)")
            case let (summary?, _):
                let summaryPath = "\(path).\(figure.name)"
                guard summary.count == count else {
                    throw .invalidFigure(path: summaryPath + ".count",
                                         problem: "a summary of \(summary.count) samples beside \(count) in \(figure.samplesName)")
                }
                for (name, value) in [("median", summary.median), ("p90", summary.p90), ("min", summary.min), ("max", summary.max),
                                      ("mad", summary.mad)] {
                    try check(value, at: "\(summaryPath).\(name)")
                }
            }
            for (index, sample) in figure.samples.enumerated() { try check(sample, at: "\(samplesPath)[\(index)]") }
        }
    }

    /// A figure: finite, not negative, not subnormal.
    private static func check(_ value: Double, at path: String) throws(BaselineError) {
        guard value.isFinite else { throw .invalidFigure(path: path, problem: "\(value) is not a finite number") }
        guard value >= 0 else {
            throw .invalidFigure(path: path, problem: "\(value) is negative; times, counts and bytes never are")
        }
        guard !value.isSubnormal else {
            throw .invalidFigure(path: path, problem: "\(value) is subnormal, smaller than any figure listbench writes "
                + "(a change against it would overflow)")
        }
    }
}
