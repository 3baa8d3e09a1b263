import ListData
import ListDiff
import ListSimulator

/// `swiftui-list`: `List { ForEach(items) { item in Row(item: item) } }`
/// over the app's items, kept on main (an `@Observable` model or `@State`).
/// What it models, each with its source (docs/strategies.md, "swiftui-list"):
///
/// - **The UIKit underneath.** A collection view from iOS 16 (SwiftUI-
///   Introspect maps `List` to `UICollectionView` from iOS 16 and to
///   `UITableView` before; from iOS 17 its class is SwiftUI's
///   `UpdateCoalescingCollectionView`, observed in headers and crash logs),
///   a table view to iOS 15; the rows are hosted in reused cells
///   (``TableView/registerHosting(_:views:)``), self-sized from an estimate
///   of 44 pt (UIKit's default; SwiftUI's own is not documented).
/// - **Every identifier, on every change.** "all the IDs of List and Table
///   are gathered eagerly … it visits the data collection up front,
///   determining each element's ID" (WWDC23 session 10160): each load and
///   update charges `listIdentifierMicroseconds` per row, then an identifier
///   diff of the old rows against the new (`diffPerItemMicroseconds` per
///   item of both), applied as one batch update (crash logs of iOS 26 show
///   `UpdateCoalescingCollectionView.performBatchUpdates`, and no
///   `reloadData` nor diffable data source: observed). A row whose item
///   changed is updated in its cell (reconfigured); the others are not
///   evaluated again unless they hold a closure (option `rows`).
/// - **Rows built up front** when an element's view count varies
///   (`rowViews=variable`: "All rows must be created", WWDC23) or rows
///   carry `.id()` (`idModifier=on`: fatbobman measured all 40,000 rows
///   instantiated on iOS 15): every row's body is evaluated on each load
///   and update.
///
/// Duplicate identifiers do not crash SwiftUI: it logs "ForEach<…>: the ID
/// … occurs multiple times within the collection, this will give undefined
/// results!" (the text SwiftUI prints; generic parameters left out), and
/// the list is loaded again.
public final class SwiftUIListStrategy: ListStrategy, SectionedItemsDataSource {
    public static let descriptor = StrategyDescriptor(
        name: "swiftui-list",
        summary: "SwiftUI List over a ForEach: every ID gathered and diffed on each change, rows hosted in reused cells "
            + "(a collection view from iOS 16, a table view before)",
        minimumIOS: 13, requiredAPI: "SwiftUI List",
        options: [SwiftUIRows.option, SwiftUIRowViews.option, SwiftUIIdentityModifier.option]
    ) { context, options in
        SwiftUIListStrategy(context: context, rows: options.value(of: SwiftUIRows.self),
                            buildsEveryRow: options.value(of: SwiftUIRowViews.self) == .variable
                                || options.value(of: SwiftUIIdentityModifier.self) == .on)
    }

    private let simulation: Simulation
    private let kinds: KindSet
    private let table: TableView
    private let model: MainQueueModel
    private let rows: SwiftUIRows
    private let buildsEveryRow: Bool
    /// What the list shows: the model's sections as of the last update.
    public private(set) var sections: [DataSection] = []

    init(context: AppContext, rows: SwiftUIRows, buildsEveryRow: Bool) {
        simulation = context.simulation
        kinds = context.feedKinds
        self.rows = rows
        self.buildsEveryRow = buildsEveryRow
        let collection = context.simulation.device.iOSVersion >= 16 ? CollectionLayout(kind: .compositional) : nil
        table = TableView(simulation: context.simulation, rowHeight: .automatic(estimate: TableView.plainRowHeight), collection: collection)
        table.sectionHeaderHeight = context.sectionHeaderHeight
        for kind in kinds.kinds { table.registerHosting(kind.name, views: kinds.createdViews(of: kind) + rows.extraViews) }
        model = MainQueueModel(simulation: context.simulation)
        table.dataSource = self
        model.onChange = { [unowned self] old, new in update(from: old, to: new) }
    }

    public var surface: any ListSurface { table }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }
    public func visibleContent() -> [ContentKey] { table.visibleContent }

    /// What a row shows: the item's design, laid out by SwiftUI (no Auto
    /// Layout constraints: charged as frames per view, an estimate), with
    /// the `EquatableView` that `rows=equatable` adds.
    private func content(of item: Item) -> CellContent {
        rows.content(of: item, kinds: kinds, width: table.itemWidth, scale: simulation.device.scale)
    }

    /// One change of the model, on main: the list's body, every identifier
    /// gathered, rows built if they must be, then the identifier diff
    /// performed on the collection or table view.
    ///
    /// - Complexity: O(n) for `n` rows (O(n × parts) when every row is built), plus the modeled work.
    private func update(from old: [DataSection], to new: [DataSection]) {
        let sim = simulation
        let count = new.reduce(0) { $0 + $1.items.count }
        sim.chargeViewBodies(1)
        sim.charge(microseconds: Double(count) * sim.costs.listIdentifierMicroseconds.value, .diffing)
        if buildsEveryRow {
            var views = 0
            for section in new { for item in section.items { views += content(of: item).views } }
            sim.charge(microseconds: Double(views) * sim.costs.viewBodyMicroseconds.value, .configuration)
            sim.recordRowsBuilt(count)
        }
        let configuredBefore = rows == .closures ? visibleConfigurations() : [:]
        sections = new
        guard table.isLoaded else { return table.reloadData() }
        let difference: SectionedChanges
        do {
            difference = try DiffedUpdate.changes(from: old, to: new, simulation: sim)
        } catch {
            sim.log("ForEach<…>: the ID \(Self.duplicate(in: error)) occurs multiple times within the collection, this will give undefined results!")
            return table.reloadData()
        }
        DiffedUpdate.apply(difference, to: table, updates: .reconfigure)
        guard rows == .closures else { return }
        // Rows SwiftUI cannot compare are evaluated again, unless the update just did.
        for (_, cell) in table.visibleCells where configuredBefore[cell.serial] == cell.configurations {
            table.reevaluateHostedContent(of: cell)
        }
    }

    /// The configurations of each visible cell so far, by serial.
    private func visibleConfigurations() -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for (_, cell) in table.visibleCells { counts[cell.serial] = cell.configurations }
        return counts
    }

    /// The identifier a failed diff found twice (the first), or "?".
    private static func duplicate(in error: DiffError) -> String {
        if case .duplicateIdentifiers(let reports) = error, let first = reports.first(where: { $0.kind == .item })?.identifiers.first {
            return first
        }
        return "?"
    }


    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let item = sections[path.section].items[path.item]
        let cell = table.dequeueReusableCell(withIdentifier: kinds.kind(of: item).name, for: path)
        table.configure(cell, with: content(of: item))
        return cell
    }
}
