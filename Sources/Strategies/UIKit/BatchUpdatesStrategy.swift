import ListData
import ListDiff
import ListSimulator

/// `batch-updates`: a common hand-written pattern of `performBatchUpdates`
/// calls, of the kind seed #2 says "often trips UIKit's assertions". Seed #3's
/// write-up never shows the code its app ran before the diffable data
/// source, so this is not that code: only the failure it reports
/// (`NSInternalInconsistencyException`) is the same. The network callback mutates the
/// backing array at once, on its own queue, and dispatches the matching
/// `insertRows`/`deleteRows`/`moveRow`/`reloadRows` call to the main queue.
///
/// When changes arrive faster than the main queue drains them, the array
/// is already ahead of the table when a call runs, the counts the table
/// reads disagree with the call, and UIKit raises an inconsistency. Nothing
/// here is scripted to fail: any crash comes from the simulator's
/// validation under the scenario's timing.
///
/// Option `pageAppends`: a page of new rows is inserted with `insertRows`
/// (default, the same hand-written pattern) or shown with `reloadData`.
///
/// Option `mutation`: where the array changes. `network` (default) is the
/// racy pattern above. `main` is the same calls done right: the callback
/// hands the change to the main queue, and the block there changes the array
/// and performs its batch together, so the counts the table reads when it
/// performs a batch are always those of the rows it was told about (a
/// timeline technique, not a published one).
public final class BatchUpdatesStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "batch-updates",
        summary: "mutates its array on the network queue and issues insert/delete/move/reload calls on main",
        options: [PageAppends.option, Mutation.option]
    ) { context, options in
        BatchUpdatesStrategy(simulation: context.simulation, kinds: context.feedKinds, insertsPages: options.value(of: PageAppends.self) == .insertRows,
                             mutatesOnMain: options.value(of: Mutation.self) == .main, collection: context.collection)
    }

    private let simulation: Simulation
    private let insertsPages: Bool
    /// Option `mutation=main`: the array changes on main, in the block that performs its batch.
    private let mutatesOnMain: Bool
    private let source: ItemTableSource
    /// The backing array, shared with the data source (as an app's view controller property).
    private var store = DataStore() {
        didSet { source.sections = store.sections }
    }

    public convenience init(simulation: Simulation) { self.init(simulation: simulation, kinds: .feed, insertsPages: true, mutatesOnMain: false) }

    init(simulation: Simulation, kinds: KindSet, insertsPages: Bool, mutatesOnMain: Bool, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        self.insertsPages = insertsPages
        self.mutatesOnMain = mutatesOnMain
        source = ItemTableSource(simulation: simulation, kinds: kinds, collection: collection)
    }

    public var surface: any ListSurface { source.table }

    public func load(_ sections: [DataSection]) {
        store = DataStore(sections)
        simulation.clock.async(.main) { [self] in source.table.reloadData() }
    }

    public func receive(_ changes: [DataChange]) {
        if mutatesOnMain {
            // Done right: the array and the table change together, on main.
            simulation.clock.async(.main) { [self] in
                for change in changes {
                    let update = Self.update(for: change, in: store, insertsPages: insertsPages)
                    guard apply(change) else { return }
                    guard let update else {
                        source.table.reloadData()
                        continue
                    }
                    source.table.performBatchUpdates(update)
                }
            }
            return
        }
        for change in changes {
            let update = Self.update(for: change, in: store, insertsPages: insertsPages)
            guard apply(change) else { return }
            let table = source.table
            simulation.clock.async(.main) {
                guard let update else { return table.reloadData() }
                table.performBatchUpdates(update)
            }
        }
    }

    /// Changes the backing array, which the data source then shows (as
    /// ``store``'s `didSet`). The data source lets go of its copy first, so
    /// that the array is not shared while it changes: a shared one is copied
    /// first (the array and the path of its tree that the change walks,
    /// then the old path freed), and that was about a sixth of this
    /// strategy's host time on `large-list`. Nothing runs in between: the
    /// data source sees the same arrays as before. It relies on ``store``'s
    /// `didSet` not reading `oldValue` (the store is then changed in place)
    /// and running even when the change is refused.
    ///
    /// - Returns: whether the change was applied (``DataStore/apply(_:failingRunOf:)``).
    /// - Complexity: that of ``DataStore/apply(_:)``.
    private func apply(_ change: DataChange) -> Bool {
        source.sections = []
        return store.apply(change, failingRunOf: simulation)
    }

    /// The UIKit call for a change, with its paths as the change gives them
    /// (an append's rows follow the ones `store` holds before it); nil means `reloadData`.
    static func update(for change: DataChange, in store: DataStore, insertsPages: Bool) -> BatchUpdate? {
        func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        switch change {
        case let .insert(section, index, _):
            return BatchUpdate(insertedItems: [path(section, index)])
        case let .delete(_, section, index):
            return BatchUpdate(deletedItems: [path(section, index)])
        case let .move(_, fromSection, fromIndex, section, index):
            return BatchUpdate(movedItems: [ItemMove(from: path(fromSection, fromIndex), to: path(section, index))])
        case let .update(_, section, index, _, _):
            return BatchUpdate(reloadedItems: [path(section, index)])
        case let .append(section, items):
            guard insertsPages, section < store.sections.count else { return nil }
            let start = store.sections[section].items.count
            return BatchUpdate(insertedItems: (start..<(start + items.count)).map { path(section, $0) })
        case let .prepend(section, items):
            // Older rows at the top: inserted before the first, as a chat app inserts them.
            guard insertsPages, section < store.sections.count else { return nil }
            return BatchUpdate(insertedItems: (0..<items.count).map { path(section, $0) })
        case .state:
            return nil
        }
    }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}

extension BatchUpdatesStrategy {
    /// Option `mutation`: where the array changes (see the type's notes).
    enum Mutation: String, StrategyOptionValue {
        case network
        case main

        static let key = "mutation"
        static let meaning = "where the app changes its array"
        static let defaultValue = Mutation.network

        var meaning: String {
            switch self {
            case .network: "on the network queue at once, the batch dispatched to main later: the pattern that crashes"
            case .main: "on main, in the block that performs its batch: the array and the table change together"
            }
        }
    }

    /// Option `pageAppends`: how a page of new rows reaches the table.
    enum PageAppends: String, StrategyOptionValue {
        case insertRows
        case reloadData

        static let key = "pageAppends"
        static let meaning = "how a page of new rows reaches the table"
        static let defaultValue = PageAppends.insertRows

        var meaning: String {
            switch self {
            case .insertRows: "insertRows for the page's rows, the same hand-written pattern as every other change"
            case .reloadData: "reloadData, as many apps append a page"
            }
        }
    }
}
