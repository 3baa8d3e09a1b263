import ArgumentParser
import Foundation
import ListSimulator
import Profiler

/// `listbench sim-bench`: how the simulator scales with the list's length.
struct SimBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim-bench",
        abstract: "Measure the simulator scrolling tables of 1,000,000 and 2,000,000 rows top to bottom.",
        discussion: """
            Scrolls each table from top to bottom at 20,000 points a second, one frame at a time, \
            with fixed (44 pt) and self-sized (measured when laid out, estimated until then) rows. \
            MEASURED: host wall time. MODELED: frames, virtual duration, cells created and configured, \
            heights computed. Doubling the rows should roughly double the time, never more. \
            Build in release: swift run -c release listbench sim-bench
            """
    )

    @Option(parsing: .upToNextOption, help: "Row counts to scroll through.")
    var rows: [Int] = [1_000_000, 2_000_000]

    @Option(help: "Device: a shipped profile (\(DeviceProfile.shippedNames.joined(separator: ", "))) or a profile file.")
    var device = DeviceProfile.defaultName

    func validate() throws {
        for count in rows where count < 1 || count > 20_000_000 {
            throw ValidationError("--rows must be between 1 and 20000000, not \(count)")
        }
        _ = try DeviceOption.resolve(device)
    }

    func run() throws {
        let profile = try DeviceOption.resolve(device)
        var table = TextTable(
            headers: ["rows", "heights", "wall ms (measured)", "frames", "virtual s", "cells created",
                      "cells configured", "heights computed"],
            alignments: [.right, .left] + Array(repeating: .right, count: 6))
        let clock = ContinuousClock()
        var previous: [ScrollBenchHeights: Double] = [:]
        var growth: [String] = []
        for heights in ScrollBenchHeights.allCases {
            for count in rows {
                let result = ScrollBenchmark.run(rows: count, heights: heights, device: profile) { body in
                    let start = clock.now
                    body()
                    let duration = clock.now - start
                    return Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
                }
                table.append([
                    "\(count)", heights.rawValue, String(format: "%.0f", result.wallMs), "\(result.frames)",
                    String(format: "%.1f", result.virtualSeconds), "\(result.cellsCreated)",
                    "\(result.cellsConfigured)", "\(result.heightsComputed)",
                ])
                if let last = previous[heights] {
                    growth.append("\(heights.rawValue): \(String(format: "%.2f", result.wallMs / last))× the time of the previous size")
                }
                previous[heights] = result.wallMs
            }
        }
        print("listbench sim-bench: \(Terminal.build) build, device \(profile.name)\n")
        print(table.render(), terminator: "")
        for line in growth { print(line) }
    }
}
