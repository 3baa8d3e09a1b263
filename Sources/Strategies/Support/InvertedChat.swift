import ListData
import ListDiff
import ListSimulator

/// A UIKit strategy's table inverted, as chat apps write it (the `position`
/// option's `inverted`, ``ChatPosition``): the table is flipped on screen
/// (`transform = CGAffineTransform(scaleX: 1, y: -1)`, SlackTextViewController's
/// `inverted`, Stream Chat's `ChatMessageListView`) and every cell flipped
/// back; the data source holds the messages newest first, so the table's
/// row 0 is the newest message, at the screen's bottom, and offset 0 is the
/// chat's bottom: the chat opens there with no scroll.
///
/// The wrapped strategy is the app's update code, unchanged: it gets the
/// data newest first and each change with its positions counted from the
/// newest (a new message is an insert at row 0; an older page is appended
/// at the table's end, beyond what the user sees, so nothing moves and
/// nothing is corrected). The runner sees the user's frame through a
/// ``MirroredSurface``.
///
/// While the user reads history (the table away from offset 0), a new
/// message at the bottom would be inserted at row 0, before the rows the
/// user sees in the table's coordinates: UIKit leaves the offset as it is,
/// so everything on screen would move by the new row's height. Stream Chat,
/// the most used UIKit chat SDK with an inverted table, holds such
/// messages back instead ("When inserting messages at the bottom, if the
/// user is scrolled up, we skip adding the message to the UI until the
/// user scrolls back to the bottom. This is to avoid message list jumps",
/// `ChatMessageListView.skippedMessages`), and shows them when the user is
/// back at the bottom (`reloadSkippedMessages`). So does this app: messages
/// inserted at the end of the last section are held while the table is away
/// from offset 0 (Stream's `isLastCellFullyVisible`), and handed to the
/// wrapped strategy, as one change on the network queue, once the user has
/// scrolled back to it (Stream reloads the table there; here each strategy
/// applies them its own way). Any other change reaches the table at once;
/// one that touches a held message releases them first.
///
/// At offset 0 a new row 0 pushes what the user sees up, as a chat means it
/// to: the app's observer (``InvertedChatKeeper``) says so to the table, as
/// a normal table's chat code scrolls to the bottom, and neither is a jump.
///
/// - Note: `viewmodel-cells` splits a message into several rows; an app
///   inverting that table also reverses each message's rows. The model
///   keeps the strategy's order inside a message: the same rows and costs.
final class InvertedChat: ListStrategy {
    private let inner: any ListStrategy
    private let mirror: MirroredSurface
    private let simulation: Simulation
    private let network: SimQueue
    /// Items per section, in the user's order, as the wrapped strategy was sent them.
    private var counts: [Int] = []
    /// Messages held back at the end of the last section, oldest first.
    private var held: [Item] = []
    private var releaseScheduled = false

    /// The strategy inverted; nil when its list is not a table view.
    init?(_ inner: any ListStrategy, context: AppContext) {
        guard let table = inner.surface as? TableView else { return nil }
        self.inner = inner
        simulation = context.simulation
        network = context.network
        mirror = MirroredSurface(table: table)
        table.flipsCellsBack = true
        table.updateObserver = InvertedChatKeeper()
        mirror.didScroll = { [unowned self] in scheduleRelease() }
    }

    var surface: any ListSurface { mirror }

    private var table: TableView { mirror.table }

    /// Stream Chat's `isLastCellFullyVisible`: the table at offset 0 (before
    /// it is loaded, the chat is at its bottom).
    private var atBottom: Bool { table.contentOffset <= 0.5 }

    func load(_ sections: [DataSection]) {
        counts = sections.map(\.items.count)
        held = []
        inner.load(Self.reversed(sections))
    }

    func receive(_ changes: [DataChange]) {
        var forwarded: [DataChange] = []
        if atBottom { forwarded += releasedChange() }
        for change in changes {
            // A new state holds every message: none stays held.
            if case .state = change { held = [] }
            if !atBottom, let items = arrivingAtBottom(change) {
                held += items
                continue
            }
            if touchesHeld(change) { forwarded += releasedChange() }
            forwarded += mapped(change).map { [$0] } ?? []
        }
        if !forwarded.isEmpty { inner.receive(forwarded) }
    }

    func visibleContent() -> [ContentKey] { inner.visibleContent().reversed() }

    func willScrollToTop() { inner.willScrollToTop() }

    func row(showing item: Int, at path: ItemPath) -> ItemPath? {
        guard path.section < counts.count, path.item < counts[path.section] else { return nil }
        let section = counts.count - 1 - path.section
        let dataPath = ItemPath(section: section, item: counts[path.section] - 1 - path.item)
        guard let row = inner.row(showing: item, at: dataPath) else { return nil }
        let rowCounts = table.rowCounts
        guard row.section < rowCounts.count, row.item < rowCounts[row.section] else { return nil }
        return mirror.userPath(row)
    }

    // MARK: - Held messages

