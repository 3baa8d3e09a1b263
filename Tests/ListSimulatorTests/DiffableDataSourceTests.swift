import ListDiff
@testable import ListSimulator
import Testing

@Suite("Snapshot and diffable data source")
struct DiffableDataSourceTests {
    @Test func duplicateIdentifiersAreFatalWithApplesMessage() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["main"])
        snapshot.appendItems([1, 2, 2, 3, 3])
        #expect(snapshot.fault == .duplicateIdentifiers(.item, ["2", "3"]))
        #expect(snapshot.fault?.description == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    2,\n    3\n)}")
        #expect(snapshot.numberOfItems == 0)

        var sections = Snapshot<String, Int>()
        sections.appendSections(["a"])
        sections.appendSections(["a"])
        #expect(sections.fault == .duplicateIdentifiers(.section, ["a"]))
        #expect(sections.fault?.description == "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    a\n)}")
    }

    @Test func appendingAnExistingItemMovesItWithApplesWarning() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([2], toSection: "b")
        #expect(snapshot.fault == nil)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [1])
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "b")
        let expected: String = "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: 2"
        #expect(snapshot.warnings.first == expected)
        var many = snapshot
        many.appendItems([1, 2], toSection: "a")
        #expect(many.warnings.last?.hasSuffix("Item identifiers that already exist: (\n    1,\n    2\n)") == true)
        var missing = Snapshot<String, Int>()
        missing.appendSections(["a"])
        missing.appendItems([1], toSection: "nope")
        #expect(missing.fault == .sectionNotFound)
        #expect(missing.fault?.description == "Invalid parameter not satisfying: section != NSNotFound")
    }

    @Test func snapshotEditsAndQueries() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["a", "c"])
        snapshot.insertSections(["b"], afterSection: "a")
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.insertItems([9], beforeItem: 2)
        snapshot.moveItem(3, afterItem: 1)
        snapshot.appendItems([4], toSection: "c")
        snapshot.moveSection("c", beforeSection: "a")
        snapshot.deleteItems([1])
        #expect(snapshot.sectionIdentifiers == ["c", "a", "b"])
        #expect(snapshot.itemIdentifiers == [4, 3, 9, 2])
        #expect(snapshot.indexOfItem(2) == 2)
        #expect(snapshot.numberOfItems(inSection: "a") == 3)
        snapshot.reloadItems([99])
        #expect(snapshot.fault == .markedItemNotFound(.reload, item: "99"))
        #expect(snapshot.fault?.description == "Attempted to reload item identifier that does not exist in the snapshot: 99")
    }

    @Test func applyFromAWorkerDiffsThereAndUpdatesOnMain() throws {
        let sim = try makeSimulation()
        let (table, source) = makeDiffableTable(sim, count: 100)
        #expect(table.numberOfRows == 100)
        let firstCell = try #require(table.cell(at: ItemPath(section: 0, item: 0)))

        var next = source.snapshot()
        next.deleteItems([5, 6])
        next.insertItems([500], beforeItem: 0)
        next.reconfigureItems([0])
        var applied = false
        sim.clock.async(.background(.userInitiated)) {
            source.apply(next) { applied = true }
        }
        sim.clock.run(until: Sim.ms(500))
        #expect(applied)
        #expect(sim.inconsistencies.isEmpty)
        #expect(table.numberOfRows == 99)
        #expect(source.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 500)
        // Item 0 kept its cell (reconfigured in place), one row down.
        #expect(table.cell(at: ItemPath(section: 0, item: 1)) === firstCell)
        // Items plus sections of both snapshots: (0 + 100 + 0 + 1) then (100 + 99 + 1 + 1).
        #expect(sim.counters.diffedItems == 101 + 201)
        #expect(sim.clock.backgroundBusy > 0)
        #expect(table.checkInvariants().isEmpty)
    }

    /// Marks on every row in the snapshot's order take the data source's
    /// path that locates them without a look-up table; any other order takes
    /// the table. Both reach the same rows, as reconfigures and as reloads.
    @Test func marksOnEveryRowInOrderReachTheSameRowsAsInAnyOtherOrder() throws {
        func calls(reconfigure: Bool, order: ([Int]) -> [Int]) throws -> [String] {
            let sim = try makeSimulation()
            let table = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440)
            table.register("row", views: 3)
            var seen: [String] = []
            let source = DiffableDataSource<Int, Int>(table: table) { table, path, item in
                seen.append("\(path.section).\(path.item)=\(item)")
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
                table.configure(cell, with: CellContent(key: ContentKey(item: item, version: 0), views: 3))
                return cell
            }
            sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
            var snapshot = Snapshot<Int, Int>()
            snapshot.appendSections([0, 1])
            snapshot.appendItems(Array(0..<4), toSection: 0)
            snapshot.appendItems(Array(10..<40), toSection: 1)
            source.apply(snapshot, animatingDifferences: false)
            sim.clock.run(until: sim.clock.now + Sim.ms(50))
            seen = []
            var next = source.snapshot()
            let every = order(next.itemIdentifiers)
            if reconfigure { next.reconfigureItems(every) } else { next.reloadItems(every) }
            source.apply(next, animatingDifferences: false)
            sim.clock.run(until: sim.clock.now + Sim.ms(50))
            #expect(sim.inconsistencies.isEmpty)
            return seen.sorted()
        }
        for reconfigure in [true, false] {
            let inOrder = try calls(reconfigure: reconfigure) { $0 }
            #expect(!inOrder.isEmpty)
            #expect(inOrder == (try calls(reconfigure: reconfigure) { $0.reversed() }))
            #expect(inOrder == (try calls(reconfigure: reconfigure) { Array($0.dropFirst()) + $0.prefix(1) }))
        }
    }

    @Test func applyingAFaultedSnapshotIsTheCrash() throws {
        let sim = try makeSimulation()
        let table = TableView(simulation: sim, rowHeight: .fixed(44))
        let source = DiffableDataSource<Int, Int>(table: table) { table, path, _ in
            table.dequeueReusableCell(withIdentifier: "row", for: path)
        }
        var snapshot = Snapshot<Int, Int>()
        snapshot.appendItems([1])
        source.apply(snapshot)
        #expect(sim.inconsistencies.map(\.message) == ["There are currently no sections in the data source. Please add a section first."])
    }
}

