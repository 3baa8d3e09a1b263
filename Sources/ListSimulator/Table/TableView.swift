import ListDiff

/// The table's data source, as `UITableViewDataSource`.
public protocol TableDataSource: AnyObject {
    func numberOfSections(in table: TableView) -> Int
    func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int
    /// Returns a cell from ``TableView/dequeueReusableCell(withIdentifier:for:)``,
    /// configured with ``TableView/configure(_:with:)``.
    func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell
}

/// The table's delegate, as the parts of `UITableViewDelegate` the model uses.
public protocol TableDelegate: AnyObject {
    /// Asked in ``RowHeight/delegate(estimate:)`` mode. Work done here should be charged.
    func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double
    /// Asked for every row at each reload when ``TableView/asksEstimatedHeightForEveryRow``
    /// is set (the delegate implements `estimatedHeightForRowAt`). Work done here should be charged.
    func tableView(_ table: TableView, estimatedHeightForRowAt path: ItemPath) -> Double
    func tableView(_ table: TableView, willDisplay cell: Cell, forRowAt path: ItemPath)
    func tableView(_ table: TableView, didEndDisplaying cell: Cell, forRowAt path: ItemPath)
}

extension TableDelegate {
    public func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double { 44 }
    public func tableView(_ table: TableView, estimatedHeightForRowAt path: ItemPath) -> Double { 44 }
    public func tableView(_ table: TableView, willDisplay cell: Cell, forRowAt path: ItemPath) {}
    public func tableView(_ table: TableView, didEndDisplaying cell: Cell, forRowAt path: ItemPath) {}
}

/// How a table knows its row heights.
public enum RowHeight: Equatable, Sendable {
    /// Every row has this height.
    case fixed(Double)
    /// The delegate gives each height. With no estimate (`estimatedRowHeight`
    /// 0) every height is asked for up front; with one, lazily as rows come
    /// near the viewport.
    case delegate(estimate: Double?)
    /// Self-sizing: each row is measured from its content when laid out;
    /// until then it has the estimate, and the content size is corrected as
    /// real heights arrive.
    case automatic(estimate: Double)
}

/// Where a table's cells get their images decoded. The write-ups name no
/// image pipeline; this is the assumption every UIKit strategy states as
/// its `images` option.
public enum ImageDecoding: String, Equatable, Sendable, CaseIterable {
    /// UIKit's own way for an image set on an image view undecoded
    /// (`UIImage(data:)`, `UIImage(named:)`): Core Animation decodes it on
    /// main when the layer is committed (cost-figures.md, "Images").
    case mainAtCommit = "main"
    /// As image libraries do (SDWebImage, Kingfisher, Nuke): decoded on the
    /// library's serial queue, then set on main; the row shows its images
    /// only then.
    case offMain = "background"
}

/// A headless `UITableView`.
///
/// Only rows intersecting the viewport get cells, plus rows within the
/// prefetch distance ahead in the scrolling direction, prepared only when
/// the frame has spare time (as iOS 15's cell prefetching does). Cells come
/// from one reuse pool per identifier. Sections, heights and the viewport
/// live in the list core it shares with ``TableNode`` (a ``RowGeometry``
/// inside), so finding the visible rows is O(log n) and a frame's cost
/// depends on what is on screen, not on the list's length.
///
/// Every operation charges its modeled cost to the current thread of the
/// ``Simulation``'s clock and registers its memory in the ledger.
public final class TableView: ListSurface {
    public let simulation: Simulation
    public weak var dataSource: TableDataSource?
    public weak var delegate: TableDelegate?
    public var rowHeight: RowHeight
    /// The viewport's width, in points (its height is the core's).
    public let width: Double
    /// How far ahead of the viewport rows are prefetched, as a fraction of its height.
    /// Estimate: UIKit prepares the next cell or two in the scrolling direction.
    public var prefetchFraction = 0.25
    /// Whether the delegate implements `estimatedHeightForRowAt`: the table
    /// then asks it for every row's estimate each time it loads its data,
    /// instead of using the table-wide estimate (estimated modes only).
    public var asksEstimatedHeightForEveryRow = false
    /// Where displayed cells' images are decoded (``ImageDecoding``).
    public var imageDecoding = ImageDecoding.mainAtCommit

