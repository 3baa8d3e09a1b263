import Foundation
import Profiler
import Strategies
import Testing

/// Every shipped run's modeled figures are the same in every process and on
/// every machine: the shared fixture's runs (one per pair) against the
/// snapshots committed from another process (``GoldenSnapshots``,
/// `Golden/<device>/<scenario>.json`). Swift seeds its hashing anew in each
/// process, so an order that depends on hashing shows here; a run twice in
/// one process would not show it. A run that moved is named with every
/// figure that moved, old value first.
///
/// A change that moves modeled figures on purpose rewrites the snapshots:
/// `LISTBENCH_UPDATE_GOLDEN=1 swift test --filter GoldenDigestTests`. That
/// run fails after writing them (an update is never a pass); review
/// `git diff Tests/ProfilerTests/Golden`, bump `ListBenchVersion.costRules`
/// (`ModelVersionTests` says so), and run again without the variable.
@Suite("Golden snapshots of the shipped runs")
struct GoldenDigestTests {
    @Test func everyShippedRunMatchesItsSnapshotFromAnotherProcess() throws {
        var current: [String: [String: GoldenRun]] = [:]
        for file in shippedScenarioFiles {
            var runs: [String: GoldenRun] = [:]
            for name in StrategyCatalog.builtIn.names {
                runs[name] = try GoldenRun(try ShippedRuns.shared.run(name, file).metrics)
            }
            current[try GoldenSnapshots.relativePath(of: file)] = runs
        }
        let committed = try GoldenSnapshots.committedFiles()
        if GoldenSnapshots.updating {
            try rewrite(current, committed: committed)
            return
        }
        for stale in committed where current[stale] == nil {
            Issue.record("Golden/\(stale) is a snapshot of no shipped scenario on its device (rewrite the snapshots to remove it)")
        }
        for (path, runs) in current.sorted(by: { $0.key < $1.key }) {
            guard committed.contains(path) else {
                Issue.record("Golden/\(path) is missing: no snapshot of these runs was committed")
                continue
            }
            let snapshot = try GoldenSnapshots.read(path)
            for name in Set(snapshot.keys).union(runs.keys).sorted() {
                let run = "\(name) on \(path)"
                switch (snapshot[name], runs[name]) {
                case let (before?, after?) where before != after:
                    let moved = GoldenSnapshots.differences(before, after)
                    let shown = 20
                    let listed = moved.prefix(shown).joined(separator: "\n  ") + (moved.count > shown ? "\n  and \(moved.count - shown) more" : "")
                    Issue.record("\(run): modeled figures moved (committed → this run):\n  \(listed)")
                case (nil, _?):
                    Issue.record("\(run): not in the committed snapshot")
                case (_?, nil):
                    Issue.record("\(run): in the committed snapshot, but no built-in strategy has that name")
                default:
                    break
                }
            }
        }
    }

    /// A run that moved is named with each figure that moved, old value
    /// first, and a series by its sample count and digest.
    @Test func aRunThatMovedIsNamedWithEachFigureThatMoved() throws {
        let run = try ShippedRuns.shared.run("batch-updates", "restaurant-detail-load.json").metrics
        var moved = run
        moved.mainThreadBusyMs += 1
        moved.firstInconsistency = "attempt to delete row 3"
        moved.frameSeries.removeLast()
        let committed = try GoldenRun(run), current = try GoldenRun(moved)
        let series = { (golden: GoldenRun) -> String in
            guard case .object(let members) = golden.metrics, case .object(let frames)? = members["frameSeries"],
                  case .string(let digest)? = frames["digest"] else { return "none" }
            return digest
        }
        #expect(GoldenSnapshots.differences(committed, current) == [
            "firstInconsistency: absent → \"attempt to delete row 3\"",
            "frameSeries.digest: \"\(series(committed))\" → \"\(series(current))\"",
            "frameSeries.samples: \(run.frameSeries.count) → \(moved.frameSeries.count)",
            "mainThreadBusyMs: \(run.mainThreadBusyMs) → \(moved.mainThreadBusyMs)",
        ])
        #expect(committed.digest != current.digest)
        #expect(GoldenSnapshots.differences(committed, committed).isEmpty)
    }

    /// ``GoldenRun/init(_:)`` summarizes each series from the run itself;
    /// the snapshots were made by reading the whole run back first
    /// (``GoldenRun/readBack(_:)``). Both give the same run, series digests
    /// included, on a run whose series both hold samples.
    @Test func seriesDigestsMatchTheirReadBackForm() throws {
        let run = try ShippedRuns.shared.run("reload", "home-170.json").metrics
        #expect(!run.frameSeries.isEmpty && !run.memorySeries.isEmpty)
        #expect(try GoldenRun(run) == GoldenRun.readBack(run))
    }

    /// Writes every snapshot, removes those of no shipped run, and fails
    /// the test, saying how many changed.
    private func rewrite(_ current: [String: [String: GoldenRun]], committed: [String]) throws {
        var changed: [String] = []
        for (path, runs) in current.sorted(by: { $0.key < $1.key }) {
            let url = GoldenSnapshots.folder.appendingPathComponent(path)
            let text = try GoldenSnapshots.render(runs)
            if (try? Data(contentsOf: url)) != text { changed.append(path) }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, options: .atomic)
        }
        for stale in committed where current[stale] == nil {
            try FileManager.default.removeItem(at: GoldenSnapshots.folder.appendingPathComponent(stale))
            changed.append(stale + " (removed)")
        }
        let message = "LISTBENCH_UPDATE_GOLDEN=1: rewrote the \(current.count) golden snapshots, \(changed.count) of them changed"
            + (changed.isEmpty ? "" : " (\(changed.joined(separator: ", ")))")
            + ". This run fails so that an update is never taken for a pass: review `git diff Tests/ProfilerTests/Golden`, "
            + "then run the tests again without LISTBENCH_UPDATE_GOLDEN."
        Issue.record(Comment(rawValue: message))
    }
}
