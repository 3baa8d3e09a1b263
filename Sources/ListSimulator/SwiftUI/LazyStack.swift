import ListData
import ListDiff

/// A row's view in a ``LazyStack``: built when its row is placed, never reused.
public final class HostedView {
    /// What it shows, as its body last evaluated it.
    public internal(set) var content: CellContent
    /// Whether it is on screen (rendered).
    public internal(set) var isVisible = false
    var renderedBytes = 0
    var decodedBytes = 0
    /// The stack's update count when it was last on screen or placed (releases count from it).
    var lastOnScreen: Int
    /// The bytes of its views (attributes and render nodes).
    var viewBytes: Int
    /// Whether its body was destroyed off screen (``OffscreenViews/keptWithoutBodies``): it is built again when shown.
    var bodyDestroyed = false

    init(content: CellContent, update: Int, viewBytes: Int) {
        self.content = content
        lastOnScreen = update
        self.viewBytes = viewBytes
    }
}

/// What a lazy stack does with the views of rows scrolled off screen.
/// Apple documents only its latest behaviour (WWDC26 session 321); the
/// earlier ones are what public experiments observed.
public enum OffscreenViews: Equatable, Sendable {
    /// Kept for the stack's life, their bodies destroyed: off screen a view
    /// keeps one view's memory (itself and its state); back on screen its
    /// body is built again (Chris Eidhof, "Lifetime of State Properties in
    /// SwiftUI", 2022, Xcode 13: "Once a list child is created, it never
    /// goes away again … the bodies of those views will get destroyed.
    /// These will get recreated lazily once the view appears on screen
    /// again"; "this doesn't just apply to List but any lazy ForEach").
    case keptWithoutBodies
    /// Kept for the stack's life with their bodies and what those hold
    /// (decoded images); only their rendering is freed (fatbobman, "Memory
    /// Optimization Journey for a SwiftUI + Core Data App", 2023, iOS 16:
    /// "once a view has been displayed … SwiftUI keeps its body value even
    /// after it leaves the visible area"; 100 image rows held about 1.6 GB).
    case keptWithBodies
    /// Released, with their state and height, after this many of the
    /// stack's updates off screen (WWDC26 session 321: "Lazy stacks keep
    /// these around for a number of updates … When views finally are deleted
    /// from memory, state variables are deleted alongside"). Until then
    /// they are not rendered, and hold no decoded images.
    case released(afterUpdates: Int)
}

/// How a lazy stack's sections are laid out.
public enum LazyStackNesting: Equatable, Sendable {
    /// One lazy stack over every row, sections end to end.
    case flat
    /// An outer lazy stack of sections, each section a lazy stack of its
    /// rows (bitwarden/ios PR #2191's "before"). Placing a section measures
    /// every row of it: the outer stack sizes the inner one, which builds
    /// each row to know its height (inferred from observations, no Apple
    /// rule: a macOS stackshot of nested lazy stacks "re-measures every
    /// row", Mosnar/beadazzle PR #6; "A lazy stack inside another lazy stack
    /// only has guessed heights for the sections it has not rendered yet",
    /// 0xCUB3/wBlock #601). Those heights stay known while any view of the
    /// section lives.
    case lazySections
}

/// Where a lazy stack gets its rows' views: a `ForEach`'s content closure.
public protocol LazyStackDataSource: AnyObject {
    /// The view of a row (its body evaluated: what it shows). The stack
    /// charges building, evaluating and measuring it.
    func lazyStack(_ stack: LazyStack, contentAt row: Int) -> CellContent
}