    /// The items of a change that adds messages at the end of the last
    /// section (a new message at the bottom), nil for any other change.
    private func arrivingAtBottom(_ change: DataChange) -> [Item]? {
        guard let last = counts.indices.last else { return nil }
        switch change {
        case let .insert(section, index, item) where section == last && index == counts[last] + held.count:
            return [item]
        case let .append(section, items) where section == last:
            return items
        default:
            return nil
        }
    }

    /// Whether a change acts on a held message's position.
    private func touchesHeld(_ change: DataChange) -> Bool {
        guard !held.isEmpty, let last = counts.indices.last else { return false }
        switch change {
        case .insert(let section, let index, _), .delete(_, let section, let index), .update(_, let section, let index, _, _):
            return section == last && index >= counts[last]
        case let .move(_, fromSection, fromIndex, section, index):
            return (fromSection == last && fromIndex >= counts[last]) || (section == last && index >= counts[last] - 1)
        case .append(let section, _):
            return section == last
        case .state, .prepend:
            return false
        }
    }

    /// The held messages as one change for the wrapped strategy (rows at
    /// the table's start), counted as sent; empty when none are held.
    private func releasedChange() -> [DataChange] {
        guard !held.isEmpty, let last = counts.indices.last else { return [] }
        let items = held
        held = []
        counts[last] += items.count
        return [.prepend(section: counts.count - 1 - last, items: items.reversed())]
    }

    /// After the user's scroll: when back at the bottom with messages held,
    /// the app shows them (on the network queue, where its data arrives).
    private func scheduleRelease() {
        guard !held.isEmpty, atBottom, !releaseScheduled else { return }
        releaseScheduled = true
        simulation.clock.async(network) { [self] in
            releaseScheduled = false
            let change = releasedChange()
            if !change.isEmpty { inner.receive(change) }
        }
    }

    // MARK: - Newest first

    /// The sections newest first: the last section first, each one's items reversed.
    ///
    /// - Complexity: O(n).
    static func reversed(_ sections: [DataSection]) -> [DataSection] {
        sections.reversed().map { DataSection(id: $0.id, items: $0.items.reversed()) }
    }

    /// A change in the user's order as the wrapped strategy gets it, newest
    /// first, keeping ``counts`` in step; nil when it cannot be placed (a
    /// section that does not exist: it reaches the strategy as it is, to fail there).
    ///
    /// - Complexity: O(1), O(k) for `k` items of a page, O(n) for a new state.
    private func mapped(_ change: DataChange) -> DataChange? {
        let sections = counts.count
        func section(_ s: Int) -> Int { sections - 1 - s }
        guard change.fitsSections(sections) else { return change }
        switch change {
        case let .insert(s, index, item):
            defer { counts[s] += 1 }
            return .insert(section: section(s), index: counts[s] - index, item: item)
        case let .delete(id, s, index):
            defer { counts[s] -= 1 }
            return .delete(id: id, section: section(s), index: counts[s] - 1 - index)
        case let .update(id, s, index, version, textLength):
            return .update(id: id, section: section(s), index: counts[s] - 1 - index, version: version, textLength: textLength)
        case let .move(id, fromS, fromIndex, s, index):
            let from = counts[fromS] - 1 - fromIndex
            counts[fromS] -= 1
            defer { counts[s] += 1 }
            return .move(id: id, fromSection: section(fromS), fromIndex: from, section: section(s), index: counts[s] - index)
        case let .append(s, items):
            counts[s] += items.count
            return .prepend(section: section(s), items: items.reversed())
        case let .prepend(s, items):
            counts[s] += items.count
            return .append(section: section(s), items: items.reversed())
        case let .state(new):
            counts = new.map(\.items.count)
            return .state(Self.reversed(new))
        }
    }
}

extension DataChange {
    /// Whether the sections a change names exist among `count`.
    fileprivate func fitsSections(_ count: Int) -> Bool {
        switch self {
        case .insert(let section, _, _), .delete(_, let section, _), .update(_, let section, _, _, _),
             .append(let section, _), .prepend(let section, _):
            return (0..<count).contains(section)
        case let .move(_, fromSection, _, section, _):
            return (0..<count).contains(fromSection) && (0..<count).contains(section)
        case .state:
            return true
        }
    }
}

/// An inverted chat's code around every update of its table: at offset 0
/// (the chat's bottom) new rows at row 0 push what the user sees up, as the
/// chat means it to (``TableView/absorbPendingJump()``), and the offset
/// stays 0 (UIKit keeps it; no scroll is needed). Away from offset 0 it does
/// nothing: older pages land beyond the far end, and new messages are held
/// back (``InvertedChat``); any other change moves the content as UIKit
/// moves it.
final class InvertedChatKeeper: ListUpdateObserver {
    private var wasAtBottom = true

    func listWillUpdate(_ list: any KeepableList) { wasAtBottom = list.contentOffset <= 0.5 }

    func listDidUpdate(_ list: any KeepableList) {
        guard wasAtBottom, let table = list as? TableView else { return }
        table.absorbPendingJump()
    }
}
