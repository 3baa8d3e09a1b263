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

    /// A run's outcome as the tables quote it: its status, and its first inconsistency's words.
    static func outcome(_ m: RunMetrics?) -> String {
        guard let m else { return "-" }
        return m.firstInconsistency.map { "\(m.status.rawValue): `\($0)`" } ?? m.status.rawValue
    }

    /// The library on the write-up's surfaces: UICollectionView (the
    /// write-up's own focus, the default), Texture's ASCollectionNode (the
    /// write-up's app) and UITableView, each with the library's default
    /// equality and the example code's (identity only).
    static let librarySurfaces: [(surface: String, spec: String, identitySpec: String)] = [
        ("UICollectionView (the write-up's focus; the default)", shippedLibrary, "identifier-diff:isEqual=id"),
        ("ASCollectionNode (the write-up's app, Pairs Global)", "identifier-diff:surface=texture-collection",
         "identifier-diff:isEqual=id,surface=texture-collection"),
        ("UITableView", "identifier-diff:surface=table", "identifier-diff:isEqual=id,surface=table"),
    ]

    /// The specs of ``librarySurfaces``, for the run plan.
    static var librarySurfaceSpecs: [String] { librarySurfaces.flatMap { [$0.spec, $0.identitySpec] } }

    /// The validation section of the library on its surfaces, on realtime-feed (iPhone 15).
    ///
    /// - Complexity: O(1).
    static func librarySurfacesValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        func metrics(_ spec: String) -> RunMetrics? { all.result("realtime-feed", "iphone-15", spec)?.metrics }
        func logged(_ m: RunMetrics?) -> String {
            guard let m, let first = m.firstLoggedMessage else { return "-" }
            return "\(m.loggedMessages ?? 1): `\(first)`"
        }
        var rows: [[String]] = []
        for entry in librarySurfaces {
            for (reading, spec) in [("content (the library's default; the write-up's prose)", entry.spec), ("identity only (the example's `isEqual`)", entry.identitySpec)] {
                let m = metrics(spec)
                rows.append([entry.surface, reading, "`\(spec)`", outcome(m), ms(m?.mainThreadBusyMs), m.map { "\($0.hitches)" } ?? "-",
                             m.map { "\($0.staleRows)" } ?? "-", logged(m)])
            }
        }
        // The first entry is the write-up's own surface.
        let own = metrics(librarySurfaces[0].spec)
        let identity = metrics(librarySurfaces[0].identitySpec)
        let verdict: String
        switch (own?.status, identity?.status) {
        case (.completed?, _): verdict = "agrees: the library as shipped completes on the write-up's own surface"
        case (_, .completed?):
            verdict = "disagrees with the library's default equality, which crashes on the write-up's own surface; "
                + "with the example's identity-only `isEqual` the run completes, because no change is ever an update "
                + "(stale rows counted at the ends of steps: \(identity?.staleRows ?? 0))"
        default: verdict = "disagrees: the library crashes on the write-up's own surface with either equality"
        }
        return [
            .heading(try words(prose, "validation.surfaces.heading")),
            .paragraph(try words(prose, "validation.surfaces.method")),
            .table(headers: ["surface", "isEqual", "spec", "outcome", "main ms", "hitches", "stale", "logged without crashing"], rows: rows),
            .paragraph(try words(prose, "validation.surfaces.verdict", ["verdict": verdict])),
            .paragraph(try words(prose, "validation.surfaces.mechanism")),
        ]
    }
}
