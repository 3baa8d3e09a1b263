import Foundation
import ListData
import ListDiff
@testable import ListSimulator
import Profiler
import Scenarios
@testable import Strategies
import Testing

/// A strategy of the catalog in a fresh app on `device`, its surface laid out each frame.
private func app(_ spec: String, device: String = "iphone-15", iOS: Int? = nil) throws -> (Simulation, any ListStrategy) {
    var profile = try DeviceProfile.shipped(named: device)
    if let iOS { profile = try profile.running(iOS: iOS) }
    let simulation = Simulation(device: profile)
    let strategy = try StrategyCatalog.builtIn.named(spec).make(AppContext(simulation: simulation))
    simulation.clock.frameHandler = { _ in strategy.surface.layoutIfNeeded() }
    return (simulation, strategy)
}

private func settle(_ simulation: Simulation, ms: Double = 1000) {
    simulation.clock.run(until: simulation.clock.now + Sim.ms(ms))
}

/// The main thread's modeled time in `category`, in microseconds.
private func mainMicroseconds(_ simulation: Simulation, _ category: CostCategory) -> Double {
    Double(simulation.clock.mainByCategory[category]) / 1_000
}

@Suite("SwiftUI: List and LazyVStack")
struct SwiftUIStrategyTests {
    /// WWDC23 session 10160: "all the IDs of List and Table are gathered
    /// eagerly" and compared. One changed item costs `swiftui-list` every
    /// row's identifier and an identifier diff of both lists, so the cost of
    /// the same one-item update doubles with the list; `swiftui-lazyvstack`
    /// ("a minimal check for changes in the visible views", WWDC26) gathers none.
    @Test func listCostPerUpdateGrowsWithTheListAsItsRuleSays() throws {
        func oneUpdate(_ spec: String, rows: Int) throws -> Double {
            let (simulation, strategy) = try app(spec)
            strategy.load([DataSection(id: "feed", items: (0..<rows).map { Item(id: $0) })])
            settle(simulation)
            let before = mainMicroseconds(simulation, .diffing)
            strategy.receive([.update(id: rows - 1, section: 0, index: rows - 1, version: 1, textLength: 200)])
            settle(simulation)
            return mainMicroseconds(simulation, .diffing) - before
        }
        let costs = try DeviceProfile.shipped(named: "iphone-15").costs
        for rows in [25_000, 50_000, 100_000] {
            let expected = Double(rows) * costs.listIdentifierMicroseconds.value + Double(2 * rows) * costs.diffPerItemMicroseconds.value
            #expect(abs(try oneUpdate("swiftui-list", rows: rows) - expected) < 1, "\(rows) rows")
            #expect(try oneUpdate("swiftui-lazyvstack", rows: rows) == 0)
        }
    }

    /// The same rule on the shipped large-list: twice the items, twice the
    /// list's diffing (its five world changes keep the count), while the
    /// lazy stack's stays at none.
    @Test func onLargeListTheListsDiffingDoublesWithTheItems() throws {
        func diffing(_ spec: String, posts: Int) throws -> Double {
            let shipped = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("large-list.json").path)
            let generated = try shipped.setting(.posts, to: String(posts)).generate()
            let metrics = ScenarioRunner(generated: generated, device: try DeviceProfile.standard(),
                                         strategy: try StrategyCatalog.builtIn.named(spec)).run()
            #expect(metrics.status == .completed)
            return metrics.breakdown?.main.first { $0.category == .diffing }?.ms ?? 0
        }
        let small = try diffing("swiftui-list", posts: 20_000), large = try diffing("swiftui-list", posts: 40_000)
        #expect(small > 0)
        #expect(abs(large / small - 2) < 0.01, "\(small) ms, then \(large) ms")
        #expect(try diffing("swiftui-lazyvstack", posts: 20_000) == 0)
    }

    /// `List` is a collection view from iOS 16 and a table view before
    /// (SwiftUI-Introspect's mapping), its rows in hosting cells.
    @Test func listRunsOnACollectionViewFromIOS16() throws {
        let (_, modern) = try app("swiftui-list")
        #expect((modern.surface as? TableView)?.kind == .collection)
        let (_, older) = try app("swiftui-list", device: "iphone-7")
        #expect((older.surface as? TableView)?.kind == .table)
    }

    /// A row that holds a closure cannot be compared: every update
    /// evaluates each row on screen again; plain rows only the changed one.
    @Test func rowsHoldingClosuresAreEvaluatedOnEveryUpdate() throws {
        func configured(_ spec: String) throws -> Int {
            let (simulation, strategy) = try app(spec)
            strategy.load([DataSection(id: "feed", items: (0..<100).map { Item(id: $0) })])
            settle(simulation)
            let before = simulation.counters.cellsConfigured
            strategy.receive([.update(id: 0, section: 0, index: 0, version: 1, textLength: 50)])
            settle(simulation)
            return simulation.counters.cellsConfigured - before
        }
        #expect(try configured("swiftui-list") == 1)
        #expect(try configured("swiftui-list:rows=closures") > 3)
        #expect(try configured("swiftui-lazyvstack") == 1)
        #expect(try configured("swiftui-lazyvstack:rows=closures") > 3)
    }

    /// `rowViews=variable` (and `.id()` on List) builds every row on an update, so its cost grows with the list.
    @Test func aVariableViewCountBuildsEveryRow() throws {
        func configuration(_ spec: String) throws -> Double {
            let (simulation, strategy) = try app(spec)
            strategy.load([DataSection(id: "feed", items: (0..<2_000).map { Item(id: $0) })])
            settle(simulation)
            let before = mainMicroseconds(simulation, .configuration)
            strategy.receive([.update(id: 0, section: 0, index: 0, version: 1, textLength: 50)])
            settle(simulation)
            return mainMicroseconds(simulation, .configuration) - before
        }
        let plain = try configuration("swiftui-list")
        #expect(try configuration("swiftui-list:rowViews=variable") > 100 * plain)
        #expect(try configuration("swiftui-list:idModifier=on") > 100 * plain)
    }
}

