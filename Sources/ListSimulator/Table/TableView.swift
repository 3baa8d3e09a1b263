import ListData
import ListDiff

/// The table's data source, as `UITableViewDataSource`.
public protocol TableDataSource: AnyObject {
    func numberOfSections(in table: TableView) -> Int
    func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int
    /// Returns a cell from ``TableView/dequeueReusableCell(withIdentifier:for:)``,
    /// configured with ``TableView/configure(_:with:)``.
    func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell
    /// The identifier of the item the app's model holds at a row (a chat's
    /// `messages[indexPath.row].id`), for app code that keeps the user's
    /// place. Nil by default: the model does not say.
    func tableView(_ table: TableView, itemAt path: ItemPath) -> Int?
}

extension TableDataSource {
    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? { nil }
}

/// The table's delegate, as the parts of `UITableViewDelegate` the model uses.
public protocol TableDelegate: AnyObject {
    /// Asked in ``RowHeight/delegate(estimate:)`` mode. Work done here should be charged.
    ///
    /// It has no default: a delegate that does not give heights leaves UIKit
    /// to use the table's `rowHeight` (Apple, `UITableView.rowHeight`), which
    /// here is a table in ``RowHeight/fixed(_:)`` or ``RowHeight/automatic(estimate:)``
    /// mode, or a ``RowHeight/delegate(estimate:)`` table with no delegate
    /// (``TableView/defaultRowHeight``), never a height made up for it.
    func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double
    /// Asked for every row at each reload when ``TableView/asksEstimatedHeightForEveryRow``
    /// is set (the delegate implements `estimatedHeightForRowAt`). Work done here should be charged.
    /// By default, the table's own estimate (``TableView/estimatedRowHeight``),
    /// as UIKit uses `estimatedRowHeight` for a delegate without the method.
    func tableView(_ table: TableView, estimatedHeightForRowAt path: ItemPath) -> Double
    func tableView(_ table: TableView, willDisplay cell: Cell, forRowAt path: ItemPath)
    func tableView(_ table: TableView, didEndDisplaying cell: Cell, forRowAt path: ItemPath)
}

extension TableDelegate {
    public func tableView(_ table: TableView, estimatedHeightForRowAt path: ItemPath) -> Double {
        table.estimatedRowHeight ?? table.defaultRowHeight
    }
    public func tableView(_ table: TableView, willDisplay cell: Cell, forRowAt path: ItemPath) {}
    public func tableView(_ table: TableView, didEndDisplaying cell: Cell, forRowAt path: ItemPath) {}
}

/// How a table knows its row heights.
public enum RowHeight: Equatable, Sendable {
    /// Every row has this height.
    case fixed(Double)
    /// The delegate gives each height (it implements `heightForRowAt`). With
    /// no estimate (`estimatedRowHeight` 0) every height is asked for up
    /// front; with one, lazily as rows come near the viewport. A table with
    /// no delegate gives every row ``TableView/defaultRowHeight``, as UIKit
    /// uses `rowHeight` when no delegate gives heights.
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
    /// The same image library, asked ahead (`UITableViewDataSourcePrefetching`:
    /// `prefetchRowsAt`, which image libraries answer with their prefetchers,
    /// SDWebImage's `SDWebImagePrefetcher`, Kingfisher's `ImagePrefetcher`,
    /// Nuke's `ImagePrefetcher`): a row's images start decoding when its cell
    /// is prepared ahead of the viewport in spare frame time (the cell
    /// prefetching the table already does; the distance is its estimate), so
    /// a row that comes on screen after its decode has finished shows them at
    /// once. A timeline technique, not a published one.
    case prefetched = "prefetch"
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
public final class TableView: KeepableList {
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
    public var imageDecoding = ImageDecoding.mainAtCommit { didSet { cellsChanged() } }
    /// UIKit's `rowHeight`: the height of every row of a
    /// ``RowHeight/delegate(estimate:)`` table that has no delegate to ask
    /// (Apple, `UITableView.rowHeight`: the table ignores it when its
    /// delegate implements `tableView(_:heightForRowAt:)`, and uses it
    /// otherwise). The other modes carry their own heights.
    public var defaultRowHeight = TableView.plainRowHeight

    /// The default `rowHeight` of a plain table made in code, in points:
    /// 44, before self-sizing became the default ("The default rowHeight
    /// for UITableView is on 44.0": xmartlabs/Eureka #1444, 2018; Apple's
    /// Auto Layout Guide, "Working with Self-Sizing Table View Cells": the
    /// delegate's `heightForRowAtIndexPath:` determines a cell's height and
    /// self-sizing must be switched on).
    ///
    /// - Note: From iOS 11 the default `rowHeight` is `automaticDimension`
    ///   and a table self-sizes unless told otherwise (Apple,
    ///   `UITableView.rowHeight`; PSPDFKit, "Self-Sizing Table View Cells in
    ///   Practice", 2018). The model keeps 44 for a delegate-height table
    ///   left without a delegate on every iOS (no shipped strategy is one);
    ///   a table that self-sizes says so with ``RowHeight/automatic(estimate:)``.
    public static let plainRowHeight = 44.0

