import ListData
import ListDiff

extension Simulation {
    /// Charges evaluating the bodies of `views` SwiftUI views (at least
    /// one) to the current thread, as configuration.
    public func chargeViewBodies(_ views: Int) {
        charge(microseconds: Double(max(1, views)) * costs.viewBodyMicroseconds.value, .configuration)
    }

    /// Charges creating `views` SwiftUI views' attributes and render nodes (at least one), as cell creation.
    public func chargeViewCreation(_ views: Int) {
        charge(microseconds: Double(max(1, views)) * costs.viewGraphCreateMicroseconds.value, .cellCreation)
    }
}

/// A lazy stack's layout pass: views placed as rows come into the
/// viewport, the offset corrected as estimates change, rendering, releases
/// and prefetching.
extension LazyStack {
    /// The frame's layout pass.
    ///
    /// - Complexity: O(v log² n) for `v` rows placed or on screen, plus
    ///   O(w) for the `w` live views when a stack that releases views checks
    ///   them, plus the modeled work.
    public func layoutIfNeeded() {
        guard isLoaded else { return }
        let frameStart = simulation.clock.now
        // What the person is reading stays where it is on screen while estimates change: the
        // first visible row that has a view (rows coming in at the top are estimates, measured below).
        let before = visibleRowRange
        let anchor = (before.first { views[$0] != nil } ?? before.first).map { ($0, geometry.minY(of: $0) - contentOffset) }
        var changed = false
        for _ in 0..<8 {
            var placed = false
            for row in visibleRowRange where views[row] == nil {
                place(row)
                placed = true
            }
            guard placed else { break }
            changed = true
            keep(anchor)
        }
        let visible = visibleRowRange
        if countsViewsByBuilding, visible.upperBound > countedRows { countViews(through: visible.upperBound, evaluatingAll: false) }
        // Views that left the screen stop being rendered.
        for row in shownRows where !visible.contains(row) {
            guard let view = views[row], view.isVisible else { continue }
            view.isVisible = false
            view.lastOnScreen = updates
            stopRendering(view)
            changed = true
        }
        // Asked in place (a view taken out is retained and released): most frames show no new view.
        for row in visible where views.withValue(forKey: row, { !$0.isVisible }) == true {
            if let view = views[row] { show(row, view); changed = true }
        }
        var shown: [Int] = []
        shown.reserveCapacity(visible.count)
        for row in visible where views.withValue(forKey: row, \.isVisible) == true { shown.append(row) }
        shownRows = shown
        if changed { updates += 1 }
        // Data changes count as updates too, so the check runs whenever the count moved.
        if updates != releasesCheckedAt {
            releasesCheckedAt = updates
            releaseExpired(keeping: visible, anchor: anchor)
        }
        // Prefetching, in spare frame time: the next row past the edge being scrolled towards.
        if simulation.clock.now - frameStart < simulation.clock.frameInterval / 2, !visible.isEmpty {
            let next = scrollDirection > 0 ? visible.upperBound : visible.lowerBound - 1
            if next >= 0, next < numberOfRows, views[next] == nil {
                place(next)
                keep(anchor)
            }
        }
        // A correction or release that moved the rows asks for another pass.
        if visibleRowRange != visible { simulation.clock.setNeedsDisplay() }
    }

    /// Builds a row's view: its attributes and render node, its body, its
    /// size; in a nested stack, the first view of a section places the
    /// section, which measures every row of it first.
    func place(_ row: Int) {
        guard let dataSource else { return }
        let sim = simulation
        if nesting == .lazySections {
            let section = section(of: row)
            if liveBySection[section] == 0 { measureSection(section) }
            liveBySection[section] += 1
        }
        let content = dataSource.lazyStack(self, contentAt: row)
        build(content)
        sim.counters.recordCellCreated()
        let view = HostedView(content: content, update: updates, viewBytes: max(1, content.views) * Int(sim.costs.viewBytes.value))
        sim.allocate(.view, view.viewBytes)
        views[row] = view
        placements += 1
        placedHeight += content.height
        geometry.estimate = placedHeight / Double(placements)
        geometry.setHeight(content.height, of: row)
        invalidateVisibleRows()
    }