/// A headless SwiftUI `ScrollView { LazyVStack { ForEach … } }`, as Apple
/// describes it (WWDC26 session 321, "Dive into lazy stacks and scrolling
/// with SwiftUI"; WWDC20 session 10031) and public measurements show; what
/// Apple leaves open is a property with the reason for its default
/// (docs/simulator.md, "SwiftUI").
///
/// - **Views as they come into range, never reused.** "A LazyVStack simply
///   lays out its views top to bottom, and stops once the visible rect is
///   filled. If you scroll down the LazyVStack adds views as appropriate."
///   Placing a row builds its view: each view's attributes and render node
///   created (`viewGraphCreateMicroseconds`, under "cell creation"), its
///   body evaluated (`viewBodyMicroseconds`, "configuration") and measured
///   (text measured and laid out, "height computation"); on screen it is
///   laid out and rendered (text rasterised, images decoded on main).
///   There is no reuse pool: a row that comes back after its view was
///   released is built again.
/// - **Estimated heights, and offset corrections.** Rows without a view
///   have the average height of the views placed so far
///   (``LazyStackGeometry``). When a placement changes that, "It will update
///   the content offset of the ScrollView with the same amount … the
///   relative position of the visible subviews in the scroll view doesn't
///   change": each layout pass keeps its first visible row where it was on
///   screen (the first visible row that has a view), moving the offset
///   instead. The move is added to ``contentDrift`` so that a gesture
///   follows the content; it is no jump. Only where the offset cannot
///   follow (past either end) does content move.
/// - **Off-screen views.** "Views that are scrolled out of screen aren't
///   rendered or updated anymore. But they aren't removed from memory
///   immediately. Lazy stacks keep these around for a number of updates":
///   leaving the screen frees a view's rendering; what else goes, and
///   when the view itself is released, is ``offscreen`` (an update is a
///   layout pass that placed a view or took one off screen, or a data
///   change). Apple documents only its latest behaviour and gives no
///   number (an option of the strategy).
///   ``remembersHeights`` says whether a released row keeps its measured
///   height (false: it is estimated again, as element-x-ios PR #332
///   observed, "it doesn't seem to cache previous item heights").
/// - **Prefetching.** "the lazy stack already checks if there is enough time
///   available to perform part of the work of rendering a new subview,
///   before it is scrolled on screen": when a frame's layout took less than
///   half the frame, the next row past the edge being scrolled towards is
///   placed (its body and size), one a frame (the distance is not given;
///   estimate).
/// - **Updates.** "Since lazy stacks only keep a small part of their data in
///   memory, they do not need to perform a full diff of their contents. They
///   only perform a minimal check for changes in the visible views": a data
///   change re-keys the live views by item, and re-evaluates the visible
///   ones whose item changed (or every visible one, when the rows cannot be
///   compared: ``update(rowCounts:items:reevaluatingAll:)``).
///   Kept views off screen are brought up to date when they come back.
///   The offset stays where it was: rows inserted above push the content
///   down, a jump, unless the app's ``updateObserver`` keeps the place.
/// - **A variable number of views per element** (``countsViewsByBuilding``):
///   "a LazyVStack addresses the visible subviews using their index. It now
///   has to keep earlier StepViews around": every element up to the last
///   visible one is built (one view each, its body evaluated) to count its
///   views, kept for the stack's life, and evaluated again on each data
///   change (inferred: WWDC26 ties those evaluations to an environment change).
/// - **Nested stacks** (``nesting``, ``LazyStackNesting``): with an outer
///   lazy stack of sections, placing a section measures every row of it
///   (inferred from observations; no Apple rule).
///
/// Section headers are not laid out (a `Section` header of a lazy stack is
/// not modeled); rows are numbered globally, sections end to end.
public final class LazyStack: KeepableList {
    public let simulation: Simulation
    public weak var dataSource: LazyStackDataSource?
    public var updateObserver: (any ListUpdateObserver)?
    /// The viewport's width and height, in points.
    public let width: Double
    public let viewportHeight: Double
    /// What becomes of off-screen views.
    public var offscreen: OffscreenViews
    /// Whether a released row keeps its measured height (else it is estimated again).
    public var remembersHeights = false
    /// Whether an element's views must be built to count them (a
    /// variable number of views per element: `if`, `AnyView`).
    public var countsViewsByBuilding = false
    /// How its sections are laid out (``LazyStackNesting``).
    public var nesting = LazyStackNesting.flat
    /// Live views in each section (what ``LazyStackNesting/lazySections`` places sections by).
    var liveBySection: [Int] = []
    public private(set) var appOffsetShift = 0.0
    public internal(set) var contentDrift = 0.0
    /// The estimate before any view is placed, in points (estimate: UIKit's
    /// default row height, 44; the first layout pass places the first
    /// screen's views, so it only shapes the first content size).
    public static let initialEstimate = 44.0

