import ListData
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
    /// Its row in Texture's pending map: nil once an update that deletes or
    /// reloads its row has been issued, committed or not (``TableNode/indexPath(for:)``).
    var pendingRow: Int?

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
///
/// Display callbacks carry the node only, as Texture 2.7's
/// `tableNode:willDisplayRowWithNode:` and `didEndDisplayingRowWithNode:` do
/// (`ASTableView.mm`): an app that wants the row asks
/// ``TableNode/indexPath(for:)``, which reads the pending map and is nil for
/// a node whose row an update issued since has deleted or reloaded.
public protocol TableNodeDelegate: AnyObject {
    func shouldBatchFetch(for tableNode: TableNode) -> Bool
    /// Call ``TableNode/completeBatchFetching()`` when the page has been inserted.
    func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime)
    func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode)
    func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode)
    /// A row's node entered or left the display range (as an `ASCellNode`
    /// subclass sees `didEnterDisplayState` / `didExitDisplayState`).
    func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode)
    func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode)
}

extension TableNodeDelegate {
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { false }
    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {}
    public func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode) {}
}

/// A headless Texture `ASTableNode`.
///
/// - Every row gets its own node when inserted (or at `reloadData`, for every
///   row): node blocks run concurrently on the background workers, each node
///   is measured there (`layoutThatFits`), and the update commits on main only
///   once all of its nodes are ready, after every update issued before it.
///   Updates are validated against the counts after the updates already
///   issued, as Texture's editing transactions are, and each starts by
///   waiting, on main, for the nodes of those issued before it. An issued
///   update replaces Texture's pending map at once; the rows on screen
///   change only at its commit (``indexPath(for:)``). Nodes are never
///   reused: a node lives until its row is deleted or reloaded.
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
public final class TableNode: KeepableList {
    public let simulation: Simulation
    public weak var dataSource: TableNodeDataSource?
    public weak var delegate: TableNodeDelegate?
    /// App code around every commit (``ListUpdateObserver``), with Texture's
    /// own `automaticallyAdjustsContentOffset`: nil for a list whose app keeps no place.
    public var updateObserver: (any ListUpdateObserver)?
    public internal(set) var appOffsetShift = 0.0
    /// The scroll the app asked for during the commit being made (not a jump).
    var deliberateScroll = 0.0
    /// The viewport's width, in points (its height is the core's).
    public let width: Double
    public var leadingScreensForBatching = 2.0
    public internal(set) var tuning = RangeTuning.minimum
    /// Whether leaving the display range frees decoded images (see ``NodeImageRetention``).
    public var imageRetention = NodeImageRetention.clearedWithContents
    public internal(set) var isBatchFetching = false

    /// Sections, row geometry, viewport and scrolling.
    var layout: ListLayout
    /// The node of each row, by global row.
    var nodes: [CellNode] = [] { didSet { nodesEpoch &+= 1 } }
    /// Bumped whenever a row gets another node (``nodes``) or a node's
    /// contents are cleared outside a range pass (``clearContents(_:)``):
    /// with the ranges, what tells a range pass that found nothing to do
    /// that the next will not either (``settledRanges``), and
    /// ``visibleContent`` that its last answer holds.
    var nodesEpoch = 0
    /// The last range pass's ranges, when a pass over the same ranges would
    /// do nothing (nothing outside the pass changed a node while it ran).
    var settledRanges: (ranges: NodeRanges, epoch: Int)?
    /// ``visibleContent`` as last worked out, with the rows and the epoch it was for.
    var visibleContentCache: (rows: Range<Int>, epoch: Int, keys: [ContentKey])?
    /// Every node allocated and not yet released, by serial (for the invariant that no node outlives its row).
    var liveNodes: [Int: CellNode] = [:]
    /// Rows whose nodes are in some range (preloaded, displayed or visible).
    var active = IntSet()
    var nextSerial = 0
    /// Row counts after every update issued so far (committed or not): what
    /// the next update is validated against, as Texture's editing transactions are.
    var pendingRowCounts: [Int] = [] {
        didSet { pendingSectionStarts = ListLayout.sectionStarts(rowCounts: pendingRowCounts) }
    }
    /// The pending map's section starts (global rows).
    var pendingSectionStarts: [Int] = [0]
    /// Texture's pending map: the element in each row after every update
    /// issued so far (``NodeElement``), by global row.
    var pendingMap: [NodeElement] = []
    /// Nodes of issued updates not made yet on the workers: an update issued
    /// meanwhile waits for them (``waitForEarlierUpdates()``).
    var nodesBeingMade = 0
    /// When the last node made so far was done (its worker task's end): when the wait ends.
    var nodesMadeBy: SimTime = 0
    /// Updates whose nodes are ready, by issue number, waiting for the earlier ones.
    var readyCommits: [Int: () -> Void] = [:]
    var issuedUpdates = 0
    /// Whether a `reloadData` or batch update has been issued (committed or not).
    public var hasIssuedUpdates: Bool { issuedUpdates > 0 }
    var committedUpdates = 0
    /// Texture's shared text-renderer cache (process-wide in Texture; one
    /// table node per simulated app here).
    var renderers = TextRendererCache()

    /// Which Texture class this is: an `ASTableNode`, or an
    /// `ASCollectionNode` (``SurfaceKind``). Both keep their nodes and
    /// ranges the same way, check updates with the same
    /// `_ASHierarchyChangeSet`, and hand their view what the change set
    /// holds (a move as a delete and an insert, the moved row a new node;
    /// reloads as reloads: ``TextureChangeSet/asHandedToView``).
    public let kind: SurfaceKind
    /// A collection node's layout (its grid, if any); nil for a table node.
    public let collectionLayout: CollectionLayout?

    /// A table node, or a collection node with `collection`'s layout (a
    /// grid sizes its nodes from the grid: ``itemWidth``, fixed lines).
    public init(simulation: Simulation, width: Double? = nil, viewportHeight: Double? = nil, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        let width = width ?? simulation.device.screenWidth
        self.width = width
        kind = collection == nil ? .table : .collection
        collectionLayout = collection
        layout = ListLayout(viewportHeight: viewportHeight ?? simulation.device.screenHeight, width: width, collection: collection)
    }

    /// The height of each section's header, in points (0: none, the
    /// default); set it before the list first loads. The node list lays
    /// its sections out below their headers; the headers' own views or
    /// supplementary nodes are not modeled (their cost and memory).
    public var sectionHeaderHeight: Double {
        get { layout.headerHeight }
        set { layout.headerHeight = max(0, newValue) }
    }

    /// A node's width: a grid column's, else the list's.
    public var itemWidth: Double { collectionLayout?.itemWidth(in: width) ?? width }

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
}
