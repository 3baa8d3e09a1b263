import ListDiff

/// A list the runner scrolls and inspects: ``TableView`` or ``TableNode``.
///
/// Both keep their sections, row geometry and viewport in the same list
/// core and answer these from it; they differ in how rows get their views
/// (reused cells, or a node per row) and in what a layout pass does.
/// Rows are numbered globally, sections laid end to end.
public protocol ListSurface: AnyObject {
    /// The top of the viewport in the content, in points.
    var contentOffset: Double { get }
    /// The largest offset the content allows.
    var maximumOffset: Double { get }
    /// The sum of the row heights, in points.
    var contentHeight: Double { get }
    /// The viewport's height, in points.
    var viewportHeight: Double { get }
    /// The rows in the viewport, by global index. O(log n).
    var visibleRowRange: Range<Int> { get }
    /// Rows in each section, as the list last loaded or committed them.
    var rowCounts: [Int] { get }
    /// Rows in all, as the list last loaded or committed them: the sum of
    /// ``rowCounts`` without building it (O(1) on the shipped surfaces).
    var numberOfRows: Int { get }
    /// The y of a row's top edge and its height. O(log n); traps on a path outside the sections.
    func frame(ofRow path: ItemPath) -> (minY: Double, height: Double)
    /// Moves the viewport (the user's finger), clamped to the content.
    func setContentOffset(_ offset: Double)
    /// The frame's layout pass.
    func layoutIfNeeded()
    /// Checks the list's invariants; empty when all hold. The order is each
    /// surface's own (a table view sorts them by message, a table node keeps
    /// the order of its checks), the same in every run.
    func checkInvariants() -> [InvariantViolation]
    /// How far the app's own code has moved the content offset so far (a
    /// chat keeping the user's place, or sticking to the bottom), in points:
    /// a running total that the user's motion follows, as UIKit applies a
    /// drag's and a deceleration's moves to the offset the app left. 0 for a
    /// list whose app never moves it.
    var appOffsetShift: Double { get }
    /// How far the content the person was reading has moved on screen in the
    /// list's own layout passes, without the offset moving (rows above it
    /// measured at a height other than their estimate push it down), in
    /// points, down positive: a running total that a person's gesture
    /// follows, as one reads content, not offsets (docs/simulator.md, "A
    /// person reads content"). On a table view each move is also a jump
    /// (`scrollJumpPoints`); a lazy stack adds here the offset moves that
    /// keep its content in place as estimates change (``LazyStack``), which
    /// are not jumps. 0 for a list whose rows never move that way.
    var contentDrift: Double { get }
}

extension ListSurface {
    public var numberOfRows: Int { rowCounts.reduce(0, +) }
    public var appOffsetShift: Double { 0 }
    public var contentDrift: Double { 0 }
}

/// A broken invariant of a list, found by ``ListSurface/checkInvariants()``,
/// with the values that show it. Its `description` is the message the runner
/// reports (`after step N: <description>`).
public enum InvariantViolation: Equatable, Sendable, CustomStringConvertible {
    /// The live objects whose footprint the memory ledger is checked against.
    public enum Holders: String, Equatable, Sendable {
        /// A table view's cells, in rows and in reuse pools.
        case cells
        /// A table node's nodes.
        case nodes
        /// A SwiftUI lazy stack's views.
        case views
    }

    /// The geometry's running sums disagree with its heights.
    case geometryInconsistent
    /// The geometry has a different number of rows than the section counts.
    case rowCountMismatch(geometryRows: Int, countedRows: Int)
    /// A visible row of a table view has no cell.
    case visibleRowWithoutCell(row: Int)
    /// A visible row's cell was never displayed.
    case cellNotDisplayed(row: Int)
    /// A row's cell is also waiting in a reuse pool.
    case cellAlsoInReusePool(row: Int, cell: Int)
    /// One cell is in two rows.
    case cellServesTwoRows
    /// A row that is neither visible nor prefetched has a cell.
    case strayCell(row: Int)
    /// The memory ledger's total differs from what the live objects hold.
    case ledgerMismatch(ledgerBytes: Int, liveBytes: Int, holders: Holders)
    /// A node is alive but no row holds it.
    case nodeOutlivedRow(node: Int)
    /// A table node has a different number of nodes than rows.
    case nodeCountMismatch(nodes: Int, rows: Int)
    /// A row holds a node that was released.
    case releasedNodeInRow(row: Int)
    /// One node is in two rows.
    case nodeServesTwoRows
    /// A visible row of a lazy stack has no view.
    case visibleRowWithoutView(row: Int)
    /// A visible row's view is not on screen (rendered).
    case viewNotShown(row: Int)

    public var description: String {
        switch self {
        case .geometryInconsistent: return "content height is not the sum of the row heights"
        case let .rowCountMismatch(geometryRows, countedRows): return "geometry has \(geometryRows) rows, counts say \(countedRows)"
        case .visibleRowWithoutCell(let row): return "visible row \(row) has no cell"
        case .cellNotDisplayed(let row): return "visible row \(row)'s cell is not displayed"
        case let .cellAlsoInReusePool(row, cell): return "row \(row)'s cell #\(cell) is also in a reuse pool"
        case .cellServesTwoRows: return "one cell serves two rows"
        case .strayCell(let row): return "row \(row) has a cell but is neither visible nor prefetched"
        case let .ledgerMismatch(ledgerBytes, liveBytes, holders):
            return "the memory ledger holds \(ledgerBytes) bytes; live \(holders.rawValue) hold \(liveBytes)"
        case .nodeOutlivedRow(let node): return "node #\(node) is alive but no row holds it (it outlived its row)"
        case let .nodeCountMismatch(nodes, rows): return "\(nodes) nodes for \(rows) rows"
        case .releasedNodeInRow(let row): return "row \(row) holds a released node"
        case .nodeServesTwoRows: return "one node serves two rows"
        case .visibleRowWithoutView(let row): return "visible row \(row) has no view"
        case .viewNotShown(let row): return "visible row \(row)'s view is not on screen"
        }
    }
}
