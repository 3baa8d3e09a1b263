import ListData
import ListDiff
import ListSimulator

/// `viewmodel-cells`: seed #4's "after", as shipped (seeds.md, "#4 timeline:
/// the published table"). A factory on a low-priority background queue
/// decodes each post and turns it into view models, one per component
/// (header, text, photos, link card, video, each comment, reactions), each
/// holding exactly the processed data its small cell shows. A relation maps
/// each post to its view models and is updated on insert, update and delete;
/// only changed posts are rebuilt. The factory also diffs the rows, so the
/// main thread performs the update, dequeues from a handful of small
/// reusable cell types, binds, and computes each row's height.
///
/// Options:
/// - `heights=main` (default: as measured, heights on the UI thread) or
///   `background` (the write-up's further idea: the factory measures);
/// - `configure=dequeue` (default: bound in `cellForRowAt`) or `willDisplay`
///   (the further idea: bound in `willDisplay`; a reconfigured row keeps its
///   cell and gets no `willDisplay`, so it is not bound again);
/// - `layout=autolayout` (default) or `manual`, as `monolithic-cells`.
public final class ViewModelCellsStrategy: ListStrategy, TableDataSource, TableDelegate {
    public static let descriptor = StrategyDescriptor(
        name: "viewmodel-cells",
        summary: "a low-priority background factory builds per-component view models; small reusable cells",
        options: [Heights.option, Configure.option, CellLayout.option]
    ) { context, options in
        ViewModelCellsStrategy(simulation: context.simulation, kinds: context.feedKinds, heightsOnMain: options.value(of: Heights.self) == .main,
                               configuresOnDisplay: options.value(of: Configure.self) == .willDisplay,
                               layout: options.value(of: CellLayout.self), collection: context.collection)
    }

    /// A post's view models as the factory last built them, for its version;
    /// `pass` is the factory pass that last saw the post.
    struct Relation {
        var version: Int
        var models: PostModels
        var pass: Int
    }

    /// A post's view models, one per component, held once in one object:
    /// the factory's rows copy every view model of a million-post list on
    /// each pass, and a reference copies in 8 bytes where a component's
    /// value took about 150. One object per post (not one per component,
    /// nor an array of them per post) is one allocation and, while its rows
    /// are copied, one reference count touched for all of the post's rows.
    final class PostModels {
        let post: Int
        let components: [PostComponent]

        init(post: Int, components: [PostComponent]) {
            self.post = post
            self.components = components
        }

        /// Appends a row per component, in order: component `i`'s identifier is `post × 64 + i`.
        ///
        /// - Complexity: O(components).
        func appendRows(to rows: inout [ViewModel]) {
            for index in components.indices { rows.append(ViewModel(id: post * 64 + index, models: self, index: index)) }
        }
    }

    /// One row: a component of a post.
    struct ViewModel {
        let id: Int
        private let models: PostModels
        private let index: Int
        var component: PostComponent { models.components[index] }

        init(id: Int, models: PostModels, index: Int) {
            self.id = id
            self.models = models
            self.index = index
        }

        /// Whether the two show different content (their keys differ). The
        /// same component of the same models (a post's cached view models)
        /// is the same content, known without reading the component: the
        /// diff asks this of every row.
        func showsOtherContent(than other: ViewModel) -> Bool {
            !(models === other.models && index == other.index) && component.content.key != other.component.content.key
        }
    }

