import ListData
import ListDiff

/// A row of Texture's pending map that an update issued a new node for (an
/// `ASCollectionElement` with its node block): the node is made on a
/// worker, or on main if the app asks for it first. The block is dropped
/// once it has run, as `ASCollectionElement` drops its `_nodeBlock`.
final class NodeElement {
    /// Waiting with the node block the data source returned when the update
    /// was issued (on main), or made: the block is dropped once it has run.
    private var state: State
    /// Its row in the pending map, while it is in it.
    var row: Int
    var isInPendingMap = true

    private enum State {
        case waiting(() -> CellContent)
        case made(CellNode)
    }

    init(block: @escaping () -> CellContent, row: Int) {
        state = .waiting(block)
        self.row = row
    }

    /// Its node, once made.
    var node: CellNode? {
        if case .made(let node) = state { return node }
        return nil
    }

    /// The element is at `row` of the pending map.
    func place(at row: Int) {
        self.row = row
        node?.pendingRow = row
    }

    /// The element left the pending map (its row was deleted, reloaded, or everything was).
    func leaveMap() {
        isInPendingMap = false
        node?.pendingRow = nil
    }

    /// Its node: made now with `make` from the node block if it was not yet.
    func node(makingWith make: (() -> CellContent) -> CellNode) -> CellNode {
        switch state {
        case .made(let node): return node
        case .waiting(let block):
            let node = make(block)
            state = .made(node)
            return node
        }
    }
}

/// Texture 2.7's two maps: the pending map, replaced as soon as an update is
/// issued (`ASDataController.mm`, `updateWithChangeSet:`: `self.pendingMap =
/// newMap`), and the visible map, which changes only when the update
/// commits on main (`self.visibleMap = newMap` in the update block). The
/// table node's index path of a node, and its node for an index path, read
/// the pending map (`ASTableNode.mm`: `indexPathForNode:` and
/// `nodeForRowAtIndexPath:` ask `self.dataController.pendingMap`; an
/// `ASCellNode`'s `indexPath` asks its owning node, `ASCellNode.mm`). So
/// once `reloadData` or a reload of a row is issued, the old node has no
/// index path, though it is still on screen until the commit.
extension TableNode {
    /// The index path of `node` in the pending map: nil for a node whose row
    /// was deleted or reloaded by an update issued since (committed or not).
    ///
    /// - Complexity: O(log s) for `s` sections.
    public func indexPath(for node: CellNode) -> ItemPath? {
        guard let row = node.pendingRow else { return nil }
        let section = ListLayout.section(ofGlobal: row, sectionStarts: pendingSectionStarts)
        return ItemPath(section: section, item: row - pendingSectionStarts[section])
    }

    /// The node in a row of the pending map (`nodeForRowAtIndexPath:`), nil
    /// for a row it does not have. A row whose node is not made yet gets it
    /// now, on main (`ASCollectionElement`'s `node` runs the node block on
    /// the calling thread); the worker then only lays it out.
    ///
    /// - Complexity: O(log s), plus the node's allocation if it is made here.
    public func nodeForRow(at path: ItemPath) -> CellNode? {
        guard path.section >= 0, path.section < pendingRowCounts.count, path.item >= 0,
              path.item < pendingRowCounts[path.section] else { return nil }
        let row = pendingSectionStarts[path.section] + path.item
        guard row < pendingMap.count else { return nil }
        return makeNode(of: pendingMap[row], layingOut: false)
    }

    /// Makes an element's node (its node block run, the node allocated) on
    /// the current thread: what a worker does for every new row (laying it
    /// out too), and main for a row the app asks for before its worker got
    /// to it (the worker then only lays it out).
    @discardableResult
    func makeNode(of element: NodeElement, layingOut: Bool) -> CellNode {
        element.node(makingWith: { block in
            let sim = simulation
            let content = block()
            nextSerial += 1
            let node = CellNode(serial: nextSerial, content: content)
            let layout = layingOut ? Double(node.subnodes) * sim.costs.nodeLayoutPerSubnodeMicroseconds.value : 0
            sim.charge(microseconds: sim.costs.nodeAllocateMicroseconds.value + layout, .nodeAllocation)
            sim.counters.recordNodeAllocated()
            sim.allocate(.node, node.subnodes * Int(sim.costs.nodeBytes.value))
            sim.allocate(.text, node.content.textNodes * Int(sim.costs.textAttributedStringBytes.value))
            liveNodes[node.serial] = node
            node.pendingRow = element.isInPendingMap ? element.row : nil
            return node
        })
    }

