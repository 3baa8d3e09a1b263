import ListData
import ListDiff

extension TableView {
    /// Reloads everything, as `reloadData`: counts and heights are read again
    /// (estimated heights are estimates again), every cell goes back to its
    /// reuse pool, and the visible rows are dequeued and configured anew at
    /// the next layout. Not animated.
    public func reloadData() {
        observed { reloadDataNow() }
    }

    private func reloadDataNow() {
        let sim = simulation
        sim.charge(microseconds: sim.costs.reloadDataMicroseconds.value, .reload)
        let anchor = screenAnchor()
        let content = contentAnchor()
        for row in cells.keys.sorted() {
            if let cell = cells[row], cell.isDisplayed, let key = cell.content?.key { tornDown[key.item] = key.version }
            recycle(row)
        }
        poolAllHeaders()
        loadGeometry()
        recordJump(from: anchor, content: content, mapping: { $0 < self.numberOfRows ? $0 : nil })
        setNeedsLayout()
    }

    /// Reloads rows, as `reloadRows(at:with:)`: each gets a new cell from the
    /// data source (the old one goes to the reuse pool) and, when self-sized
    /// or delegate-estimated, is measured again.
    public func reloadRows(at paths: [ItemPath]) {
        performBatchUpdates(BatchUpdate(reloadedItems: paths))
    }

    /// Reconfigures rows, as `reconfigureRows(at:)` (iOS 15): a visible or
    /// prepared row's existing cell is handed back by dequeue and configured
    /// again in place, without `prepareForReuse`; a self-sized row is then
    /// measured again. Rows without a cell need nothing.
    ///
    /// Below iOS 15 the method does not exist: calling it is the crash an
    /// app without an `#available` check has (`unrecognized selector`).
    public func reconfigureRows(at paths: [ItemPath]) {
        guard simulation.device.isAvailable(iOS: 15) else {
            simulation.recordInconsistency(.unavailableAPI, kind == .collection
                ? "-[UICollectionView reconfigureItemsAtIndexPaths:]: unrecognized selector sent to instance"
                : Self.unavailableMessage("reconfigureRowsAtIndexPaths:"))
            return
        }
        guard let dataSource else { return }
        if !isLoaded { loadGeometry() }
        let anchor = screenAnchor()
        let content = contentAnchor()
        for path in paths.sorted() {
            guard path.section >= 0, path.section < layout.numberOfSections, path.item >= 0,
                  path.item < layout.numberOfRows(inSection: path.section) else { continue }
            let row = layout.globalRow(path)
            guard let cell = cells[row] else { continue }
            reconfiguring = (path, cell)
            let result = dataSource.tableView(self, cellForRowAt: path)
            reconfiguring = nil
            if result !== cell {
                // The data source dequeued another identifier: the row gets that cell.
                recycle(row)
                cells[row] = result
            }
            if case .automatic = rowHeight { layout.setHeight(measure(result), of: row) }
        }
        recordJump(from: anchor, content: content, mapping: { $0 })
        setNeedsLayout()
    }

    /// Reconfigures rows where the running iOS can (15 and later) and reloads
    /// them before, as an app does behind `if #available(iOS 15, *)`.
    public func reconfigureOrReloadRows(at paths: [ItemPath]) {
        if simulation.device.isAvailable(iOS: 15) { reconfigureRows(at: paths) } else { reloadRows(at: paths) }
    }

    /// What the Objective-C runtime raises for a method the running iOS lacks
    /// (`NSInvalidArgumentException`; the instance address is left out: ours).
    static func unavailableMessage(_ selector: String) -> String {
        "-[UITableView \(selector)]: unrecognized selector sent to instance"
    }

