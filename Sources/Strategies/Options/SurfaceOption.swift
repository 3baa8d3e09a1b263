import ListSimulator

/// The `surface` option: which UIKit class the app's list is. The default
/// is the class the technique's write-up used (a table for the table
/// write-ups); a scenario whose list is a grid (`data.layout`) runs a
/// strategy on `collection` unless its spec says otherwise, and refuses
/// `surface=table` there (a table shows one item a row).
public enum UIKitSurface: String, StrategyOptionValue {
    case table
    case collection

    public static let key = "surface"
    public static let meaning = "which UIKit class the list is"
    public static let defaultValue = UIKitSurface.table

    public var meaning: String {
        switch self {
        case .table: "UITableView"
        case .collection: "UICollectionView, with the layout of the collectionLayout option (a grid when the scenario's list is one)"
        }
    }
}

/// The `surface` option of the Texture strategies: which Texture class
/// holds the nodes. Texture's sample is a table node.
public enum TextureSurface: String, StrategyOptionValue {
    case table
    case collection

    public static let key = "surface"
    public static let meaning = "which Texture class holds the nodes"
    public static let defaultValue = TextureSurface.table

    public var meaning: String {
        switch self {
        case .table: "ASTableNode"
        case .collection: "ASCollectionNode with a flow layout (a grid when the scenario's list is one)"
        }
    }
}

/// The `collectionLayout` option: the layout object of a collection view
/// (with `surface=collection`; a table has none, and a table's run ignores it).
///
/// The default is the flow layout: it exists on every iOS the model runs,
/// and it is the layout the write-ups' era used (the compositional layout
/// came with iOS 13, in 2019). The model charges both the same per item
/// for `prepare()` (``CollectionLayout/preparationFactor``; docs/simulator.md,
/// "Collection views"): no public figure tells their costs apart.
public enum CollectionLayoutChoice: String, StrategyOptionValue {
    case flow
    case compositional

    public static let key = "collectionLayout"
    public static let meaning = "the collection view's layout object (with surface=collection)"
    public static let defaultValue = CollectionLayoutChoice.flow

    public var meaning: String {
        switch self {
        case .flow: "UICollectionViewFlowLayout (iOS 6)"
        case .compositional: "UICollectionViewCompositionalLayout (iOS 13; an older iOS reports the run unsupported)"
        }
    }

    var kind: CollectionLayout.Kind {
        switch self {
        case .flow: .flow
        case .compositional: .compositional
        }
    }

    /// What a configuration needs of the iOS for its layout: a
    /// compositional layout on a collection view needs iOS 13.
    static func requirement(onCollectionView: Bool, _ configuration: StrategyConfiguration) -> (ios: Int, api: String)? {
        guard onCollectionView, configuration.value(of: Self.self) == .compositional else { return nil }
        return (13, "UICollectionViewCompositionalLayout")
    }
}

extension AppContext {
    /// Gives the strategy's list the scenario's section headers
    /// (``sectionHeaderHeight``), before it loads.
    func giveSectionHeaders(to strategy: any ListStrategy) {
        guard sectionHeaderHeight > 0 else { return }
        if let table = strategy.surface as? TableView { table.sectionHeaderHeight = sectionHeaderHeight }
        if let node = strategy.surface as? TableNode { node.sectionHeaderHeight = sectionHeaderHeight }
    }

    /// The collection layout of a list on `kind`: nil on a table; on a
    /// collection, `layout` with the scenario's grid.
    func collection(on kind: SurfaceKind, layout: CollectionLayout.Kind) -> CollectionLayout? {
        kind == .collection ? CollectionLayout(kind: layout, grid: grid) : nil
    }
}

extension StrategyDescriptor {
    /// This strategy with its surface options (`added`) declared after its
    /// own: `prepare` sets the list's surface in the app context before the
    /// strategy is built, and the list gets the scenario's section headers
    /// after (``AppContext/giveSectionHeaders(to:)``).
    func onSurfaces(_ added: [StrategyOption], _ prepare: @escaping @Sendable (inout AppContext, StrategyConfiguration) -> Void,
                    requires: @escaping @Sendable (StrategyConfiguration) -> (ios: Int, api: String)?) -> StrategyDescriptor {
        preparing(added, prepare, requires: requires) { strategy, context in context.giveSectionHeaders(to: strategy) }
    }

    /// This UIKit strategy with the `surface` and `collectionLayout` options
    /// added after its own: the app's list is made on the surface chosen
    /// (``AppContext/collection``). `compositional` needs iOS 13.
    func onUIKitSurfaces() -> StrategyDescriptor {
        onSurfaces([UIKitSurface.option, CollectionLayoutChoice.option]) { context, configuration in
            let kind: SurfaceKind = configuration.value(of: UIKitSurface.self) == .collection ? .collection : .table
            context.collection = context.collection(on: kind, layout: configuration.value(of: CollectionLayoutChoice.self).kind)
        } requires: { configuration in
            CollectionLayoutChoice.requirement(onCollectionView: configuration.value(of: UIKitSurface.self) == .collection, configuration)
        }
    }

    /// This Texture strategy with the `surface` option added after its own
    /// (an `ASCollectionNode` with a flow layout, or the table node).
    func onTextureSurfaces() -> StrategyDescriptor {
        onSurfaces([TextureSurface.option]) { context, configuration in
            let kind: SurfaceKind = configuration.value(of: TextureSurface.self) == .collection ? .collection : .table
            context.collection = context.collection(on: kind, layout: .flow)
        } requires: { _ in nil }
    }
}

/// Why a strategy cannot run on a scenario whose list is a grid.
public enum GridFitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The strategy takes no `surface` option: it has no collection surface.
    case noSurfaceOption(strategy: String, columns: Int)
    /// The spec chose `surface=table`.
    case tableChosen(strategy: String, columns: Int)

    public var description: String {
        switch self {
        case let .noSurfaceOption(strategy, columns):
            return "data.layout is a grid of \(columns) columns, which only a collection view or collection node shows; "
                + "\(strategy) takes no 'surface' option, so it has no collection surface to run on"
        case let .tableChosen(strategy, columns):
            return "data.layout is a grid of \(columns) columns, which only a collection view or collection node shows; "
                + "\(strategy) was given surface=table, a UITableView or ASTableNode: give it surface=collection, or leave 'surface' out"
        }
    }
}

extension StrategyDescriptor {
    /// This strategy fitted to a list laid out in `grid`: as it is for a
    /// list (nil), or when its surface already shows a grid; a strategy
    /// whose spec left `surface` out runs on `surface=collection` (its name
    /// says so).
    ///
    /// - Throws: ``GridFitError`` for a strategy without a `surface`
    ///   option, or one whose spec chose `surface=table`.
    /// - Complexity: O(options).
    public func fitted(to grid: GridLayout?) throws(GridFitError) -> StrategyDescriptor {
        // A strategy that refuses grids is run as unsupported, with its reason (``StrategyDescriptor/gridRefusal``).
        guard let grid, gridRefusal == nil else { return self }
        let key = UIKitSurface.key
        guard takes(key) else { throw .noSurfaceOption(strategy: name, columns: grid.columns) }
        guard configuration[key] == UIKitSurface.table.rawValue else { return self }
        guard !chosenKeys.contains(key) else { throw .tableChosen(strategy: baseName, columns: grid.columns) }
        do {
            return try configured([StrategySpec.Setting(key: key, value: UIKitSurface.collection.rawValue)])
        } catch {
            preconditionFailure("\(name) takes '\(key)' but refused 'collection': \(error)")
        }
    }
}
