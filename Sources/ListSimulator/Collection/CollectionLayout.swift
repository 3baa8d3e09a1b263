/// Which framework class a list is: UIKit's `UITableView` or
/// `UICollectionView`, or Texture's `ASTableNode` or `ASCollectionNode`.
///
/// A table and a collection share the list core (sections, geometry, the
/// viewport, reuse or nodes); what differs is each class's own rules and
/// words: a collection view says "items" where a table says "rows" in its
/// exceptions, lays out through a layout object whose `prepare()` it pays
/// on every invalidation, can show a grid, and, from iOS 13 to 16, falls
/// back to `reloadData` where a table raises on a batch whose counts do not
/// add up (``BatchUpdateError``, ``CollectionUpdateRules``).
public enum SurfaceKind: String, Equatable, Sendable, CaseIterable {
    case table
    case collection
}

/// A grid: `columns` items side by side, each `itemAspect` times as wide as
/// it is tall, `spacing` points between items and between lines. Its
/// items are sized by the layout (a compositional layout's
/// `.fractionalWidth(1 / columns)` item with a height from the aspect, or a
/// flow layout's `itemSize`), never self-sized from their content.
public struct GridLayout: Equatable, Sendable {
    /// Items per line; at least 2 (one column is a list).
    public var columns: Int
    /// An item's width over its height (1 for square photos).
    public var itemAspect: Double
    /// Points between items in a line and between lines.
    public var spacing: Double

    public init(columns: Int, itemAspect: Double, spacing: Double) {
        self.columns = columns
        self.itemAspect = itemAspect
        self.spacing = spacing
    }

    /// An item's width in a list `width` points wide: the width less the
    /// spacing between columns, shared out. At least 1 point.
    public func itemWidth(in width: Double) -> Double {
        max(1, (width - spacing * Double(columns - 1)) / Double(columns))
    }

    /// An item's height in a list `width` points wide.
    public func itemHeight(in width: Double) -> Double { itemWidth(in: width) / itemAspect }

    /// A line's height, the spacing below it included.
    func lineHeight(in width: Double) -> Double { itemHeight(in: width) + spacing }
}

/// How a collection view lays out its items: the layout class, and a grid
/// or a list (one full-width item a line, self-sized or not as the cells'
/// heights say).
public struct CollectionLayout: Equatable, Sendable {
    /// The layout object the app gives its collection view.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// `UICollectionViewFlowLayout` (iOS 6).
        case flow
        /// `UICollectionViewCompositionalLayout` (iOS 13): on an older iOS
        /// the class does not exist, and an app that makes one without an
        /// `#available` check crashes (``Inconsistency/Kind/unavailableAPI``).
        case compositional
    }

    public var kind: Kind
    /// A grid, or nil for a list.
    public var grid: GridLayout?

    public init(kind: Kind, grid: GridLayout? = nil) {
        self.kind = kind
        self.grid = grid
    }

    /// How much more a collection view's layout pays per item in
    /// `prepare()` than a table pays per row to rebuild its geometry.
    ///
    /// Estimate: a flow layout computes every item's frame in `prepare()`
    /// when the collection view first presents its content and whenever the
    /// layout is invalidated (Apple, `UICollectionViewLayout.prepare()`;
    /// public stacks show `-[UICollectionViewFlowLayout prepareLayout]`
    /// fetching every item's sizing information from `performBatchUpdates:`),
    /// and keeps a `UICollectionViewLayoutAttributes` object per item: an
    /// Objective-C allocation and its frame, index path and z-index, about
    /// ten times the table's few dozen instructions a row. No public figure
    /// measures it ("It's a linear problem", of flow layouts past 10,000
    /// items: M. Ochs, "High performance UICollectionViewLayout", a talk;
    /// no per-item time). The compositional layout is charged the same: no
    /// public figure tells them apart.
    public static let preparationFactor = 10.0

    /// The grid it shows: its grid of two columns or more; nil for a list.
    var shownGrid: GridLayout? { grid.flatMap { $0.columns > 1 ? $0 : nil } }

    /// A cell's width in a list `width` points wide: a grid column's, else the list's.
    func itemWidth(in width: Double) -> Double { shownGrid?.itemWidth(in: width) ?? width }

    /// The oldest iOS that has the layout class.
    public var minimumIOS: Int { kind == .compositional ? 13 : 6 }

    /// The layout object's class name, as UIKit names it.
    public var className: String {
        kind == .compositional ? "UICollectionViewCompositionalLayout" : "UICollectionViewFlowLayout"
    }
}

extension Simulation {
    /// Charges a collection layout's `prepare()` over `items` items
    /// (``CollectionLayout/preparationFactor`` times the table's per-row
    /// geometry cost), to the current thread as layout work.
    func chargeLayoutPreparation(items: Int) {
        charge(microseconds: Double(items) * costs.rowGeometryPerRowMicroseconds.value * CollectionLayout.preparationFactor, .layout)
    }
}
