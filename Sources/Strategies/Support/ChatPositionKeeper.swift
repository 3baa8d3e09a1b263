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
///   self-sizing moves the bottom, at most ``bottomPasses`` times). Otherwise
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

    private var wasAtBottom = true
    private var anchor: (item: Int, row: Int, y: Double)?
    private var rowsBefore = 0
    private var hasShownRows = false

    func listWillUpdate(_ list: any KeepableList) {
        let visible = list.visibleRowRange
        rowsBefore = list.totalRows
        wasAtBottom = !hasShownRows || visible.isEmpty || visible.contains(rowsBefore - 1)
        anchor = visible.first.flatMap { row in
            list.item(atRow: row).map { ($0, row, list.minY(ofRow: row) - list.contentOffset) }
        }
    }

    func listDidUpdate(_ list: any KeepableList) {
        let rows = list.totalRows
        defer { if rows > 0 { hasShownRows = true } }
        if wasAtBottom {
            scrollToBottom(list)
            return
        }
        guard let anchor, let row = Self.row(of: anchor.item, near: anchor.row + rows - rowsBefore, in: list) else { return }
        let moved = list.minY(ofRow: row) - list.contentOffset - anchor.y
        if moved != 0 { list.setContentOffset(byApp: list.contentOffset + moved, keepingContent: true) }
    }

    private func scrollToBottom(_ list: any KeepableList) {
        for _ in 0..<Self.bottomPasses {
            guard abs(list.contentOffset - list.maximumOffset) > 0.5 else { return }
            list.setContentOffset(byApp: list.maximumOffset, keepingContent: false)
            list.layoutIfNeeded()
        }
    }

    /// The row that shows `item` in the list's data after the update,
    /// searched outward from `hint` (the app's model lookup).
    ///
    /// - Complexity: O(d) for an item `d` rows from the hint; O(n) when it is gone.
    static func row(of item: Int, near hint: Int, in list: any KeepableList) -> Int? {
        let total = list.totalRows
        guard total > 0 else { return nil }
        let start = min(max(0, hint), total - 1)
        var distance = 0
        while start - distance >= 0 || start + distance < total {
            if start + distance < total, list.item(atRow: start + distance) == item { return start + distance }
            if distance > 0, start - distance >= 0, list.item(atRow: start - distance) == item { return start - distance }
            distance += 1
        }
        return nil
    }
}
