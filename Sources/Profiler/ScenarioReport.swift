import Foundation

/// One strategy's modeled figures on a scenario.
public struct StrategyResult: Equatable, Sendable, Codable {
    public var strategy: String
    public var metrics: RunMetrics

    public init(strategy: String, metrics: RunMetrics) {
        self.strategy = strategy
        self.metrics = metrics
    }
}

/// The results of every strategy on one scenario.
public struct ScenarioReport: Equatable, Sendable, Codable {
    public var scenario: String
    public var device: String
    public var results: [StrategyResult]

    public init(scenario: String, device: String, results: [StrategyResult]) {
        self.scenario = scenario
        self.device = device
        self.results = results
    }

    /// A terminal table of the headline modeled figures.
    public func renderTable() -> String {
        var table = TextTable(
            headers: ["strategy", "status", "ttff ms", "completion ms", "main ms", "bg ms", "frames", "hitches",
                      "hitch ms/s", "created", "configured", "stale", "jump pt", "unchanged reloads", "peak MB",
                      "inconsistencies"],
            alignments: [.left, .left] + Array(repeating: .right, count: 14))
        func ms(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
        for result in results {
            let m = result.metrics
            table.append([
                result.strategy, m.status.rawValue, ms(m.timeToFirstFrameMs), ms(m.completionMs), ms(m.mainThreadBusyMs),
                ms(m.backgroundBusyMs), "\(m.frames)", "\(m.hitches)",
                String(format: "%.1f (%@)", m.hitchRatioMsPerS, m.hitchRating.rawValue), "\(m.cellsCreated)",
                "\(m.cellsConfigured)", "\(m.staleRows)", String(format: "%.0f", m.scrollJumpPoints),
                "\(m.unchangedCellsReloaded)", String(format: "%.1f", Double(m.peakMemoryBytes) / 1_048_576),
                "\(m.inconsistencies)",
            ])
        }
        var out = "\(scenario) on \(device) (all figures modeled)\n" + table.render()
        for result in results {
            if let message = result.metrics.firstInconsistency { out += "\(result.strategy): first inconsistency: \(message)\n" }
        }
        return out
    }

    /// Every report as pretty JSON with sorted keys.
    public static func renderJSON(_ reports: [ScenarioReport]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(reports), as: UTF8.self) + "\n"
    }
}
