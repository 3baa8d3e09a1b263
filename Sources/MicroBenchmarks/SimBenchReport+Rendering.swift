import Foundation
import Rendering

extension SimBenchReport {
    /// The first lines: the build and the device.
    public static func header(build: String, device: String) -> String {
        "listbench sim-bench: \(build) build, device \(device)\n\n"
    }
}

extension SimBenchReport.Scroll {
    /// A table of the runs (measured wall time, modeled figures), then a line per growth factor.
    ///
    /// - Complexity: O(results).
    public func render() -> String {
        var table = TextTable(
            headers: ["rows", "heights", "wall ms (measured)", "frames", "virtual s", "cells created",
                      "cells configured", "heights computed"],
            alignments: [.right, .left] + Array(repeating: .right, count: 6))
        for result in results {
            table.append([
                "\(result.rows)", result.heights.rawValue, String(format: "%.0f", result.wallMs), "\(result.frames)",
                String(format: "%.1f", result.virtualSeconds), "\(result.cellsCreated)",
                "\(result.cellsConfigured)", "\(result.heightsComputed)",
            ])
        }
        return "Scroll cases\n\n" + table.render()
            + growth.map { "\($0.heights.rawValue): \(String(format: "%.2f", $0.factor))× the time of the previous size\n" }.joined()
            + "\n"
    }
}

extension SimBenchReport.Changes {
    /// A heading, then a table of the runs (measured generation and run time, modeled figures).
    ///
    /// - Complexity: O(results).
    public func render() -> String {
        var table = TextTable(
            headers: ["rows", "changes/burst", "strategy", "generate ms (measured)", "run ms (measured)", "status",
                      "completion ms", "main ms", "frames", "hitches"],
            alignments: [.right, .right, .left, .right, .right, .left, .right, .right, .right, .right])
        for result in results {
            table.append([
                "\(result.rows)", "\(result.changesPerBurst)", result.strategy, String(format: "%.0f", result.generateMs),
                String(format: "%.0f", result.runMs), result.status.rawValue,
                result.completionMs.map { String(format: "%.1f", $0) } ?? "-", String(format: "%.1f", result.mainThreadBusyMs),
                "\(result.frames)", "\(result.hitches)",
            ])
        }
        return "Change case: large-list at scale, \(bursts) bursts (generation once per row count, shared by the strategies)\n\n"
            + table.render()
    }
}
