import ListData
import ListDiff
import ListSimulator

/// `monolithic-cells`: seed #4's "before", as the write-up describes it
/// (seeds.md, "#4 timeline: the published table"). One table cell per post,
/// holding views for every component a post can have; a reuse identifier per
/// post shape (any difference in shape needs another cell type, so new cells
/// keep being created while new shapes come). Post data is fetched and
/// decoded on a background queue at high priority (user-initiated), which
/// shows results sooner but competes with the user's UI work where cores are
/// few. Configuring a cell pushes the post through every subview and
/// prepares each view's data (text attributes) on the main thread, and the
/// cell is self-sized on main. Data changes are applied by identifier
/// diffing on main, with listbench's minimal diff (as `identifier-diff:diff=minimal,throttle=none`).
///
/// Options:
/// - `layout=autolayout` (default) or `manual`: the cells' layout engine,
///   the same on both timeline designs (the write-up does not say);
/// - `processing=high` (default: user-initiated, as published) or `low`
///   (background, the new design's priority).
public final class MonolithicCellsStrategy: ListStrategy, TableDataSource {
    public static let descriptor = StrategyDescriptor(
        name: "monolithic-cells",
        summary: "one cell per post with every component's views, configured and sized on main; data decoded at high priority",
        options: [
            CellLayout.option,
            StrategyOption(key: "processing", meaning: "the priority of the background queue that decodes post data", choices: [
                StrategyChoice("high", "user-initiated, as published: results appear sooner, competing with the UI on few cores"),
                StrategyChoice("low", "background, the class the new design gives its factory"),
            ], default: "high"),
        ]
    ) { simulation, options in
        MonolithicCellsStrategy(simulation: simulation, layout: CellLayout(options),
                                processing: options["processing"] == "low" ? .background : .userInitiated)
    }

    private let simulation: Simulation
    private let table: TableView
    private let model: MainQueueModel
    private let layout: CellLayout
    private let processing: QoS
    private var sections: [DataSection] { model.sections }

    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, layout: .autolayout, processing: .userInitiated)
    }

    init(simulation: Simulation, layout: CellLayout, processing: QoS) {
        self.simulation = simulation
        self.layout = layout
        self.processing = processing
        table = TableView(simulation: simulation, rowHeight: .automatic(estimate: 300))
        model = MainQueueModel(simulation: simulation)
        table.dataSource = self
        // The first data reloads (the table is not loaded yet); later data is diffed.
        model.onChange = { [unowned self] old, new in
            DiffedUpdate.perform(on: table, from: old, to: new, simulation: simulation)
        }
    }

    public var surface: any ListSurface { table }

    /// Data is decoded on the processing queue (serial, so arrivals keep
    /// their order), then handed to main.
    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.serial("post-processing", processing)) { [self] in
            PostLayout.decode(sections.flatMap(\.items), simulation: simulation)
            model.load(sections)
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.serial("post-processing", processing)) { [self] in
            PostLayout.decode(PostLayout.postsCarried(by: changes), simulation: simulation)
            model.receive(changes)
        }
    }

    public func numberOfSections(in table: TableView) -> Int { sections.count }

    public func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let item = sections[path.section].items[path.item]
        let identifier = PostLayout.shapeIdentifier(item)
        table.register(identifier, views: PostLayout.monolithicViews)
        let cell = table.dequeueReusableCell(withIdentifier: identifier, for: path)
        var content = PostLayout.content(for: item, width: table.width, scale: simulation.device.scale)
        // Every subview receives the post (and, with Auto Layout, every view is constrained).
        content.views = PostLayout.monolithicViews
        content.constraints = layout.constraints(views: PostLayout.monolithicViews)
        // Each view's data (attributed text) is prepared here, on main.
        simulation.charge(microseconds: Double(content.textLines) * simulation.costs.textMeasurePerLineMicroseconds.value, .textMeasurement)
        table.configure(cell, with: content)
        return cell
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

/// Performing the difference between two item lists on a table: identifier
/// diff, batch updates, then the changed rows updated.
enum DiffedUpdate {
    /// How changed rows are updated after the batch.
    enum Updates {
        /// `reloadRows`: a new cell each.
        case reload
        /// `reconfigureRows` where the running iOS has it (15), else `reloadRows`.
        case reconfigure
    }

    /// Before the table has loaded, a `reloadData` (the first data); after,
    /// the identifier diff of `old` and `new`, performed.
    ///
    /// A diff that fails (``DiffError``: an identifier twice in one list)
    /// is recorded as the run's failure (``recordFailure(_:in:)``) and the
    /// table is left as it is: no published technique falls back to
    /// `reloadData` there (seeds.md #2: "no `reloadData` anywhere").
    ///
    /// - Parameters:
    ///   - comparesContent: whether an item whose content (version) changed is
    ///     an update; false is an `isEqual` on identifiers only, which sees none.
    /// - Complexity: O(n) in the items of both lists, plus the table's updates.
    static func perform(on table: TableView, from old: [DataSection], to new: [DataSection], simulation: Simulation,
                        updates: Updates = .reconfigure, comparesContent: Bool = true) {
        guard table.isLoaded else { return table.reloadData() }
        let difference: SectionedChanges
        do {
            difference = try changes(from: old, to: new, simulation: simulation, comparesContent: comparesContent)
        } catch {
            return recordFailure(error, in: simulation)
        }
        apply(difference, to: table, updates: updates)
    }

    /// Records a failed diff as the run's failure, as an invalid update is:
    /// the app cannot update its list, and the run stops there.
    static func recordFailure(_ error: DiffError, in simulation: Simulation) {
        simulation.recordInconsistency(.diffFailed, "the identifier diff failed: \(error)")
    }

    /// Performs a computed difference: its batch stages, then the changed rows updated.
    static func apply(_ changes: SectionedChanges, to table: TableView, updates: Updates) {
        for var stage in changes.stages {
            stage.reloadedItems = []
            guard stage.isEmpty || table.performBatchUpdates(stage) else { return }
        }
        let changed = changes.itemUpdates.map(\.to)
        guard !changed.isEmpty else { return }
        switch updates {
        case .reload: table.reloadRows(at: changed)
        case .reconfigure: table.reconfigureOrReloadRows(at: changed)
        }
    }

    /// The identifier diff of two item lists, a changed version making an
    /// update (when `comparesContent`); charges the device's per-item diff
    /// cost to the current thread.
    ///
    /// - Throws: ``DiffError`` when an identifier occurs twice in one list
    ///   (or a list is past the diff's size limit).
    /// - Complexity: O(n) in the items of both lists.
    static func changes(from old: [DataSection], to new: [DataSection], simulation: Simulation,
                        comparesContent: Bool = true) throws(DiffError) -> SectionedChanges {
        let items = old.reduce(0) { $0 + $1.items.count } + new.reduce(0) { $0 + $1.items.count }
        simulation.counters.diffedItems += items
        simulation.charge(microseconds: Double(items) * simulation.costs.diffPerItemMicroseconds.value, .diffing)
        return try SectionedChanges(
            from: old.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
            to: new.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
            isItemUpdated: { comparesContent && old[$0.section].items[$0.item].version != new[$1.section].items[$1.item].version })
    }
}