@Suite("SwiftUI: the lazy stack")
struct LazyStackTests {
    /// Rows without a view have the average of the views placed; a row's
    /// top adds the known heights and the estimates above it.
    @Test func geometryEstimatesUnmeasuredRowsAtTheAverage() {
        var geometry = LazyStackGeometry(count: 10, estimate: 50)
        #expect(geometry.totalHeight == 500)
        geometry.setHeight(100, of: 2)
        geometry.setHeight(20, of: 5)
        geometry.estimate = 60
        #expect(geometry.minY(of: 3) == 60 + 60 + 100)
        #expect(geometry.minY(of: 6) == 4 * 60 + 100 + 20)
        #expect(geometry.totalHeight == 8 * 60 + 120)
        #expect(geometry.row(at: 219) == 2 && geometry.row(at: 220) == 3)
        #expect(geometry.rows(from: 0, to: 125) == 0..<3)
        geometry.forget(2)
        #expect(geometry.height(of: 2) == 60 && geometry.totalHeight == 9 * 60 + 20)
    }

    /// Scrolling up over rows whose views were released (`offscreen=0`):
    /// each is placed again at a height other than the estimate, and the
    /// offset moves instead of what is on screen (WWDC26: "the relative
    /// position of the visible subviews in the scroll view doesn't
    /// change"). Frame by frame, the first visible row with a view moves on
    /// screen by exactly what the finger moved; the corrections go into
    /// `contentDrift`, which a gesture follows, and none is a jump.
    @Test func measuringRowsKeepsWhatIsOnScreenWhereItWas() throws {
        let (simulation, strategy) = try app("swiftui-lazyvstack:offscreen=0")
        let stack = try #require(strategy.surface as? LazyStack)
        // Alternate short and tall posts: the average moves as rows are placed.
        let items = (0..<400).map { Item(id: $0, textLength: $0 % 2 == 0 ? 10 : 900) }
        strategy.load([DataSection(id: "feed", items: items)])
        settle(simulation)
        #expect(stack.visibleRowRange.lowerBound == 0 && stack.viewCount >= stack.visibleRowRange.count)
        for step in 1...80 {
            stack.setContentOffset(Double(step) * 100)
            settle(simulation, ms: 50)
        }
        let jumps = simulation.counters.scrollJumpPoints
        let startDrift = stack.contentDrift
        for _ in 0..<60 {
            let anchor = try #require(stack.visibleRowRange.first { stack.views[$0] != nil })
            let screenY = stack.minY(ofRow: anchor) - stack.contentOffset
            stack.setContentOffset(stack.contentOffset - 30)
            settle(simulation, ms: 20)
            #expect(abs(stack.minY(ofRow: anchor) - stack.contentOffset - (screenY + 30)) < 0.001)
        }
        #expect(stack.contentDrift != startDrift, "rows placed above were measured at other heights than the estimate")
        #expect(simulation.counters.scrollJumpPoints == jumps)
        #expect(stack.checkInvariants().isEmpty)
    }

