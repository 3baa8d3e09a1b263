import ListData
import ListDiff
import ListSimulator

/// `cellbinder`: seed #1's "before", as published (seeds.md, "#1 restaurant
/// detail: the published code"). Each cell type is a `BindableNibCell`
/// loaded from its nib, with a binder (nib, reuse identifier, estimated
/// height, `bind(value)`, a height closure). On every state the controller
/// rebuilds every section's binders on main and computes every row's height
/// the binder's way, then reloads the table, which asks the delegate for
/// every height up front.
///
/// Option `sizing`:
/// - `published` (default): the height closure dequeues a cell by reuse
///   identifier and reads its height without binding the row's value: a
///   cell from the reuse pool still holds the row it last showed (its height
///   is that row's), a new one comes from its nib empty (the nib's designed
///   height). The sizing cell is never handed back to the table: it is dropped.
/// - `bound`: the same, binding the row's value first (the height is the row's own).
///
/// The cells are the row kinds' shared design (``RowCellDesign``), as `row-ids`.
public final class CellBinderStrategy: ListStrategy, SectionedItemsDataSource, TableDelegate {
    public static let descriptor = StrategyDescriptor(
        name: "cellbinder",
        summary: "rebuilds every row binder on each state, sizing each row with a dequeued nib cell, then reloads",
        options: [Sizing.option]
    ) { context, options in
        CellBinderStrategy(simulation: context.simulation, kinds: context.kinds ?? .restaurantDetail, bindsBeforeSizing: options.value(of: Sizing.self) == .bound,
                           collection: context.collection)
    }

    private let simulation: Simulation
    private let table: TableView
    private let model: MainQueueModel
    private let bindsBeforeSizing: Bool
    /// The cells: the scenario's kinds, or the detail page's nib cells.
    private let design: RowCellDesign
    /// What the table shows, and each row's height from the last rebuild.
    public private(set) var sections: [DataSection] = []
    private var heights: [[Double]] = []

    public convenience init(simulation: Simulation) { self.init(simulation: simulation, kinds: .restaurantDetail, bindsBeforeSizing: false) }

    init(simulation: Simulation, kinds: KindSet, bindsBeforeSizing: Bool, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        design = RowCellDesign(kinds: kinds)
        self.bindsBeforeSizing = bindsBeforeSizing
        table = TableView(simulation: simulation, rowHeight: .delegate(estimate: nil), collection: collection)
        design.register(on: table, hostingName: false)
        model = MainQueueModel(simulation: simulation)
        table.dataSource = self
        table.delegate = self
        model.onChange = { [unowned self] _, new in rebuild(new) }
    }

    public var surface: any ListSurface { table }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    /// Rebuilds every binder and height, then reloads.
    ///
    /// - Complexity: O(rows), each row a dequeue (a nib load when the pool is empty) and a layout pass.
    private func rebuild(_ new: [DataSection]) {
        sections = new
        let width = table.itemWidth
        let scale = simulation.device.scale
        var heights: [[Double]] = []
        heights.reserveCapacity(new.count)
        for (sectionIndex, section) in new.enumerated() {
            var sectionHeights: [Double] = []
            sectionHeights.reserveCapacity(section.items.count)
            for (row, item) in section.items.enumerated() {
                let path = ItemPath(section: sectionIndex, item: row)
                let identifier = design.identifier(of: item)
                let shown: CellContent
                if bindsBeforeSizing {
                    let cell = table.dequeueReusableCell(withIdentifier: identifier, for: path)
                    shown = design.content(for: item, width: width, scale: scale)
                    table.configure(cell, with: shown)
                    measure(shown)
                    table.discard(cell)
                } else {
                    let cell = table.dequeueSizingCell(withIdentifier: identifier, for: path)
                    // Unbound, the cell shows what it last showed, or its nib's empty design.
                    shown = cell.content ?? unbound(item, width: width, scale: scale)
                    measure(shown)
                    table.discard(cell)
                }
                sectionHeights.append(shown.height)
            }
            heights.append(sectionHeights)
        }
        self.heights = heights
        table.reloadData()
    }

    /// A sizing cell's measurement: its text measured and a layout pass.
    private func measure(_ shown: CellContent) {
        simulation.charge(microseconds: simulation.measureCost(shown), .heightComputation)
        simulation.recordHeightComputed()
    }

    /// A nib's empty design, per kind and design at one width and scale: it
    /// depends on nothing else, so the rebuild works it out once per kind
    /// (host time only; the modeled measurement is charged per row all the same).
    private var unboundDesigns: [Int: CellContent] = [:]
    private var unboundAt: (width: Double, scale: Double) = (0, 0)
    /// The last kind asked about and its design: rows of one kind come in runs, and a look-up hashes.
    private var lastUnbound: (key: Int, content: CellContent)?

    /// ``RowCellDesign/unbound(_:width:scale:)``, remembered per kind.
    ///
    /// - Complexity: O(1) expected once the kind was seen; O(parts + texts) the first time.
    private func unbound(_ item: Item, width: Double, scale: Double) -> CellContent {
        if unboundAt != (width, scale) {
            unboundDesigns = [:]
            lastUnbound = nil
            unboundAt = (width, scale)
        }
        let key = item.kind.ordinal << 16 | Int(item.design)
        if let last = lastUnbound, last.key == key { return last.content }
        let content: CellContent
        if let known = unboundDesigns[key] {
            content = known
        } else {
            content = design.unbound(item, width: width, scale: scale)
            unboundDesigns[key] = content
        }
        lastUnbound = (key, content)
        return content
    }


    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let item = sections[path.section].items[path.item]
        let cell = table.dequeueReusableCell(withIdentifier: design.identifier(of: item), for: path)
        table.configure(cell, with: design.content(for: item, width: table.itemWidth, scale: simulation.device.scale))
        return cell
    }

    /// The height measured for the row when the data arrived. `heights` is
    /// set with `sections`, before the `reloadData` that gives the table its
    /// rows, so every row the table asks about has one (as `cellForRowAt`'s
    /// item does).
    public func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        heights[path.section][path.item]
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

extension CellBinderStrategy {
    /// Option `sizing`: how a binder computes its row's height.
    enum Sizing: String, StrategyOptionValue {
        case published
        case bound

        static let key = "sizing"
        static let meaning = "how a binder computes its row's height"
        static let defaultValue = Sizing.published

        var meaning: String {
            switch self {
            case .published: "dequeue a cell and read its height without binding the value, as published"
            case .bound: "dequeue a cell, bind the row's value, then read its height"
            }
        }
    }
}
