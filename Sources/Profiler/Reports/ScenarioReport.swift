import Foundation
import ListSimulator

/// One strategy's figures on a scenario: modeled, and measured when
/// repetitions were asked for; or, when the run failed on the host (a
/// trap, a limit), no figures and the failure.
public struct StrategyResult: Equatable, Sendable, Codable {
    public var strategy: String
    /// The modeled figures; nil when the run failed.
    public var metrics: RunMetrics?
    public var measured: MeasuredFigures?
    /// Why the run produced no figures; nil when it finished.
    public var failure: RunFailure?
    /// Set when the strategy was not run because the device's iOS lacks an
    /// API its technique needs: `needs iOS 13`, and that API.
    public var unsupported: String?
    public var requiredAPI: String?
    /// The spec the user asked for, when the run's strategy was fitted to
    /// the scenario under another name (``RunRequest/requested``); nil
    /// (and absent from the JSON) when it ran as asked.
    public var requested: String?

    public init(strategy: String, metrics: RunMetrics, measured: MeasuredFigures? = nil) {
        self.strategy = strategy
        self.metrics = metrics
        self.measured = measured
    }

    /// A run that failed on the host.
    public init(strategy: String, failure: RunFailure) {
        self.strategy = strategy
        self.failure = failure
    }

    /// A strategy the device's iOS cannot run: no figures, the reason.
    public init(strategy: String, unsupported reason: String, requiredAPI: String? = nil) {
        self.strategy = strategy
        unsupported = reason
        self.requiredAPI = requiredAPI
    }

    /// The status column: the modeled status, `failed (reason)` or `unsupported (needs iOS 13)`.
    public var statusText: String {
        if let unsupported { return "unsupported (\(unsupported))" }
        if let failure { return "failed (\(failure.summary))" }
        return metrics?.status.rawValue ?? "-"
    }
}

/// One input value a report records: a JSON path of the scenario file
/// (`data.sections[0].generate`) or a device profile's value name
/// (`costs.imageDecodePerMegapixel`), and the value as text.
public struct InputValue: Equatable, Sendable, Codable {
    public var path: String
    public var value: String

    public init(path: String, value: String) {
        self.path = path
        self.value = value
    }

    /// The paths whose values differ between `before` and `after` (added,
    /// removed or changed), each with both values, in `after`'s order then
    /// `before`'s: `"data.shape.photos.4: 1 → 3"`.
    ///
    /// - Complexity: O(n) in the values (hashed by path).
    public static func changes(from before: [InputValue], to after: [InputValue]) -> [String] {
        var old: [String: String] = [:]
        for value in before { old[value.path] = value.value }
        var seen = Set<String>()
        var out: [String] = []
        for value in after {
            seen.insert(value.path)
            let was = old[value.path]
            if was != value.value { out.append("\(value.path): \(was ?? "absent") → \(value.value)") }
        }
        for value in before where !seen.contains(value.path) { out.append("\(value.path): \(value.value) → absent") }
        return out
    }
}

/// The results of every strategy on one scenario on one device.
public struct ScenarioReport: Equatable, Sendable, Codable {
    public var scenario: String
    /// The device's name, the iOS version it ran and the device's default
    /// version (both nil in reports saved before versions existed).
    public var device: String
    public var iOS: Int?
    public var defaultIOS: Int?
    /// The device's frame budget (ms) and memory limit (bytes), for charts.
    public var frameBudgetMs: Double
    public var memoryLimitBytes: Double
    public var results: [StrategyResult]
    /// What the runs were made from, for baselines (``BaselineCheck``): the
    /// digest of the generated scenario (``GeneratedScenario/inputDigest``:
    /// another seed, post count or edit of the file changes it) and of the
    /// device profile's values (``DeviceProfile/valuesDigest``). Nil in
    /// reports saved before listbench recorded them.
    public var scenarioDigest: String?
    public var deviceDigest: String?
    /// The scenario file's leaf values by JSON path, and the device
    /// profile's values by name, so that a baseline check across an edit
    /// can name what changed (``BaselineCheck/editedInputs``). Nil in reports
    /// saved before listbench recorded them, and for a scenario not read from a file.
    public var scenarioValues: [InputValue]? = nil
    public var deviceValues: [InputValue]? = nil