    var geometry = LazyStackGeometry(count: 0, estimate: LazyStack.initialEstimate)
    public internal(set) var contentOffset = 0.0
    var scrollDirection = 1.0
    private(set) var sectionStarts: [Int] = [0]
    /// The item each row shows.
    private(set) var items: [Int] = []
    /// The live views, by row.
    var views = IntMap<HostedView>()
    /// Measured heights kept after a view is released, by item (``remembersHeights``).
    private var rememberedHeights = IntMap<Double>()
    var placements = 0
    var placedHeight = 0.0
    /// The stack's updates so far (what ``offscreen`` counts).
    var updates = 0
    /// The update count when releases were last checked.
    var releasesCheckedAt = 0
    /// Elements built to count their views (``countsViewsByBuilding``): rows below this one.
    var countedRows = 0
    var cachedVisible: Range<Int>?
    /// The rows whose views are on screen, ascending: what a pass takes off
    /// screen is found among them, not among every live view (a stack that
    /// keeps its views holds one for every row it has shown).
    var shownRows: [Int] = []
    /// The scrolls the app asked for during the update being made (not jumps).
    private var deliberateScroll = 0.0
    public private(set) var isLoaded = false

    public init(simulation: Simulation, width: Double? = nil, viewportHeight: Double? = nil,
                offscreen: OffscreenViews = .keptWithoutBodies) {
        self.simulation = simulation
        self.width = width ?? simulation.device.screenWidth
        self.viewportHeight = viewportHeight ?? simulation.device.screenHeight
        self.offscreen = offscreen
    }

    public var rowCounts: [Int] { zip(sectionStarts.dropFirst(), sectionStarts).map { $0 - $1 } }
    public var numberOfRows: Int { items.count }
    public var contentHeight: Double { geometry.totalHeight }
    public var maximumOffset: Double { max(0, contentHeight - viewportHeight) }
    /// Live views (on screen, prefetched or kept).
    public var viewCount: Int { views.count }
    /// The estimate rows without a view have, in points.
    public var estimatedRowHeight: Double { geometry.estimate }

