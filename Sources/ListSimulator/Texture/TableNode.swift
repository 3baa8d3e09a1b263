import ListDiff

/// A simulated Texture cell node: allocated once per row, never reused.
public final class CellNode {
    public let serial: Int
    public let content: CellContent
    /// Subnodes in its tree (the node itself counts as one).
    public var subnodes: Int { max(1, content.views) }
    /// Whether its view and layer were loaded (on main; never unloaded).
    public internal(set) var isViewLoaded = false
    /// Whether it holds rendered contents (backing store, decoded images).
    public internal(set) var hasContents = false
    public internal(set) var isVisible = false
    public internal(set) var isPreloaded = false
    var renderedBytes = 0
    var decodedBytes = 0
    /// Whether it is still in the table (a deleted or reloaded row's node is gone).
    var isAlive = true

    init(serial: Int, content: CellContent) {
        self.serial = serial
        self.content = content
    }
}

/// Who holds a node's decoded images once the node leaves the display range.
public enum NodeImageRetention: String, Equatable, Sendable {
    /// `ASNetworkImageNode`: the image is dropped with the node's contents
    /// and fetched (from cache) and decoded again when it comes back.
    case clearedWithContents
    /// `ASImageNode.image` set by the app's own downloader (SDWebImage,
    /// Kingfisher): the node keeps the decoded image until the node itself is
    /// freed. Texture's maintainers name this pattern as the cause of
    /// unbounded growth (TextureGroup/Texture #211).
    case heldByNode
}

/// Texture's interface-range tuning, in screenfuls (leading, trailing).
public struct RangeTuning: Equatable, Sendable {
    public var displayLeading: Double
    public var displayTrailing: Double
    public var preloadLeading: Double
    public var preloadTrailing: Double

    /// Texture's defaults while visible (`ASLayoutRangeModeFull`).
    public static let full = RangeTuning(displayLeading: 1, displayTrailing: 0.5, preloadLeading: 2.5, preloadTrailing: 1.5)
    /// Before the first range update and when not visible (`ASLayoutRangeModeMinimum`).
    public static let minimum = RangeTuning(displayLeading: 0.25, displayTrailing: 0.25, preloadLeading: 0.5, preloadTrailing: 0.25)
    /// After a memory warning (`ASLayoutRangeModeLowMemory`): no display range, minimum preload.
    public static let lowMemory = RangeTuning(displayLeading: 0, displayTrailing: 0, preloadLeading: 0.5, preloadTrailing: 0.25)
}

/// The data source of a table node, as `ASTableDataSource`.
public protocol TableNodeDataSource: AnyObject {
    func numberOfSections(in tableNode: TableNode) -> Int
    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int
    /// Called on main; the returned block runs on a background worker and
    /// describes the node to allocate (`nodeBlockForRowAtIndexPath`).
    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent
}

/// The delegate of a table node, as the parts of `ASTableDelegate` the model uses.
public protocol TableNodeDelegate: AnyObject {
    func shouldBatchFetch(for tableNode: TableNode) -> Bool
    /// Call ``TableNode/completeBatchFetching()`` when the page has been inserted.
    func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime)
    func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath)
    func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode, at path: ItemPath)
    /// A row's node entered or left the display range (as an `ASCellNode`
    /// subclass sees `didEnterDisplayState` / `didExitDisplayState`).
    func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode, at path: ItemPath)
    func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode, at path: ItemPath)
}

extension TableNodeDelegate {
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { false }
    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {}
    public func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode, at path: ItemPath) {}
}

