import ListData
import ListDiff

/// A table node's data: `reloadData` and batch updates, their nodes made on
/// the workers and committed on main in issue order.
extension TableNode {
    /// Loads every row: a node for each, allocated and measured on the
    /// workers, committed on main when all are ready (`reloadData`).
    public func reloadData(completion: (() -> Void)? = nil) {
        waitForEarlierUpdates()
        guard let dataSource else { return }
        let counts = (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableNode(self, numberOfRowsInSection: $0))
        }
        var paths: [ItemPath] = []
        for (section, count) in counts.enumerated() {
            for item in 0..<count { paths.append(ItemPath(section: section, item: item)) }
        }
        let elements = elements(for: paths, sectionStarts: ListLayout.sectionStarts(rowCounts: counts))
        replacePendingMap(with: elements, rowCounts: counts)
        allocateNodes(elements) { [self] made in
            self.updateObserver?.listWillUpdate(self)
            defer { self.updateObserver?.listDidUpdate(self) }
            for node in self.nodes { self.release(node) }
            self.active.removeAll()
            self.layout.sectionStarts = ListLayout.sectionStarts(rowCounts: counts)
            self.nodes = made
            if self.kind == .collection { self.simulation.chargeLayoutPreparation(items: made.count) }
            self.layout.replaceGeometry(heights: made.map(\.content.height), known: made.map { _ in true })
            self.layout.clampOffset()
            self.simulation.clock.setNeedsDisplay()
            completion?()
        }
    }

    /// A batch update, as `performBatchUpdates`: checked as Texture 2.7's
    /// `_ASHierarchyChangeSet` checks it, against the counts after the
    /// updates already issued and the counts the data source reports now;
    /// nodes for inserted and reloaded rows are allocated on the workers; the
    /// update commits on main once they are ready.
    ///
    /// A failed check has its release-build effect (``TextureChangeSet``):
    /// Texture logs its message (``Simulation/log(_:)``) and applies the
    /// changes to what it holds, skipping deletes past a section's end, so
    /// the table goes on with rows that disagree with the data source; an
    /// insert past a section's end raises `NSRangeException` in Texture's
    /// element map, and a row the data source does not have reaches the
    /// app's node block (both recorded as the crash). The table view under
    /// it still applies UIKit's rules to what Texture hands it (UIKit's
    /// message on a failure).
    ///
    /// - Returns: false when the batch crashed the app.
    /// - Complexity: O(k log n) for a batch of `k` row reloads and nothing
    ///   else (a placeholder swap); O(n) for any other batch.
    @discardableResult
    public func performBatchUpdates(_ update: BatchUpdate, completion: (() -> Void)? = nil) -> Bool {
        waitForEarlierUpdates()
        guard let dataSource else { return false }
        let reported = (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableNode(self, numberOfRowsInSection: $0))
        }
        var after = reported
        var update = update
        let changeSet = TextureChangeSet(update)
        if let failure = changeSet.validate(before: pendingRowCounts, after: reported) {
            simulation.log(failure.description)
            switch changeSet.applyToMap(update, before: pendingRowCounts, after: reported) {
            case .rangeException(let what):
                simulation.recordInconsistency(.invalidBatchUpdate, "NSRangeException in Texture's element map, \(what) "
                    + "(ASMutableElementMap, release build), after _ASHierarchyChangeSet logged: \(failure.description)")
                return false
            case let .applied(counts, applied):
                after = counts
                update = applied
            }
        }
        if let reloaded = validReloads(update, rowCountsAfter: after) {
            let operations = update.operationCount
            let elements = elements(for: reloaded, sectionStarts: pendingSectionStarts)
            replacePendingRows(elements.map(\.row), with: elements)
            allocateNodes(elements) { [self] made in
                self.commitReloads(zip(reloaded, made).map { ($0, $1) }, operations: operations)
                completion?()
            }
            return true
        }
        // Both classes hand their view what the change set holds: a move as a delete and an insert
        // (`_ASHierarchyChangeSet`'s "TODO: Proper move implementation"; `ASTableView.mm`'s
        // `moveRowAtIndexPath:` goes through it too), so a moved row gets a new node.
        update = TextureChangeSet(update).asHandedToView
        var fresh: [ItemPath]
        // Nil when the batch only appends rows (the pending map grows at the ends of its sections).
        var plan: BatchUpdatePlan?
        if let appended = Self.appendedRows(update, before: pendingRowCounts, after: after) {
            // Rows added at the ends of their sections: valid, and the new rows are the inserts.
            fresh = appended
        } else {
            let resolved: BatchUpdatePlan
            do {
                resolved = try BatchUpdatePlan.resolve(update, rowCountsBefore: pendingRowCounts, rowCountsAfter: after)
            } catch {
                simulation.recordInconsistency(.invalidBatchUpdate, error.message(iOS: simulation.device.iOSVersion, surface: kind))
                return false
            }
            plan = resolved
            fresh = []
            for section in 0..<after.count {
                for item in 0..<after[section] {
                    switch resolved.origin(ofRow: item, inSection: section) {
                    case .inserted, .reloaded: fresh.append(ItemPath(section: section, item: item))
                    case .kept, .moved: continue
                    }
                }
            }
        }
        // After a logged failure Texture asks the data source for every row it
        // inserts, including one the data source does not have: the app's node
        // block indexes its model out of range (the Swift runtime's trap).
        if after != reported, fresh.contains(where: { $0.section >= reported.count || $0.item >= reported[$0.section] }) {
            simulation.recordInconsistency(.appTrap, "Fatal error: Index out of range")
            return false
        }
        // The plan holds an origin per row of every section a row operation
        // touched: kept until the commit, a page of one row would hold O(n)
        // for each update still waiting for its nodes (a list paged one row at
        // a time faster than it commits grew the host's memory quadratically).
        // The commit resolves it again from the batch and the two counts,
        // which give the same plan: host work only, no modeled figure moves.
        let before = pendingRowCounts
        let elements = elements(for: fresh, sectionStarts: ListLayout.sectionStarts(rowCounts: after))
        if let plan {
            rebuildPendingMap(plan, before: before, fresh: elements)
        } else {
            appendToPendingMap(elements, rowCounts: after)
        }
        let operations = update.operationCount
        allocateNodes(elements) { [self] made in
            self.commit(update, before: before, after: after, fresh: zip(fresh, made).map { ($0, $1) }, operations: operations)
            completion?()
        }
        return true
    }

    /// Resolves a batch validated when it was issued (the same plan it had
    /// then) and commits it; a batch that no longer resolves, which cannot
    /// happen, is recorded as the crash rather than trapping.
    private func commit(_ update: BatchUpdate, before: [Int], after: [Int], fresh: [(ItemPath, CellNode)], operations: Int) {
        do {
            let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: before, rowCountsAfter: after)
            commit(plan, fresh: fresh, operations: operations)
        } catch {
            simulation.recordInconsistency(.invalidBatchUpdate, error.message(iOS: simulation.device.iOSVersion, surface: kind))
        }
    }

    /// The inserted rows of a batch that only appends rows at the ends of
    /// their sections (each section's inserts exactly its new rows, no other
    /// operation, no section change), ascending: what the general path
    /// finds for it, without walking every row (a page arriving while
    /// earlier ones still wait to commit made that walk O(n) a page, and a
    /// list paged one row at a time quadratic). Nil for any other batch,
    /// which the general path validates.
    ///
    /// - Complexity: O(s + k log k) for `s` sections and `k` inserts.
    static func appendedRows(_ update: BatchUpdate, before: [Int], after: [Int]) -> [ItemPath]? {
        guard !update.insertedItems.isEmpty, update.operationCount == update.insertedItems.count, before.count == after.count else {
            return nil
        }
        let inserts = update.insertedItems.sorted()
        var expected: [ItemPath] = []
        expected.reserveCapacity(inserts.count)
        for section in after.indices where after[section] != before[section] {
            guard after[section] > before[section], expected.count + after[section] - before[section] <= inserts.count else { return nil }
            for item in before[section]..<after[section] { expected.append(ItemPath(section: section, item: item)) }
        }
        return expected == inserts ? expected : nil
    }

    /// Reloads rows: each gets a new node (the old one is released).
    ///
    /// - Complexity: O(k log n) for `k` rows.
    public func reloadRows(at paths: [ItemPath], completion: (() -> Void)? = nil) {
        performBatchUpdates(BatchUpdate(reloadedItems: paths), completion: completion)
    }

    /// The rows of a batch that only reloads rows, every one of them valid
    /// and no row count changed: ascending, each once (as the general path
    /// would find them). Nil for any other batch, which the general path
    /// validates (and reports, when invalid, with UIKit's message).
    ///
    /// - Complexity: O(s + k log k) for `s` sections and `k` reloads.
    private func validReloads(_ update: BatchUpdate, rowCountsAfter after: [Int]) -> [ItemPath]? {
        guard !update.reloadedItems.isEmpty, update.operationCount == update.reloadedItems.count,
              after == pendingRowCounts else { return nil }
        for path in update.reloadedItems {
            guard path.section >= 0, path.section < after.count, path.item >= 0, path.item < after[path.section] else {
                return nil
            }
        }
        return Set(update.reloadedItems).sorted()
    }

    /// Commits a batch of row reloads on main: each row's node is replaced in
    /// place and its height updated in the geometry, the rest untouched. The
    /// same effects as ``commit(_:fresh:operations:)`` for such a batch (the
    /// released nodes in row order, the jump measured at the first visible
    /// row kept), without walking every row.
    ///
    /// - Complexity: O(k log n) for `k` reloaded rows.
    private func commitReloads(_ fresh: [(ItemPath, CellNode)], operations: Int) {
        let sim = simulation
        sim.charge(microseconds: sim.costs.batchUpdateMicroseconds.value
            + Double(operations) * sim.costs.batchUpdatePerOperationMicroseconds.value, .batchUpdates)
        // A collection node's collection view lays out every item again for the update.
        if kind == .collection { sim.chargeLayoutPreparation(items: nodes.count) }
        let rows = fresh.map { layout.globalRow($0.0) }
        let reloaded = Set(rows)
        let content = contentAnchor()
        // Rows keep their places here: the first visible row not reloaded, and its y on screen.
        let kept = visibleRowRange.first { !reloaded.contains($0) }.map { ($0, layout.geometry.minY(of: $0) - contentOffset) }
        for row in rows {
            let old = nodes[row]
            if old.isVisible { delegate?.tableNode(self, didEndDisplayingRowWith: old) }
            release(old)
        }
        for (row, (_, node)) in zip(rows, fresh) {
            active.remove(row)
            nodes[row] = node
            layout.setHeight(node.content.height, of: row)
        }
        recordJump(content: content, fallback: kept)
        layout.clampOffset()
        sim.clock.setNeedsDisplay()
    }

    /// The item the first visible row's node shows and where it is on screen, before a change.
    private func contentAnchor() -> (item: Int, y: Double)? {
        guard let row = visibleRowRange.first, row < nodes.count else { return nil }
        return (nodes[row].content.key.item, layout.geometry.minY(of: row) - contentOffset)
    }

    /// Adds how far the content the user was looking at moved on screen to
    /// `scrollJumpPoints`: the item the first visible row showed, wherever it
    /// is now among the visible rows (a committed update's nodes show their
    /// content at once); when it is no longer on screen, the move of the
    /// first visible row that stayed in place (`fallback`: its new row and its old y on screen).
    private func recordJump(content: (item: Int, y: Double)?, fallback: (row: Int, y: Double)?) {
        let sim = simulation
        let offset = layout.clampedOffset
        if let content, let row = visibleRowRange.first(where: { $0 < nodes.count && nodes[$0].content.key.item == content.item }) {
            sim.counters.recordScrollJump(points: abs(layout.geometry.minY(of: row) - offset - content.y))
        } else if let fallback, fallback.row < nodes.count {
            sim.counters.recordScrollJump(points: abs(layout.geometry.minY(of: fallback.row) - offset - fallback.y))
        }
    }

    /// Makes the elements' nodes on the workers (each node block run, the
    /// node allocated and laid out; one main made already is only laid
    /// out), then calls `done` on main with the nodes in order, after earlier updates.
    private func allocateNodes(_ elements: [NodeElement], done: @escaping ([CellNode]) -> Void) {
        let sim = simulation
        var made = [CellNode?](repeating: nil, count: elements.count)
        var remaining = elements.count
        let number = issuedUpdates
        issuedUpdates += 1
        // Commit in issue order, whatever order the workers finish in.
        let finish = { [self] in
            self.readyCommits[number] = { done(made.compactMap { $0 }) }
            while let next = self.readyCommits.removeValue(forKey: self.committedUpdates) {
                self.committedUpdates += 1
                next()
            }
        }
        guard !elements.isEmpty else {
            sim.clock.async(.main, finish)
            return
        }
        nodesBeingMade += elements.count
        // Texture 2.7's ASDataController allocates nodes with ASDispatchApply on
        // dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0) (ASDataController.mm):
        // the default class (Texture 2.8 moved it to user-initiated).
        for (index, element) in elements.enumerated() {
            sim.clock.async(.background(.default)) { [self] in
                let node: CellNode
                if let early = element.node {
                    node = early
                    sim.charge(microseconds: Double(node.subnodes) * sim.costs.nodeLayoutPerSubnodeMicroseconds.value, .nodeAllocation)
                } else {
                    node = self.makeNode(of: element, layingOut: true)
                }
                // Measuring its text nodes asks Texture's renderer cache for their renderers.
                self.requestRenderers(for: node)
                made[index] = node
                self.nodesBeingMade -= 1
                self.nodesMadeBy = max(self.nodesMadeBy, sim.clock.now)
                remaining -= 1
                if remaining == 0 { sim.clock.async(.main, finish) }
            }
        }
    }

    /// Commits a validated update on main with its new nodes.
    private func commit(_ plan: BatchUpdatePlan, fresh: [(ItemPath, CellNode)], operations: Int) {
        let sim = simulation
        updateObserver?.listWillUpdate(self)
        sim.charge(microseconds: sim.costs.batchUpdateMicroseconds.value
            + Double(operations) * sim.costs.batchUpdatePerOperationMicroseconds.value, .batchUpdates)
        // The item the first visible row shows anchors the jump; the first visible row
        // that stays in place measures it when that item is gone from the screen.
        let content = contentAnchor()
        let visible = visibleRowRange
        var anchor: (Int, Double)?
        let oldStarts = layout.sectionStarts
        let oldNodes = nodes
        var freshByPath: [ItemPath: CellNode] = [:]
        for (path, node) in fresh { freshByPath[path] = node }
        let starts = ListLayout.sectionStarts(rowCounts: plan.rowCounts)
        var newNodes: [CellNode] = []
        newNodes.reserveCapacity(starts[starts.count - 1])
        var anchorRow: Int?
        // Which old rows keep their nodes, by old row (an array: the rows are 0..<oldNodes.count).
        var survives = [Bool](repeating: false, count: oldNodes.count)
        for section in 0..<plan.rowCounts.count {
            for item in 0..<plan.rowCounts[section] {
                let path = ItemPath(section: section, item: item)
                switch plan.origin(ofRow: item, inSection: section) {
                case .kept(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    survives[oldRow] = true
                    if visible.contains(oldRow), anchor.map({ oldRow < $0.0 }) ?? true {
                        anchor = (oldRow, layout.geometry.minY(of: oldRow) - contentOffset)
                        anchorRow = newNodes.count
                    }
                    newNodes.append(oldNodes[oldRow])
                case .moved(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    survives[oldRow] = true
                    newNodes.append(oldNodes[oldRow])
                case .reloaded, .inserted:
                    if let node = freshByPath[path] { newNodes.append(node) }
                }
            }
        }
        // Nodes of deleted and reloaded rows are released.
        for (oldRow, node) in oldNodes.enumerated() where !survives[oldRow] {
            if node.isVisible { delegate?.tableNode(self, didEndDisplayingRowWith: node) }
            release(node)
        }
        active = IntSet()
        for (row, node) in newNodes.enumerated() where node.isVisible || node.hasContents || node.isPreloaded {
            active.insert(row)
        }
        layout.sectionStarts = starts
        nodes = newNodes
        if kind == .collection { sim.chargeLayoutPreparation(items: newNodes.count) }
        layout.replaceGeometry(heights: newNodes.map(\.content.height), known: newNodes.map { _ in true })
        deliberateScroll = 0
        updateObserver?.listDidUpdate(self)
        // A scroll the app asked for in its code moves the content as the user's would: not a jump.
        let moved = deliberateScroll
        recordJump(content: content.map { ($0.item, $0.y - moved) },
                   fallback: anchorRow.flatMap { row in anchor.map { (row, $0.1 - moved) } })
        layout.clampOffset()
        sim.clock.setNeedsDisplay()
    }
}

extension TableNode {
    public func item(atRow row: Int) -> Int? { row >= 0 && row < nodes.count ? nodes[row].content.key.item : nil }

    public func minY(ofRow row: Int) -> Double { layout.geometry.minY(of: row) }

    /// The app (or Texture's own adjusting) moves the offset (``KeepableList/setContentOffset(byApp:keepingContent:)``).
    public func setContentOffset(byApp offset: Double, keepingContent: Bool) {
        guard let moved = layout.scroll(to: offset) else { return }
        appOffsetShift += moved
        if !keepingContent { deliberateScroll += moved }
        simulation.clock.setNeedsDisplay()
    }
}