    /// UIKit's `estimatedRowHeight`: the table-wide estimate, nil when the
    /// table uses none (fixed heights, or delegate heights asked up front).
    public var estimatedRowHeight: Double? {
        switch rowHeight {
        case .fixed, .delegate(estimate: nil): return nil
        case .delegate(estimate: let estimate?), .automatic(estimate: let estimate): return estimate
        }
    }

    /// An image library's decoding queue: serial, and created without a
    /// class, so it runs at the default one (estimate: SDWebImage's and
    /// Kingfisher's decoding queues are serial queues they create themselves;
    /// neither sets a quality of service on them in the versions of 2017–2019).
    public static let imageDecodingQueue = SimQueue.serial("image decoding", .default)

    /// Sections, row geometry, viewport and scrolling.
    var layout: ListLayout
    /// Cells by global row: on screen, or prepared ahead.
    var cells = IntMap<Cell>() { didSet { cellEpoch &+= 1 } }
    /// Bumped whenever a cell comes or goes (``cells``), or a cell's
    /// content, display or images change, or the headers are pooled
    /// (``cellsChanged()``): with ``ListLayout/revision``, what tells a
    /// layout pass that found nothing to do that the next one will not
    /// either (``settledPass``), and ``visibleContent`` that its last answer holds.
    var cellEpoch = 0
    /// The last layout pass, when it left nothing for a pass over the same
    /// rows to do (``SettledPass``).
    var settledPass: SettledPass?
    /// ``prefetchRange(after:)``'s last answer and what it was asked.
    var lastPrefetch: (question: PrefetchQuestion, rows: Range<Int>)?
    /// ``visibleContent`` as last worked out, with the rows and the epoch it was for.
    var visibleContentCache: (rows: Range<Int>, epoch: Int, keys: [ContentKey])?
    /// Cells in reuse pools by reuse identifier: entered by ``pool(_:)``, taken by dequeue.
    var pools: [String: [Cell]] = [:]
    /// How many cells the pools hold in all: while none, dequeue skips
    /// hashing the identifier to look in its pool (`cellbinder` dequeues a
    /// sizing cell for every row of every rebuild, with the pools empty).
    var pooledCells = 0
    /// Section header views, in use and pooled (``SectionHeaders``).
    var headers = SectionHeaders()
    /// Each reuse identifier's cell: its views, whether it loads from a nib, whether it hosts SwiftUI content.
    var registrations: [String: CellRegistration] = [:] { didSet { lastRegistration = nil } }
    /// The registration dequeue last looked up, by identifier: comparing a
    /// short identifier is cheaper than hashing it, and rows mostly ask for
    /// the identifier the row before asked for.
    var lastRegistration: (identifier: String, registration: CellRegistration)?
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
    /// App code around every update (``ListUpdateObserver``): nil for a list whose app keeps no place.
    public var updateObserver: (any ListUpdateObserver)?
    public private(set) var appOffsetShift = 0.0
    /// ``ListSurface/contentDrift``: the signed moves of the reading anchor in the frames' layout passes.
    public internal(set) var contentDrift = 0.0
    /// Inside an update that an observer wraps: the layout passes leave `scrollJumpPoints` to the next frame.
    var defersJumps = false
    /// An inverted table (a chat's, flipped with `transform = (1, -1)`):
    /// the app sets each cell's transform back whenever it configures it,
    /// charged as one more view configured (``TableView/flipsCellsBack``).
    public var flipsCellsBack = false

    /// Which UIKit class this is: a `UITableView`, or a `UICollectionView`
    /// (``SurfaceKind``; the collection view's rules: docs/simulator.md,
    /// "Collection views").
    public let kind: SurfaceKind
    /// A collection view's layout object; nil for a table.
    public let collectionLayout: CollectionLayout?

    /// A table view (`kind` `.table`), or a collection view with `collectionLayout`.
    ///
    /// A collection view in a grid sizes its items from the grid
    /// (``GridLayout``): `rowHeight` is then ignored for a fixed line
    /// height, and cells are as wide as a column (``itemWidth``).
    public init(simulation: Simulation, rowHeight: RowHeight, width: Double? = nil, viewportHeight: Double? = nil,
                collection: CollectionLayout? = nil) {
        self.simulation = simulation
        let width = width ?? simulation.device.screenWidth
        self.width = width
        kind = collection == nil ? .table : .collection
        collectionLayout = collection
        self.rowHeight = collection?.shownGrid.map { .fixed($0.lineHeight(in: width)) } ?? rowHeight
        layout = ListLayout(viewportHeight: viewportHeight ?? simulation.device.screenHeight, width: width, collection: collection)
    }