    /// The pending map's elements for new rows, one per node block (asked
    /// of the data source now, on main, as Texture does when it fills the
    /// map), each at its row among `sectionStarts`.
    ///
    /// - Complexity: O(k) for `k` rows.
    func elements(for paths: [ItemPath], sectionStarts: [Int]) -> [NodeElement] {
        guard let dataSource else { return [] }
        return paths.map {
            NodeElement(block: dataSource.tableNode(self, nodeBlockForRowAt: $0), row: sectionStarts[$0.section] + $0.item)
        }
    }

    /// Replaces the whole pending map (every row new: `reloadData`). O(n).
    func replacePendingMap(with elements: [NodeElement], rowCounts: [Int]) {
        for element in pendingMap { element.leaveMap() }
        pendingMap = elements
        pendingRowCounts = rowCounts
    }

    /// Puts new elements in place of rows reloaded (their old nodes leave the map). O(k).
    func replacePendingRows(_ rows: [Int], with elements: [NodeElement]) {
        for (row, element) in zip(rows, elements) where row < pendingMap.count {
            pendingMap[row].leaveMap()
            pendingMap[row] = element
            element.row = row
        }
    }

    /// The pending map after a batch, from its plan against the pending map
    /// before it (`before`'s section starts): kept and moved rows keep their
    /// elements, inserted and reloaded rows get `fresh`'s in row order.
    ///
    /// - Complexity: O(n) for the rows after the batch.
    func rebuildPendingMap(_ plan: BatchUpdatePlan, before: [Int], fresh: [NodeElement]) {
        let oldStarts = ListLayout.sectionStarts(rowCounts: before)
        let old = pendingMap
        var survives = [Bool](repeating: false, count: old.count)
        var map: [NodeElement] = []
        map.reserveCapacity(plan.rowCounts.reduce(0, +))
        var next = fresh.makeIterator()
        for section in 0..<plan.rowCounts.count {
            for item in 0..<plan.rowCounts[section] {
                switch plan.origin(ofRow: item, inSection: section) {
                case .kept(let from), .moved(let from):
                    let oldRow = oldStarts[from.section] + from.item
                    if oldRow < old.count {
                        survives[oldRow] = true
                        map.append(old[oldRow])
                    }
                case .reloaded, .inserted:
                    if let element = next.next() { map.append(element) }
                }
            }
        }
        for (row, element) in old.enumerated() where !survives[row] { element.leaveMap() }
        for (row, element) in map.enumerated() { element.place(at: row) }
        pendingMap = map
        pendingRowCounts = plan.rowCounts
    }

    /// Appends new elements at the ends of their sections (in row order, as
    /// ``appendedRows(_:before:after:)`` found them, each with its row after the batch).
    ///
    /// - Complexity: O(k) when only the last section grows, O(n) otherwise.
    func appendToPendingMap(_ elements: [NodeElement], rowCounts: [Int]) {
        if rowCounts.count == pendingRowCounts.count, rowCounts.dropLast() == pendingRowCounts.dropLast() {
            // Only the last section grows: the new rows go at the end.
            pendingMap += elements
        } else {
            var map: [NodeElement] = []
            map.reserveCapacity(pendingMap.count + elements.count)
            var old = pendingMap.makeIterator()
            var new = elements.makeIterator()
            let oldCounts = pendingRowCounts
            for section in 0..<rowCounts.count {
                for item in 0..<rowCounts[section] {
                    if section < oldCounts.count, item < oldCounts[section], let kept = old.next() {
                        map.append(kept)
                    } else if let element = new.next() {
                        map.append(element)
                    }
                }
            }
            for (row, element) in map.enumerated() { element.place(at: row) }
            pendingMap = map
        }
        pendingRowCounts = rowCounts
    }

    /// Main waits for the updates issued before, as Texture 2.7 does at the
    /// start of every update (`dispatch_group_wait(_editingTransactionGroup,
    /// DISPATCH_TIME_FOREVER)` in `updateWithChangeSet:`): until every node
    /// of theirs is made and laid out on the workers. Main is blocked
    /// meanwhile (``SimClock/blockMain(until:category:)``), its time counted
    /// under batch updates.
    func waitForEarlierUpdates() {
        // A worker's task runs whole when it starts: one that started before now may end after it.
        guard nodesBeingMade > 0 || nodesMadeBy > simulation.clock.now else { return }
        // Done once every node is made, at the end of the one that finished last.
        simulation.clock.blockMain(until: { [unowned self] in self.nodesBeingMade == 0 ? self.nodesMadeBy : nil }, category: .batchUpdates)
    }
}
