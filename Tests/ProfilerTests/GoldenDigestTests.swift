import Foundation
import Profiler
import Strategies
import Testing

/// A 64-bit FNV-1a digest of a run's modeled metrics, as sorted-key JSON.
private func digest(_ metrics: RunMetrics) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in try encoder.encode(metrics) {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

private let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/shipped-runs.txt")

/// Every shipped run's modeled figures are the same in every process and on
/// every machine: the shared fixture's runs (one per pair) against digests
/// committed from another process. Swift seeds its hashing anew in each
/// process, so an order that depends on hashing shows here; a run twice in
/// one process would not show it.
///
/// A change that moves modeled figures on purpose updates the digests:
/// `LISTBENCH_UPDATE_GOLDEN=1 swift test --filter GoldenDigestTests` (then
/// review `git diff Tests/ProfilerTests/Golden`: every line that changed is a
/// pair whose figures moved).
@Suite("Golden digests of the shipped runs")
struct GoldenDigestTests {
    @Test func everyShippedRunMatchesItsDigestFromAnotherProcess() throws {
        var lines: [String] = []
        for file in shippedScenarioFiles {
            for name in StrategyCatalog.builtIn.names {
                lines.append("\(try digest(try ShippedRuns.shared.run(name, file).metrics))  \(name) on \(file)")
            }
        }
        if ProcessInfo.processInfo.environment["LISTBENCH_UPDATE_GOLDEN"] == "1" {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: goldenFile, options: .atomic)
            return
        }
        let committed = try String(contentsOf: goldenFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = Dictionary(committed.map { line in (String(line.dropFirst(18)), line) }, uniquingKeysWith: { first, _ in first })
        for line in lines {
            let label = String(line.dropFirst(18))
            #expect(expected[label] == line, "\(label): modeled figures differ from the committed digest")
        }
        #expect(committed.count == lines.count, "the committed digests name \(committed.count) runs; the fixture made \(lines.count)")
    }
}
