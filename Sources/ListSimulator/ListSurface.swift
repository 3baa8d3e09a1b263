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
    /// The y of a row's top edge and its height. O(log n); traps on a path outside the sections.
    func frame(ofRow path: ItemPath) -> (minY: Double, height: Double)
    /// Moves the viewport (the user's finger), clamped to the content.
    func setContentOffset(_ offset: Double)
    /// The frame's layout pass.
    func layoutIfNeeded()
    /// Checks the list's invariants; empty when all hold.
    func checkInvariants() -> [String]
}