    /// An image library's decoding queue: serial, and created without a
    /// class, so it runs at the default one (estimate: SDWebImage's and
    /// Kingfisher's decoding queues are serial queues they create themselves;
    /// neither sets a quality of service on them in the versions of 2017–2019).
    public static let imageDecodingQueue = SimQueue.serial("image decoding", .default)

    /// Sections, row geometry, viewport and scrolling.
    var layout: ListLayout
    /// Cells by global row: on screen, or prepared ahead.
    var cells: [Int: Cell] = [:]
    var pools: [String: [Cell]] = [:]
    /// Each reuse identifier's cell: its views, and whether it loads from a nib.
    var registrations: [String: (views: Int, nib: Bool)] = [:]
    var nextSerial = 0
    /// During `reconfigureRows`, the cell that dequeue hands back for its row.
    var reconfiguring: (row: ItemPath, cell: Cell)?
    /// Content keys of cells torn down by a reload, by item, until their rows are rebuilt.
    var tornDown: [Int: Int] = [:]
    /// Cells leaving through `reloadRows`: still animating out, so back in a
    /// reuse pool only after the next layout pass (the row gets another cell).
    var leaving: [Cell] = []
    /// A change's jump measurement waiting for the next layout pass, and how far the user scrolled meanwhile.
    var pendingJump: PendingJump?
    var userScrollSinceAnchor = 0.0
    public private(set) var isLoaded = false

    public init(simulation: Simulation, rowHeight: RowHeight, width: Double? = nil, viewportHeight: Double? = nil) {
        self.simulation = simulation
        self.rowHeight = rowHeight
        self.width = width ?? simulation.device.screenWidth
        layout = ListLayout(viewportHeight: viewportHeight ?? simulation.device.screenHeight)
    }

    // MARK: - Cells

    /// Registers a cell type: its reuse identifier, how many views it has,
    /// and whether it is loaded from a nib (`register(_:forCellReuseIdentifier:)`
    /// with a `UINib`): each view is then decoded from the nib's archive too.
    public func register(_ identifier: String, views: Int, nib: Bool = false) {
        registrations[identifier] = (max(1, views), nib)
    }