    /// A cell's width: a grid column's, else the list's.
    public var itemWidth: Double { collectionLayout?.itemWidth(in: width) ?? width }

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
        // UIKit rebuilds its row geometry, every row's height and offset, on each load; a
        // collection view's layout prepares every item's attributes.
        if kind == .collection {
            simulation.chargeLayoutPreparation(items: total)
        } else {
            simulation.charge(microseconds: Double(total) * simulation.costs.rowGeometryPerRowMicroseconds.value, .reload)
        }
        // The modeled charge above is per row, as UIKit's rebuild is; the
        // host's work is not when every row gets one height (a reset, O(1)
        // beyond the rows added), so paging one row at a time stays linear.
        switch rowHeight {
        case .fixed(let height) where layout.grid != nil || layout.headerHeight > 0:
            // A grid's lines, sized by its layout; or rows below section headers.
            layout.replaceGeometry(heights: Array(repeating: height, count: total), known: Array(repeating: true, count: total))
        case .fixed(let height):
            layout.geometry.reset(count: total, height: height, known: true)
        case .delegate(estimate: nil):
            layout.replaceGeometry(heights: askHeights(), known: Array(repeating: true, count: total))
        case .delegate(estimate: let estimate?), .automatic(estimate: let estimate):
            if asksEstimatedHeightForEveryRow, let delegate {
                var heights = Array(repeating: estimate, count: total)
                for row in 0..<total {
                    simulation.charge(microseconds: simulation.costs.delegateCallMicroseconds.value, .delegateCalls)
                    heights[row] = delegate.tableView(self, estimatedHeightForRowAt: layout.path(ofGlobal: row))
                }
                layout.replaceGeometry(heights: heights, known: Array(repeating: false, count: total))
            } else if layout.headerHeight > 0 {
                layout.replaceGeometry(heights: Array(repeating: estimate, count: total), known: Array(repeating: false, count: total))
            } else {
                layout.geometry.reset(count: total, height: estimate, known: false)
            }
        }
        isLoaded = true
        layout.clampOffset()
    }

    /// A row's height in ``RowHeight/delegate(estimate:)`` mode: the
    /// delegate's (a charged call, a height computed), or UIKit's `rowHeight`
    /// (``defaultRowHeight``) when the table has no delegate.
    func askHeight(_ path: ItemPath) -> Double {
        guard let delegate else { return defaultRowHeight }
        return askHeight(path, of: delegate)
    }

    /// One delegate call for a row's height: charged, and counted as a height computed.
    private func askHeight(_ path: ItemPath, of delegate: TableDelegate) -> Double {
        simulation.counters.recordHeightComputed()
        simulation.charge(microseconds: simulation.costs.delegateCallMicroseconds.value, .delegateCalls)
        return delegate.tableView(self, heightForRowAt: path)
    }

    /// Every row's height, top to bottom, as ``askHeight(_:)`` gives each,
    /// with the delegate loaded once and the paths walked section by
    /// section: `cellbinder` reloads every row of its list on each change.
    ///
    /// - Complexity: O(n) for `n` rows, plus the delegate's cost.
    func askHeights() -> [Double] {
        guard let delegate else { return Array(repeating: defaultRowHeight, count: layout.numberOfRows) }
        var heights: [Double] = []
        heights.reserveCapacity(layout.numberOfRows)
        for (section, count) in layout.rowCounts.enumerated() {
            for item in 0..<count { heights.append(askHeight(ItemPath(section: section, item: item), of: delegate)) }
        }
        return heights
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

    /// The app moves the offset (``KeepableList/setContentOffset(byApp:keepingContent:)``).
    public func setContentOffset(byApp offset: Double, keepingContent: Bool) {
        if !isLoaded { loadGeometry() }
        guard let moved = layout.scroll(to: offset) else { return }
        appOffsetShift += moved
        // A scroll the app asked for moves the content as the user's would: not a jump.
        if !keepingContent, pendingJump != nil { userScrollSinceAnchor += moved }
        setNeedsLayout()
    }

    public func item(atRow row: Int) -> Int? {
        guard row >= 0, row < numberOfRows else { return nil }
        if defersJumps, let dataSource { return dataSource.tableView(self, itemAt: layout.path(ofGlobal: row)) }
        return cells[row]?.content?.key.item
    }

    public func minY(ofRow row: Int) -> Double { layout.geometry.minY(of: row) }

    /// Runs an update wrapped by the observer, if any: `willUpdate` before
    /// `body`, `didUpdate` after, jumps measured at the next frame.
    func observed(_ body: () -> Void) {
        guard let observer = updateObserver, !defersJumps else { return body() }
        observer.listWillUpdate(self)
        defersJumps = true
        body()
        observer.listDidUpdate(self)
        defersJumps = false
    }

    /// Asks for a layout pass at the next frame.
    public func setNeedsLayout() { simulation.clock.setNeedsDisplay() }
}
