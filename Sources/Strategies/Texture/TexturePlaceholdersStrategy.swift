import ListData
import ListDiff
import ListSimulator

/// `texture-placeholders`: seed #5's fix, as the published sample does it
/// (seeds.md, "#5 Texture memory: the published sample"), on top of
/// `texture`. When a row's node ends displaying (`didEndDisplayingRowWith`),
/// its height is cached by row and the row is reloaded with an empty
/// placeholder node of that height (a zero height would make the scroll
/// position jump); when a placeholder will display (`willDisplayRowWith`),
/// its cache entry is cleared and the row is reloaded with the real node,
/// which is made on the workers meanwhile. When the last row will display,
/// the next page is appended. Heights are cached by row number alone
/// (`[Int: CGFloat]` keyed by `indexPath.row`, behind an `NSLock`, in the
/// sample's `PartialAllocateTableNodeViewController`), so rows of the same
/// number in different sections share an entry.
///
/// The delegate's index paths are Texture's: read from the pending map
/// (``TableNode/indexPath(for:)``), so a node whose row a reload or
/// `reloadData` has replaced, though still on screen until the commit, gets
/// none and the sample's `guard` returns.
///
/// On scroll-to-top it sets a flag, clears the height cache, cuts the list
/// to one page and calls `reloadData`, synchronously when the tap is
/// handled, as the sample's `scrollViewShouldScrollToTop` does. While the
/// flag is set nothing is swapped; it clears when a real node block is
/// returned, which `reloadData` asks for on main before it returns, so in
/// the sample as here the flag is already clear when the scroll begins:
/// what keeps the rows the reset replaced from being swapped is their
/// missing index path. The sample's
/// `resetPosts` replaces its posts with 20 new ones (the next ids: its
/// stand-in for fetching the first page again); here the data is the
/// scenario's, so the model keeps the first 20 items it has and fetches the
/// dropped ones again, a page at a time with the scenario's page latency,
/// as the user comes back down.
public final class TexturePlaceholdersStrategy: TextureStrategy {
    public override class var descriptor: StrategyDescriptor {
        StrategyDescriptor(
            name: "texture-placeholders",
            summary: "Texture with same-height placeholder nodes swapped in didEndDisplaying/willDisplay, and a reset on scroll-to-top",
            options: [TextureCells.option]
        ) { context, options in TexturePlaceholdersStrategy(context: context, cells: options.value(of: TextureCells.self)) }
    }

    /// Placeholder heights by row number, whatever the section (the sample's `heightCaches`).
    private var cachedHeights: [Int: Double] = [:]
    /// Items dropped at scroll-to-top, fetched again a page at a time.
    private var held: [Item] = []
    private var fetchingAgain = false
    private var scrollingToTop = false
    private let pageSize = 20

    /// A placeholder shows nothing: no item, no version.
    private static let placeholderVersion = Int.min

    public override func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        if let height = cachedHeights[path.item], height > 0 {
            return { CellContent(key: ContentKey(item: item.id, version: Self.placeholderVersion), views: 1, height: height) }
        }
        // A real node is made again: the scroll-to-top is over.
        scrollingToTop = false
        return super.tableNode(tableNode, nodeBlockForRowAt: path)
    }

    /// The sample's `tableNode(_:willDisplayRowWith:)`: the node's index
    /// path from the pending map (`guard let indexPath = node.indexPath
    /// else { return }`), `showCell`, and the next page when the row is the
    /// last one.
    public override func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode) {
        guard let path = tableNode.indexPath(for: node) else { return }
        showCell(at: path)
        // The last row will display: the next page (the dropped ones first, fetched again).
        if path.section == sections.count - 1, path.item == sections[path.section].items.count - 1 { fetchAgain() }
    }

    /// The sample's `tableNode(_:didEndDisplayingRowWith:)`: nothing for a
    /// node without an index path (one whose row a pending reload or
    /// `reloadData` replaced), else `hideCell`.
    public override func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode) {
        guard let path = tableNode.indexPath(for: node) else { return }
        hideCell(at: path)
    }

    /// The sample's `showCell`: under the flag nothing; else, if the row's
    /// node in the pending map is a placeholder (`as? DummyCellNode`), its
    /// cached height is cleared (set to 0) and the row reloaded with the real node.
    private func showCell(at path: ItemPath) {
        guard !scrollingToTop, let node = tableNode.nodeForRow(at: path),
              node.content.key.version == Self.placeholderVersion else { return }
        cachedHeights[path.item] = 0
        tableNode.reloadRows(at: [path])
    }

    /// The sample's `hideCell`: under the flag nothing; else the height of
    /// the row's node in the pending map is cached by row and the row
    /// reloaded (a placeholder of that height; the sample does not check
    /// whether the node is one already).
    private func hideCell(at path: ItemPath) {
        guard !scrollingToTop, let node = tableNode.nodeForRow(at: path) else { return }
        cachedHeights[path.item] = node.content.height
        tableNode.reloadRows(at: [path])
    }

    /// The sample's `scrollViewShouldScrollToTop`, on main when the tap is
    /// handled, before the scroll begins: the flag set, the posts cut to one
    /// page, the height cache cleared and `reloadData`, all at once.
    public override func willScrollToTop() {
        scrollingToTop = true
        if let first = sections.first, first.items.count > pageSize {
            held = Array(first.items.dropFirst(pageSize)) + held
            var kept = sections
            kept[0].items = TreeList(first.items.prefix(pageSize))
            sections = kept
        }
        cachedHeights = [:]
        tableNode.reloadData()
    }

    /// Requests the next dropped page again; it arrives on the network queue after the page latency (``AppContext``).
    private func fetchAgain() {
        guard !held.isEmpty, !fetchingAgain else { return }
        fetchingAgain = true
        let page = Array(held.prefix(pageSize))
        held.removeFirst(page.count)
        simulation.clock.async(context.network, after: Sim.ms(context.pageLatencyMs)) { [self] in
            simulation.clock.async(.main) { [self] in
                fetchingAgain = false
                appendToTable(page)
            }
        }
    }

    private func appendToTable(_ items: [Item]) { super.apply([.append(section: 0, items: items)]) }

    override func apply(_ changes: [DataChange]) {
        // New pages go behind the rows dropped at scroll-to-top.
        var rest: [DataChange] = []
        for change in changes {
            if case .append(let section, let items) = change, section == 0, !held.isEmpty || fetchingAgain {
                held += items
            } else {
                rest.append(change)
            }
        }
        if !rest.isEmpty { super.apply(rest) }
    }

    public override func visibleContent() -> [ContentKey] {
        let shown = tableNode.visibleContent
        // Most frames show no placeholder: the node's own answer is returned
        // as it is, not copied (a new array every frame, and every frame then
        // compared element by element with the last).
        guard shown.contains(where: { $0.version == Self.placeholderVersion }) else { return shown }
        return shown.filter { $0.version != Self.placeholderVersion }
    }
}