    /// A cell for a row: from the identifier's reuse pool (reused, after
    /// `prepareForReuse`) or newly created, as UIKit's
    /// `dequeueReusableCell(withIdentifier:for:)`. During `reconfigureRows`
    /// it hands back the row's existing cell, untouched.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) -> Cell {
        if let reconfiguring, reconfiguring.row == path, reconfiguring.cell.reuseIdentifier == identifier {
            return reconfiguring.cell
        }
        let sim = simulation
        if var pool = pools[identifier], let cell = pool.popLast() {
            pools[identifier] = pool
            cell.reuses += 1
            sim.counters.cellsReused += 1
            sim.charge(microseconds: sim.costs.cellReuseMicroseconds.value, .cellReuse)
            return cell
        }
        let registration = registrations[identifier] ?? (1, false)
        let views = registration.views
        nextSerial += 1
        let cell = Cell(serial: nextSerial, reuseIdentifier: identifier, views: views)
        sim.counters.cellsCreated += 1
        let perView = sim.costs.viewCreateMicroseconds.value + (registration.nib ? sim.costs.nibDecodePerViewMicroseconds.value : 0)
        sim.charge(microseconds: Double(views) * perView, .cellCreation)
        sim.allocate(.cell, Int(sim.costs.cellBytes.value))
        sim.allocate(.view, views * Int(sim.costs.viewBytes.value))
        return cell
    }

    /// Pushes content into a cell: charges configuring its views, and drops
    /// what it had rendered (it renders again when displayed).
    public func configure(_ cell: Cell, with content: CellContent) {
        let sim = simulation
        sim.charge(microseconds: Double(min(content.views, cell.views)) * sim.costs.configurePerViewMicroseconds.value, .configuration)
        sim.counters.cellsConfigured += 1
        releaseRendering(of: cell)
        cell.content = content
        cell.configurations += 1
        if let version = tornDown[content.key.item], version == content.key.version {
            sim.counters.unchangedCellsReloaded += 1
            tornDown[content.key.item] = nil
        }
    }

    /// Drops a cell that was dequeued but will never be shown or handed back
    /// (a sizing cell): it is deallocated and its memory freed.
    public func discard(_ cell: Cell) {
        releaseRendering(of: cell)
        simulation.free(.cell, Int(simulation.costs.cellBytes.value))
        simulation.free(.view, cell.views * Int(simulation.costs.viewBytes.value))
    }

    /// Measures a configured cell's height (self-sizing), charging text
    /// measurement and a layout pass.
    public func measure(_ cell: Cell) -> Double {
        guard let content = cell.content else { return 0 }
        simulation.charge(microseconds: simulation.measureCost(content), .heightComputation)
        simulation.counters.heightsComputed += 1
        return content.height
    }

    func releaseRendering(of cell: Cell) {
        simulation.free(.backingStore, cell.renderedBytes)
        simulation.free(.decodedImage, cell.decodedBytes)
        cell.renderedBytes = 0
        cell.decodedBytes = 0
        cell.imagesPending = false
        cell.renderGeneration += 1
    }

    // MARK: - Rows and geometry

    /// Rows in each section, as the table last loaded them. O(s) for `s` sections.
    public var rowCounts: [Int] { layout.rowCounts }
    public var numberOfRows: Int { layout.numberOfRows }
    public var contentHeight: Double { layout.contentHeight }
    public var viewportHeight: Double { layout.viewportHeight }
    public var contentOffset: Double { layout.contentOffset }

    /// The y of a row's top edge, and its height. O(log n).
    public func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) { layout.frame(ofRow: path) }

    /// Loads counts and heights from the data source (the first layout, and `reloadData`).
    ///
    /// - Complexity: O(s) for `s` sections when every row gets one height (a
    ///   fixed height or the table-wide estimate; plus the rows added since the
    ///   last load); O(n) for `n` rows, plus the delegate's cost, when it
    ///   gives every height or estimate. The modeled charge is per row either way.
    func loadGeometry() {
        guard let dataSource else { return }
        let counts = (0..<max(0, dataSource.numberOfSections(in: self))).map {
            max(0, dataSource.tableView(self, numberOfRowsInSection: $0))
        }
        layout.sectionStarts = ListLayout.sectionStarts(rowCounts: counts)
        let total = layout.numberOfRows
        // UIKit rebuilds its row geometry, every row's height and offset, on each load.
        simulation.charge(microseconds: Double(total) * simulation.costs.rowGeometryPerRowMicroseconds.value, .reload)
        // The modeled charge above is per row, as UIKit's rebuild is; the
        // host's work is not when every row gets one height (a reset, O(1)
        // beyond the rows added), so paging one row at a time stays linear.
        switch rowHeight {
        case .fixed(let height):
            layout.geometry.reset(count: total, height: height, known: true)
        case .delegate(estimate: nil):
            var heights: [Double] = []
            heights.reserveCapacity(total)
            for row in 0..<total { heights.append(askHeight(layout.path(ofGlobal: row))) }
            layout.geometry = RowGeometry(heights: heights, known: Array(repeating: true, count: total))
        case .delegate(estimate: let estimate?), .automatic(estimate: let estimate):
            if asksEstimatedHeightForEveryRow, let delegate {
                var heights = Array(repeating: estimate, count: total)
                for row in 0..<total {
                    simulation.charge(microseconds: simulation.costs.delegateCallMicroseconds.value, .delegateCalls)
                    heights[row] = delegate.tableView(self, estimatedHeightForRowAt: layout.path(ofGlobal: row))
                }
                layout.geometry = RowGeometry(heights: heights, known: Array(repeating: false, count: total))
            } else {
                layout.geometry.reset(count: total, height: estimate, known: false)
            }
        }
        isLoaded = true
        layout.clampOffset()
    }

    func askHeight(_ path: ItemPath) -> Double {
        simulation.counters.heightsComputed += 1
        guard let delegate else { return 44 }
        simulation.charge(microseconds: simulation.costs.delegateCallMicroseconds.value, .delegateCalls)
        return delegate.tableView(self, heightForRowAt: path)
    }

    /// The height a row gets when inserted.
    func initialHeight(_ path: ItemPath) -> (Double, Bool) {
        switch rowHeight {
        case .fixed(let height): return (height, true)
        case .delegate(estimate: nil): return (askHeight(path), true)
        case .delegate(estimate: let estimate?), .automatic(estimate: let estimate): return (estimate, false)
        }
    }

    // MARK: - Scrolling

    /// Moves the viewport (the user scrolling, or code setting the offset).
    /// The offset is clamped to the content; a layout is asked for only when it moved.
    public func setContentOffset(_ offset: Double) {
        if !isLoaded { loadGeometry() }
        guard let moved = layout.scroll(to: offset) else { return }
        if pendingJump != nil { userScrollSinceAnchor += moved }
        setNeedsLayout()
    }

    /// The largest offset the content allows.
    public var maximumOffset: Double { layout.maximumOffset }

    /// Scrolls so that a row's top edge is at the top of the viewport.
    public func scrollToRow(_ path: ItemPath) { setContentOffset(frame(ofRow: path).minY) }

    /// Asks for a layout pass at the next frame.
    public func setNeedsLayout() { simulation.clock.setNeedsDisplay() }

    // MARK: - Layout

    /// Rows intersecting the viewport.
    ///
    /// - Complexity: O(log n).
    public var visibleRowRange: Range<Int> { layout.visibleRowRange }

    /// The visible rows, top to bottom.
    public var visibleRows: [ItemPath] { visibleRowRange.map { layout.path(ofGlobal: $0) } }

    /// The cells on screen with their rows, top to bottom.
    public var visibleCells: [(path: ItemPath, cell: Cell)] {
        visibleRowRange.compactMap { row in cells[row].map { (layout.path(ofGlobal: row), $0) } }
    }

    /// What the visible rows show with their whole content, top to bottom: a
    /// cell still waiting for its images (``Cell/imagesPending``) is left out.
    ///
    /// - Complexity: O(v) for `v` visible rows.
    public var visibleContent: [ContentKey] {
        visibleCells.compactMap { $0.cell.imagesPending ? nil : $0.cell.content?.key }
    }

    /// The cell of a row, if it has one.
    public func cell(at path: ItemPath) -> Cell? { cells[layout.globalRow(path)] }

    /// The layout pass of a frame: cells for rows entering the viewport,
    /// reuse for rows leaving it, self-sizing, display, then prefetching if
    /// the frame has time to spare.
    ///
    /// - Complexity: O(v log v + log n) plus the modeled work, for `v` rows near the viewport.
    public func layoutIfNeeded() {
        if !isLoaded { loadGeometry() }
        let frameStart = simulation.clock.now
        let anchor = visibleRowRange.first
        let anchorY = anchor.map { layout.geometry.minY(of: $0) - contentOffset }
        // Heights found while laying out move rows, so repeat until stable.
        for _ in 0..<8 {
            let visible = visibleRowRange
            recycleCells(outside: visible.union(prefetchRange(after: visible)))
            if !fillCells(visible) { break }
        }
        let visible = visibleRowRange
        for row in visible { display(row) }
        // A change's jump follows the content it moved; its measurement includes this pass's height corrections.
        if !resolvePendingJump(visible: visible), let anchor, let anchorY, anchor < numberOfRows {
            simulation.counters.scrollJumpPoints += abs(layout.geometry.minY(of: anchor) - contentOffset - anchorY)
        }
        // Prefetch in spare frame time only.
        let budget = simulation.clock.frameInterval / 2
        if simulation.clock.now - frameStart < budget {
            _ = fillCells(prefetchRange(after: visible))
            // Rows measured above the viewport (prefetching while scrolling up) move the
            // visible rows: the layout is invalid again, and the next frame redoes it.
            if visibleRowRange != visible { setNeedsLayout() }
        }
        tornDown.removeAll()
        for cell in leaving { pools[cell.reuseIdentifier, default: []].append(cell) }
        leaving.removeAll()
    }

    /// Rows within the prefetch distance ahead of `visible` in the scrolling direction.
    func prefetchRange(after visible: Range<Int>) -> Range<Int> {
        let distance = prefetchFraction * viewportHeight
        guard distance > 0, !visible.isEmpty else { return visible.lowerBound..<visible.lowerBound }
        if layout.scrollDirection > 0 {
            let bottom = contentOffset + viewportHeight
            return layout.rows(from: bottom, to: bottom + distance).clamped(to: visible.upperBound..<numberOfRows)
        }
        return layout.rows(from: contentOffset - distance, to: contentOffset).clamped(to: 0..<visible.lowerBound)
    }

    /// Gives each row in the range a cell; returns whether a height changed.
    func fillCells(_ range: Range<Int>) -> Bool {
        var changed = false
        for row in range where cells[row] == nil {
            guard let dataSource else { return false }
            let path = layout.path(ofGlobal: row)
            let cell = dataSource.tableView(self, cellForRowAt: path)
            cells[row] = cell
            if !layout.geometry.isKnown(row), updateHeight(of: row, path: path, cell: cell) { changed = true }
        }
        return changed
    }

    /// Computes a row's real height; returns whether it differed from the estimate.
    func updateHeight(of row: Int, path: ItemPath, cell: Cell) -> Bool {
        let height: Double
        switch rowHeight {
        case .automatic: height = measure(cell)
        case .delegate: height = askHeight(path)
        case .fixed(let fixed): height = fixed
        }
        return layout.geometry.setHeight(height, of: row) != 0
    }

    /// Shows a row's cell: willDisplay, a layout pass and rendering (text
    /// rasterised into backing stores, images decoded unless predecoded) with their memory.
    func display(_ row: Int) {
        guard let cell = cells[row], !cell.isDisplayed else { return }
        cell.isDisplayed = true
        let path = layout.path(ofGlobal: row)
        delegate?.tableView(self, willDisplay: cell, forRowAt: path)
        guard let content = cell.content else { return }
        let sim = simulation
        // A height the app gave (not self-sized) that is not the content's: clipped or padded.
        if case .delegate = rowHeight, abs(layout.geometry.height(of: row) - content.height) > 0.5 { sim.counters.misSizedRows += 1 }
        sim.charge(microseconds: sim.layoutCost(content), .layout)
        let decodesOffMain = imageDecoding == .offMain && content.imagePixels > 0 && !content.imagesPredecoded
        sim.chargeRendering(content, decodingImages: !decodesOffMain)
        if cell.renderedBytes == 0 {
            cell.renderedBytes = sim.backingStoreBytes(of: content, width: width)
            sim.allocate(.backingStore, cell.renderedBytes)
            if decodesOffMain {
                decodeOffMain(content, for: cell)
            } else {
                cell.decodedBytes = content.imagePixels * 4
                sim.allocate(.decodedImage, cell.decodedBytes)
            }
        }
    }

    /// The image library's way: the images are decoded on its serial queue
    /// and handed to the cell on main; meanwhile the cell shows the rest of
    /// its content. An image whose cell was reconfigured or reused meanwhile
    /// is dropped on main (the decode was already paid).
    private func decodeOffMain(_ content: CellContent, for cell: Cell) {
        let sim = simulation
        let generation = cell.renderGeneration
        cell.imagesPending = true
        sim.clock.async(Self.imageDecodingQueue) {
            sim.charge(microseconds: sim.decodeCost(pixels: content.imagePixels), .imageDecoding)
            sim.clock.async(.main) {
                guard cell.renderGeneration == generation, cell.imagesPending else { return }
                cell.imagesPending = false
                cell.decodedBytes = content.imagePixels * 4
                sim.allocate(.decodedImage, cell.decodedBytes)
                sim.clock.setNeedsDisplay()
            }
        }
    }

    /// Sends cells of rows outside `keep` to their reuse pools.
    func recycleCells(outside keep: Range<Int>) {
        for row in cells.keys.sorted() where !keep.contains(row) { recycle(row) }
    }

    /// Sends one row's cell to its reuse pool (didEndDisplaying first if it
    /// was on screen); with `animatingOut`, only after the next layout pass.
    func recycle(_ row: Int, animatingOut: Bool = false) {
        guard let cell = cells.removeValue(forKey: row) else { return }
        if cell.isDisplayed {
            cell.isDisplayed = false
            delegate?.tableView(self, didEndDisplaying: cell, forRowAt: layout.path(ofGlobal: row))
        }
        if animatingOut {
            leaving.append(cell)
        } else {
            pools[cell.reuseIdentifier, default: []].append(cell)
        }
    }
}

extension Range where Bound == Int {
    /// The smallest range covering both (they are adjacent or overlapping here).
    func union(_ other: Range<Int>) -> Range<Int> {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