    public init(scenario: String, device: String, iOS: Int? = nil, defaultIOS: Int? = nil, frameBudgetMs: Double,
                memoryLimitBytes: Double, results: [StrategyResult], scenarioDigest: String? = nil, deviceDigest: String? = nil) {
        self.scenario = scenario
        self.device = device
        self.iOS = iOS
        self.defaultIOS = defaultIOS
        self.frameBudgetMs = frameBudgetMs
        self.memoryLimitBytes = memoryLimitBytes
        self.results = results
        self.scenarioDigest = scenarioDigest
        self.deviceDigest = deviceDigest
    }

    /// A report on a device: its frame budget, memory limit and digest come
    /// from the profile; `scenarioDigest` is the generated scenario's, when known.
    public init(scenario: String, device: DeviceProfile, results: [StrategyResult], scenarioDigest: String? = nil) {
        self.init(scenario: scenario, device: device.name, iOS: device.iOSVersion, defaultIOS: device.iOS.default,
                  frameBudgetMs: 1_000 / device.refreshRateHz,
                  memoryLimitBytes: device.memoryLimit.value, results: results, scenarioDigest: scenarioDigest,
                  deviceDigest: device.valuesDigest)
        deviceValues = device.canonicalValues.split(separator: "\n").map { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            return InputValue(path: String(parts.first ?? ""), value: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The device and its iOS, as headings show them: `iphone-15, iOS 17`.
    public var deviceLabel: String { iOS.map { "\(device), iOS \($0)" } ?? device }

    /// The result of a strategy, if it ran: by its name, else by the spec asked for it (``StrategyResult/requested``).
    public func result(of strategy: String) -> StrategyResult? {
        results.first { $0.strategy == strategy } ?? results.first { $0.requested == strategy }
    }
}

/// A whole report: what `run`, `compare` and `sweep` print and export, and
/// what a baseline file holds. Versioned; metric names follow DESIGN.md.
public struct BenchmarkReport: Equatable, Sendable, Codable {
    /// The version of this JSON layout.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var tool: String
    /// The listbench that made the report (``ListBenchVersion/tool``) and
    /// its model (``ListBenchVersion/model``); nil in reports saved before
    /// they were recorded, and the model when the report was made without it.
    public var toolVersion: String?
    public var modelVersion: String?
    /// How measured figures were taken; nil when only modeled figures were produced.
    public var measurement: MeasurementInfo?
    public var scenarios: [ScenarioReport]
    /// Set when the runs were interrupted (Ctrl-C): the report holds only the runs that finished.
    public var interruption: Interruption?

    /// How far an interrupted benchmark got.
    public struct Interruption: Equatable, Sendable, Codable {
        public var finishedRuns: Int
        public var requestedRuns: Int

        public init(finishedRuns: Int, requestedRuns: Int) {
            self.finishedRuns = finishedRuns
            self.requestedRuns = requestedRuns
        }
    }

    public init(measurement: MeasurementInfo?, scenarios: [ScenarioReport], modelVersion: String? = nil) {
        formatVersion = Self.currentFormatVersion
        tool = "listbench"
        toolVersion = ListBenchVersion.tool
        self.modelVersion = modelVersion
        self.measurement = measurement
        self.scenarios = scenarios
    }

    /// Whether any run failed on the host.
    public var hasFailures: Bool { scenarios.contains { $0.results.contains { $0.failure != nil } } }

    /// Whether any result carries measured figures.
    public var hasMeasured: Bool { scenarios.contains { $0.results.contains { $0.measured != nil } } }
}
