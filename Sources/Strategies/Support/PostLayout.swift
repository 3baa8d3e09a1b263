import ListDiff
import ListData
import ListSimulator

/// A table data source over sections of items, one row per item, each shown
/// with its kind's design (``KindSet``): the plumbing the table-based update
/// strategies share. One reuse identifier per kind; the table's row heights
/// follow the kinds' ``HeightRule``s (``KindSet/rowHeight``): self-sized,
/// fixed, or computed by this source as the table's delegate.
public final class ItemTableSource: SectionedItemsDataSource, TableDelegate {
    public let table: TableView
    /// What the table shows: the data source reads it when asked for counts and cells.
    public var sections: [DataSection] = []
    /// The kinds the items come in, with their designs.
    public let kinds: KindSet

    /// A source showing built-in data in the feed's post cell, self-sized from an estimate of 300 pt.
    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, kinds: .feed)
    }

    /// A source showing items of `kinds`, each in its kind's cell, in a
    /// table view, or in a collection view with `collection`'s layout.
    public init(simulation: Simulation, kinds: KindSet, collection: CollectionLayout? = nil) {
        self.kinds = kinds
        table = TableView(simulation: simulation, rowHeight: kinds.rowHeight, collection: collection)
        for kind in kinds.kinds { table.register(Self.identifier(kind, in: kinds), views: kinds.createdViews(of: kind)) }
        table.dataSource = self
        if case .delegate = kinds.rowHeight { table.delegate = self }
    }

    /// A kind's reuse identifier: `post` for the feed's.
    static func identifier(_ kind: KindDesign, in kinds: KindSet) -> String { kind.name }


    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let item = sections[path.section].items[path.item]
        let cell = table.dequeueReusableCell(withIdentifier: Self.identifier(kinds.kind(of: item), in: kinds), for: path)
        let device = table.simulation.device
        table.configure(cell, with: kinds.content(for: item, width: table.itemWidth, scale: device.scale))
        return cell
    }

    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? {
        guard path.section < sections.count, path.item < sections[path.section].items.count else { return nil }
        return sections[path.section].items[path.item].id
    }

    /// A row's height when the kinds' heights are not all self-sized
    /// (``KindSet/height(of:width:scale:simulation:)``).
    public func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        kinds.height(of: sections[path.section].items[path.item], width: table.itemWidth, scale: table.simulation.device.scale,
                     simulation: table.simulation)
    }

    /// The content keys of the visible cells.
    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

/// One component of a post, as a small cell shows it.
public struct PostComponent: Equatable, Sendable {
    /// The reuse identifier of its cell type: header, text, photos, link, video, comment, reactions.
    public var kind: String
    public var content: CellContent
}

/// The feed's post as data: the JSON a post arrives as, and what a batch
/// of changes carries. What a post shows comes from its design
/// (``KindSet/feed``, ``KindSet/content(for:width:scale:)``).
public enum PostLayout {}

extension PostLayout {
    /// The JSON a post arrives as, in bytes (estimate: ids, author, dates,
    /// counts and the post's URL about 600 bytes; its text; 260 per comment
    /// preview with its author; 150 per photo URL with its size; 200 for a
    /// link card or a video's metadata).
    public static func jsonBytes(of item: Item) -> Int {
        600 + item.textLength + item.commentPreviews * 260 + item.photos * 150
            + (item.linkCard ? 200 : 0) + (item.video ? 200 : 0)
    }

    /// The posts a batch of changes carries: what the app decodes from the
    /// responses (an update carries its post again).
    ///
    /// - Complexity: O(items carried).
    public static func postsCarried(by changes: [DataChange]) -> [Item] {
        changes.flatMap { change -> [Item] in
            switch change {
            case .insert(_, _, let item): return [item]
            case .append(_, let items), .prepend(_, let items): return items
            case .state(let sections): return sections.flatMap(\.items)
            case let .update(id, _, _, version, textLength): return [Item(id: id, version: version, textLength: textLength)]
            case .delete, .move: return []
            }
        }
    }
}
