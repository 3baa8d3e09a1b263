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

/// `texture`: seed #5's starting point. A Texture `ASTableNode`: a node per
/// row, allocated and measured on background workers, never reused; rows
/// are inserted with batch updates on main as data arrives. Every node stays
/// in memory with its loaded view and, as the app sets downloaded photos on
/// image nodes itself, with its decoded photos (``NodeImageRetention``), so
/// memory climbs with the rows visited.
public class TextureStrategy: ListStrategy, TableNodeDataSource, TableNodeDelegate {
    public class var descriptor: StrategyDescriptor {
        StrategyDescriptor(
            name: "texture", summary: "Texture node per row, no reuse, layout on background workers"
        ) { TextureStrategy(simulation: $0) }
    }

    let simulation: Simulation
    public let tableNode: TableNode
    /// The model, on main; the table node reads its sections.
    var store = DataStore()
    var sections: [DataSection] {
        get { store.sections }
        set { store = DataStore(newValue) }
    }

    public required init(simulation: Simulation) {
        self.simulation = simulation
        tableNode = TableNode(simulation: simulation)
        // The app loads photos with its own downloader and sets them on image
        // nodes (the common pattern; Texture #211), so a node keeps its decoded
        // photos after it leaves the display range.
        tableNode.imageRetention = .heldByNode
        tableNode.dataSource = self
        tableNode.delegate = self
    }

    public var surface: ListSurface { .node(tableNode) }

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
        for change in changes { store.apply(change) }
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
        guard let difference = DiffedUpdate.changes(from: old, to: new, simulation: simulation) else {
            tableNode.reloadData()
            return
        }
        for stage in difference.stages { tableNode.performBatchUpdates(stage) }
    }

    public func numberOfSections(in tableNode: TableNode) -> Int { sections.count }

    public func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    public func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        let width = tableNode.width
        let scale = simulation.device.scale
        return { PostLayout.content(for: item, width: width, scale: scale) }
    }

    public func visibleContent() -> [ContentKey] { tableNode.visibleContent }

    // Delegate methods declared here so that a subclass can override them.
    public func willScrollToTop() {}
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { false }
    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {}
    public func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode, at path: ItemPath) {}
    public func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode, at path: ItemPath) {}
}

/// `texture-placeholders`: seed #5's fix, on top of `texture`. When a row's
/// node leaves the display range, its height is remembered and the row is
/// reloaded with an empty placeholder node of the same height (a zero
/// height would make the scroll position jump); when a placeholder enters
/// the display range, the row is reloaded with its real node again. On
/// scroll-to-top it sets a flag, drops every page after the first and
/// reloads, so the jump does not create and free a crowd of nodes; the
/// dropped rows come back a page at a time through Texture's batch fetching.
public final class TexturePlaceholdersStrategy: TextureStrategy {
    public override class var descriptor: StrategyDescriptor {
        StrategyDescriptor(
            name: "texture-placeholders",
            summary: "Texture with same-height placeholder nodes off screen and a reset on scroll-to-top"
        ) { TexturePlaceholdersStrategy(simulation: $0) }
    }

    /// Rows shown as placeholders, by item, with the height they keep.
    private var placeholders: [Int: Double] = [:]
    /// Where each item is in the model that updates are issued against (rebuilt when it changes).
    private var positions: [Int: ItemPath] = [:]
    private var positionsVersion = -1
    private var modelVersion = 0

    /// An item's row in the model (not the committed table, which may lag behind pending updates).
    private func path(of item: Int) -> ItemPath? {
        if positionsVersion != modelVersion {
            positions = [:]
            for (section, content) in sections.enumerated() {
                for (index, entry) in content.items.enumerated() { positions[entry.id] = ItemPath(section: section, item: index) }
            }
            positionsVersion = modelVersion
        }
        return positions[item]
    }
    /// Items dropped at scroll-to-top, paged back in by batch fetching.
    private var held: [Item] = []
    private var scrollingToTop = false
    private let pageSize = 20

    public override func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        if let height = placeholders[item.id] {
            return { CellContent(key: ContentKey(item: item.id, version: Int.min), views: 1, height: height) }
        }
        return super.tableNode(tableNode, nodeBlockForRowAt: path)
    }

    public override func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode, at path: ItemPath) {
        let item = node.content.key.item
        guard !scrollingToTop, placeholders[item] == nil, node.content.key.version != Int.min,
              let current = self.path(of: item) else { return }
        placeholders[item] = node.content.height
        tableNode.reloadRows(at: [current])
    }

    public override func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode, at path: ItemPath) {
        let item = node.content.key.item
        guard placeholders.removeValue(forKey: item) != nil, let current = self.path(of: item) else { return }
        tableNode.reloadRows(at: [current])
    }

    public override func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode, at path: ItemPath) {
        if scrollingToTop, path.section == 0, path.item == 0 { scrollingToTop = false }
    }

    public override func willScrollToTop() {
        simulation.clock.async(.main) { [self] in
            guard let first = sections.first, first.items.count > pageSize else { return }
            scrollingToTop = true
            held = Array(first.items.dropFirst(pageSize)) + held
            var kept = sections
            kept[0].items = TreeList(first.items.prefix(pageSize))
            sections = kept
            modelVersion += 1
            placeholders = [:]
            tableNode.reloadData()
        }
    }

    private func appendToTable(_ items: [Item]) {
        modelVersion += 1
        super.apply([.append(section: 0, items: items)])
    }

    override func apply(_ changes: [DataChange]) {
        modelVersion += 1
        // New pages go behind the rows held back at scroll-to-top.
        var rest: [DataChange] = []
        for change in changes {
            if case .append(let section, let items) = change, section == 0, !held.isEmpty {
                held += items
            } else {
                rest.append(change)
            }
        }
        if !rest.isEmpty { super.apply(rest) }
    }

    public override func shouldBatchFetch(for tableNode: TableNode) -> Bool { !held.isEmpty }

    public override func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {
        simulation.clock.async(.main) { [self] in
            let page = Array(held.prefix(pageSize))
            held.removeFirst(page.count)
            appendToTable(page)
            tableNode.completeBatchFetching()
        }
    }

    public override func visibleContent() -> [ContentKey] {
        tableNode.visibleContent.filter { $0.version != Int.min }
    }
}
