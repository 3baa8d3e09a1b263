import ListData
import ListDiff
import ListSimulator

/// `row-ids`: seed #1's "after", as published (seeds.md, "#1 restaurant
/// detail: the published code"). A diffable data source whose sections are
/// a fixed list appended once on main (`viewDidLoad`, applied without
/// animation), and whose rows are identified by row kind with an index
/// payload (`report(3)`; in a feed, `post(i)`), not by the model objects.
/// Each new state is processed on `DispatchQueue.global()`, GCD's concurrent
/// queue at the default class, so two states can be processed at once: the
/// task reads `dataSource.snapshot()` there (the last applied), inserts the
/// rows that are missing (in place), reconfigures the rows that exist
/// (`reconfigureItems` on iOS 15 and later, `reloadItems` on iOS 14, which
/// the app still supported), deletes the rows whose data disappeared, then
/// `DispatchQueue.main.async` applies it without animation (on iOS 14 and
/// earlier that is a `reloadData`). Two states in flight are applied in the
/// order their tasks finish. Rows are self-sized; the cells are the row
/// kinds' shared design (``RowCellDesign``), the name row a SwiftUI hosting cell.
///
/// Option `surplusDeletion`: `published` (default) deletes the surplus
/// reports as the published code does, `(1 ..< diff).map { report(newCount + $0) }`,
/// which keeps `report(newCount)`: a row past the reports data. When its cell
/// is configured again, a cell provider that reads the report at the row's
/// index (as the row-kind design does; seeds.md does not quote the provider)
/// reads `reports[newCount]` and the app traps (recorded as the simulated
/// crash, with Swift's message); until then it shows what it showed.
/// When the reports become empty, the published code takes its
/// `else if reportData.isEmpty` branch instead: every `report(i)` row goes
/// and the header and `noReport` rows are added, so that case is clean in
/// both variants. `fixed` deletes every surplus row.
public final class RowIDsStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "row-ids",
        summary: "fixed sections, row-kind IDs; each state edits the data source's snapshot on the global queue, applied on main",
        minimumIOS: 13, requiredAPI: "UITableViewDiffableDataSource",
        options: [SurplusDeletion.option]
    ) { context, options in
        RowIDsStrategy(simulation: context.simulation, kinds: context.kinds ?? .restaurantDetail, publishedSurplusDeletion: options.value(of: SurplusDeletion.self) == .published,
                       collection: context.collection)
    }

    /// What Swift prints when an array is read past its end (the standard library's precondition).
    static let indexOutOfRange = "Fatal error: Index out of range"

    private let simulation: Simulation
    private let publishedSurplusDeletion: Bool
    /// The kind of every row identifier seen, and each section's report rows in the data's order, as last edited.
    private var kinds = RowIDKinds()
    private var reportRows: [String: [Int]] = [:]
    private let table: TableView
    /// The cells: the scenario's kinds, or the detail page's nib cells.
    private let design: RowCellDesign
    private var dataSource: DiffableDataSource<String, Int>?
    /// The item behind each row identifier, as the main queue last applied it (what the cell provider binds).
    private var items = RowIDItems()
    /// The state as the network queue last received it.
    private var store = DataStore()

    public convenience init(simulation: Simulation) { self.init(simulation: simulation, kinds: .restaurantDetail, publishedSurplusDeletion: true) }

    init(simulation: Simulation, kinds: KindSet, publishedSurplusDeletion: Bool, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        let design = RowCellDesign(kinds: kinds)
        self.design = design
        self.publishedSurplusDeletion = publishedSurplusDeletion
        table = TableView(simulation: simulation, rowHeight: .automatic(estimate: 120), collection: collection)
        design.register(on: table, hostingName: true)
        dataSource = DiffableDataSource(table: table) { [unowned self] table, path, id in
            let kind = self.kinds[id] ?? .post
            let item = self.items[id]
            let cell = table.dequeueReusableCell(withIdentifier: design.identifier(of: kind, design: item?.design ?? 0), for: path)
            if let item {
                var content = design.content(for: item, width: table.itemWidth, scale: self.simulation.device.scale)
                if design.isHostedName(kind) { content.views = RowCellDesign.hostingNameViews }
                table.configure(cell, with: content)
            } else if kind == .report, !self.simulation.hasFailed {
                // The published provider reads reports[i] for report(i): past the data, the app traps.
                self.simulation.recordInconsistency(.appTrap, Self.indexOutOfRange)
            }
            return cell
        }
        dataSource?.itemOf = { [unowned self] in self.items[$0]?.id }
    }

    public var surface: any ListSurface { table }

    /// `viewDidLoad` appends the fixed sections on main; the first state follows.
    public func load(_ sections: [DataSection]) {
        store = DataStore(sections)
        let state = store.sections
        simulation.clock.async(.main) { [self] in
            var initial = Snapshot<String, Int>()
            initial.appendSections(sections.map(\.id))
            dataSource?.apply(initial, animatingDifferences: false)
            newState(state)
        }
    }

    public func receive(_ changes: [DataChange]) {
        guard store.apply(changes, failingRunOf: simulation) else { return }
        newState(store.sections)
    }

    /// `newState`: processed on the global concurrent queue (default class).
    private func newState(_ state: [DataSection]) {
        simulation.clock.async(.background(.default)) { [self] in edit(toMatch: state) }
    }

    /// A row's identifier: its kind and index, never the model object. Detail
    /// rows already carry one (`report(3)`); a feed row is `post(i)` of its section.
    static func rowID(_ item: Item, section: Int, index: Int) -> Int {
        item.kind == .post ? RowIDPositions.postID(section: section, index: index) : item.id
    }

    /// Edits the data source's current snapshot to match the state (on the
    /// global queue), then applies it on main.
    ///
    /// - Complexity: O(n) when rows only appear or disappear at the ends of
    ///   their sections (always so for index-based feed rows); O(n · k) for
    ///   `k` rows appearing in the middle of a section.
    private func edit(toMatch sections: [DataSection]) {
        guard let dataSource else { return }
        var snapshot = dataSource.snapshot()
        // The items by row identifier (what the cell provider reads): the
        // sections themselves, and the rows that are not posts by identifier.
        var latest = RowIDItems.Builder()
        // The rows that exist (in the snapshot read) and still have data, in the snapshot's order.
        var existing: [Int] = []
        for (sectionIndex, section) in sections.enumerated() {
            var reports: [Int] = []
            let desired = section.items.enumerated().map { index, item in
                // A row identifier names its kind for good (`report(3)`, `post(i)`).
                let id = latest.add(item, section: sectionIndex, index: index, kinds: &kinds)
                if item.kind == .report { reports.append(id) }
                return id
            }
            let current = snapshot.itemIdentifiers(inSection: section.id)
            if current == desired {
                // The rows are already those of the state (index-based feed
                // rows whose count did not change, detail rows that only
                // changed content): nothing to delete or insert, every row
                // exists. The same outcome as the general path below, without
                // hashing every row three times.
                reportRows[section.id] = reports
                existing += desired
                continue
            }
            // Membership only: IntSet's multiplicative hash, not the standard library's seeded one.
            let desiredSet = IntSet(desired)
            var surplus = current.filter { !desiredSet.contains($0) }
            if publishedSurplusDeletion {
                // Report rows go only as the published code deletes them. Its
                // `else if reportData.isEmpty` branch deletes every report(i)
                // (the header and the no-reports row are then added like any
                // missing row); otherwise the surplus range keeps report(new):
                // report(new+1) ..< report(old).
                let old = reportRows[section.id] ?? []
                let deleted: Set<Int>
                if reports.isEmpty {
                    deleted = Set(old)
                } else {
                    deleted = reports.count + 1 < old.count ? Set(old[(reports.count + 1)...]) : []
                }
                surplus = surplus.filter { kinds[$0] != .report || deleted.contains($0) }
            }
            reportRows[section.id] = reports
            if !surplus.isEmpty { snapshot.deleteItems(surplus) }
            let present = snapshot.itemIdentifiers(inSection: section.id)
            existing += present.filter { desiredSet.contains($0) }
            let presentSet = IntSet(present)
            let missing = desired.filter { !presentSet.contains($0) }
            if missing.isEmpty { continue }
            if Array(desired.prefix(present.count)) == present {
                snapshot.appendItems(missing, toSection: section.id)
            } else {
                // A row appears in the middle: insert it before the next row already there.
                var nextPresent: Int?
                for id in desired.reversed() {
                    if presentSet.contains(id) {
                        nextPresent = id
                    } else if let next = nextPresent {
                        snapshot.insertItems([id], beforeItem: next)
                        nextPresent = id
                    } else {
                        snapshot.appendItems([id], toSection: section.id)
                        nextPresent = id
                    }
                }
            }
        }
        // As published: reconfigure on iOS 15 and later, reload on iOS 14 (which the app still supported).
        if !existing.isEmpty {
            if simulation.device.isAvailable(iOS: 15) { snapshot.reconfigureItems(existing) } else { snapshot.reloadItems(existing) }
        }
        let applied = latest.build(sections)
        // Editing hashes every row identifier into the snapshot, on this (background) queue.
        simulation.charge(microseconds: Double(applied.count) * simulation.costs.diffPerItemMicroseconds.value, .diffing)
        let toApply = snapshot
        simulation.clock.async(.main) { [self] in
            items = applied
            dataSource.apply(toApply, animatingDifferences: false)
        }
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

extension RowIDsStrategy {
    /// Option `surplusDeletion`: which report(i) rows go when the reports shrink.
    enum SurplusDeletion: String, StrategyOptionValue {
        case published
        case fixed

        static let key = "surplusDeletion"
        static let meaning = "which report(i) rows go when the reports shrink"
        static let defaultValue = SurplusDeletion.published

        var meaning: String {
            switch self {
            case .published: "report(newCount+1) ..< report(oldCount), as the published code: report(newCount) stays"
            case .fixed: "every surplus row"
            }
        }
    }
}
