import Foundation
import Testing

/// The benchmark set's committed figures (`Benchmarks/figures.tsv`, what
/// `Benchmarks/run` prints its measurements beside) are the ones
/// docs/performance.md states, so that neither drifts from the other.
@Suite("Benchmark figures")
struct BenchmarkFiguresTests {
    @Test func everyCommittedFigureIsTheOneTheDocsState() throws {
        let table = try String(contentsOf: root.appendingPathComponent("Benchmarks/figures.tsv"), encoding: .utf8)
        let docs = try String(contentsOf: root.appendingPathComponent("docs/performance.md"), encoding: .utf8)
        let rows = table.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            .filter { !$0.isEmpty && $0[0] != "name" && !$0[0].hasPrefix("#") }
        #expect(rows.count >= 5)
        let script = try String(contentsOf: root.appendingPathComponent("Benchmarks/run"), encoding: .utf8)
        for row in rows {
            #expect(row.count >= 4, "\(row)")
            guard row.count >= 4 else { continue }
            let (name, unit, figure) = (row[0], row[1], row[2])
            #expect(Double(figure) != nil, "\(name): '\(figure)' is not a number")
            // The docs' table of the benchmark set: | `name` | unit | figure | …
            #expect(docs.contains("| `\(name)` | \(unit) | \(figure) |"), "docs/performance.md does not state \(name) = \(figure) \(unit)")
            // And Benchmarks/run knows how to measure it.
            #expect(script.contains("\(name))") || script.contains("|\(name)") || script.contains("\(name)|"), "Benchmarks/run has no case for \(name)")
        }
    }
}
