import ListData
import ListDiff
import ListSimulator

extension DataChange {
    /// The section an append goes to, if this is an append.
    var appendSection: Int? {
        if case .append(let section, _) = self { return section }
        return nil
    }
}

/// The cells of seed #5's Texture strategies.
enum TextureCells: String {
    /// The published sample's `PostCellNode`, exactly (`github:yuuuutsk/ASTableNodeSample`,
    /// `PostCellNode.swift`): 101 `ASTextNode`s (`(0...100)`), each with
    /// `style.preferredSize` 2 × 140 pt, a gray background and the post's id
    /// as its attributed text, in a horizontal `ASStackLayoutSpec` (so the
    /// cell is 140 pt tall), with `automaticallyManagesSubnodes`. The post's
    /// other fields are not shown.
    case sample
    /// Feed posts as rich Texture cells (estimate: ``TextureCells/richNodes(_:)``);
    /// photos in network image nodes, dropped with the contents.
    case rich
    /// The app sets downloaded photos on image nodes itself, and a node keeps
    /// them after it leaves the display range (the pattern Texture's
    /// maintainers name as the cause of unbounded growth, TextureGroup/Texture #211).
    case photos

    static let option = StrategyOption(key: "cells", meaning: "what a row's cell node holds", choices: [
        StrategyChoice("sample", "the published sample's PostCellNode: 101 text nodes of 2 x 140 pt showing the post's id"),
        StrategyChoice("rich", "feed posts as rich nodes (estimate: about 19 subnodes, 7 or more of them text); photos dropped with the contents"),
        StrategyChoice("photos", "image nodes the app sets downloaded photos on, which each node keeps (Texture #211)"),
    ], default: "sample")

    init(_ options: StrategyConfiguration) { self = TextureCells(rawValue: options["cells"] ?? "") ?? .sample }

    /// The sample's text nodes: `(0...100)`, 101 of them.
    static let sampleTextNodes = 101
    /// The sample's text node size, in points (`style.preferredSize`).
    static let sampleTextNodeSize = (width: 2.0, height: 140.0)

    /// A row's node content.
    func content(for item: Item, width: Double, scale: Double) -> CellContent {
        switch self {
        case .sample: return Self.sampleContent(item)
        case .rich, .photos:
            var content = PostLayout.content(for: item, width: width, scale: scale)
            if self == .rich { content.views = Self.richNodes(item) }
            // Every text node shows its own string: one renderer each.
            content.textNodes = Self.richTextNodes(item)
            content.textRenderers = content.textNodes
            return content
        }
    }

    /// The sample's `PostCellNode` for a post: the cell node and its 101 text
    /// nodes; each draws a backing store of its 2 × 140 pt bounds (its gray
    /// background and the id), and all of them share one renderer, having
    /// the same string at the same size. The id is one word wider than
    /// 2 points, so each text node lays out and draws it (estimate: counted
    /// as one line per text node, its characters the id's digits).
    static func sampleContent(_ item: Item) -> CellContent {
        let digits = String(item.id).count
        let size = sampleTextNodeSize
        return CellContent(
            key: ContentKey(item: item.id, version: item.version), views: 1 + sampleTextNodes,
            textLines: sampleTextNodes, textCharacters: sampleTextNodes * digits, height: size.height,
            textNodes: sampleTextNodes, textRenderers: 1, drawnArea: Double(sampleTextNodes) * size.width * size.height)
    }

    /// The text nodes of a rich feed post (estimate: one text node for each
    /// of author, handle, date, body and three counts, two per comment
    /// preview, three for a link card, two for a video's title and duration,
    /// four reaction counts).
    static func richTextNodes(_ item: Item) -> Int {
        7 + 2 * item.commentPreviews + (item.linkCard ? 3 : 0) + (item.video ? 2 : 0) + (item.reactions ? 4 : 0)
    }

    /// The subnodes of a rich feed post (estimate: seeds.md says only "many
    /// ASTextNodes"): its text nodes (``richTextNodes(_:)``), the cell node,
    /// an avatar and up to four photos as image nodes.
    static func richNodes(_ item: Item) -> Int { 1 + richTextNodes(item) + 1 + min(item.photos, 4) }
}