    /// Charges building a row's view and measuring it: its views'
    /// attributes and render nodes, their bodies, its text and layout.
    private func build(_ content: CellContent) {
        simulation.chargeViewCreation(content.views)
        simulation.chargeViewBodies(content.views)
        simulation.charge(microseconds: simulation.measureCost(content), .heightComputation)
        simulation.counters.recordHeightComputed()
    }

    /// Sets the memory a view's views hold to `count` views' (at least one).
    private func holdViews(_ view: HostedView, _ count: Int) {
        let bytes = max(1, count) * Int(simulation.costs.viewBytes.value)
        if bytes > view.viewBytes { simulation.allocate(.view, bytes - view.viewBytes) }
        if bytes < view.viewBytes { simulation.free(.view, view.viewBytes - bytes) }
        view.viewBytes = bytes
    }

    /// Puts a view on screen: brought up to date if its item changed while
    /// it was off screen, laid out and rendered.
    private func show(_ row: Int, _ view: HostedView) {
        let sim = simulation
        let content = dataSource?.lazyStack(self, contentAt: row) ?? view.content
        if view.bodyDestroyed {
            // Its body is built again: its views' attributes and their memory; the body's
            // evaluation is the re-evaluation's when the content changed meanwhile.
            sim.chargeViewCreation(view.content.views)
            holdViews(view, view.content.views)
            view.bodyDestroyed = false
            if content == view.content { sim.chargeViewBodies(content.views) }
        }
        if content != view.content { reevaluate(row, view, with: content) }
        view.isVisible = true
        view.lastOnScreen = updates
        sim.charge(microseconds: sim.layoutCost(view.content), .layout)
        let holdsImages = view.decodedBytes > 0
        sim.chargeRendering(view.content, decodingImages: !holdsImages)
        view.renderedBytes = sim.backingStoreBytes(of: view.content, width: width)
        sim.allocate(.backingStore, view.renderedBytes)
        if !holdsImages {
            view.decodedBytes = view.content.imagePixels * 4
            sim.allocate(.decodedImage, view.decodedBytes)
        }
    }

    /// A view off screen is not rendered: its backing stores go. What else
    /// goes is ``offscreen``'s: its body and decoded images, or nothing
    /// more (a stack keeping bodies), or its decoded images (a stack that
    /// releases the view later).
    private func stopRendering(_ view: HostedView) {
        let sim = simulation
        sim.free(.backingStore, view.renderedBytes)
        view.renderedBytes = 0
        if offscreen == .keptWithBodies { return }
        sim.free(.decodedImage, view.decodedBytes)
        view.decodedBytes = 0
        if offscreen == .keptWithoutBodies {
            holdViews(view, 1)
            view.bodyDestroyed = true
        }
    }

    /// Evaluates a view's body again with `content` (the row's, when nil).
    /// Only a changed content is measured and, on screen, rendered again: a
    /// body that gives what it gave last time changes nothing to draw.
    func reevaluate(_ row: Int, _ view: HostedView, with content: CellContent? = nil) {
        guard let content = content ?? dataSource?.lazyStack(self, contentAt: row) else { return }
        let sim = simulation
        sim.chargeViewBodies(content.views)
        sim.counters.recordCellConfigured()
        guard content != view.content else { return }
        sim.charge(microseconds: sim.measureCost(content), .heightComputation)
        sim.counters.recordHeightComputed()
        let wasVisible = view.isVisible
        dropRendering(of: view)
        // Its views follow the content's count.
        if !view.bodyDestroyed { holdViews(view, content.views) }
        view.content = content
        geometry.setHeight(content.height, of: row)
        invalidateVisibleRows()
        if wasVisible {
            view.isVisible = false
            show(row, view)
        }
    }

