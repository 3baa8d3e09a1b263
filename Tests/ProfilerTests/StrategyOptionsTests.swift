import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios
@testable import Strategies
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

/// Checks that `Value`'s option, as `descriptor` declares it, is generated
/// from the enum: its values are the cases' raw values in declaration order,
/// with the cases' meanings; its default is a case; and every value reads
/// back typed as the case it names.
private func expectGenerated<Value: StrategyOptionValue>(_ type: Value.Type, in descriptor: StrategyDescriptor) throws {
    let option = try #require(descriptor.options.first { $0.key == Value.key }, "\(descriptor.name): no option \(Value.key)")
    let raw = Value.allCases.map(\.rawValue)
    #expect(option.values == raw, "\(descriptor.name).\(Value.key)")
    #expect(option.choices.map(\.meaning) == Value.allCases.map(\.meaning), "\(descriptor.name).\(Value.key)")
    #expect(Set(raw).count == raw.count, "\(descriptor.name).\(Value.key): a value spelled twice")
    #expect(option.defaultValue == Value.defaultValue.rawValue && raw.contains(option.defaultValue), "\(descriptor.name).\(Value.key)")
    #expect(option.meaning == Value.meaning)
    #expect(descriptor.configuration.value(of: Value.self).rawValue == Value.defaultValue.rawValue)
    for value in Value.allCases {
        let configured = try descriptor.configured([StrategySpec.Setting(key: Value.key, value: value.rawValue)])
        #expect(configured.configuration.value(of: Value.self).rawValue == value.rawValue, "\(configured.name)")
    }
}

@Suite("Strategy options")
struct StrategyOptionsTests {
    /// Every option of every built-in strategy is generated from its enum, in
    /// declaration order: no option is written as strings, so the listing,
    /// the spec parser and the builder cannot disagree on a spelling.
    @Test func everyOptionIsGeneratedFromItsEnum() throws {
        let enums: [String: [any StrategyOptionValue.Type]] = [
            "reload": [ImageDecoding.self, ChatPosition.self, TopInserts.self, UIKitSurface.self, CollectionLayoutChoice.self],
            "batch-updates": [BatchUpdatesStrategy.PageAppends.self, BatchUpdatesStrategy.Mutation.self, ImageDecoding.self, ChatPosition.self,
                              TopInserts.self, UIKitSurface.self, CollectionLayoutChoice.self],
            "identifier-diff": [IdentifierDiffStrategy.Diff.self, IdentifierDiffStrategy.Throttle.self,
                                IdentifierDiffStrategy.IsEqual.self, IdentifierDiffStrategy.Updates.self, ImageDecoding.self, ChatPosition.self, TopInserts.self,
                                IdentifierDiffStrategy.Surface.self, CollectionLayoutChoice.self],
            "cellbinder": [CellBinderStrategy.Sizing.self, ImageDecoding.self, ChatPosition.self, TopInserts.self, UIKitSurface.self, CollectionLayoutChoice.self],
            "row-ids": [RowIDsStrategy.SurplusDeletion.self, ImageDecoding.self, ChatPosition.self, TopInserts.self, UIKitSurface.self, CollectionLayoutChoice.self],
            "diffable-ids": [DiffableIDsStrategy.Equality.self, ImageDecoding.self, ChatPosition.self, TopInserts.self, UIKitSurface.self,
                             CollectionLayoutChoice.self],
            "texture": [TextureCells.self, TopInserts.self, TextureSurface.self],
            "texture-placeholders": [TextureCells.self, TopInserts.self, TextureSurface.self],
            "monolithic-cells": [CellLayout.self, MonolithicCellsStrategy.Processing.self, ImageDecoding.self, ChatPosition.self, TopInserts.self,
                                 UIKitSurface.self, CollectionLayoutChoice.self],
            "viewmodel-cells": [ViewModelCellsStrategy.Heights.self, ViewModelCellsStrategy.Configure.self, CellLayout.self,
                                ImageDecoding.self, ChatPosition.self, TopInserts.self, UIKitSurface.self, CollectionLayoutChoice.self],
            "swiftui-list": [SwiftUIRows.self, SwiftUIRowViews.self, SwiftUIIdentityModifier.self, TopInserts.self],
            "swiftui-lazyvstack": [SwiftUIRows.self, SwiftUIRowViews.self, SwiftUIOffscreenViews.self, SwiftUIHeights.self, SwiftUINesting.self,
                                   TopInserts.self],
        ]
        let catalog = StrategyCatalog.builtIn
        #expect(Set(enums.keys) == Set(catalog.names))
        for descriptor in catalog.entries {
            let types = try #require(enums[descriptor.name])
            #expect(descriptor.options == types.map { $0.option }, "\(descriptor.name)")
            for type in types { try expectGenerated(type, in: descriptor) }
        }
    }