/// `texture`: seed #5's starting point. A Texture `ASTableNode`: a node per
/// row, allocated and measured on background workers, never reused; rows
/// are inserted with batch updates on main as data arrives. Every node stays
/// in memory with its subnodes and their loaded views, so memory climbs with
/// the rows visited.
///
/// Option `cells`: `sample` (default: the published sample's `PostCellNode`,
/// 101 text nodes), `rich` (rich feed posts, an estimate) or `photos` (nodes
/// keep the photos the app set on them).
public class TextureStrategy: ListStrategy, TableNodeDataSource, TableNodeDelegate {
    public class var descriptor: StrategyDescriptor {
        StrategyDescriptor(
            name: "texture", summary: "Texture node per row, no reuse, layout on background workers",
            options: [TextureCells.option]
        ) { simulation, options in TextureStrategy(simulation: simulation, cells: TextureCells(options)) }
    }

    let simulation: Simulation
    let cells: TextureCells
    public let tableNode: TableNode
    /// The model, on main; the table node reads its sections.
    var store = DataStore()
    var sections: [DataSection] {
        get { store.sections }
        set { store = DataStore(newValue) }
    }

    public required convenience init(simulation: Simulation) { self.init(simulation: simulation, cells: .sample) }

    init(simulation: Simulation, cells: TextureCells) {
        self.simulation = simulation
        self.cells = cells
        tableNode = TableNode(simulation: simulation)
        tableNode.imageRetention = cells == .photos ? .heldByNode : .clearedWithContents
        tableNode.dataSource = self
        tableNode.delegate = self
    }

    public var surface: any ListSurface { tableNode }

    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            self.sections = sections
            tableNode.reloadData()
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in apply(changes) }
    }

    /// Applies changes that arrived together, on main, as one update of the
    /// table node: appends as inserts at the end, a new state as a reload,
    /// anything else diffed by identifier (the index paths a Texture app
    /// would compute with a diffing library), changed items reloaded.
    func apply(_ changes: [DataChange]) {
        let old = store.sections
        guard store.apply(changes, failingRunOf: simulation) else { return }
        let new = store.sections
        if changes.contains(where: { if case .state = $0 { return true } else { return false } }) {
            tableNode.reloadData()
            return
        }
        if changes.allSatisfy({ $0.appendSection != nil }) {
            var paths: [ItemPath] = []
            for (section, items) in new.enumerated() where section < old.count {
                paths += (old[section].items.count..<items.items.count).map { ItemPath(section: section, item: $0) }
            }
            if !paths.isEmpty { tableNode.performBatchUpdates(BatchUpdate(insertedItems: paths)) }
            return
        }
        let difference: SectionedChanges
        do {
            difference = try DiffedUpdate.changes(from: old, to: new, simulation: simulation)
        } catch {
            // No published code falls back to reloadData on a failed diff (DiffedUpdate.perform).
            return DiffedUpdate.recordFailure(error, in: simulation)
        }
        for stage in difference.stages { tableNode.performBatchUpdates(stage) }
    }

    public func numberOfSections(in tableNode: TableNode) -> Int { sections.count }

    public func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    public func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        let width = tableNode.width
        let scale = simulation.device.scale
        let cells = cells
        return { cells.content(for: item, width: width, scale: scale) }
    }

    public func visibleContent() -> [ContentKey] { tableNode.visibleContent }

    // Delegate methods declared here so that a subclass can override them.
    public func willScrollToTop() {}
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { false }
    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {}
    public func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode, at path: ItemPath) {}
}