/// A Texture data source over rows of given heights.
final class NodeSource: TableNodeDataSource, TableNodeDelegate {
    var rows: [Int]
    var fetches = 0
    init(rows: Int) { self.rows = Array(0..<rows) }
    func numberOfSections(in tableNode: TableNode) -> Int { 1 }
    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = rows[path.item]
        return { CellContent(key: ContentKey(item: item, version: 0), views: 8, textLines: 3, textCharacters: 120,
                             imagePixels: 750 * 750, height: 100) }
    }
    func shouldBatchFetch(for tableNode: TableNode) -> Bool { true }
    func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) { fetches += 1 }
}

@Suite("Texture table node")
struct TableNodeTests {
    func makeNodeTable(_ sim: Simulation, rows: Int) -> (TableNode, NodeSource) {
        let source = NodeSource(rows: rows)
        return (loadedTableNode(sim, source: source), source)
    }

    @Test func everyRowGetsANodeMadeOnTheWorkers() throws {
        let sim = try makeSimulation()
        let (table, source) = makeNodeTable(sim, rows: 300)
        defer { withExtendedLifetime(source) {} }
        #expect(sim.counters.nodesAllocated == 300)
        #expect(table.nodeCount == 300)
        #expect(sim.clock.backgroundBusy > sim.clock.mainBusy)
        #expect(sim.ledger.byKind[.node] == 300 * 8 * Int(sim.costs.nodeBytes.value))
    }

    @Test func rangesFollowTexturesDefaultsAndContentsAreClearedOnExit() throws {
        let sim = try makeSimulation()
        let (table, source) = makeNodeTable(sim, rows: 300)
        defer { withExtendedLifetime(source) {} }
        // Viewport 600 pt, rows 100 pt: display = 1 screen ahead and 0.5 behind.
        let top = try #require(table.node(at: ItemPath(section: 0, item: 0)))
        #expect(top.isVisible && top.hasContents && top.isViewLoaded)
        #expect(table.node(at: ItemPath(section: 0, item: 11))?.hasContents == true)
        #expect(table.node(at: ItemPath(section: 0, item: 12))?.hasContents == false)
        #expect(table.node(at: ItemPath(section: 0, item: 20))?.isPreloaded == true)
        #expect(table.node(at: ItemPath(section: 0, item: 21))?.isPreloaded == false)

        table.setContentOffset(5_000)
        sim.clock.run(until: sim.clock.now + Sim.ms(100))
        #expect(!top.hasContents && !top.isVisible)
        #expect(top.isViewLoaded)
        #expect(top.renderedBytes == 0 && top.decodedBytes == 0)
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func batchFetchingStartsTwoScreensFromTheEnd() throws {
        let sim = try makeSimulation()
        let (table, source) = makeNodeTable(sim, rows: 30)
        // 30 rows of 100 pt, a 600 pt viewport: fetching starts within 2 × 600 pt of the end.
        #expect(source.fetches == 0)
        table.setContentOffset(1_000)
        sim.clock.run(until: sim.clock.now + Sim.ms(50))
        #expect(source.fetches == 0)
        table.setContentOffset(1_250)
        sim.clock.run(until: sim.clock.now + Sim.ms(50))
        #expect(source.fetches == 1)
    }

    @Test func reloadingARowReplacesAndReleasesItsNode() throws {
        let sim = try makeSimulation()
        let (table, source) = makeNodeTable(sim, rows: 20)
        defer { withExtendedLifetime(source) {} }
        let old = try #require(table.node(at: ItemPath(section: 0, item: 3)))
        let nodeBytes = sim.ledger.byKind[.node]
        table.reloadRows(at: [ItemPath(section: 0, item: 3)])
        sim.clock.run(until: sim.clock.now + Sim.ms(100))
        #expect(table.node(at: ItemPath(section: 0, item: 3)) !== old)
        #expect(sim.counters.nodesAllocated == 21)
        #expect(sim.ledger.byKind[.node] == nodeBytes)
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func memoryWarningSwitchesToLowMemoryRanges() throws {
        let sim = try makeSimulation("iphone-6")
        let (table, source) = makeNodeTable(sim, rows: 50)
        defer { withExtendedLifetime(source) {} }
        sim.allocate(.other, sim.ledger.warningThreshold)
        table.setContentOffset(100)
        sim.clock.run(until: sim.clock.now + Sim.ms(100))
        #expect(table.tuning == .lowMemory)
    }
}