    /// Performs a batch update, as `performBatchUpdates(_:completion:)`.
    ///
    /// The data source's counts are read now, when the batch is performed,
    /// and validated against the counts before it with UIKit's rules
    /// (``BatchUpdatePlan``). An invalid batch is the simulated crash: it is
    /// recorded in the simulation with UIKit's message and nothing changes.
    /// Otherwise kept and moved rows keep their cells and heights; deleted and
    /// reloaded rows' cells go to the reuse pools; inserted rows get their
    /// initial heights; then the table lays out at once, as UIKit does inside
    /// the update. The content offset stays where it was, so content
    /// inserted or deleted above the viewport moves what is on screen
    /// (counted in `scrollJumpPoints`).
    ///
    /// - Parameter animated: when true, `completion` runs after UIKit's
    ///   default animation (0.3 s; estimate); when false, on the next main turn.
    /// - Returns: false when the batch was invalid.
    /// - Complexity: O(n) for `n` rows, as UIKit's own bookkeeping.
    @discardableResult
    public func performBatchUpdates(
        _ update: BatchUpdate, animated: Bool = true, completion: (() -> Void)? = nil
    ) -> Bool {
        guard let dataSource else { return false }
        if !isLoaded { loadGeometry() }
        let before = rowCounts
        let after = (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableView(self, numberOfRowsInSection: $0))
        }
        let plan: BatchUpdatePlan
        do {
            plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: before, rowCountsAfter: after)
        } catch {
            let version = simulation.device.iOSVersion
            guard kind == .collection else {
                simulation.recordInconsistency(.invalidBatchUpdate, error.message(iOS: version))
                return false
            }
            switch CollectionUpdateRules.outcome(of: error, iOS: version, before: before, after: after, update: update) {
            case .raise(let message):
                simulation.recordInconsistency(.invalidBatchUpdate, message)
                return false
            case .fallback(let log):
                // The collection view logs and reloads everything: no animation, every cell again.
                simulation.log(log)
                reloadData()
                if let completion { simulation.clock.async(.main, completion) }
                return true
            }
        }
        let sim = simulation
        sim.charge(microseconds: sim.costs.batchUpdateMicroseconds.value
            + Double(update.operationCount) * sim.costs.batchUpdatePerOperationMicroseconds.value, .batchUpdates)
        // A collection view's layout prepares the attributes of every item again for the update.
        if kind == .collection { sim.chargeLayoutPreparation(items: after.reduce(0, +)) }
        observed {
            apply(plan)
            // UIKit lays out inside the update: rows now visible get their cells here;
            // the update is committed and animated in the next frames.
            layoutIfNeeded()
        }
        setNeedsLayout()
        if let completion { sim.clock.async(.main, after: animated ? Sim.ms(300) : 0, completion) }
        return true
    }

    /// Carries heights and cells through a validated plan.
    ///
    /// - Complexity: O(n) for the heights; the cells and the scroll anchor
    ///   are mapped through dictionaries of the few rows that hold cells.
    func apply(_ plan: BatchUpdatePlan) {
        // The item the first visible row shows anchors the jump; the first visible row that stays in place
        // (not moved, deleted or reloaded) measures it when that item is gone from the screen.
        let content = contentAnchor()
        let visible = isLoaded ? visibleRowRange : 0..<0
        var anchor: (row: Int, y: Double)?
        let oldStarts = layout.sectionStarts
        let oldGeometry = layout.geometry
        // Heights are read back without headers, from the sections as they were.
        let oldLayout = layout
        let starts = ListLayout.sectionStarts(rowCounts: plan.rowCounts)
        let total = starts[starts.count - 1]
        var heights: [Double] = []
        var known: [Bool] = []
        heights.reserveCapacity(total)
        known.reserveCapacity(total)
        // Old rows that matter (those with cells, and the anchor) mapped to their new rows.
        var keptRows: [Int: Int] = [:]
        var reloadedRows = IntSet()
        let remeasure: Bool
        switch rowHeight {
        case .fixed, .delegate(estimate: nil): remeasure = false
        case .delegate, .automatic: remeasure = true
        }
        layout.sectionStarts = starts
        // The old rows with cells lie within these bounds: a row outside them is not looked up.
        var lowestCellRow = Int.max, highestCellRow = Int.min
        cells.forEachKey { row in
            lowestCellRow = min(lowestCellRow, row)
            highestCellRow = max(highestCellRow, row)
        }
        let cellRows = lowestCellRow <= highestCellRow ? lowestCellRow..<(highestCellRow + 1) : 0..<0
        // Runs of kept rows (consecutive old rows, in order) are taken whole
        // where row heights are the geometry's own (no section headers).
        let takesRuns = oldLayout.headerHeight == 0
        for section in 0..<plan.rowCounts.count {
            // The section's explicit origins, read once (a look-up per row copied the array).
            let explicit = plan.rows[section]
            let count = plan.rowCounts[section]
            var item = 0
            while item < count {
                let origin = explicit?[item] ?? plan.origin(ofRow: item, inSection: section)
                if takesRuns, case .kept(let first) = origin {
                    let length = Self.keptRun(from: first, at: item, count: count, explicit: explicit)
                    let oldStart = oldStarts[first.section] + first.item, newStart = starts[section] + item
                    let oldRows = oldStart..<(oldStart + length)
                    oldGeometry.append(oldRows, heights: &heights, known: &known)
                    // As row by row: the rows with cells keep them, and the first visible row anchors the jump unless a lower one does.
                    for oldRow in oldRows.clamped(to: cellRows) where cells.contains(oldRow) { keptRows[oldRow] = newStart + oldRow - oldStart }
                    let seen = oldRows.clamped(to: visible)
                    if let oldRow = seen.first, anchor.map({ oldRow < $0.row }) ?? true {
                        anchor = (oldRow, oldGeometry.minY(of: oldRow) - contentOffset)
                        keptRows[oldRow] = newStart + oldRow - oldStart
                    }
                    item += length
                    continue
                }
                defer { item += 1 }
                switch origin {
                case .kept(let old), .moved(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    heights.append(oldLayout.itemHeight(of: oldRow))
                    known.append(oldGeometry.isKnown(oldRow))
                    if cellRows.contains(oldRow), cells.contains(oldRow) {
                        keptRows[oldRow] = starts[section] + item
                    }
                    if case .kept = origin, visible.contains(oldRow), anchor.map({ oldRow < $0.row }) ?? true {
                        anchor = (oldRow, oldGeometry.minY(of: oldRow) - contentOffset)
                        keptRows[oldRow] = starts[section] + item
                    }
                case .reloaded(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    heights.append(oldLayout.itemHeight(of: oldRow))
                    known.append(!remeasure && oldGeometry.isKnown(oldRow))
                    reloadedRows.insert(oldRow)
                case .inserted:
                    let (height, isKnown) = initialHeight(ItemPath(section: section, item: item))
                    heights.append(height)
                    known.append(isKnown)
                }
            }
        }
        // Cells of deleted and reloaded rows go back to the pools, named by their old paths.
        layout.sectionStarts = oldStarts
        var carried = IntMap<Cell>()
        for oldRow in cells.keys.sorted() {
            if let newRow = keptRows[oldRow], let cell = cells[oldRow] {
                carried[newRow] = cell
                continue
            }
            let reloaded = reloadedRows.contains(oldRow)
            if reloaded, let cell = cells[oldRow], cell.isDisplayed, let key = cell.content?.key {
                tornDown[key.item] = key.version
            }
            recycle(oldRow, animatingOut: reloaded)
        }
        layout.sectionStarts = starts
        cells = carried
        // Headers stay with their sections while the sections do; a batch that changes them re-dequeues them.
        if layout.headerHeight > 0, starts.count != oldStarts.count || !plan.sections.enumerated().allSatisfy({ $0.element == .kept($0.offset) }) {
            poolAllHeaders()
        }
        layout.replaceGeometry(heights: heights, known: known)
        recordJump(from: anchor, content: content, mapping: { keptRows[$0] })
        layout.clampOffset()
    }

    /// How many rows from `item` on are kept in order after `first`: the
    /// whole rest of a section without explicit origins (its rows all kept,
    /// each from the same item of the old section), else as far as the
    /// explicit origins go on with the old section's next item.
    ///
    /// - Complexity: O(the run's length).
    private static func keptRun(from first: ItemPath, at item: Int, count: Int, explicit: [RowOrigin]?) -> Int {
        guard let explicit else { return count - item }
        var length = 1
        while item + length < count, case .kept(let next) = explicit[item + length],
              next.section == first.section, next.item == first.item + length {
            length += 1
        }
        return length
    }

    /// The first visible row and where it is on screen, before a change.
    func screenAnchor() -> (row: Int, y: Double)? {
        guard isLoaded, let row = visibleRowRange.first else { return nil }
        return (row, layout.geometry.minY(of: row) - contentOffset)
    }

    /// The item the first visible row's cell shows and where it is on
    /// screen, before a change (nil when that row shows nothing yet).
    func contentAnchor() -> (item: Int, y: Double)? {
        guard let anchor = screenAnchor(), let item = cells[anchor.row]?.content?.key.item else { return nil }
        return (item, anchor.y)
    }

    /// Measures how far the content the user was looking at moved on screen
    /// (`scrollJumpPoints`), following the item the first visible row showed,
    /// not the row index: with positional identifiers a row can keep its
    /// place while its content changes to the post before it.
    ///
    /// The item's new place is known only once the rows show their new
    /// content, so the measurement waits for the next layout pass
    /// (``resolvePendingJump(visible:)``). Until then `fallback`, the anchor
    /// row's own move (through `mapping`, from old rows to new ones), is
    /// kept for the case where the item is no longer on screen.
    ///
    /// Inside an update the app's code wraps (``defersJumps``), the row's
    /// move is measured at the next frame too, after that code, less what
    /// it scrolled (`fallbackRow`): measured now, it would count a move the
    /// app's code then puts back.
    func recordJump(from anchor: (row: Int, y: Double)?, content: (item: Int, y: Double)?, mapping: (Int) -> Int?) {
        if defersJumps, let content {
            if pendingJump == nil {
                let row = anchor.flatMap { anchor in mapping(anchor.row).map { ($0, anchor.y) } }
                pendingJump = PendingJump(item: content.item, y: content.y, fallback: 0, fallbackRow: row)
                userScrollSinceAnchor = 0
            } else {
                let kept = pendingJump?.fallbackRow
                pendingJump?.fallbackRow = kept.flatMap { old in mapping(old.row).map { ($0, old.y) } }
            }
            return
        }
        var fallback = 0.0
        if let anchor, let row = mapping(anchor.row), row < numberOfRows {
            fallback = abs(layout.geometry.minY(of: row) - layout.clampedOffset - anchor.y)
        }
        guard let content else {
            simulation.counters.recordScrollJump(points: fallback)
            return
        }
        if pendingJump == nil {
            pendingJump = PendingJump(item: content.item, y: content.y, fallback: fallback)
            userScrollSinceAnchor = 0
        } else {
            pendingJump?.fallback += fallback
        }
    }

    /// After a layout pass: how far the item the user was looking at before
    /// the last change(s) moved on screen, less what the user scrolled since;
    /// the row-based fallback when it is no longer on screen. Returns whether
    /// the item was found (its move then includes the pass's own height corrections).
    func resolvePendingJump(visible: Range<Int>) -> Bool {
        guard let pending = pendingJump else { return false }
        pendingJump = nil
        guard let row = visible.first(where: { cells[$0]?.content?.key.item == pending.item }) else {
            var fallback = pending.fallback
            if let kept = pending.fallbackRow, kept.row < numberOfRows {
                // Off screen: the item's row in the app's data (its estimate
                // if unmeasured), else the row the anchor row became.
                if let row = modelRow(of: pending.item, near: kept.row) {
                    fallback += abs(layout.geometry.minY(of: row) - contentOffset - (pending.y - userScrollSinceAnchor))
                } else {
                    fallback += abs(layout.geometry.minY(of: kept.row) - contentOffset - (kept.y - userScrollSinceAnchor))
                }
            }
            simulation.counters.recordScrollJump(points: fallback)
            return false
        }
        let expected = pending.y - userScrollSinceAnchor
        simulation.counters.recordScrollJump(points: abs(layout.geometry.minY(of: row) - contentOffset - expected))
        return true
    }
}

extension TableView {
    /// The row showing `item` in the data source's model (nil when it does
    /// not say, or has no such item), searched outward from `hint`.
    ///
    /// - Complexity: O(d) for an item `d` rows from the hint; O(n) when it is gone.
    func modelRow(of item: Int, near hint: Int) -> Int? {
        guard let dataSource, numberOfRows > 0 else { return nil }
        return NearestIndex.search(near: min(max(0, hint), numberOfRows - 1), count: numberOfRows) { row in
            dataSource.tableView(self, itemAt: layout.path(ofGlobal: row)) == item
        }
    }
}

/// A jump measurement waiting for the rows to show their new content.
struct PendingJump {
    /// The item the first visible row showed before the change, and where it was on screen.
    var item: Int
    var y: Double
    /// The row-based measurement, for when the item is no longer on screen.
    var fallback: Double
    /// Inside an update the app's code wraps: the row the first visible row
    /// became and its old y on screen, measured at the next frame instead.
    var fallbackRow: (row: Int, y: Double)? = nil
}
