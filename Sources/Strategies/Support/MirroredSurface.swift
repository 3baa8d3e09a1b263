import ListDiff
import ListSimulator

/// An inverted table as the user sees it: the table is flipped on screen
/// (`transform = (1, -1)`), so its row 0 is at the screen's bottom and its
/// offset 0 shows the newest message. This surface gives the runner the
/// user's frame: rows top to bottom on screen, an offset that grows
/// downward on screen, and row frames in that frame. So "up the list",
/// coverage, an item's y on screen and the world's paging at the top mean
/// the same for an inverted table as for a normal one.
///
/// - The user's row `r` of `n` is the table's row `n - 1 - r`; sections are
///   reversed too (the user's section `s` of `S` is the table's `S - 1 - s`).
/// - The user's offset is `maximumOffset - tableOffset`: the screen's top
///   shows the table's far end. Content shorter than the screen sits at the
///   screen's bottom (the flipped table's top), so row frames are measured
///   from `max(contentHeight, viewportHeight)` down.
/// - ``appOffsetShift``: every move of the user's offset that the user's
///   own ``setContentOffset(_:)`` did not make. The table keeps its offset
///   when rows come or change beyond its far end (the user's top), so the
///   user's offset moves then without content moving on screen; and when
///   rows come at row 0 (the user's bottom) the table's offset stays while
///   content moves. A finger's motion follows the table's offset, as it
///   does on a device, through this running total.
///
/// Every member is O(1) or O(log n) as the table's, plus O(s) for `s`
/// sections where rows are renumbered.
final class MirroredSurface: ListSurface {
    let table: TableView
    /// Called after each of the user's scrolls (the app's `scrollViewDidScroll`).
    var didScroll: (() -> Void)?
    /// The user's offset after the user's last scroll, and the moves made by others before it.
    private var userOffset = 0.0
    private var shiftBefore = 0.0

    init(table: TableView) { self.table = table }

    var contentOffset: Double { table.maximumOffset - table.contentOffset }
    var maximumOffset: Double { table.maximumOffset }
    var contentHeight: Double { table.contentHeight }
    var viewportHeight: Double { table.viewportHeight }
    var rowCounts: [Int] { table.rowCounts.reversed() }

    var visibleRowRange: Range<Int> {
        let visible = table.visibleRowRange
        let rows = table.rowCounts.reduce(0, +)
        return (rows - visible.upperBound)..<(rows - visible.lowerBound)
    }

    /// The table's path of the user's `path`.
    func tablePath(_ path: ItemPath) -> ItemPath {
        let counts = table.rowCounts
        let section = counts.count - 1 - path.section
        return ItemPath(section: section, item: counts[section] - 1 - path.item)
    }

    /// The user's path of the table's `path`.
    func userPath(_ path: ItemPath) -> ItemPath {
        let counts = table.rowCounts
        return ItemPath(section: counts.count - 1 - path.section, item: counts[path.section] - 1 - path.item)
    }

    func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) {
        let frame = table.frame(ofRow: tablePath(path))
        let extent = max(table.contentHeight, table.viewportHeight)
        return (extent - frame.minY - frame.height, frame.height)
    }

    /// The user's scroll: the table's offset is the user's mirrored. A move
    /// under ``noMove`` is rounding from mirroring twice, not a scroll.
    func setContentOffset(_ offset: Double) {
        shiftBefore += contentOffset - userOffset
        let target = table.maximumOffset - offset
        if abs(target - table.contentOffset) >= Self.noMove { table.setContentOffset(target) }
        userOffset = contentOffset
        didScroll?()
    }

    /// Offsets closer than this (points) are the same offset.
    static let noMove = 1e-6

    var appOffsetShift: Double { shiftBefore + contentOffset - userOffset }

    func layoutIfNeeded() { table.layoutIfNeeded() }
    func checkInvariants() -> [InvariantViolation] { table.checkInvariants() }
}
