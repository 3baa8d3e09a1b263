import Foundation
import Rendering
import Statistics

extension DiffBenchReport {
    /// The report as a terminal table, with a header stating what was measured and how.
    public func renderTable() -> String {
        var out = "listbench diff-bench: measured on this host (wall time, \(build) build)\n"
        out += "listbench: \(options.repetitions) runs per case; CollectionDifference: "
        out += options.referenceRepetitions > 0
            ? "\(options.referenceRepetitions) runs per case (difference(from:).inferringMoves()); "
            : "not measured; "
        out += "spread evenly among listbench's, after \(options.warmup) warm-up run(s); seed \(options.seed)\n"
        if build != "release" {
            out += "warning: a \(build) build; figures are not representative. Use `swift run -c release`.\n"
        }
        out += "\n"
        var table = TextTable(
            headers: ["case", "elements", "diff", "median ms", "p90 ms", "min ms", "max ms", "MAD ms",
                      "deletes", "inserts", "moves", "stages"],
            alignments: [.left, .right, .left] + Array(repeating: .right, count: 9))
        for result in results {
            let c = result.benchCase
            let shape = "\(c.count)→\(c.newCount)"
            table.append([c.name, shape, "listbench"] + Self.cells(result.ours) + Self.cells(result.oursCounts))
            if let reference = result.reference, let counts = result.referenceCounts {
                table.append(["", "", "CollectionDifference"] + Self.cells(reference) + Self.cells(counts, stages: "-"))
            }
        }
        out += table.render()
        out += "\n"
        for result in results {
            let c = result.benchCase
            var line = "\(c.name): \(c.count) elements, \(c.deleteStart)..<\(c.deleteStart + c.deleted) deleted, "
            line += "\(c.inserted) inserted at \(c.insertAt), 0..<\(c.shuffled) shuffled."
            if result.speedup == nil, options.referenceRepetitions > 0, let limit = c.maximumReferenceRepetitions,
                limit < options.referenceRepetitions {
                line += limit == 0 ? " CollectionDifference not run on this case (minutes per run\(DiffBenchCase.standard.contains(c) ? "" : "; --reference-repetitions N runs it"))."
                    : " CollectionDifference: \(limit) runs on this case."
            }
            if let speedup = result.speedup {
                line += " listbench is \(Self.format(speedup.ratio, digits: 1))× faster than CollectionDifference"
                line += " (95% CI \(Self.format(speedup.low, digits: 1))–\(Self.format(speedup.high, digits: 1)))."
            }
            if let peak = result.peakExtraBytes, let perElement = result.peakExtraBytesPerElement {
                line += " Peak extra memory: \(Self.formatBytes(peak)) (\(Self.format(perElement, digits: 1)) bytes per element)."
            }
            out += line + "\n"
        }
        out += "Memory: \(memoryMethod)\n"
        let referenceRan = results.contains { $0.referenceCounts != nil }
        out += referenceRan ? "Both diffs verified before timing: " : "Verified before timing: "
        out += "listbench's stages passed the simulator's batch-update validation and rebuilt the new list"
        out += referenceRan ? "; CollectionDifference applied.\n" : ".\n"
        return out
    }

    /// The report as pretty-printed JSON (keys sorted, so output is stable).
    public func renderJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        return (String(data: data, encoding: .utf8) ?? "") + "\n"
    }

    static func cells(_ summary: SampleSummary) -> [String] {
        [summary.median, summary.p90, summary.min, summary.max, summary.mad].map { format($0, digits: 3) }
    }

    static func cells(_ counts: DiffCounts, stages: String? = nil) -> [String] {
        ["\(counts.deletes)", "\(counts.inserts)", "\(counts.moves)", stages ?? "\(counts.stages)"]
    }

    static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func formatBytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? format(Double(bytes) / Double(1 << 20), digits: 1) + " MiB"
            : format(Double(bytes) / 1024, digits: 1) + " KiB"
    }
}
