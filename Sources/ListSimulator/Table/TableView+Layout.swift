import ListDiff

/// A table's layout pass: visible rows, cells for them, heights, display, prefetching and recycling.
extension TableView {
    /// Rows intersecting the viewport.
    ///
    /// - Complexity: O(log n) after a change of the layout, then O(1) (``ListLayout/visibleRowRange()``).
    public var visibleRowRange: Range<Int> { layout.visibleRowRange() }

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
        // Every frame asks (the runner's coverage), and most frames show what
        // the last one showed: the last answer holds while the rows and the
        // cells are those it was worked out for (``cellEpoch``).
        let visible = visibleRowRange
        if let cached = visibleContentCache, cached.rows == visible, cached.epoch == cellEpoch { return cached.keys }
        var keys: [ContentKey] = []
        keys.reserveCapacity(visible.count)
        for row in visible {
            if let key = cells.withValue(forKey: row, { $0.imagesPending ? nil : $0.content?.key }) ?? nil { keys.append(key) }
        }
        visibleContentCache = (visible, cellEpoch, keys)
        return keys
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
        if isSettled { return }
        let frameStart = simulation.clock.now
        // What the person is reading: the first visible row whose height was
        // known before this pass (rows that come in at the top while scrolling
        // up are estimates, measured below; their growth moves what is under them).
        let anchor = readingAnchor()
        let anchorY = anchor.map { layout.geometry.minY(of: $0) - contentOffset }
        // Heights found while laying out move rows, so repeat until stable.
        for _ in 0..<8 {
            let visible = visibleRowRange
            recycleCells(outside: visible.union(prefetchRange(after: visible)))
            if !fillCells(visible) { break }
        }
        let visible = visibleRowRange
        for row in visible { display(row) }
        updateHeaders(visible: visible)
        // A change's jump follows the content it moved; its measurement includes this pass's height corrections.
        // Inside an update the app wraps, the next frame measures it, after the app's code.
        if !defersJumps, !resolvePendingJump(visible: visible), let anchor, let anchorY, anchor < numberOfRows {
            let moved = layout.geometry.minY(of: anchor) - contentOffset - anchorY
            simulation.counters.recordScrollJump(points: abs(moved))
            contentDrift += moved
        }
        // Prefetch in spare frame time only.
        let budget = simulation.clock.frameInterval / 2
        if simulation.clock.now - frameStart < budget {
            let before = visible.first.map { layout.geometry.minY(of: $0) }
            let ahead = prefetchRange(after: visible)
            _ = fillCells(ahead)
            if imageDecoding == .prefetched { prefetchImages(ahead) }
            // Rows measured above the viewport (prefetching while scrolling up) move the
            // visible rows: a jump the person sees, and the layout is invalid again, so the next frame redoes it.
            if !defersJumps, let first = visible.first, let before, first < numberOfRows {
                let moved = layout.geometry.minY(of: first) - before
                if moved != 0 {
                    simulation.counters.recordScrollJump(points: abs(moved))
                    contentDrift += moved
                }
            }
            if visibleRowRange != visible { setNeedsLayout() } else { settle(visible: visible, ahead: ahead) }
        }
        tornDown.removeAll()
        for cell in leaving { pool(cell) }
        leaving.removeAll()
    }

    /// Whether this frame's pass would do nothing: the last pass settled
    /// (``settle(visible:ahead:)``), no cell, row height or section changed
    /// since, no jump waits to be measured, and the viewport covers the same
    /// rows with the same rows ahead. Most frames of a scroll move within
    /// the same rows; this lets them skip the pass, which would recycle,
    /// create, display and prefetch nothing, charge nothing and measure a
    /// jump of 0 points.
    ///
    /// - Complexity: O(log n) when the offset moved (the visible and
    ///   prefetch rows), else O(1).
    private var isSettled: Bool {
        guard let settled = settledPass, settled.cellEpoch == cellEpoch, settled.layoutRevision == layout.revision,
              pendingJump == nil else { return false }
        let visible = visibleRowRange
        return visible == settled.visible && prefetchRange(after: visible) == settled.ahead
    }

    /// Records the pass that just ran as settled when another over the same
    /// rows would have nothing to do: every visible row has its cell on
    /// screen, every row ahead its cell (and, with `images=prefetch`, its
    /// images asked for), no other cell is held, and no jump waits.
    ///
    /// - Complexity: O(v + a) for `v` visible rows and `a` rows ahead.
    private func settle(visible: Range<Int>, ahead: Range<Int>) {
        settledPass = nil
        guard pendingJump == nil, cells.count == visible.count + ahead.count, ahead == prefetchRange(after: visible) else { return }
        for row in visible {
            guard cells.withValue(forKey: row, \.isDisplayed) == true else { return }
        }
        let prefetchesImages = imageDecoding == .prefetched
        for row in ahead {
            // Not ready: no cell yet, or (images=prefetch) images it shows not yet asked for.
            let ready = cells.withValue(forKey: row) { cell in
                !(prefetchesImages && !cell.imagesRequested && cell.content.map { $0.imagePixels > 0 && !$0.imagesPredecoded } == true)
            }
            guard ready == true else { return }
        }
        settledPass = SettledPass(visible: visible, ahead: ahead, cellEpoch: cellEpoch, layoutRevision: layout.revision)
    }

    /// The row a frame's jump and drift are measured by: the first visible
    /// row whose height is known (a row measured before), else the first
    /// visible row. O(v) for `v` visible rows, O(1) in the usual case.
    func readingAnchor() -> Int? {
        let visible = visibleRowRange
        return visible.first { layout.geometry.isKnown($0) } ?? visible.first
    }

    /// Rows within the prefetch distance ahead of `visible` in the scrolling
    /// direction. A pass asks several times for the same rows: the last
    /// answer holds while its inputs do (``PrefetchQuestion``).
    ///
    /// - Complexity: O(1) when asked again, else O(log n).
    func prefetchRange(after visible: Range<Int>) -> Range<Int> {
        let question = PrefetchQuestion(visible: visible, offset: contentOffset, direction: layout.scrollDirection,
                                        layoutRevision: layout.revision, fraction: prefetchFraction)
        if let last = lastPrefetch, last.question == question { return last.rows }
        let rows: Range<Int>
        let distance = prefetchFraction * viewportHeight
        if distance <= 0 || visible.isEmpty {
            rows = visible.lowerBound..<visible.lowerBound
        } else if layout.scrollDirection > 0 {
            let bottom = contentOffset + viewportHeight
            rows = layout.rows(from: bottom, to: bottom + distance).clamped(to: visible.upperBound..<numberOfRows)
        } else {
            rows = layout.rows(from: contentOffset - distance, to: contentOffset).clamped(to: 0..<visible.lowerBound)
        }
        lastPrefetch = (question, rows)
        return rows
    }

    /// Gives each row in the range a cell; returns whether a height changed.
    func fillCells(_ range: Range<Int>) -> Bool {
        var changed = false
        for row in range where !cells.contains(row) {
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
        return layout.setHeight(height, of: row) != 0
    }

    /// Shows a row's cell: willDisplay, a layout pass and rendering (text
    /// rasterised into backing stores, images decoded unless predecoded) with their memory.
    func display(_ row: Int) {
        // Most rows a pass displays are on screen already: asked in place, and only a new one taken out.
        guard cells.withValue(forKey: row, { !$0.isDisplayed }) == true, let cell = cells[row] else { return }
        cell.isDisplayed = true
        cellsChanged()
        let path = layout.path(ofGlobal: row)
        delegate?.tableView(self, willDisplay: cell, forRowAt: path)
        guard let content = cell.content else { return }
        let sim = simulation
        // A height the app gave (not self-sized) that is not the content's: clipped or padded.
        if case .delegate = rowHeight, abs(layout.geometry.height(of: row) - content.height) > 0.5 { sim.counters.recordMisSizedRow() }
        sim.charge(microseconds: sim.layoutCost(content), .layout)
        let decodesOffMain = imageDecoding != .mainAtCommit && content.imagePixels > 0 && !content.imagesPredecoded
        sim.chargeRendering(content, decodingImages: !decodesOffMain)
        if cell.renderedBytes == 0 {
            cell.renderedBytes = sim.backingStoreBytes(of: content, width: width)
            sim.allocate(.backingStore, cell.renderedBytes)
            if decodesOffMain {
                // Asked for already when the cell was prepared ahead (images=prefetch): not again.
                if !cell.imagesRequested { decodeOffMain(content, for: cell) }
            } else {
                cell.decodedBytes = content.imagePixels * 4
                sim.allocate(.decodedImage, cell.decodedBytes)
            }
        }
    }

    /// `images=prefetch`: the images of the cells prepared ahead start
    /// decoding now, on the library's queue (``ImageDecoding/prefetched``).
    ///
    /// - Complexity: O(r) for `r` rows in `range`.
    func prefetchImages(_ range: Range<Int>) {
        for row in range {
            guard let cell = cells[row], !cell.imagesRequested, let content = cell.content,
                  content.imagePixels > 0, !content.imagesPredecoded else { continue }
            decodeOffMain(content, for: cell)
        }
    }

    /// The image library's way: the images are decoded on its serial queue
    /// and handed to the cell on main; meanwhile the cell shows the rest of
    /// its content. An image whose cell was reconfigured or reused meanwhile
    /// is dropped on main (the decode was already paid).
    ///
    /// Decoding takes the time of the source pixels; the library downsamples
    /// to the display size as it decodes (ImageIO's thumbnail API, as
    /// SDWebImage, Kingfisher and Nuke do; Apple, WWDC18 session 219 "Image
    /// and Graphics Best Practices"), so the image kept costs its display
    /// pixels × 4 bytes (``CellContent/imageDisplayPixels``).
    private func decodeOffMain(_ content: CellContent, for cell: Cell) {
        let sim = simulation
        let generation = cell.renderGeneration
        cell.imagesPending = true
        cell.imagesRequested = true
        cellsChanged()
        sim.clock.async(Self.imageDecodingQueue) { [weak self] in
            sim.charge(microseconds: sim.decodeCost(pixels: content.imagePixels), .imageDecoding)
            sim.clock.async(.main) {
                guard cell.renderGeneration == generation, cell.imagesPending else { return }
                cell.imagesPending = false
                self?.cellsChanged()
                // Downsampled to the display size, never above the source's:
                // ImageIO's thumbnail (kCGImageSourceThumbnailMaxPixelSize)
                // does not upscale. Caveat: compared as the cell's totals.
                cell.decodedBytes = min(content.imageDisplayPixels ?? content.imagePixels, content.imagePixels) * 4
                sim.allocate(.decodedImage, cell.decodedBytes)
                sim.clock.setNeedsDisplay()
            }
        }
    }

    /// Sends cells of rows outside `keep` to their reuse pools, top to bottom.
    ///
    /// - Complexity: O(c) for `c` cells, plus O(k log k) for the `k` that go
    ///   (every layout pass calls it; most passes send none).
    func recycleCells(outside keep: Range<Int>) {
        // No array of keys a frame: `outside` allocates only when a cell leaves.
        var outside: [Int] = []
        cells.forEachKey { row in if !keep.contains(row) { outside.append(row) } }
        guard !outside.isEmpty else { return }
        for row in outside.sorted() { recycle(row) }
    }

    /// Sends one row's cell to its reuse pool (didEndDisplaying first if it
    /// was on screen); with `animatingOut`, only after the next layout pass.
    func recycle(_ row: Int, animatingOut: Bool = false) {
        // Taking it out of `cells` marks the change (``cellEpoch``).
        guard let cell = cells.removeValue(forKey: row) else { return }
        if cell.isDisplayed {
            cell.isDisplayed = false
            delegate?.tableView(self, didEndDisplaying: cell, forRowAt: layout.path(ofGlobal: row))
        }
        if animatingOut {
            leaving.append(cell)
        } else {
            pool(cell)
        }
    }
}

/// What ``TableView/prefetchRange(after:)`` depends on: the visible rows,
/// the offset and the direction of the last move, the geometry and sections
/// (``ListLayout/revision``) and the prefetch distance.
struct PrefetchQuestion: Equatable {
    var visible: Range<Int>
    var offset: Double
    var direction: Double
    var layoutRevision: Int
    var fraction: Double
}

/// A layout pass that left nothing for a pass over the same rows to do
/// (``TableView/settledPass``): its rows, and the epochs it saw.
struct SettledPass {
    var visible: Range<Int>
    var ahead: Range<Int>
    var cellEpoch: Int
    var layoutRevision: Int
}

extension TableView {
    /// Marks that a cell's content, display or images changed (or the
    /// headers were pooled): the settled pass and the visible content are
    /// worked out again.
    func cellsChanged() { cellEpoch &+= 1 }
}

extension Range where Bound == Int {
    /// The smallest range covering both (they are adjacent or overlapping here).
    func union(_ other: Range<Int>) -> Range<Int> {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
