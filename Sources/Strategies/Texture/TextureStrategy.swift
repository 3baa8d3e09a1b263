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
        ) { context, options in TextureStrategy(context: context, cells: options.value(of: TextureCells.self)) }
    }

    /// The published sample's `PostCellNode` in one row: its nodes (the cell
    /// node and its text nodes) and its text nodes (`cells=sample`).
    public static var sampleCellNodes: (subnodes: Int, textNodes: Int) { (TextureCells.sampleSubnodes, TextureCells.sampleTextNodes) }

    /// What the app has besides its list (the placeholders' fetches read the network from it).
    let context: AppContext
    let simulation: Simulation
    let cells: TextureCells
    public let tableNode: TableNode
    /// The model, on main; the table node reads its sections.
    var store = DataStore()
    var sections: [DataSection] {
        get { store.sections }
        set { store = DataStore(newValue) }
    }

    /// The sample's cells in `simulation`, with no network latency (for building a strategy in code).
    public required convenience init(simulation: Simulation) { self.init(context: AppContext(simulation: simulation), cells: .sample) }

    init(context: AppContext, cells: TextureCells) {
        self.context = context
        simulation = context.simulation
        self.cells = cells
        tableNode = TableNode(simulation: simulation, collection: context.collection)
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
        let width = tableNode.itemWidth
        let scale = simulation.device.scale
        let cells = cells
        let kinds = context.feedKinds
        return { cells.content(for: item, kinds: kinds, width: width, scale: scale) }
    }

    public func visibleContent() -> [ContentKey] { tableNode.visibleContent }

    // Delegate methods declared here so that a subclass can override them.
    public func willScrollToTop() {}
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { false }
    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchAt time: SimTime) {}
    public func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode) {}
    public func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode) {}
}
