import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

private func run(_ spec: String, _ file: String) throws -> RunMetrics {
    try run(spec, try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path))
}

/// 30 posts on screen; the world updates the top three while the user waits.
private func updatesOnScreen() throws -> Scenario {
    let text = """
        {"version": 1, "name": "updates-on-screen", "description": "the top posts change while shown", "reproduces": "none", "seed": 3,
         "data": {"sections": [{"id": "feed", "generate": 30}]},
         "world": [{"kind": "change", "atMs": 1000, "op": "update", "count": 3, "at": "top", "section": "feed"}],
         "steps": [{"kind": "wait", "ms": 3000}]}
        """
    return try Scenario.decode(Array(text.utf8))
}

private func run(_ spec: String, _ scenario: Scenario) throws -> RunMetrics { try modeledRun(spec, scenario) }

@Suite("Strategy options")
struct StrategyOptionsTests {
    /// A row is named by its canonical spec: the options that differ from their defaults, in declaration order.
    @Test func specsHaveOneCanonicalName() throws {
        let catalog = StrategyCatalog.builtIn
        #expect(try catalog.named("identifier-diff").name == "identifier-diff")
        #expect(try catalog.named("identifier-diff:updates=reload,isEqual=content").name == "identifier-diff")
        #expect(try catalog.named("identifier-diff:updates=reconfigure,isEqual=id").name == "identifier-diff:isEqual=id,updates=reconfigure")
        #expect(try catalog.named("identifier-diff:updates=reconfigure").configuration["isEqual"] == "content")
        // The canonical name resolves to the same configuration (what a worker process is handed).
        let variant = try catalog.named("identifier-diff:updates=reconfigure,isEqual=id")
        #expect(try catalog.named(variant.name).configuration == variant.configuration)
    }

    /// A package's descriptor that declares a key twice is not a trap: the first declaration counts.
    @Test func aKeyDeclaredTwiceKeepsItsFirstDeclaration() throws {
        let option = { (value: String) in StrategyOption(key: "k", meaning: "m", choices: [StrategyChoice("a", ""), StrategyChoice("b", "")], default: value) }
        let descriptor = StrategyDescriptor(name: "twice", summary: "s", options: [option("a"), option("b")]) { simulation, _ in
            ReloadStrategy(simulation: simulation)
        }
        #expect(descriptor.configuration["k"] == "a")
        #expect(try descriptor.configured([StrategySpec.Setting(key: "k", value: "b")]).name == "twice:k=b")
    }

    @Test func badSpecsGetOneClearMessage() {
        let catalog = StrategyCatalog.builtIn
        let cases: [(String, String)] = [
            ("identifier-diff:isEqual=nope", "identifier-diff: 'nope' is not a value of isEqual; its values: content, id"),
            ("identifier-diff:isEqaul=id", "identifier-diff has no option 'isEqaul'; its options: isEqual, updates; did you mean 'isEqual'?"),
            ("reload:fast=yes", "reload has no option 'fast'; it takes no options"),
            ("identifier-diff:updates", "'updates' is not key=value"),
            ("identifier-diff:updates=reload,updates=reconfigure", "'updates' is given twice"),
            (":updates=reload", "no strategy name"),
            ("identifer-diff", "unknown strategy 'identifer-diff'"),
        ]
        for (spec, fragment) in cases {
            do {
                _ = try catalog.named(spec)
                Issue.record("accepted: \(spec)")
            } catch {
                #expect(error.description.contains(fragment), "\(spec): \(error.description)")
            }
        }
    }

    /// Seed #2's example passes `isEqual: { $0.id == $1.id }`: the diff sees no
    /// updates, so rows whose content changed stay stale; comparing content, none do.
    @Test func identityOnlyEqualityLeavesChangedRowsStale() throws {
        let byContent = try run("identifier-diff", try updatesOnScreen())
        let byID = try run("identifier-diff:isEqual=id", try updatesOnScreen())
        #expect(byContent.staleRows == 0 && byContent.inconsistencies == 0)
        #expect(byID.staleRows > 0)
        #expect(byID.inconsistencies == 0)
    }

    /// The hand-written pattern inserts a page's rows; appending pages with
    /// `reloadData` makes it `reload` under another name (its estimates reset and the content jumps).
    @Test func batchUpdatesInsertPagesUnlessToldToReload() throws {
        let inserting = try run("batch-updates", "home-170.json")
        let reloading = try run("batch-updates:pageAppends=reloadData", "home-170.json")
        let reload = try run("reload", "home-170.json")
        #expect(inserting.scrollJumpPoints == 0 && inserting.unchangedCellsReloaded == 0)
        #expect(reload.scrollJumpPoints > 0)
        #expect(reloading == reload)
    }

    /// The published surplus deletion keeps report(newCount) when the reports
    /// shrink; configuring that row again reads past the data: Swift's trap,
    /// recorded as the simulated crash. Fixed, the visit completes clean.
    @Test func rowIDsKeepsAReportRowPastTheDataAsPublished() throws {
        let published = try run("row-ids", "restaurant-detail.json")
        let fixed = try run("row-ids:surplusDeletion=fixed", "restaurant-detail.json")
        #expect(published.status == .crashed && published.firstInconsistency == "Fatal error: Index out of range")
        #expect(fixed.status == .completed && fixed.inconsistencies == 0 && fixed.staleRows == 0)
    }

    /// The library reloaded updated rows (a new cell each); reconfiguring keeps the cell.
    @Test func reloadingUpdatedRowsMakesNewCellsWhereReconfiguringKeepsThem() throws {
        let reload = try run("identifier-diff", try updatesOnScreen())
        let reconfigure = try run("identifier-diff:updates=reconfigure", try updatesOnScreen())
        // A reload dequeues a cell for each of the three rows (the old ones animate out); a reconfigure reuses them.
        #expect(reload.cellsCreated + reload.cellsReused > reconfigure.cellsCreated + reconfigure.cellsReused)
        #expect(reload.staleRows == 0 && reconfigure.staleRows == 0)
    }
}
