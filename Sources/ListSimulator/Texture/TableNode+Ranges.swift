import ListData
import ListDiff

/// A table node's scrolling, interface ranges and batch fetching.
extension TableNode {
    /// Moves the viewport, clamped to the content; a range update is asked
    /// for only when it moved.
    public func setContentOffset(_ offset: Double) {
        guard layout.scroll(to: offset) != nil else { return }
        simulation.clock.setNeedsDisplay()
    }

    /// Rows intersecting the viewport: O(log n) after a change of the layout, then O(1) (``ListLayout/visibleRowRange()``).
    public var visibleRowRange: Range<Int> { layout.visibleRowRange() }

    /// Rows within a range `leading` screens ahead and `trailing` behind the
    /// viewport, ahead being the scrolling direction. O(log n).
    func rows(leading: Double, trailing: Double) -> Range<Int> { layout.rows(leading: leading, trailing: trailing) }

    /// The frame's range update: interface states, view loading, contents,
    /// and batch fetching.
    ///
    /// - Complexity: O(r log r) for the `r` rows in the ranges, plus the modeled work.
    public func layoutIfNeeded() {
        let sim = simulation
        if sim.ledger.warnedAt != nil { tuning = .lowMemory } else if tuning == .minimum { tuning = .full }
        let visible = visibleRowRange
        let display = rows(leading: tuning.displayLeading, trailing: tuning.displayTrailing).union(visible)
        let preload = rows(leading: tuning.preloadLeading, trailing: tuning.preloadTrailing).union(display)
        // The same ranges as a pass that left every node in its state, and no
        // node changed since: every row's update would change nothing.
        let ranges = NodeRanges(visible: visible, display: display, preload: preload)
        if let settled = settledRanges, settled.epoch == nodesEpoch {
            if settled.ranges != ranges { updateMoved(from: settled.ranges, to: ranges) }
            checkBatchFetch()
            return
        }
        let epochBefore = nodesEpoch
        // The active rows and the preload range, each once, top to bottom.
        var rows = Array(preload)
        for row in active.elements where !preload.contains(row) { rows.append(row) }
        rows.sort()
        for row in rows where row < nodes.count {
            update(row, visible: visible.contains(row), display: display.contains(row), preload: preload.contains(row))
        }
        keepActiveRowsWithState()
        // A delegate's callback or a memory warning that changed a node during
        // the pass may leave work for the next one: it is not settled then.
        settledRanges = nodesEpoch == epochBefore ? (ranges, nodesEpoch) : nil
        checkBatchFetch()
    }

    /// The range pass after a settled one (``settledRanges``) whose ranges
    /// were `old`, no node changed since: it does what the whole pass does,
    /// updating only the rows whose place in the ranges moved.
    ///
    /// After a settled pass every node of a row in a range has exactly the
    /// states its place gives it (preloaded, with contents, visible), the
    /// active rows are the old preload range's, and only a pass or a change
    /// of ``nodes`` (which moves ``nodesEpoch``) changes a state: updating a
    /// row whose place did not move changes nothing. The rows are visited in
    /// the whole pass's order (the old and new preload ranges, each row once,
    /// top to bottom); should a delegate's callback change a node meanwhile,
    /// every later row is updated, as the whole pass would, and the active
    /// rows are worked out again from the nodes' states.
    ///
    /// - Complexity: O(r) for the `r` rows of both preload ranges, plus the
    ///   modeled work of the rows that moved.
    private func updateMoved(from old: NodeRanges, to new: NodeRanges) {
        let epochBefore = nodesEpoch
        var disturbed = false
        func visit(_ row: Int) {
            guard row < nodes.count else { return }
            let visible = new.visible.contains(row), display = new.display.contains(row), preload = new.preload.contains(row)
            if !disturbed, visible == old.visible.contains(row), display == old.display.contains(row), preload == old.preload.contains(row) {
                return
            }
            update(row, visible: visible, display: display, preload: preload)
            if !disturbed, nodesEpoch != epochBefore { disturbed = true }
            // A row that left every range has no state left (a pass sets them all false there).
            if !disturbed, !preload { active.remove(row) }
        }
        // Both preload ranges, each row once, top to bottom.
        let (first, second) = old.preload.lowerBound <= new.preload.lowerBound ? (old.preload, new.preload) : (new.preload, old.preload)
        if second.lowerBound <= first.upperBound {
            for row in first.lowerBound..<Swift.max(first.upperBound, second.upperBound) { visit(row) }
        } else {
            for row in first { visit(row) }
            for row in second { visit(row) }
        }
        if disturbed {
            keepActiveRowsWithState()
            settledRanges = nil
        } else {
            settledRanges = (new, nodesEpoch)
        }
    }