    private let simulation: Simulation
    private let table: TableView
    private let heightsOnMain: Bool
    private let configuresOnDisplay: Bool
    private let layout: CellLayout
    /// The items' kinds: the scenario's, or the feed's post; one row per part that shows.
    private let kinds: KindSet
    /// The factory's side: the posts and the relation post → view models, by version.
    private var store = DataStore()
    private var relation = IntMap<Relation>()
    /// The factory's passes so far: a relation entry not seen in the current pass belongs to a post that left.
    private var pass = 0
    private var sentRows: [[ViewModel]] = []
    /// The identifiers of ``sentRows``, per section, as the last diff took them.
    private var sentIDs: [[Int]] = []
    private var sectionIDs: [String] = []
    /// The main thread's side: the rows the table shows.
    private var rows: [[ViewModel]] = []

    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, kinds: .feed, heightsOnMain: true, configuresOnDisplay: false, layout: .autolayout)
    }

    init(simulation: Simulation, kinds: KindSet, heightsOnMain: Bool, configuresOnDisplay: Bool, layout: CellLayout,
         collection: CollectionLayout? = nil) {
        self.simulation = simulation
        self.kinds = kinds
        self.heightsOnMain = heightsOnMain
        self.configuresOnDisplay = configuresOnDisplay
        self.layout = layout
        table = TableView(simulation: simulation, rowHeight: .delegate(estimate: 100), collection: collection)
        for (identifier, views) in kinds.componentTypes() { table.register(identifier, views: views) }
        table.dataSource = self
        table.delegate = self
    }

    public var surface: any ListSurface { table }

    public func load(_ sections: [DataSection]) {
        factory { [self] in
            kinds.decode(sections.flatMap(\.items), simulation: simulation)
            store = DataStore(sections)
            sectionIDs = sections.map(\.id)
        }
    }

    public func receive(_ changes: [DataChange]) {
        factory { [self] in
            kinds.decode(PostLayout.postsCarried(by: changes), simulation: simulation)
            guard store.apply(changes, failingRunOf: simulation) else { return }
        }
    }

    /// Runs an edit on the factory's serial queue (low priority), rebuilds the view
    /// models of changed posts, diffs the rows there and hands the update to main.
    ///
    /// The write-up says only "lower priority"; the class is an estimate:
    /// background, GCD's lowest, as a factory that must never compete with scrolling.
    private func factory(_ edit: @escaping () -> Void) {
        simulation.clock.async(.serial("view-model-factory", .background)) { [self] in
            edit()
            let width = table.itemWidth
            let scale = simulation.device.scale
            pass += 1
            let stamp = pass
            var new: [[ViewModel]] = []
            var newIDs: [[Int]] = []
            // Each post's components are gathered here, then kept at their exact number.
            var scratch: [PostComponent] = []
            new.reserveCapacity(store.sections.count)
            newIDs.reserveCapacity(store.sections.count)
            for (sectionIndex, section) in store.sections.enumerated() {
                var rows: [ViewModel] = []
                // A post has a row per component: about as many as the section sent last time
                // (an eighth more for posts added), and one per post at least.
                let sent = sectionIndex < sentRows.count ? sentRows[sectionIndex].count : 0
                rows.reserveCapacity(max(section.items.count, sent + sent / 8))
                for item in section.items {
                    // One look-up per post: the entry is found once and stamped in place.
                    let cached = relation.modifyValue(forKey: item.id) { entry -> PostModels? in
                        entry.pass = stamp
                        return entry.version == item.version ? entry.models : nil
                    }
                    if let models = cached ?? nil {
                        models.appendRows(to: &rows)
                        continue
                    }
                    // Completed in place, in order (a second array per post was a
                    // million allocations on a million-item first load).
                    var components = kinds.components(for: item, width: width, scale: scale, scratch: &scratch)
                    for index in components.indices {
                        components[index].content.constraints = layout.constraints(views: components[index].content.views)
                        let content = components[index].content
                        // Each view's data (attributed text) is prepared here, off main,
                        // and with the further idea the height is measured here too.
                        simulation.charge(microseconds: Double(content.textLines) * simulation.costs.textMeasurePerLineMicroseconds.value, .textMeasurement)
                        if !heightsOnMain { simulation.charge(microseconds: simulation.measureCost(content), .heightComputation) }
                    }
                    let models = PostModels(post: item.id, components: components)
                    relation[item.id] = Relation(version: item.version, models: models, pass: stamp)
                    models.appendRows(to: &rows)
                }
                newIDs.append(rows.map(\.id))
                new.append(rows)
            }
            // Posts that left: their entries were not stamped in this pass.
            let left = relation.keys(where: { $0.pass != stamp })
            for id in left { relation[id] = nil }
            let old = sentRows
            let oldIDs = sentIDs
            sentRows = new
            sentIDs = newIDs
            let update = rowUpdate(old, new, oldIDs: oldIDs, newIDs: newIDs)
            simulation.clock.async(.main) { [self] in
                rows = new
                switch update {
                case .changes(let changes) where table.isLoaded:
                    DiffedUpdate.apply(changes, to: table, updates: .reconfigure)
                case .changes, .reload:
                    table.reloadData()
                case .failed:
                    break
                }
            }
        }
    }

    /// How the factory's new rows reach the table.
    private enum RowUpdate {
        /// `reloadData`: the rows gained or lost sections (the first load, from none).
        case reload
        /// The rows' difference, performed as batch updates (a `reloadData` while the table is not loaded).
        case changes(SectionedChanges)
        /// The diff failed; the failure is recorded as the run's (``DiffedUpdate/recordFailure(_:in:)``).
        case failed
    }

    /// The difference between two row lists, computed on the factory queue.
    ///
    /// Rows whose section count differs (the first load: the factory has sent
    /// none) are reloaded, as an app's first data is. A diff that fails
    /// (``DiffError``: a view model identifier twice) is recorded as the
    /// run's failure: the write-up describes no `reloadData` fallback.
    ///
    /// - Complexity: O(n) in the rows of both lists.
    private func rowUpdate(_ old: [[ViewModel]], _ new: [[ViewModel]], oldIDs: [[Int]], newIDs: [[Int]]) -> RowUpdate {
        let count = old.reduce(0) { $0 + $1.count } + new.reduce(0) { $0 + $1.count }
        simulation.recordDiff(items: count)
        simulation.charge(microseconds: Double(count) * simulation.costs.diffPerItemMicroseconds.value, .diffing)
        guard old.count == new.count else { return .reload }
        do {
            return .changes(try SectionedChanges(
                from: oldIDs.enumerated().map { DiffSection(id: $0.offset, items: $0.element) },
                to: newIDs.enumerated().map { DiffSection(id: $0.offset, items: $0.element) },
                isItemUpdated: { old[$0.section][$0.item].showsOtherContent(than: new[$1.section][$1.item]) }))
        } catch {
            DiffedUpdate.recordFailure(error, in: simulation)
            return .failed
        }
    }

    public func numberOfSections(in table: TableView) -> Int { rows.count }

    public func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }

    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? {
        guard path.section < rows.count, path.item < rows[path.section].count else { return nil }
        return rows[path.section][path.item].component.content.key.item
    }

    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let model = rows[path.section][path.item]
        let cell = table.dequeueReusableCell(withIdentifier: model.component.kind, for: path)
        if !configuresOnDisplay { table.configure(cell, with: model.component.content) }
        return cell
    }

    public func tableView(_ table: TableView, willDisplay cell: Cell, forRowAt path: ItemPath) {
        if configuresOnDisplay { table.configure(cell, with: rows[path.section][path.item].component.content) }
    }

    /// With heights on main (as measured), the row's text is measured and its
    /// cell laid out here, each time the table asks.
    public func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        let content = rows[path.section][path.item].component.content
        if heightsOnMain { simulation.charge(microseconds: simulation.measureCost(content), .heightComputation) }
        return content.height
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }

    /// A post's first component row.
    ///
    /// - Complexity: O(rows in its section).
    public func row(showing item: Int, at path: ItemPath) -> ItemPath? {
        guard path.section < rows.count,
              let index = rows[path.section].firstIndex(where: { $0.component.content.key.item == item }) else { return nil }
        return ItemPath(section: path.section, item: index)
    }
}

extension ViewModelCellsStrategy {
    /// Option `heights`: where row heights are computed.
    enum Heights: String, StrategyOptionValue {
        case main
        case background

        static let key = "heights"
        static let meaning = "where row heights are computed"
        static let defaultValue = Heights.main

        var meaning: String {
            switch self {
            case .main: "on the UI thread in heightForRowAt, as the write-up measured"
            case .background: "in the factory, off main (the write-up's further idea)"
            }
        }
    }

    /// Option `configure`: when a cell is bound to its view model.
    enum Configure: String, StrategyOptionValue {
        case dequeue
        case willDisplay

        static let key = "configure"
        static let meaning = "when a cell is bound to its view model"
        static let defaultValue = Configure.dequeue

        var meaning: String {
            switch self {
            case .dequeue: "in cellForRowAt, as the write-up measured"
            case .willDisplay: "in willDisplay (the write-up's further idea)"
            }
        }
    }
}
