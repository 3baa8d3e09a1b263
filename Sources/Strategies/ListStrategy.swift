import ListDiff
import ListData
import ListSimulator

/// One way of driving a list: the "app code" of a published technique,
/// written against the simulator as an app is written against UIKit.
///
/// The runner delivers data on a background worker (the network's callback
/// queue), at the virtual time the scenario says; the strategy decides what
/// runs where.
public protocol ListStrategy: AnyObject {
    /// The list the runner scrolls and inspects: the strategy's ``TableView`` or ``TableNode``.
    /// The same object for the strategy's whole life: the runner reads it once.
    var surface: any ListSurface { get }
    /// The first data: everything, the first page's (empty) sections, or the first state.
    func load(_ sections: [DataSection])
    /// Changes that arrived together, in order.
    func receive(_ changes: [DataChange])
    /// What the visible rows show, top to bottom (rows that show nothing are left out).
    func visibleContent() -> [ContentKey]
    /// The user tapped the status bar; the scroll to the top follows.
    func willScrollToTop()
    /// The first row of the surface that shows `item`, which is at `path` in
    /// the data the strategy was sent (for a user going back to a post they
    /// passed without seeing it). Nil when no row shows it.
    func row(showing item: Int, at path: ItemPath) -> ItemPath?
}

extension ListStrategy {
    public func willScrollToTop() {}
    /// One row per item: the same path.
    public func row(showing item: Int, at path: ItemPath) -> ItemPath? { path }
}