/// `texture-placeholders`: seed #5's fix, as the published sample does it
/// (seeds.md, "#5 Texture memory: the published sample"), on top of
/// `texture`. When a row's node ends displaying (`didEndDisplayingRowWith`),
/// its height is cached by row and the row is reloaded with an empty
/// placeholder node of that height (a zero height would make the scroll
/// position jump); when a placeholder will display (`willDisplayRowWith`),
/// its cache entry is cleared and the row is reloaded with the real node,
/// which is made on the workers meanwhile. When the last row will display,
/// the next page is appended. Heights are cached by row number alone
/// (`[Int: CGFloat]` keyed by `indexPath.row`, behind an `NSLock`, in the
/// sample's `PartialAllocateTableNodeViewController`), so rows of the same
/// number in different sections share an entry.
///
/// On scroll-to-top it sets a flag, clears the height cache, cuts the list
/// to one page and calls `reloadData`; while the flag is set nothing is
/// swapped, and it clears when a real node is made again. The sample's
/// `resetPosts` replaces its posts with 20 new ones (the next ids: its
/// stand-in for fetching the first page again); here the data is the
/// scenario's, so the model keeps the first 20 items it has and fetches the
/// dropped ones again, a page at a time with the scenario's page latency,
/// as the user comes back down.
public final class TexturePlaceholdersStrategy: TextureStrategy {
    public override class var descriptor: StrategyDescriptor {
        StrategyDescriptor(
            name: "texture-placeholders",
            summary: "Texture with same-height placeholder nodes swapped in didEndDisplaying/willDisplay, and a reset on scroll-to-top",
            options: [TextureCells.option]
        ) { simulation, options in TexturePlaceholdersStrategy(simulation: simulation, cells: TextureCells(options)) }
    }

    /// Placeholder heights by row number, whatever the section (the sample's `heightCaches`).
    private var cachedHeights: [Int: Double] = [:]
    /// Items dropped at scroll-to-top, fetched again a page at a time.
    private var held: [Item] = []
    private var fetchingAgain = false
    private var scrollingToTop = false
    private let pageSize = 20

    /// A placeholder shows nothing: no item, no version.
    private static let placeholderVersion = Int.min

    public override func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        if let height = cachedHeights[path.item], height > 0 {
            return { CellContent(key: ContentKey(item: item.id, version: Self.placeholderVersion), views: 1, height: height) }
        }
        // A real node is made again: the scroll-to-top is over.
        scrollingToTop = false
        return super.tableNode(tableNode, nodeBlockForRowAt: path)
    }

    public override func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode, at path: ItemPath) {
        // A placeholder ending display is the one a reload just replaced: the
        // sample's `node.indexPath` is nil for it (its element is gone from
        // Texture's pending map), so it does nothing.
        guard !scrollingToTop, node.content.key.version != Self.placeholderVersion else { return }
        cachedHeights[path.item] = node.content.height
        tableNode.reloadRows(at: [path])
    }

    public override func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath) {
        if node.content.key.version == Self.placeholderVersion, !scrollingToTop {
            cachedHeights[path.item] = nil
            tableNode.reloadRows(at: [path])
        }
        // The last row will display: the next page (the dropped ones first, fetched again).
        if path.section == sections.count - 1, path.item == sections[path.section].items.count - 1 { fetchAgain() }
    }

    public override func willScrollToTop() {
        simulation.clock.async(.main) { [self] in
            guard let first = sections.first, first.items.count > pageSize else { return }
            scrollingToTop = true
            held = Array(first.items.dropFirst(pageSize)) + held
            var kept = sections
            kept[0].items = TreeList(first.items.prefix(pageSize))
            sections = kept
            cachedHeights = [:]
            tableNode.reloadData()
        }
    }

    /// Requests the next dropped page again; it arrives after the page latency.
    private func fetchAgain() {
        guard !held.isEmpty, !fetchingAgain else { return }
        fetchingAgain = true
        let page = Array(held.prefix(pageSize))
        held.removeFirst(page.count)
        simulation.clock.async(.serial("network", .utility), after: Sim.ms(simulation.pageLatencyMs)) { [self] in
            simulation.clock.async(.main) { [self] in
                fetchingAgain = false
                appendToTable(page)
            }
        }
    }

    private func appendToTable(_ items: [Item]) { super.apply([.append(section: 0, items: items)]) }

    override func apply(_ changes: [DataChange]) {
        // New pages go behind the rows dropped at scroll-to-top.
        var rest: [DataChange] = []
        for change in changes {
            if case .append(let section, let items) = change, section == 0, !held.isEmpty || fetchingAgain {
                held += items
            } else {
                rest.append(change)
            }
        }
        if !rest.isEmpty { super.apply(rest) }
    }

    public override func visibleContent() -> [ContentKey] {
        tableNode.visibleContent.filter { $0.version != Self.placeholderVersion }
    }
}
