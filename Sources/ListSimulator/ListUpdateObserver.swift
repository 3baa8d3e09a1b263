import ListDiff

/// App code that runs around every data update a list performs: a chat's
/// code that keeps the user's place (``KeepableList``).
///
/// A table view calls it around `reloadData` and each performed batch
/// update (the batch's own layout pass included); a table node around each
/// commit, where Texture's own `automaticallyAdjustsContentOffset` runs.
/// While an observer is set, a table view measures `scrollJumpPoints` at the
/// next frame, after the app's code has moved the offset, as the user sees it.
public protocol ListUpdateObserver: AnyObject {
    /// Before the update changes the rows: the list still shows the old ones.
    func listWillUpdate(_ list: any KeepableList)
    /// After the update, its rows in place.
    func listDidUpdate(_ list: any KeepableList)
}

/// A list whose app can keep the user's place: it tells which item a row
/// shows and lets the app move its offset.
public protocol KeepableList: ListSurface {
    /// The app code around every update (nil: none, the list as before).
    var updateObserver: (any ListUpdateObserver)? { get set }
    /// The item global row `row` shows: what its cell or node shows before
    /// an update, what the app's model holds there after it. Nil when unknown.
    func item(atRow row: Int) -> Int?
    /// The y of a global row's top edge. O(log n).
    func minY(ofRow row: Int) -> Double
    /// The app moves the content offset (clamped to the content), adding
    /// the move to ``ListSurface/appOffsetShift``. `keepingContent`: the move
    /// compensates a change so that what is on screen stays put (not a
    /// scroll); otherwise it is a scroll the app asked for (to the bottom).
    func setContentOffset(byApp offset: Double, keepingContent: Bool)
}

extension KeepableList {
    /// Rows in all sections.
    public var totalRows: Int { rowCounts.reduce(0, +) }
}
