import ListDiff
@testable import ListSimulator
import Testing

/// Where the simulator once had a silent default, UIKit's own behaviour.
@Suite("UIKit's rules where a default was silent")
struct UIKitRulesTests {
    @Test func dequeuingAnUnregisteredIdentifierIsTheAppsCrash() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 20)
        let table = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440)
        table.register("another", views: 2)
        table.dataSource = source
        table.layoutIfNeeded()
        let first = try #require(sim.inconsistencies.first)
        #expect(first.kind == .unregisteredReuseIdentifier)
        #expect(first.message == "unable to dequeue a cell with identifier row - must register a nib or a class for the "
            + "identifier or connect a prototype cell in a storyboard")
        #expect(sim.hasFailed)
    }

    @Test func aRegisteredIdentifierDequeuesWithoutACrash() throws {
        let sim = try makeSimulation()
        let table = makeTable(sim, ListSource(rows: 20))
        #expect(sim.inconsistencies.isEmpty)
        #expect(table.visibleCells.count == 10)
    }

    /// A table whose rows' heights are the delegate's, laid out with no delegate.
    static func delegateHeightTable(_ sim: Simulation, rows: Int, estimate: Double?, defaultRowHeight: Double? = nil) -> TableView {
        let source = ListSource(rows: rows)
        source.heights = { _ in 80 }
        let table = TableView(simulation: sim, rowHeight: .delegate(estimate: estimate), width: 375, viewportHeight: 440)
        if let defaultRowHeight { table.defaultRowHeight = defaultRowHeight }
        table.register("row", views: source.views)
        table.dataSource = source
        table.layoutIfNeeded()
        withExtendedLifetime(source) {}
        return table
    }

    @Test func withoutADelegateEveryRowHasUIKitsRowHeight() throws {
        let sim = try makeSimulation()
        let table = Self.delegateHeightTable(sim, rows: 100, estimate: nil)
        #expect(TableView.plainRowHeight == 44)
        #expect(table.defaultRowHeight == 44)
        #expect(table.contentHeight == 100 * 44)
        // Nothing was asked: no height computed, no delegate call charged.
        #expect(sim.counters.heightsComputed == 0)
        #expect(sim.clock.mainByCategory[.delegateCalls] == 0)
    }

    @Test func theTablesRowHeightIsTheOneUsed() throws {
        let sim = try makeSimulation()
        let upFront = Self.delegateHeightTable(sim, rows: 100, estimate: nil, defaultRowHeight: 60)
        #expect(upFront.contentHeight == 100 * 60)
        let lazily = Self.delegateHeightTable(try makeSimulation(), rows: 100, estimate: 50, defaultRowHeight: 60)
        // Rows laid out get the table's row height; the others keep the estimate.
        #expect(lazily.frame(ofRow: ItemPath(section: 0, item: 0)).height == 60)
        #expect(lazily.frame(ofRow: ItemPath(section: 0, item: 99)).height == 50)
    }

    @Test func aDelegatesHeightsTakePrecedence() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        source.heights = { _ in 80 }
        let table = makeTable(sim, source, rowHeight: .delegate(estimate: nil))
        #expect(table.contentHeight == 100 * 80)
        #expect(sim.counters.heightsComputed == 100)
    }

    /// A delegate that gives heights and nothing else.
    final class HeightsOnly: TableDelegate {
        func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double { 80 }
    }

    @Test func aDelegateWithoutEstimatesGivesTheTablesEstimate() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 1_000)
        let delegate = HeightsOnly()
        let table = TableView(simulation: sim, rowHeight: .delegate(estimate: 70), width: 375, viewportHeight: 440)
        table.register("row", views: source.views)
        table.asksEstimatedHeightForEveryRow = true
        table.dataSource = source
        table.delegate = delegate
        table.layoutIfNeeded()
        #expect(table.estimatedRowHeight == 70)
        #expect(table.frame(ofRow: ItemPath(section: 0, item: 0)).height == 80)
        #expect(table.frame(ofRow: ItemPath(section: 0, item: 999)).height == 70)
    }

    /// Every snapshot fault, typed, with the message the snapshot recorded as a string before.
    @Test func snapshotFaultsAreTypedWithApplesMessages() {
        var noSection = Snapshot<String, Int>()
        noSection.appendItems([1])
        #expect(noSection.fault == .noSections)
        #expect(noSection.fault?.description == "There are currently no sections in the data source. Please add a section first.")

        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        var reference = snapshot
        reference.insertSections(["b"], beforeSection: "z")
        #expect(reference.fault == .unknownReferenceSection("z"))
        #expect(reference.fault?.description == "Invalid section identifier specified for reference section: z")
        var sectionMove = snapshot
        sectionMove.moveSection("a", afterSection: "z")
        #expect(sectionMove.fault == .unknownSectionInMove("a", reference: "z"))
        #expect(sectionMove.fault?.description == "Invalid section identifier specified for move: a or z")
        var itemMove = snapshot
        itemMove.moveItem(1, beforeItem: 9)
        #expect(itemMove.fault == .unknownItemInMove("1", reference: "9"))
        #expect(itemMove.fault?.description == "Invalid item identifier specified for move: 1 or 9")
        var insert = snapshot
        insert.insertItems([3], afterItem: 9)
        #expect(insert.fault == .sectionNotFound)
        var reconfigure = snapshot
        reconfigure.reconfigureItems([7])
        #expect(reconfigure.fault == .markedItemNotFound(.reconfigure, item: "7"))
        #expect(reconfigure.fault?.description == "Attempted to reconfigure item identifier that does not exist in the snapshot: 7")
        // The first fault is kept.
        reconfigure.appendItems([1, 1])
        #expect(reconfigure.fault == .markedItemNotFound(.reconfigure, item: "7"))
    }

    @Test func applyingAFaultedSnapshotRecordsItsMessage() throws {
        let sim = try makeSimulation()
        let (_, source) = makeDiffableTable(sim, count: 10)
        var snapshot = source.snapshot()
        snapshot.appendItems([3])
        snapshot.appendItems([4, 4])
        source.apply(snapshot)
        #expect(sim.inconsistencies.map(\.kind) == [.invalidSnapshot])
        #expect(sim.inconsistencies.first?.message == SnapshotFault.duplicateIdentifiers(.item, ["4"]).description)
    }
}
