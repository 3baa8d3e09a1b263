import ListData
import ListDiff
import ListSimulator

/// A list that an identifier diff's batches are performed on: a UIKit
/// table or collection view, or a Texture table or collection node. What a
/// diffing library calls, in its words, each list answering with its own
/// framework's rules (a node list has no reconfigure: Texture replaces the
/// node).
protocol DiffTarget: AnyObject {
    /// Whether the list has loaded its data once (the first data is then a `reloadData`).
    var hasLoaded: Bool { get }
    /// `reloadData`.
    func reloadAll()
    /// The list lays out its sections before any data (the library's empty sections, added at setup).
    func showInitialSections()
    /// `performBatchUpdates`; false when the app crashed on it.
    func perform(_ update: BatchUpdate, animated: Bool) -> Bool
    /// Changed rows brought up to date after a batch: reloaded, or reconfigured where the list and iOS can.
    func refresh(_ paths: [ItemPath], reconfiguring: Bool)
}

extension TableView: DiffTarget {
    var hasLoaded: Bool { isLoaded }
    func reloadAll() { reloadData() }
    func showInitialSections() { layoutIfNeeded() }
    func perform(_ update: BatchUpdate, animated: Bool) -> Bool { performBatchUpdates(update, animated: animated) }
    func refresh(_ paths: [ItemPath], reconfiguring: Bool) {
        if reconfiguring { reconfigureOrReloadRows(at: paths) } else { reloadRows(at: paths) }
    }
}

extension TableNode: DiffTarget {
    var hasLoaded: Bool { hasIssuedUpdates }
    func reloadAll() { reloadData() }
    /// Texture loads a node list's data source on its first layout: the empty sections, no node.
    func showInitialSections() { reloadData() }
    func perform(_ update: BatchUpdate, animated: Bool) -> Bool { performBatchUpdates(update) }
    /// Texture has no reconfigure: a changed row gets a new node either way.
    func refresh(_ paths: [ItemPath], reconfiguring: Bool) { reloadRows(at: paths) }
}

/// Sections of items shown on a ``DiffTarget``: the data source that
/// `identifier-diff` drives, on a UIKit list (``ItemTableSource``) or a
/// Texture one (``ItemNodeSource``).
protocol ItemSource: AnyObject {
    /// What the list shows: its data source reads counts and cells from it.
    var sections: [DataSection] { get set }
    var target: any DiffTarget { get }
    var surface: any ListSurface { get }
    func visibleContent() -> [ContentKey]
}

extension ItemTableSource: ItemSource {
    var target: any DiffTarget { table }
    var surface: any ListSurface { table }
}
