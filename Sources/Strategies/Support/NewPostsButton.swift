import ListData
import ListDiff
import ListSimulator

/// A timeline's "new posts" button (`topInserts=button`): posts that land at
/// the top of the first section while the person is away from the top are
/// held back, and the wrapped strategy never hears of them; when the person
/// is back at the top (a tap on the status bar, or on the button, which
/// scrolls there), the app shows them, all at once, as one insert of rows at
/// the top. So what the person reads never moves for a post landing above it.
///
/// The held posts are the first `held.count` items of the first section in
/// the data the world has sent; every other change is passed on with its
/// index in that section moved up by them. A change that acts on a held post
/// (an update, a delete, a move, an insert among them) is applied to the
/// held posts or, where that cannot be done in place, shows them first. A
/// new state shows everything. The app checks for the top after each of the
/// person's frames (its `scrollViewDidScroll`), and shows the posts on the
/// network queue, where its data arrives.
///
/// An estimate of what apps do (Twitter's and Mastodon's clients show such
/// a button); the write-ups show none.
final class NewPostsButton: ListStrategy {
    private let inner: any ListStrategy
    private let simulation: Simulation
    private let network: SimQueue
    /// Posts held at the top of the first section, newest first.
    private var held: [Item] = []
    private var releaseScheduled = false

    init(_ inner: any ListStrategy, context: AppContext) {
        self.inner = inner
        simulation = context.simulation
        network = context.network
    }

    var surface: any ListSurface { inner.surface }

    private var atTop: Bool { inner.surface.contentOffset <= 0.5 }

    func load(_ sections: [DataSection]) {
        held = []
        inner.load(sections)
    }

    func receive(_ changes: [DataChange]) {
        var forwarded: [DataChange] = []
        if atTop { forwarded += released() }
        for change in changes {
            if case let .insert(0, 0, item) = change, !atTop {
                held.insert(item, at: 0)
                continue
            }
            switch route(change) {
            case .forward(let mapped): forwarded.append(mapped)
            case .absorbed: continue
            case .afterRelease:
                // It acts on the held posts in a way that cannot be kept apart: show them first.
                forwarded += released()
                forwarded.append(change)
            }
        }
        if !forwarded.isEmpty { inner.receive(forwarded) }
    }

    /// Where a change goes while posts are held.
    private enum Route {
        /// To the wrapped strategy, as this change (indices in the first section less the held posts).
        case forward(DataChange)
        /// Done to a held post in place: nothing to pass on.
        case absorbed
        /// The held posts must be shown first; then the change as it is.
        case afterRelease
    }

    /// - Complexity: O(h) for `h` held posts.
    private func route(_ change: DataChange) -> Route {
        let h = held.count
        guard h > 0 else { return .forward(change) }
        switch change {
        case let .insert(section, index, item):
            guard section == 0 else { return .forward(change) }
            return index > h ? .forward(.insert(section: 0, index: index - h, item: item)) : .afterRelease
        case let .delete(id, section, index):
            guard section == 0 else { return .forward(change) }
            guard index >= h else {
                held.remove(at: index)
                return .absorbed
            }
            return .forward(.delete(id: id, section: 0, index: index - h))
        case let .update(id, section, index, version, textLength):
            guard section == 0 else { return .forward(change) }
            guard index >= h else {
                held[index].version = version
                held[index].textLength = textLength
                return .absorbed
            }
            return .forward(.update(id: id, section: 0, index: index - h, version: version, textLength: textLength))
        case let .move(id, fromSection, fromIndex, section, index):
            if (fromSection == 0 && fromIndex < h) || (section == 0 && index < h) { return .afterRelease }
            return .forward(.move(id: id, fromSection: fromSection, fromIndex: fromSection == 0 ? fromIndex - h : fromIndex,
                                  section: section, index: section == 0 ? index - h : index))
        case .append:
            return .forward(change)
        case .prepend(let section, _):
            return section == 0 ? .afterRelease : .forward(change)
        case .state:
            held = []
            return .forward(change)
        }
    }

    /// The held posts as one change (rows at the top), none held after; empty when none are held.
    private func released() -> [DataChange] {
        guard !held.isEmpty else { return [] }
        let items = held
        held = []
        return [.prepend(section: 0, items: items)]
    }

    /// The app's `scrollViewDidScroll`: back at the top with posts held, it shows them.
    private func releaseIfAtTop() {
        guard !held.isEmpty, atTop, !releaseScheduled else { return }
        releaseScheduled = true
        simulation.clock.async(network) { [self] in
            releaseScheduled = false
            let change = released()
            if !change.isEmpty { inner.receive(change) }
        }
    }

    func visibleContent() -> [ContentKey] {
        releaseIfAtTop()
        return inner.visibleContent()
    }

    func willScrollToTop() { inner.willScrollToTop() }

    func row(showing item: Int, at path: ItemPath) -> ItemPath? {
        guard path.section == 0 else { return inner.row(showing: item, at: path) }
        guard path.item >= held.count else { return nil }
        return inner.row(showing: item, at: ItemPath(section: 0, item: path.item - held.count))
    }
}
