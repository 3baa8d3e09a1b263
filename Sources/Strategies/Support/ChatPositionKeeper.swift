import ListData
import ListSimulator

/// A chat's code around every update of its list, on a normal (not
/// inverted) table: the list opens at its bottom, sticks to it while the
/// user is there, and otherwise keeps what the user is reading where it is.
///
/// - Before the update: whether the last row is visible (MessageKit's
///   `isLastSectionVisible`; before any row was shown, the list is at its
///   bottom, so the first content shows the last rows), and the item the
///   first visible row shows with its y on screen.
/// - After it: at the bottom, a scroll to the bottom (`scrollToRow(at: last,
///   at: .bottom, animated: false)`: a layout pass there, repeated while
///   self-sizing moves the bottom, at most ``bottomPasses`` times; the part
///   of it that puts back rows landed above what the user saw is told to
///   the list as place-keeping, not a scroll: not a jump). Otherwise
///   the offset grows by how far that item's row moved: the heights inserted
///   (less those deleted) above it, as the list knows them. A table that
///   self-sizes knows an unmeasured row by its estimate: the correction is
///   then off by the estimate's error, which shows as a jump when the user
///   scrolls up into those rows and they are measured. A table node knows
///   every height (its nodes are measured before the commit): Texture's own
///   `automaticallyAdjustsContentOffset` does this step there.
///
/// The update's own layout pass runs at the old offset first (UIKit lays
/// out inside `performBatchUpdates`; a reload-based app calls
/// `layoutIfNeeded()` to read the new heights, as `reloadDataAndKeepOffset`
/// does): rows inserted above are dequeued and configured there, then the
/// corrected offset lays out the rows the user was reading again. That
/// wasted pass is the cost of correcting, charged as the work it is.
final class ChatPositionKeeper: ListUpdateObserver {
    /// How many layout passes a scroll to the bottom takes at most (estimate:
    /// each pass measures the rows it brings in and moves the bottom by their
    /// estimates' error; UIKit's `scrollToRow` settles within a few).
    static let bottomPasses = 4

    /// Whether the list sticks to its bottom while the user is there (a
    /// chat); false for a feed, whose code only keeps the reading position
    /// (``TopInserts/keep``).
    private let sticksToBottom: Bool
    private var wasAtBottom = true
    /// The first visible row: the item it shows, which of that item's rows
    /// it is (`part`: an app with a row per part of a message), its row and y on screen.
    private var anchor: (item: Int, part: Int, row: Int, y: Double)?
    private var rowsBefore = 0
    private var hasShownRows = false

    init(sticksToBottom: Bool = true) {
        self.sticksToBottom = sticksToBottom
    }

    func listWillUpdate(_ list: any KeepableList) {
        let visible = list.visibleRowRange
        rowsBefore = list.totalRows
        wasAtBottom = sticksToBottom && (!hasShownRows || visible.isEmpty || visible.contains(rowsBefore - 1))
        anchor = visible.first.flatMap { row in
            list.item(atRow: row).map { ($0, row - Self.firstRow(of: $0, at: row, in: list), row, list.minY(ofRow: row) - list.contentOffset) }
        }
    }

    func listDidUpdate(_ list: any KeepableList) {
        let rows = list.totalRows
        defer { if rows > 0 { hasShownRows = true } }
        let row = anchor.flatMap { anchor in
            Self.row(of: anchor.item, near: anchor.row + rows - rowsBefore, in: list).map { found in
                // The same part of the item: its first row, then as many rows on as before.
                min(Self.firstRow(of: anchor.item, at: found, in: list) + anchor.part, rows - 1)
            }
        }
        if wasAtBottom {
            scrollToBottom(list, anchorRow: row)
            return
        }
        guard let anchor, let row else { return }
        let moved = list.minY(ofRow: row) - list.contentOffset - anchor.y
        if moved != 0 { list.setContentOffset(byApp: list.contentOffset + moved, keepingContent: true) }
    }

    /// Scrolls to the bottom, each pass telling the list which part of its
    /// move keeps content in place and which part is a scroll.
    ///
    /// The part of a pass's move that brings the row the user was reading
    /// (`anchorRow`) back to where it was on screen, less what the earlier
    /// passes scrolled, is place-keeping (rows landed above it: the content
    /// stays put); only the rest moves that row on screen, a scroll the app
    /// asked for (rows landed below it). The offsets are those of one plain
    /// scroll to the bottom either way. O(passes × log n).
    private func scrollToBottom(_ list: any KeepableList, anchorRow: Int?) {
        var expectedY = anchor?.y
        for _ in 0..<Self.bottomPasses {
            let target = list.maximumOffset
            let toBottom = target - list.contentOffset
            guard abs(toBottom) > 0.5 else { return }
            if let anchorRow, let y = expectedY {
                let drift = list.minY(ofRow: anchorRow) - list.contentOffset - y
                // Only as far as the move to the bottom goes, in its direction.
                let keep = drift * toBottom > 0 ? (toBottom > 0 ? min(drift, toBottom) : max(drift, toBottom)) : 0
                if keep != 0 { list.setContentOffset(byApp: list.contentOffset + keep, keepingContent: true) }
            }
            let before = list.contentOffset
            list.setContentOffset(byApp: target, keepingContent: false)
            expectedY = expectedY.map { $0 - (list.contentOffset - before) }
            list.layoutIfNeeded()
        }
        // The last pass's measurements shrank the content below the offset:
        // the scroll ends at the bottom they measured, not past it.
        if list.contentOffset > list.maximumOffset { list.setContentOffset(byApp: list.maximumOffset, keepingContent: false) }
    }

    /// The first of the consecutive rows showing `item` that ends at `row`
    /// (an item shown as several rows). O(rows of the item).
    static func firstRow(of item: Int, at row: Int, in list: any KeepableList) -> Int {
        var first = row
        while first > 0, list.item(atRow: first - 1) == item { first -= 1 }
        return first
    }

    /// The row that shows `item` in the list's data after the update,
    /// searched outward from `hint` (the app's model lookup).
    ///
    /// - Complexity: O(d) for an item `d` rows from the hint; O(n) when it is gone.
    static func row(of item: Int, near hint: Int, in list: any KeepableList) -> Int? {
        let total = list.totalRows
        guard total > 0 else { return nil }
        return NearestIndex.search(near: min(max(0, hint), total - 1), count: total) { list.item(atRow: $0) == item }
    }
}
