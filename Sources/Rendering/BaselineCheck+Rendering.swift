import Foundation
import Profiler

extension BaselineCheck {
    /// A terminal summary: regressions, then improvements, then the runs
    /// with different inputs, then unmatched results, then notes.
    ///
    /// - Complexity: O(changes + unmatched + differentInputs).
    public func render() -> String {
        func line(_ change: BaselineChange) -> String {
            let percent = (change.changePercent.map { String(format: "%+.1f%%", $0) } ?? "new") + (change.perItemShown == true ? " per item shown" : "")
            return "  \(change.scenario) on \(change.device) × \(change.strategy): \(change.metric) [\(change.kind.rawValue)] "
                + "\(change.text(change.baseline)) → \(change.text(change.current)) (\(percent))\n"
        }
        // Versions first: every figure below is read in their light.
        var out = versions.isEmpty ? "" : "The baseline was saved by another listbench: \(versions.map(\.description).joined(separator: ", ")).\n"
        out += "Against the baseline (threshold \(String(format: "%g", thresholdPercent))%): "
            + "\(regressions.count) regression\(regressions.count == 1 ? "" : "s"), "
            + "\(improvements.count) improvement\(improvements.count == 1 ? "" : "s")"
            + (differentInputs.isEmpty ? "" : ", \(differentInputs.count) run\(differentInputs.count == 1 ? "" : "s") with different inputs not compared")
            + "\n"
        if !regressions.isEmpty { out += "Regressions:\n" + regressions.map(line).joined() }
        if !improvements.isEmpty { out += "Improvements:\n" + improvements.map(line).joined() }
        if !differentInputs.isEmpty {
            out += "Different inputs (not compared; save a new baseline from these inputs):\n"
                + differentInputs.map { "  \($0.description)\n" }.joined()
        }
        if !editedInputs.isEmpty {
            out += "Compared across an edit of the inputs (what changed):\n" + editedInputs.map { edit in
                let shown = 8
                let more = edit.changes.count - min(shown, edit.changes.count)
                return "  \(edit.run): " + edit.changes.prefix(shown).joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "") + "\n"
            }.joined()
        }
        if !unmatched.isEmpty { out += "Not compared:\n" + unmatched.map { "  \($0)\n" }.joined() }
        out += notes.map { "Note: \($0).\n" }.joined()
        return out
    }
}

extension BaselineChange {
    /// One side's figure as tables show it: the metric's value formatted
    /// (``Metric/format(_:)``), or the status text.
    public func text(_ value: BaselineValue) -> String {
        switch (value, metric) {
        case let (.value(number), .metric(id)): return Metric(id).format(number)
        case let (.value(number), .status): return number.map { String($0) } ?? "-"
        case let (.status(text), _): return text
        }
    }
}