/// A headless Texture `ASTableNode`.
///
/// - Every row gets its own node when inserted (or at `reloadData`, for every
///   row): node blocks run concurrently on the background workers, each node
///   is measured there (`layoutThatFits`), and the update commits on main only
///   once all of its nodes are ready, after every update issued before it.
///   Updates are validated against the counts after the updates already
///   issued, as Texture's editing transactions are. Nodes are never reused:
///   a node lives until its row is deleted or reloaded.
/// - Each frame, rows are sorted into interface ranges around the viewport
///   (``RangeTuning``: full mode while visible; low-memory mode after the
///   device's memory warning). Entering the display range renders a node's
///   contents on a worker (text rasterised, images decoded, backing store
///   allocated); leaving it clears them on the next main turn, but the node
///   and its loaded view stay. Becoming visible loads the view on main, once.
/// - Memory, as Texture 2.7 holds it (the memory ledger): while a row is in
///   the table, its node object and every subnode's (`nodeBytes` each), each
///   text node's attributed string (`textAttributedStringBytes`; `ASTextNode`
///   keeps its own copy); once its view is loaded, a view and a layer per
///   subnode (`viewBytes`; view-backed nodes, the default, never unload);
///   while in the display range, the backing stores of the subnodes that
///   draw, bounds × scale² × 4 bytes (`ASDisplayNode+AsyncDisplay.mm` draws
///   into an image context of the bounds at the contents scale and sets it as
///   the layer's contents). Leaving the display range suspends display and
///   clears those contents on the next main-queue turn, for the node and
///   every subnode, if it has not come back meanwhile (`ASDisplayNode.mm`,
///   `setInterfaceState:` and `clearContents`; the range controller sets the
///   state recursively). Text renderers live in Texture's shared cache
///   (``TextRendererCache``), not in the nodes.
/// - Batch fetching starts when the viewport is within
///   ``leadingScreensForBatching`` screens of the end.
/// - Sections, heights and the viewport live in the list core it shares
///   with ``TableView``.
public final class TableNode: ListSurface {
    public let simulation: Simulation
    public weak var dataSource: TableNodeDataSource?
    public weak var delegate: TableNodeDelegate?
    /// The viewport's width, in points (its height is the core's).
    public let width: Double
    public var leadingScreensForBatching = 2.0
    public private(set) var tuning = RangeTuning.minimum
    /// Whether leaving the display range frees decoded images (see ``NodeImageRetention``).
    public var imageRetention = NodeImageRetention.clearedWithContents
    public private(set) var isBatchFetching = false

    /// Sections, row geometry, viewport and scrolling.
    var layout: ListLayout
    /// The node of each row, by global row.
    var nodes: [CellNode] = []
    /// Every node allocated and not yet released, by serial (for the invariant that no node outlives its row).
    var liveNodes: [Int: CellNode] = [:]
    /// Rows whose nodes are in some range (preloaded, displayed or visible).
    var active = Set<Int>()
    var nextSerial = 0
    /// Row counts after every update issued so far (committed or not): what
    /// the next update is validated against, as Texture's editing transactions are.
    var pendingRowCounts: [Int] = []
    /// Updates whose nodes are ready, by issue number, waiting for the earlier ones.
    var readyCommits: [Int: () -> Void] = [:]
    var issuedUpdates = 0
    var committedUpdates = 0
    /// Texture's shared text-renderer cache (process-wide in Texture; one
    /// table node per simulated app here).
    var renderers = TextRendererCache()

    public init(simulation: Simulation, width: Double? = nil, viewportHeight: Double? = nil) {
        self.simulation = simulation
        self.width = width ?? simulation.device.screenWidth
        layout = ListLayout(viewportHeight: viewportHeight ?? simulation.device.screenHeight)
    }

    public var numberOfRows: Int { layout.numberOfRows }
    public var contentHeight: Double { layout.contentHeight }
    public var viewportHeight: Double { layout.viewportHeight }
    public var contentOffset: Double { layout.contentOffset }
    public var maximumOffset: Double { layout.maximumOffset }
    /// Rows in each section, as the table node last committed them. O(s) for `s` sections.
    public var rowCounts: [Int] { layout.rowCounts }
    /// Nodes alive (rows in the table).
    public var nodeCount: Int { nodes.count }

    /// The node of a row.
    public func node(at path: ItemPath) -> CellNode? {
        let row = layout.globalRow(path)
        return row < nodes.count ? nodes[row] : nil
    }

