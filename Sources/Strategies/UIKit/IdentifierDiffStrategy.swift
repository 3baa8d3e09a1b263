import ListData
import ListDiff
import ListSimulator

/// `identifier-diff`: seed #2's "you almost never need reloadData", with
/// the library the write-up presents, muukii/DataSources, as it stood in late
/// 2017 (0.5.0, cd03afa, 2017-11-22; seeds.md, "#2 identifier diffing: the
/// published code"). Items are identified by unique identifiers; the app
/// hands each new array to the library on main, and the library:
/// - throttles updates (`Throttle(interval: 0.1)` per section data
///   controller; ``UpdateThrottle``): a lone update is performed 100 ms
///   after it arrived, and updates closer together are coalesced into the
///   latest items;
/// - diffs what the table shows against the latest items with its Swift
///   port of IGListKit's `IGListDiff` (``OffsetChanges``): moves by index
///   offset, which are not minimal, and updates by old index, which can
///   also be moves;
/// - performs the difference in one batch (`beginUpdates`/`endUpdates` for
///   a table): `reloadRows` at the updates' old indexes, `deleteRows`,
///   `insertRows`, and a `moveRow` per move. IGListKit turns a moved update
///   into a delete and an insert (`resultForBatchUpdates`); the port does
///   not, so a batch where a changed item also moved reloads and moves one
///   index path, which UIKit rejects: "attempt to perform a delete and a
///   move from the same index path" (openradar 33662307). The run then
///   crashes with that message, as the app would.
///
/// Options (the defaults are the library as shipped):
/// - `diff=datasources` (default) or `minimal`: listbench's sectioned diff
///   over the whole list (minimal moves, no reload in the batch; changed
///   rows are reloaded or reconfigured after it, at their new paths), which
///   UIKit always accepts;
/// - `throttle=100` (default) or `none`: every update performed at once
///   (the library's `immediately: true`). `diff=minimal,throttle=none` is
///   what `identifier-diff` modeled before it followed the library's code;
/// - `isEqual=content` (default: the write-up's prose, an `isEqual` that
///   tells an update from an unchanged item) or `id` (its example code's
///   `{ $0.id == $1.id }`, which reports no updates, so changed rows stay stale);
/// - `updates=reload` (default: `reloadItems`, as the library did; no
///   reconfigure API existed then) or `reconfigure` (in place, iOS 15, after
///   the batch at the rows' new paths; reload before iOS 15).
///
/// - `surface=collection` (default: a `UICollectionView`, the write-up's
///   own focus: "UITableViewとUICollectionViewで差はほとんどないので、ここから先は
///   UICollectionViewにフォーカスして話します", and its code's), `table` (a
///   `UITableView`), or `texture-collection`: Texture's `ASCollectionNode`,
///   which the write-up's app, Pairs Global, used ("PairsのGlobal版iOSアプリは
///   Textureが持つASCollectionNodeを利用しているため"): the library's batches go to
///   the node, which records a move as a delete and an insert and hands
///   its collection view reloads as reloads (``TableNode/kind``); nodes are
///   built from the kinds' designs, and changed rows get new nodes;
/// - `collectionLayout=flow` (default) or `compositional`, on a collection view.
///
/// The diff runs on main, where the data is handed over, charging the
/// device's per-item diff cost.
public final class IdentifierDiffStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "identifier-diff",
        summary: "DataSources (late 2017): throttled, IGListKit-style diff by identifier, one batch with reloads and moves",
        options: [Diff.option, Throttle.option, IsEqual.option, Updates.option]
    ) { context, options in
        IdentifierDiffStrategy(simulation: context.simulation, kinds: context.feedKinds,
                               diff: options.value(of: Diff.self).diff,
                               throttle: Throttle.interval(options.setting(of: Throttle.self)),
                               comparesContent: options.value(of: IsEqual.self) == .content,
                               updates: options.value(of: Updates.self).updates,
                               collection: context.collection, onTexture: context.listsOnTexture)
    }

    private let source: any ItemSource
    private let model: MainQueueModel
    private let controller: DataSourcesController

    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, kinds: .feed, diff: .dataSources, throttle: Sim.ms(100), comparesContent: true, updates: .reload)
    }

    init(simulation: Simulation, kinds: KindSet, diff: DataSourcesController.Diff, throttle: SimTime?, comparesContent: Bool,
         updates: DiffedUpdate.Updates, collection: CollectionLayout? = nil, onTexture: Bool = false) {
        source = onTexture ? ItemNodeSource(simulation: simulation, kinds: kinds, collection: collection)
            : ItemTableSource(simulation: simulation, kinds: kinds, collection: collection)
        model = MainQueueModel(simulation: simulation)
        controller = DataSourcesController(source: source, simulation: simulation, diff: diff, updates: updates,
                                           comparesContent: comparesContent, throttle: throttle)
        // The app hands every new array to the library, which updates the table.
        model.onChange = { [unowned self] _, new in controller.update(to: new) }
    }

    public var surface: any ListSurface { source.surface }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}