    /// A data change counts as one of the stack's updates: with
    /// `offscreen=0`, views off screen go at the next pass even when
    /// nothing scrolls.
    @Test func dataChangesAloneReleaseOffscreenViews() throws {
        let (simulation, strategy) = try app("swiftui-lazyvstack:offscreen=1")
        let stack = try #require(strategy.surface as? LazyStack)
        strategy.load([DataSection(id: "feed", items: (0..<100).map { Item(id: $0) })])
        settle(simulation)
        stack.setContentOffset(3 * stack.viewportHeight)
        settle(simulation, ms: 50)
        let afterScroll = stack.viewCount
        for version in 1...3 {
            strategy.receive([.update(id: 99, section: 0, index: 99, version: version, textLength: 50)])
            settle(simulation, ms: 50)
        }
        #expect(stack.viewCount < afterScroll)
        #expect(stack.checkInvariants().isEmpty)
    }

    /// By iOS: views kept for the stack's life to iOS 25 (their bodies
    /// destroyed off screen), released after four updates from iOS 26; with
    /// `keep-bodies` the decoded images stay. The ledger matches the live
    /// views in every case.
    @Test func offscreenViewsAreKeptOrReleasedByIOSVersion() throws {
        func scrolled(_ spec: String, iOS: Int) throws -> (LazyStack, Simulation) {
            let (simulation, strategy) = try app(spec, iOS: iOS)
            let stack = try #require(strategy.surface as? LazyStack)
            strategy.load([DataSection(id: "feed", items: (0..<300).map { Item(id: $0, photos: 1) })])
            settle(simulation)
            for step in 1...40 {
                stack.setContentOffset(Double(step) * stack.viewportHeight / 2)
                settle(simulation, ms: 50)
            }
            #expect(stack.checkInvariants().isEmpty, "\(spec) on iOS \(iOS)")
            return (stack, simulation)
        }
        let (kept, keptSimulation) = try scrolled("swiftui-lazyvstack", iOS: 17)
        let (released, _) = try scrolled("swiftui-lazyvstack", iOS: 26)
        let (bodies, bodiesSimulation) = try scrolled("swiftui-lazyvstack:offscreen=keep-bodies", iOS: 17)
        #expect(kept.viewCount > 3 * released.viewCount)
        #expect(released.viewCount < 3 * released.visibleRowRange.count + 8)
        #expect(bodies.viewCount == kept.viewCount)
        let keptImages = keptSimulation.ledger.byKind[.decodedImage] ?? 0
        let heldImages = bodiesSimulation.ledger.byKind[.decodedImage] ?? 0
        #expect(heldImages > 3 * keptImages)
    }

    /// `nesting=lazy-sections`: the first view of a section places the
    /// section, which measures every row of it (the inferred rule); a flat
    /// stack, and `vstack-sections`, measure only the rows they place.
    @Test func aNestedStackMeasuresEachSectionWhole() throws {
        func heights(_ spec: String) throws -> (computed: Int, views: Int) {
            let (simulation, strategy) = try app(spec)
            let stack = try #require(strategy.surface as? LazyStack)
            strategy.load((0..<3).map { section in DataSection(id: "s\(section)", items: (0..<300).map { Item(id: section * 1_000 + $0) }) })
            settle(simulation)
            #expect(stack.checkInvariants().isEmpty)
            return (simulation.counters.heightsComputed, stack.viewCount)
        }
        let flat = try heights("swiftui-lazyvstack")
        let nested = try heights("swiftui-lazyvstack:nesting=lazy-sections")
        #expect(flat.computed == flat.views)
        #expect(nested.views == flat.views)
        #expect(nested.computed == 300 + nested.views, "the first section measured whole once, on top of the placed views")
        #expect(try heights("swiftui-lazyvstack:nesting=vstack-sections") == flat)
    }

    /// Rows inserted above what the person reads push it down (the offset
    /// stays, as a scroll view's does): a jump, followed by the person.
    @Test func rowsInsertedAboveMoveTheContent() throws {
        let (simulation, strategy) = try app("swiftui-lazyvstack")
        let stack = try #require(strategy.surface as? LazyStack)
        strategy.load([DataSection(id: "feed", items: (0..<100).map { Item(id: $0) })])
        settle(simulation)
        stack.setContentOffset(2_000)
        settle(simulation, ms: 100)
        let jumps = simulation.counters.scrollJumpPoints
        strategy.receive([.prepend(section: 0, items: (1_000..<1_005).map { Item(id: $0) })])
        settle(simulation, ms: 100)
        #expect(simulation.counters.scrollJumpPoints > jumps)
        #expect(stack.checkInvariants().isEmpty)
    }
}