    /// Frees a view's backing stores and decoded images.
    private func dropRendering(of view: HostedView) {
        simulation.free(.backingStore, view.renderedBytes)
        simulation.free(.decodedImage, view.decodedBytes)
        view.renderedBytes = 0
        view.decodedBytes = 0
    }

    /// Releases off-screen views kept longer than ``offscreen`` says; a
    /// released row's height is estimated again unless remembered.
    private func releaseExpired(keeping visible: Range<Int>, anchor: (Int, Double)?) {
        guard case .released(let kept) = offscreen else { return }
        var expired: [Int] = []
        views.forEachKey { row in
            if let view = views[row], !view.isVisible, !visible.contains(row), updates - view.lastOnScreen > kept { expired.append(row) }
        }
        guard !expired.isEmpty else { return }
        var emptied: [Int] = []
        for row in expired.sorted() {
            guard let view = views.removeValue(forKey: row) else { continue }
            release(view)
            if remembersHeights, let item = item(atRow: row) { rememberHeight(view.content.height, of: item) }
            if nesting == .lazySections {
                // The section's heights go with its last view.
                let section = section(of: row)
                liveBySection[section] -= 1
                if liveBySection[section] == 0 { emptied.append(section) }
            } else if !remembersHeights {
                geometry.forget(row)
            }
        }
        if !remembersHeights {
            for section in emptied where section + 1 < sectionStarts.count {
                for row in sectionStarts[section]..<sectionStarts[section + 1] { geometry.forget(row) }
            }
        }
        invalidateVisibleRows()
        keep(anchor)
    }

    /// The outer stack sizing a section's inner lazy stack: every row built
    /// (its views' attributes and bodies) and measured, then dropped; the
    /// heights stay known while the section has a live view.
    ///
    /// - Complexity: O(r) for the section's `r` rows, plus the modeled work.
    private func measureSection(_ section: Int) {
        guard let dataSource, section + 1 < sectionStarts.count else { return }
        for row in sectionStarts[section]..<sectionStarts[section + 1] where views[row] == nil {
            let content = dataSource.lazyStack(self, contentAt: row)
            build(content)
            geometry.setHeight(content.height, of: row)
        }
        invalidateVisibleRows()
    }

    /// Frees a view and what it holds.
    func release(_ view: HostedView) {
        dropRendering(of: view)
        simulation.free(.view, view.viewBytes)
        view.isVisible = false
    }

    /// Keeps `anchor`'s row at its place on screen by moving the offset
    /// (the lazy stack and its scroll view "coordinate the position and
    /// content offset"); the move goes into ``contentDrift`` so a gesture
    /// follows it. Where the offset cannot go (past either end), the
    /// content moves on screen instead: a jump.
    func keep(_ anchor: (Int, Double)?) {
        guard let (row, screenY) = anchor, row < numberOfRows else { return }
        let wanted = geometry.minY(of: row) - screenY
        guard wanted != contentOffset else { return }
        let clamped = clamped(wanted)
        let move = wanted - contentOffset
        if clamped != wanted { simulation.counters.recordScrollJump(points: abs(wanted - clamped)) }
        contentDrift += move
        setOffsetKeepingDirection(clamped)
    }

    /// Builds the elements up to `end` to count their views (one outer view
    /// each, kept for the stack's life); with `evaluatingAll`, every counted
    /// element's body is evaluated again (a data change).
    func countViews(through end: Int, evaluatingAll: Bool) {
        let sim = simulation
        let end = min(end, numberOfRows)
        let fresh = max(0, end - countedRows)
        let again = evaluatingAll ? min(countedRows, end) : 0
        sim.charge(microseconds: Double(fresh) * sim.costs.viewGraphCreateMicroseconds.value, .cellCreation)
        sim.charge(microseconds: Double(fresh + again) * sim.costs.viewBodyMicroseconds.value, .configuration)
        sim.counters.recordCellsConfigured(fresh + again)
        sim.allocate(.view, fresh * Int(sim.costs.viewBytes.value))
        countedRows = max(countedRows, end)
    }
}