extension IdentifierDiffStrategy {
    /// Option `surface`: which list the library drives (see the type's notes).
    enum Surface: String, StrategyOptionValue {
        case table
        case collection
        case textureCollection = "texture-collection"

        static let key = "surface"
        static let meaning = "which list the library drives"
        static let defaultValue = Surface.collection

        var meaning: String {
            switch self {
            case .table: "UITableView"
            case .collection: "UICollectionView, the write-up's own focus and its code's"
            case .textureCollection: "Texture's ASCollectionNode, as the write-up's app (Pairs Global) used it"
            }
        }
    }

    /// Option `diff`: how the difference becomes table updates.
    enum Diff: String, StrategyOptionValue {
        case dataSources = "datasources"
        case minimal

        static let key = "diff"
        static let meaning = "how the difference becomes table updates"
        static let defaultValue = Diff.dataSources

        var meaning: String {
            switch self {
            case .dataSources: "the library as shipped: IGListDiff's moves, reloads in the same batch (UIKit rejects a moved reload)"
            case .minimal: "listbench's sectioned diff: minimal moves, changed rows reloaded after the batch (UIKit accepts it)"
            }
        }

        var diff: DataSourcesController.Diff {
            switch self {
            case .dataSources: .dataSources
            case .minimal: .minimal
            }
        }
    }

    /// Option `throttle`: how updates are throttled before they are performed.
    enum Throttle: String, StrategyOptionValue {
        case library = "100"
        case immediate = "none"

        static let key = "throttle"
        static let meaning = "how updates are throttled before they are performed"
        static let defaultValue = Throttle.library
        /// Another interval, as an app would pass to `Throttle(interval:)`
        /// (estimate: from a millisecond to ten seconds, a range no list throttle leaves).
        static let numbers: StrategyNumbers? = StrategyNumbers(
            1...10_000, unit: "ms", meaning: "another throttle interval, in ms: a lone update waits that long; closer ones coalesce")

        /// The chosen interval: a named value's, or the number's, in ms.
        static func interval(_ setting: StrategySetting<Throttle>) -> SimTime? {
            switch setting {
            case .named(let throttle): throttle.interval
            case .number(let ms): Sim.ms(ms)
            }
        }

        var meaning: String {
            switch self {
            case .library: "the library's Throttle(0.1 s): a lone update waits 100 ms; closer ones coalesce into the latest"
            case .immediate: "each update performed at once (the library's immediately: true)"
            }
        }

        /// The throttle's interval (the library's `Throttle(interval: 0.1)`), nil for none.
        var interval: SimTime? {
            switch self {
            case .library: Sim.ms(100)
            case .immediate: nil
            }
        }
    }

    /// Option `isEqual`: how the diff tells an updated item from an unchanged one.
    enum IsEqual: String, StrategyOptionValue {
        case content
        case id

        static let key = "isEqual"
        static let meaning = "how the diff tells an updated item from an unchanged one"
        static let defaultValue = IsEqual.content

        var meaning: String {
            switch self {
            case .content: "identifier and content: a changed item is an update (the write-up's prose)"
            case .id: "identifier only, as the write-up's example passes: no updates, changed rows stay stale"
            }
        }
    }

    /// Option `updates`: how updated rows are refreshed.
    enum Updates: String, StrategyOptionValue {
        case reload
        case reconfigure

        static let key = "updates"
        static let meaning = "how updated rows are refreshed"
        static let defaultValue = Updates.reload

        var meaning: String {
            switch self {
            case .reload: "reloadItems, a new cell each (the library; no reconfigure API existed then)"
            case .reconfigure: "reconfigureRows, the same cell, on iOS 15 and later (reload before)"
            }
        }

        var updates: DiffedUpdate.Updates {
            switch self {
            case .reload: .reload
            case .reconfigure: .reconfigure
            }
        }
    }
}

extension StrategyDescriptor {
    /// `identifier-diff` with its `surface` (``IdentifierDiffStrategy/Surface``)
    /// and `collectionLayout` options added after its own.
    func onDataSourcesSurfaces() -> StrategyDescriptor {
        onSurfaces([IdentifierDiffStrategy.Surface.option, CollectionLayoutChoice.option]) { context, configuration in
            let surface = configuration.value(of: IdentifierDiffStrategy.Surface.self)
            context.listsOnTexture = surface == .textureCollection
            context.collection = context.collection(on: surface == .table ? .table : .collection,
                                                    layout: surface == .textureCollection ? .flow
                                                        : configuration.value(of: CollectionLayoutChoice.self).kind)
        } requires: { configuration in
            CollectionLayoutChoice.requirement(onCollectionView: configuration.value(of: IdentifierDiffStrategy.Surface.self) == .collection,
                                               configuration)
        }
    }
}