    public func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) {
        let row = sectionStarts[path.section] + path.item
        return (geometry.minY(of: row), geometry.height(of: row))
    }

    public func minY(ofRow row: Int) -> Double { geometry.minY(of: row) }

    public func item(atRow row: Int) -> Int? { row >= 0 && row < items.count ? items[row] : nil }

    /// Rows intersecting the viewport. O(log² n) after a change, then O(1).
    public var visibleRowRange: Range<Int> {
        if let cachedVisible { return cachedVisible }
        let range = geometry.rows(from: contentOffset, to: contentOffset + viewportHeight)
        cachedVisible = range
        return range
    }

    /// `offset` within the content: 0 to ``maximumOffset``.
    func clamped(_ offset: Double) -> Double { min(max(0, offset), maximumOffset) }

    public func setContentOffset(_ offset: Double) {
        let clamped = clamped(offset)
        guard clamped != contentOffset else { return }
        scrollDirection = clamped > contentOffset ? 1 : -1
        contentOffset = clamped
        cachedVisible = nil
        simulation.clock.setNeedsDisplay()
    }

    public func setContentOffset(byApp offset: Double, keepingContent: Bool) {
        let before = contentOffset
        setContentOffset(offset)
        appOffsetShift += contentOffset - before
        // A scroll the app asked for moves content as the user's would: not a jump.
        if !keepingContent { deliberateScroll += contentOffset - before }
    }

    /// What the visible rows' views show, top to bottom.
    public var visibleContent: [ContentKey] {
        let visible = visibleRowRange
        var keys: [ContentKey] = []
        keys.reserveCapacity(visible.count)
        for row in visible {
            if let key = views.withValue(forKey: row, { $0.isVisible ? $0.content.key : nil }) ?? nil { keys.append(key) }
        }
        return keys
    }

    /// The first data: `items` in sections of `rowCounts`; every row estimated.
    ///
    /// - Complexity: O(n).
    public func load(rowCounts: [Int], items: [Int]) {
        isLoaded = true
        update(rowCounts: rowCounts, items: items, reevaluatingAll: false)
    }

    /// A data change: the rows are now `items` in sections of `rowCounts`.
    /// Live views follow their items; those whose item is gone are released.
    /// Each visible view whose content changed (all of them with
    /// `reevaluatingAll`: rows SwiftUI cannot compare) has its body
    /// evaluated again and is measured again.
    /// The offset stays: content inserted or removed above moves what is on
    /// screen (a jump the person follows), unless the app's observer moves it.
    ///
    /// - Complexity: O(n) for `n` rows, plus the modeled work.
    public func update(rowCounts: [Int], items: [Int], reevaluatingAll: Bool) {
        updateObserver?.listWillUpdate(self)
        deliberateScroll = 0
        let anchor = visibleRowRange.first.flatMap { row in self.item(atRow: row).map { ($0, geometry.minY(of: row) - contentOffset) } }
        // A nested stack's placed sections keep the heights it measured, by item.
        var carried = IntMap<Double>()
        if nesting == .lazySections {
            for row in geometry.heights.keys where row < self.items.count && views[row] == nil {
                if let height = geometry.heights[row] { carried[self.items[row]] = height }
            }
        }
        var byItem = IntMap<HostedView>(minimumCapacity: views.count)
        views.forEachKey { row in
            guard let view = views[row], row < self.items.count else { return }
            // An item twice (which scenarios refuse) keeps one view; the other is freed.
            if let other = byItem.updateValue(view, forKey: self.items[row]) { release(other) }
        }
        sectionStarts = ListLayout.sectionStarts(rowCounts: rowCounts)
        self.items = items
        var live = IntMap<HostedView>(minimumCapacity: byItem.count)
        var known = IntMap<Double>(minimumCapacity: byItem.count)
        var anchorRow: Int?
        for (row, item) in items.enumerated() {
            if let view = byItem.removeValue(forKey: item) {
                live[row] = view
                known[row] = view.content.height
            } else if let height = carried[item] {
                known[row] = height
            } else if remembersHeights, let height = rememberedHeights[item] {
                known[row] = height
            }
            if item == anchor?.0 { anchorRow = row }
        }
        for view in byItem.values { release(view) }
        views = live
        shownRows = views.keys(where: \.isVisible).sorted()
        liveBySection = Array(repeating: 0, count: rowCounts.count)
        if nesting == .lazySections { views.forEachKey { row in liveBySection[section(of: row)] += 1 } }
        geometry.reset(count: items.count, known: known)
        if countedRows > items.count {
            simulation.free(.view, (countedRows - items.count) * Int(simulation.costs.viewBytes.value))
            countedRows = items.count
        }
        cachedVisible = nil
        updates += 1
        if countsViewsByBuilding { countViews(through: visibleRowRange.upperBound, evaluatingAll: true) }
        for row in visibleRowRange {
            guard let view = views[row], view.isVisible, let content = dataSource?.lazyStack(self, contentAt: row) else { continue }
            if reevaluatingAll || content.key != view.content.key { reevaluate(row, view, with: content) }
        }
        clampOffset()
        updateObserver?.listDidUpdate(self)
        // What the person was reading moved on screen, after the app's own code had its say.
        if let anchor, let anchorRow {
            let moved = geometry.minY(of: anchorRow) - contentOffset - anchor.1 + deliberateScroll
            if moved != 0 {
                simulation.counters.recordScrollJump(points: abs(moved))
                contentDrift += moved
            }
        }
        simulation.clock.setNeedsDisplay()
    }

    func invalidateVisibleRows() { cachedVisible = nil }

    /// The section a global row is in. O(log s) for `s` sections.
    func section(of row: Int) -> Int { ListLayout.section(ofGlobal: row, sectionStarts: sectionStarts) }

    /// Moves the offset for the stack's own correction (the scroll direction stays the person's).
    func setOffsetKeepingDirection(_ offset: Double) {
        contentOffset = offset
        cachedVisible = nil
    }

    func rememberHeight(_ height: Double, of item: Int) { rememberedHeights[item] = height }

    private func clampOffset() {
        let clamped = clamped(contentOffset)
        if clamped != contentOffset {
            contentOffset = clamped
            cachedVisible = nil
        }
    }
}