    /// Keeps, of the active rows, those whose node is still in some state
    /// (visible, with contents or preloaded): the end of a whole pass.
    ///
    /// - Complexity: O(a) for `a` active rows.
    private func keepActiveRowsWithState() {
        var stillActive = IntSet(minimumCapacity: active.count)
        for row in active.elements where row < nodes.count && (nodes[row].isVisible || nodes[row].hasContents || nodes[row].isPreloaded) {
            stillActive.insert(row)
        }
        active = stillActive
    }

    private func update(_ row: Int, visible: Bool, display: Bool, preload: Bool) {
        let node = nodes[row]
        let sim = simulation
        if preload { active.insert(row) }
        node.isPreloaded = preload
        if display, !node.hasContents {
            node.hasContents = true
            delegate?.tableNode(self, didEnterDisplayRangeWith: node)
            let bytes = sim.backingStoreBytes(of: node.content, width: width)
            let pixels = node.content.imagePixels
            // Asynchronous display: rendered on a worker, on Texture 2.7's display
            // queue, which targets the high-priority global queue (_ASDisplayLayer.mm:
            // DISPATCH_QUEUE_PRIORITY_HIGH, the user-initiated class).
            sim.clock.async(.background(.userInitiated)) { [self] in
                guard node.isAlive, node.hasContents, node.renderedBytes == 0 else { return }
                // Drawing asks the renderer cache again (ASTextNodeDrawParameter's rendererForBounds:).
                self.requestRenderers(for: node)
                // Images a node still holds are not decoded again.
                let held = node.decodedBytes > 0
                sim.chargeRendering(node.content, decodingImages: !held)
                node.renderedBytes = bytes
                sim.allocate(.backingStore, bytes)
                if !held {
                    node.decodedBytes = pixels * 4
                    sim.allocate(.decodedImage, node.decodedBytes)
                }
            }
        } else if !display, node.hasContents {
            // Cleared on the next main turn; the node and its view stay.
            node.hasContents = false
            delegate?.tableNode(self, didExitDisplayRangeWith: node)
            sim.clock.async(.main) { [self] in
                if !node.hasContents { self.clearContents(node) }
            }
        }
        if visible, !node.isVisible {
            node.isVisible = true
            if !node.isViewLoaded {
                node.isViewLoaded = true
                sim.charge(microseconds: Double(node.subnodes) * sim.costs.nodeViewLoadPerSubnodeMicroseconds.value, .nodeViewLoading)
                sim.allocate(.view, node.subnodes * Int(sim.costs.viewBytes.value))
            }
            delegate?.tableNode(self, willDisplayRowWith: node)
        } else if !visible, node.isVisible {
            node.isVisible = false
            delegate?.tableNode(self, didEndDisplayingRowWith: node)
        }
    }

    private func checkBatchFetch() {
        guard !isBatchFetching, let delegate, delegate.shouldBatchFetch(for: self) else { return }
        let remaining = contentHeight - (contentOffset + viewportHeight)
        guard remaining <= leadingScreensForBatching * viewportHeight else { return }
        isBatchFetching = true
        delegate.tableNode(self, willBeginBatchFetchAt: simulation.clock.now)
    }

    /// Ends a batch fetch, as `ASBatchContext.completeBatchFetching(true)`.
    public func completeBatchFetching() { isBatchFetching = false }

    /// The content keys of the visible rows' nodes, top to bottom (the last
    /// answer while the rows and the nodes are the same: a node's content never changes).
    ///
    /// - Complexity: O(1) when asked again, else O(v) for `v` visible rows.
    public var visibleContent: [ContentKey] {
        let visible = visibleRowRange
        if let cached = visibleContentCache, cached.rows == visible, cached.epoch == nodesEpoch { return cached.keys }
        var keys: [ContentKey] = []
        keys.reserveCapacity(visible.count)
        for row in visible where row < nodes.count { keys.append(nodes[row].content.key) }
        visibleContentCache = (visible, nodesEpoch, keys)
        return keys
    }
}

/// A table node's interface ranges in one pass: the visible rows, the
/// display range and the preload range (``TableNode/settledRanges``).
struct NodeRanges: Equatable {
    var visible: Range<Int>
    var display: Range<Int>
    var preload: Range<Int>
}
