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
public final class MonolithicCellsStrategy: ListStrategy, SectionedItemsDataSource {
    public static let descriptor = StrategyDescriptor(
        name: "monolithic-cells",
        summary: "one cell per post with every component's views, configured and sized on main; data decoded at high priority",
        options: [CellLayout.option, Processing.option]
    ) { context, options in
        MonolithicCellsStrategy(simulation: context.simulation, kinds: context.feedKinds, layout: options.value(of: CellLayout.self),
                                processing: options.value(of: Processing.self).qos, collection: context.collection)
    }

    private let simulation: Simulation
    private let table: TableView
    private let model: MainQueueModel
    private let layout: CellLayout
    private let processing: QoS
    /// The items' kinds: the scenario's, or the feed's post.
    private let kinds: KindSet
    public var sections: [DataSection] { model.sections }

    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, kinds: .feed, layout: .autolayout, processing: .userInitiated)
    }

    init(simulation: Simulation, kinds: KindSet, layout: CellLayout, processing: QoS, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        self.kinds = kinds
        self.layout = layout
        self.processing = processing
        table = TableView(simulation: simulation, rowHeight: .automatic(estimate: 300), collection: collection)
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
            kinds.decode(sections.flatMap(\.items), simulation: simulation)
            model.load(sections)
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.serial("post-processing", processing)) { [self] in
            kinds.decode(PostLayout.postsCarried(by: changes), simulation: simulation)
            model.receive(changes)
        }
    }


    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let item = sections[path.section].items[path.item]
        let scale = simulation.device.scale
        let identifier = kinds.shapeIdentifier(item, width: table.itemWidth, scale: scale)
        // The cell holds every part of its kind at its largest.
        let views = kinds.maximumViews(of: kinds.kind(of: item))
        table.register(identifier, views: views)
        let cell = table.dequeueReusableCell(withIdentifier: identifier, for: path)
        var content = kinds.content(for: item, width: table.itemWidth, scale: scale)
        // Every subview receives the post (and, with Auto Layout, every view is constrained).
        content.views = views
        content.constraints = layout.constraints(views: views)
        // Each view's data (attributed text) is prepared here, on main.
        simulation.charge(microseconds: Double(content.textLines) * simulation.costs.textMeasurePerLineMicroseconds.value, .textMeasurement)
        table.configure(cell, with: content)
        return cell
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

extension MonolithicCellsStrategy {
    /// Option `processing`: the priority of the background queue that decodes post data.
    enum Processing: String, StrategyOptionValue {
        case high
        case low

        static let key = "processing"
        static let meaning = "the priority of the background queue that decodes post data"
        static let defaultValue = Processing.high

        var meaning: String {
            switch self {
            case .high: "user-initiated, as published: results appear sooner, competing with the UI on few cores"
            case .low: "background, the class the new design gives its factory"
            }
        }

        /// The queue's quality of service.
        var qos: QoS {
            switch self {
            case .high: .userInitiated
            case .low: .background
            }
        }
    }
}