    /// A row is named by its canonical spec: the options that differ from their defaults, in declaration order.
    /// A numeric option takes any number in its range, named canonically;
    /// one past it is refused naming the range, and a number that spells a
    /// named value is that value.
    @Test func aNumericOptionTakesItsRange() throws {
        let catalog = StrategyCatalog.builtIn
        #expect(try catalog.named("identifier-diff:throttle=333").name == "identifier-diff:throttle=333")
        #expect(try catalog.named("identifier-diff:throttle=333.0").name == "identifier-diff:throttle=333")
        #expect(try catalog.named("identifier-diff:throttle=100.0").name == "identifier-diff")
        #expect(try catalog.named("identifier-diff:throttle=0.5e3").name == "identifier-diff:throttle=500")
        #expect(throws: StrategyCatalogError.self) { try catalog.named("identifier-diff:throttle=20000") }
        do {
            _ = try catalog.named("identifier-diff:throttle=20000")
        } catch {
            #expect(error.description == "identifier-diff: throttle=20000 is out of range; allowed 1...10000 ms, or 100, none")
        }
        do {
            _ = try catalog.named("identifier-diff:throttle=soon")
        } catch {
            #expect(error.description == "identifier-diff: 'soon' is not a value of throttle; its values: 100, none, or a number in 1...10000 ms")
        }
        // A named-values option takes no number.
        #expect(throws: StrategyCatalogError.self) { try catalog.named("identifier-diff:updates=3") }
        // The number is the interval: a longer throttle holds the changes longer.
        let short = try run("identifier-diff:diff=minimal,throttle=50", "realtime-feed.json")
        let long = try run("identifier-diff:diff=minimal,throttle=2000", "realtime-feed.json")
        #expect(short.status == .completed && long.status == .completed)
        #expect(try #require(long.completionMs) > #require(short.completionMs))
    }

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
        let descriptor = StrategyDescriptor(name: "twice", summary: "s", options: [option("a"), option("b")]) { context, _ in
            ReloadStrategy(simulation: context.simulation)
        }
        #expect(descriptor.configuration["k"] == "a")
        #expect(try descriptor.configured([StrategySpec.Setting(key: "k", value: "b")]).name == "twice:k=b")
    }

    @Test func badSpecsGetOneClearMessage() {
        let catalog = StrategyCatalog.builtIn
        let cases: [(String, String)] = [
            ("identifier-diff:isEqual=nope", "identifier-diff: 'nope' is not a value of isEqual; its values: content, id"),
            ("identifier-diff:isEqaul=id", "identifier-diff has no option 'isEqaul'; its options: diff, throttle, isEqual, updates, images, position, topInserts, surface, collectionLayout; did you mean 'isEqual'?"),
            ("reload:fast=yes", "reload has no option 'fast'; its options: images"), ("texture:fast=yes", "texture has no option 'fast'; its options: cells"),
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

    /// When the reports go to zero the published code takes its
    /// `else if reportData.isEmpty` branch: every report(i) row is deleted and
    /// the header and "no reports" rows are added. So the published variant
    /// completes there, showing the `noReports` row, as the fixed one does.
    @Test func rowIDsReportsGoingToZeroShowTheNoReportsRowInBothVariants() throws {
        let text = """
            {"version": 1, "name": "reports-to-zero", "description": "six reports, then none", "reproduces": "none", "seed": 1,
             "data": {"template": "restaurant-detail", "state": {}},
             "world": [
               {"kind": "state", "atMs": 120, "state": {"restaurant": true, "reports": 6, "reportsPageMax": 10}},
               {"kind": "state", "atMs": 1500, "state": {"reports": 0}}],
             "steps": [
               {"kind": "waitForWorld", "throughMs": 120},
               {"kind": "scroll", "to": "end", "velocity": 1500},
               {"kind": "waitForWorld", "throughMs": 1500},
               {"kind": "wait", "ms": 500},
               {"kind": "scrollToTop"},
               {"kind": "scroll", "to": "end", "velocity": 1500}]}
            """
        let scenario = try Scenario.decode(Array(text.utf8))
        for spec in ["row-ids", "row-ids:surplusDeletion=fixed"] {
            let result = try run(spec, scenario)
            #expect(result.status == .completed, "\(spec): \(result.firstInconsistency ?? "")")
            #expect(result.inconsistencies == 0 && result.staleRows == 0, "\(spec)")
            #expect(result.rowsNeverDisplayed == 0, "\(spec)")
        }
        // What was owed and shown at the end: the header and the no-reports row, no report(i).
        let last = DetailTemplate.build(DetailState(values: ["restaurant": 1, "reports": 0, "reportsPageMax": 10]))
        let kinds = try #require(last.first { $0.id == "reports" }).items.map(\.kind)
        #expect(kinds == [.reportHeader, .noReports])
    }

    /// No write-up says where images decode. By default (UIKit's own way)
    /// every UIKit strategy decodes on main; with `images=background` (an
    /// image library's way) the same decoding moves to the workers, main
    /// keeps none of it, and every row is still shown with its images.
    @Test(arguments: ["reload", "batch-updates", "identifier-diff", "cellbinder", "row-ids", "diffable-ids", "monolithic-cells", "viewmodel-cells"])
    func imagesDecodeOnMainUnlessALibraryDecodesThemOffMain(_ strategy: String) throws {
        func decoding(_ shares: [CostBreakdown.CategoryShare]?) -> Double { shares?.first { $0.category == .imageDecoding }?.ms ?? 0 }
        let scenario = "restaurant-detail-load.json"
        let main = try run(strategy, scenario)
        let background = try run("\(strategy):images=background", scenario)
        #expect(decoding(main.breakdown?.main) > 0 && decoding(main.breakdown?.background) == 0)
        #expect(decoding(background.breakdown?.main) == 0 && decoding(background.breakdown?.background) > 0)
        #expect(background.status == .completed && background.rowsNeverDisplayed == 0 && background.staleRows == 0)
        #expect(background.mainThreadBusyMs < main.mainThreadBusyMs)
    }

    /// The library reloaded updated rows (a new cell each); reconfiguring keeps the cell.
    @Test func reloadingUpdatedRowsMakesNewCellsWhereReconfiguringKeepsThem() throws {
        let reload = try run("identifier-diff", try updatesOnScreen())
        let reconfigure = try run("identifier-diff:updates=reconfigure", try updatesOnScreen())
        // A reload dequeues a cell for each of the three rows (the old ones animate out); a reconfigure reuses them.
        #expect(reload.cellsCreated + reload.cellsReused > reconfigure.cellsCreated + reconfigure.cellsReused)
        #expect(reload.staleRows == 0 && reconfigure.staleRows == 0)
    }

    /// Seed #3: items hashable by id only. On the realtime feed an updated
    /// post equals its old self, so the snapshot keeps the old value and its
    /// row stays stale, with no inconsistency; hashing the content, neither.
    @Test func diffableIDsLeaveUpdatedRowsStaleUnlessEqualityComparesContent() throws {
        let byID = try run("diffable-ids", "realtime-feed.json")
        let byContent = try run("diffable-ids:equality=content", "realtime-feed.json")
        #expect(byID.staleRows > 0 && byID.inconsistencies == 0 && byID.status == .completed)
        #expect(byContent.staleRows == 0 && byContent.inconsistencies == 0 && byContent.status == .completed)
    }

    /// As published, a binder reads the height of a cell it has not bound:
    /// rows get the nib's height or the height of whatever the reused cell
    /// showed last, so displayed rows clip or pad their content. Bound first, none do.
    @Test func cellBinderSizesRowsWithUnboundCellsAsPublished() throws {
        let published = try run("cellbinder", "restaurant-detail-load.json")
        let bound = try run("cellbinder:sizing=bound", "restaurant-detail-load.json")
        #expect(try #require(published.misSizedRows) > 0)
        #expect(bound.misSizedRows == 0)
        // Both size every row on every state; only what the sizing cell holds differs.
        #expect(bound.heightsComputed == published.heightsComputed)
        #expect(bound.cellsConfigured > published.cellsConfigured)
    }

    /// Seed #4 measured heights on the UI thread; computing them in the
    /// factory (the further idea) moves that work off main.
    @Test func viewModelHeightsOnMainAsMeasuredOrInTheFactory() throws {
        let main = try run("viewmodel-cells", "timeline-200.json")
        let background = try run("viewmodel-cells:heights=background", "timeline-200.json")
        #expect(main.mainThreadBusyMs > background.mainThreadBusyMs)
        #expect(main.backgroundBusyMs < background.backgroundBusyMs)
        #expect(main.rowsNeverDisplayed == 0 && background.rowsNeverDisplayed == 0)
    }

    /// The old timeline design decodes post data in the background too (at
    /// high priority), so its background time is not zero; Auto Layout or
    /// manual layout is the same choice on both designs.
    @Test func monolithicCellsDecodeInTheBackgroundAndShareTheLayoutEngine() throws {
        let published = try run("monolithic-cells", "timeline-200.json")
        let manual = try run("monolithic-cells:layout=manual", "timeline-200.json")
        #expect(published.backgroundBusyMs > 0)
        #expect(manual.mainThreadBusyMs < published.mainThreadBusyMs)
        let catalog = StrategyCatalog.builtIn
        for name in ["monolithic-cells", "viewmodel-cells"] {
            #expect(try catalog.named(name).configuration["layout"] == "autolayout")
        }
    }

    /// Configured in willDisplay (the further idea), a row that is
    /// reconfigured keeps its cell and gets no willDisplay: it stays stale.
    @Test func configuringInWillDisplayMissesReconfiguredRows() throws {
        let dequeue = try run("viewmodel-cells", try updatesOnScreen())
        let willDisplay = try run("viewmodel-cells:configure=willDisplay", try updatesOnScreen())
        #expect(dequeue.staleRows == 0)
        #expect(willDisplay.staleRows > 0 && willDisplay.inconsistencies == 0)
    }
}

/// A change the app's own model cannot place fails the run in words that
/// say it is the app's array, not a UIKit or Texture check (issue 39).
@Suite("The app's own data")
struct OwnDataMessageTests {
    @Test func theMessageSaysItIsTheAppsOwnData() throws {
        let simulation = Simulation(device: try DeviceProfile.standard())
        var store = DataStore([DataSection(id: "feed", items: [Item(id: 1)])])
        let applied = store.apply(.delete(id: 77, section: 0, index: 0), failingRunOf: simulation)
        #expect(!applied)
        let message = try #require(simulation.inconsistencies.first?.message)
        #expect(message == "the app's own data, not a UIKit or Texture check (its array code would trap: \"Fatal error: Index out of range\"): "
            + "cannot apply the data change delete of item 77 at section 0, index 0: item 77 is not in the data")
    }
}
