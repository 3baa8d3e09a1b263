import Profiler
import Rendering

/// The reloadData write-up's library in the reports: `identifier-diff` as shipped (DataSources,
/// late 2017) and with listbench's minimal diff, side by side, each with what
/// it did.
extension ReportGenerator {
    /// The library as shipped (the default) and its minimal diff (an option).
    static let shippedLibrary = "identifier-diff"
    static let minimalLibrary = "identifier-diff:diff=minimal"

    /// The reloadData write-up's rows of the validation table on realtime-feed: the library's
    /// own result (it crashes where UIKit rejects its batch), then each
    /// published direction against the minimal diff, with the shipped run's
    /// figure beside it (up to its crash, when it crashed).
    ///
    /// - Complexity: O(1).
    static func libraryValidationRows(reload: RunMetrics?, shipped: RunMetrics?, minimal: RunMetrics?) -> [[String]] {
        func outcome(_ m: RunMetrics?) -> String {
            guard let m else { return "-" }
            return m.firstInconsistency.map { "\(m.status.rawValue): `\($0)`" } ?? m.status.rawValue
        }
        /// "before → minimal (shipped: x)", the shipped figure marked when its run stopped early.
        func figures(_ value: (RunMetrics) -> String) -> String {
            let until: String
            switch shipped?.status {
            case .completed?: until = ""
            case .crashed?: until = " until it crashed"
            default: until = " until its run stopped"
            }
            return "\(reload.map(value) ?? "-") → \(minimal.map(value) ?? "-") (\(shippedLibrary): \(shipped.map(value) ?? "-")\(until))"
        }
        func agrees(_ holds: Bool) -> String { holds ? "agrees" : "disagrees" }
        let versus = "reload → \(minimalLibrary)"
        return [
            ["reloadData", "smooth animated updates, no `reloadData` (the library, as of late 2017)",
             "\(shippedLibrary) (as shipped) → \(minimalLibrary)", "\(outcome(shipped)) → \(outcome(minimal))",
             shipped?.status == .completed ? "agrees" : "disagrees: the library as shipped crashes"],
            ["reloadData", "`reloadData` for every change is slow", "main thread (ms), \(versus)", figures { ms($0.mainThreadBusyMs) },
             agrees((reload?.mainThreadBusyMs ?? 0) > (minimal?.mainThreadBusyMs ?? .infinity))],
            ["reloadData", "smooth animated updates (the diffing library)", "hitches, \(versus) (animation itself is not modeled)",
             figures { "\($0.hitches)" }, agrees((reload?.hitches ?? 0) > (minimal?.hitches ?? 0))],
            ["reloadData", "`reloadData` makes the screen flicker", "unchanged cells rebuilt, \(versus)", figures { "\($0.unchangedCellsReloaded)" },
             agrees((reload?.unchangedCellsReloaded ?? 0) > (minimal?.unchangedCellsReloaded ?? 0))],
        ]
    }
}