    /// The y of a row's top edge and its height. O(log n).
    public func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) { layout.frame(ofRow: path) }

    // MARK: - Data

    /// Loads every row: a node for each, allocated and measured on the
    /// workers, committed on main when all are ready (`reloadData`).
    public func reloadData(completion: (() -> Void)? = nil) {
        guard let dataSource else { return }
        let counts = (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableNode(self, numberOfRowsInSection: $0))
        }
        var paths: [ItemPath] = []
        for (section, count) in counts.enumerated() {
            for item in 0..<count { paths.append(ItemPath(section: section, item: item)) }
        }
        pendingRowCounts = counts
        allocateNodes(for: paths) { [self] made in
            for node in self.nodes { self.release(node) }
            self.active.removeAll()
            self.layout.sectionStarts = ListLayout.sectionStarts(rowCounts: counts)
            self.nodes = made
            self.layout.geometry = RowGeometry(heights: made.map(\.content.height), known: made.map { _ in true })
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
            allocateNodes(for: reloaded) { [self] made in
                self.commitReloads(zip(reloaded, made).map { ($0, $1) }, operations: operations)
                completion?()
            }
            return true
        }
        let plan: BatchUpdatePlan
        do {
            plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: pendingRowCounts, rowCountsAfter: after)
        } catch {
            simulation.recordInconsistency(.invalidBatchUpdate, error.message(iOS: simulation.device.iOSVersion))
            return false
        }
        var fresh: [ItemPath] = []
        for section in 0..<after.count {
            for item in 0..<after[section] {
                switch plan.origin(ofRow: item, inSection: section) {
                case .inserted, .reloaded: fresh.append(ItemPath(section: section, item: item))
                case .kept, .moved: continue
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
        pendingRowCounts = after
        let operations = update.operationCount
        allocateNodes(for: fresh) { [self] made in
            self.commit(plan, fresh: zip(fresh, made).map { ($0, $1) }, operations: operations)
            completion?()
        }
        return true
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
        let rows = fresh.map { layout.globalRow($0.0) }
        let reloaded = Set(rows)
        let content = contentAnchor()
        // Rows keep their places here: the first visible row not reloaded, and its y on screen.
        let kept = visibleRowRange.first { !reloaded.contains($0) }.map { ($0, layout.geometry.minY(of: $0) - contentOffset) }
        for (row, (path, _)) in zip(rows, fresh) {
            let old = nodes[row]
            if old.isVisible { delegate?.tableNode(self, didEndDisplayingRowWith: old, at: path) }
            release(old)
        }
        for (row, (_, node)) in zip(rows, fresh) {
            active.remove(row)
            nodes[row] = node
            layout.geometry.setHeight(node.content.height, of: row)
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
            sim.counters.scrollJumpPoints += abs(layout.geometry.minY(of: row) - offset - content.y)
        } else if let fallback, fallback.row < nodes.count {
            sim.counters.scrollJumpPoints += abs(layout.geometry.minY(of: fallback.row) - offset - fallback.y)
        }
    }

    /// Runs the node blocks on the workers (allocation and measurement), then
    /// calls `done` on main with the nodes in order, after earlier updates.
    private func allocateNodes(for paths: [ItemPath], done: @escaping ([CellNode]) -> Void) {
        guard let dataSource else { return }
        let sim = simulation
        let blocks = paths.map { dataSource.tableNode(self, nodeBlockForRowAt: $0) }
        var made = [CellNode?](repeating: nil, count: blocks.count)
        var remaining = blocks.count
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
        guard !blocks.isEmpty else {
            sim.clock.async(.main, finish)
            return
        }
        // Texture's ASDataController allocates nodes with ASDispatchApply on
        // dispatch_get_global_queue(QOS_CLASS_USER_INITIATED, 0).
        for (index, block) in blocks.enumerated() {
            sim.clock.async(.background(.userInitiated)) { [self] in
                let content = block()
                self.nextSerial += 1
                let node = CellNode(serial: self.nextSerial, content: content)
                sim.charge(microseconds: sim.costs.nodeAllocateMicroseconds.value
                    + Double(node.subnodes) * sim.costs.nodeLayoutPerSubnodeMicroseconds.value, .nodeAllocation)
                sim.counters.nodesAllocated += 1
                sim.allocate(.node, node.subnodes * Int(sim.costs.nodeBytes.value))
                sim.allocate(.text, node.content.textNodes * Int(sim.costs.textAttributedStringBytes.value))
                // Measuring its text nodes asks Texture's renderer cache for their renderers.
                self.requestRenderers(for: node)
                made[index] = node
                self.liveNodes[node.serial] = node
                remaining -= 1
                if remaining == 0 { sim.clock.async(.main, finish) }
            }
        }
    }

    /// Commits a validated update on main with its new nodes.
    private func commit(_ plan: BatchUpdatePlan, fresh: [(ItemPath, CellNode)], operations: Int) {
        let sim = simulation
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
        var survivors = Set<Int>()
        for section in 0..<plan.rowCounts.count {
            for item in 0..<plan.rowCounts[section] {
                let path = ItemPath(section: section, item: item)
                switch plan.origin(ofRow: item, inSection: section) {
                case .kept(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    survivors.insert(oldRow)
                    if visible.contains(oldRow), anchor.map({ oldRow < $0.0 }) ?? true {
                        anchor = (oldRow, layout.geometry.minY(of: oldRow) - contentOffset)
                        anchorRow = newNodes.count
                    }
                    newNodes.append(oldNodes[oldRow])
                case .moved(let old):
                    let oldRow = oldStarts[old.section] + old.item
                    survivors.insert(oldRow)
                    newNodes.append(oldNodes[oldRow])
                case .reloaded, .inserted:
                    if let node = freshByPath[path] { newNodes.append(node) }
                }
            }
        }
        // Nodes of deleted and reloaded rows are released.
        for (oldRow, node) in oldNodes.enumerated() where !survivors.contains(oldRow) {
            if node.isVisible {
                delegate?.tableNode(self, didEndDisplayingRowWith: node, at: layout.path(ofGlobal: oldRow))
            }
            release(node)
        }
        active = []
        for (row, node) in newNodes.enumerated() where node.isVisible || node.hasContents || node.isPreloaded {
            active.insert(row)
        }
        layout.sectionStarts = starts
        nodes = newNodes
        layout.geometry = RowGeometry(heights: newNodes.map(\.content.height), known: newNodes.map { _ in true })
        recordJump(content: content, fallback: anchorRow.flatMap { row in anchor.map { (row, $0.1) } })
        layout.clampOffset()
        sim.clock.setNeedsDisplay()
    }

    /// Asks Texture's shared renderer cache for the renderers of a node's
    /// text nodes (when it is measured, and again when it draws): a renderer
    /// not cached is made, and the least recently used past the cache's
    /// limit are freed. Renderers belong to the cache, not to the node.
    ///
    /// - Complexity: O(r) amortised for the node's `r` renderers.
    func requestRenderers(for node: CellNode) {
        let sim = simulation
        let bytes = Int(sim.costs.textRendererBytes.value)
        for index in 0..<max(0, node.content.textRenderers) {
            let (made, evicted) = renderers.request(TextRendererCache.Key(content: node.content.key, index: index))
            if made { sim.allocate(.textRenderer, bytes) }
            sim.free(.textRenderer, evicted * bytes)
        }
    }

    /// Frees a node's memory: its object (with its text nodes' attributed
    /// strings), its loaded view and its contents. The renderers its text
    /// nodes used stay in Texture's cache.
    private func release(_ node: CellNode) {
        let sim = simulation
        node.isAlive = false
        liveNodes[node.serial] = nil
        clearContents(node)
        sim.free(.decodedImage, node.decodedBytes)
        node.decodedBytes = 0
        sim.free(.text, node.content.textNodes * Int(sim.costs.textAttributedStringBytes.value))
        sim.free(.node, node.subnodes * Int(sim.costs.nodeBytes.value))
        if node.isViewLoaded { sim.free(.view, node.subnodes * Int(sim.costs.viewBytes.value)) }
    }

    /// Frees the backing store, and the decoded images unless the node holds them.
    private func clearContents(_ node: CellNode) {
        simulation.free(.backingStore, node.renderedBytes)
        node.renderedBytes = 0
        node.hasContents = false
        if imageRetention == .clearedWithContents {
            simulation.free(.decodedImage, node.decodedBytes)
            node.decodedBytes = 0
        }
    }

    // MARK: - Scrolling and ranges

    /// Moves the viewport, clamped to the content; a range update is asked
    /// for only when it moved.
    public func setContentOffset(_ offset: Double) {
        guard layout.scroll(to: offset) != nil else { return }
        simulation.clock.setNeedsDisplay()
    }

    /// Rows intersecting the viewport. O(log n).
    public var visibleRowRange: Range<Int> { layout.visibleRowRange }

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
        for row in active.union(preload).sorted() where row < nodes.count {
            update(row, visible: visible.contains(row), display: display.contains(row), preload: preload.contains(row))
        }
        active = active.filter { $0 < nodes.count && (nodes[$0].isVisible || nodes[$0].hasContents || nodes[$0].isPreloaded) }
        checkBatchFetch()
    }

    private func update(_ row: Int, visible: Bool, display: Bool, preload: Bool) {
        let node = nodes[row]
        let sim = simulation
        if preload { active.insert(row) }
        node.isPreloaded = preload
        if display, !node.hasContents {
            node.hasContents = true
            delegate?.tableNode(self, didEnterDisplayRangeWith: node, at: layout.path(ofGlobal: row))
            let bytes = sim.backingStoreBytes(of: node.content, width: width)
            let pixels = node.content.imagePixels
            // Asynchronous display: rendered on a worker (estimate: at the
            // allocation's user-initiated class; the display queue's class is not checked).
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
            delegate?.tableNode(self, didExitDisplayRangeWith: node, at: layout.path(ofGlobal: row))
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
            delegate?.tableNode(self, willDisplayRowWith: node, at: layout.path(ofGlobal: row))
        } else if !visible, node.isVisible {
            node.isVisible = false
            delegate?.tableNode(self, didEndDisplayingRowWith: node, at: layout.path(ofGlobal: row))
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

    /// The content keys of the visible rows' nodes, top to bottom.
    public var visibleContent: [ContentKey] {
        visibleRowRange.compactMap { $0 < nodes.count ? nodes[$0].content.key : nil }
    }

    /// Checks that every live row has a live node and that no released node
    /// holds memory; returns what is broken (empty when all holds), in the
    /// order the checks run.
    ///
    /// - Complexity: O(n log n) for `n` rows.
    public func checkInvariants() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        let inRows = Set(nodes.map(\.serial))
        for serial in liveNodes.keys.sorted() where !inRows.contains(serial) {
            problems.append(.nodeOutlivedRow(node: serial))
        }
        let costs = simulation.costs
        let footprint = liveNodes.values.reduce(renderers.count * Int(costs.textRendererBytes.value)) { sum, node in
            sum + node.subnodes * Int(costs.nodeBytes.value) + (node.isViewLoaded ? node.subnodes * Int(costs.viewBytes.value) : 0)
                + node.content.textNodes * Int(costs.textAttributedStringBytes.value)
                + node.renderedBytes + node.decodedBytes
        }
        if footprint != simulation.ledger.total {
            problems.append(.ledgerMismatch(ledgerBytes: simulation.ledger.total, liveBytes: footprint, holders: .nodes))
        }
        if nodes.count != numberOfRows { problems.append(.nodeCountMismatch(nodes: nodes.count, rows: numberOfRows)) }
        if let dead = nodes.firstIndex(where: { !$0.isAlive }) { problems.append(.releasedNodeInRow(row: dead)) }
        if !layout.geometry.isConsistent() { problems.append(.geometryInconsistent) }
        if Set(nodes.map(\.serial)).count != nodes.count { problems.append(.nodeServesTwoRows) }
        return problems
    }
}
