import ListDiff
import ListData
import ListSimulator

/// How an item's shape becomes what a cell shows: views, text, images and a height.
///
/// The geometry is an estimate of a typical feed cell (15 pt text, about
/// 7.5 pt per character, 20 pt lines, a 56 pt header, photos in a grid of
/// two columns, at most four shown); it is the same for every strategy, so
/// only how strategies use it differs.
public enum PostLayout {
    /// Lines of text of `characters` at `width`.
    public static func lines(_ characters: Int, width: Double) -> Int {
        characters <= 0 ? 0 : Int((Double(characters) * 7.5 / max(1, width - 32)).rounded(.up))
    }

    /// The height of the photo grid.
    public static func photoHeight(_ photos: Int, width: Double) -> Double {
        switch photos {
        case 0: return 0
        case 1: return width * 0.75
        default: return Double((min(photos, 4) + 1) / 2) * width / 2
        }
    }

    /// Everything an item shows, in one cell.
    public static func content(for item: Item, width: Double, scale: Double) -> CellContent {
        let textLines = lines(item.textLength, width: width) + 2 + item.commentPreviews * 2 + (item.linkCard ? 2 : 0)
        let shownPhotos = min(item.photos, 4)
        let photoPixels = photoHeight(item.photos, width: width) * width * scale * scale
        let videoHeight = item.video ? width * 9 / 16 : 0
        let height = 16 + 56 + Double(lines(item.textLength, width: width)) * 20 + photoHeight(item.photos, width: width)
            + (item.linkCard ? 88 : 0) + videoHeight + Double(item.commentPreviews) * 36 + (item.reactions ? 44 : 0)
        return CellContent(
            key: ContentKey(item: item.id, version: item.version),
            views: 1 + 4 + 1 + shownPhotos + (item.linkCard ? 4 : 0) + (item.video ? 3 : 0) + item.commentPreviews * 2
                + (item.reactions ? 5 : 0),
            textLines: textLines,
            textCharacters: item.textLength + item.commentPreviews * 60 + (item.linkCard ? 80 : 0) + 20,
            imagePixels: Int(photoPixels + videoHeight * width * scale * scale),
            height: height)
    }
}

/// A table data source over sections of items, one row per item, each shown
/// with ``PostLayout``: the plumbing the table-based update strategies share.
public final class ItemTableSource: TableDataSource {
    public let table: TableView
    /// What the table shows: the data source reads it when asked for counts and cells.
    public var sections: [DataSection] = []
    public let identifier = "post"

    public init(simulation: Simulation, estimatedHeight: Double = 300) {
        table = TableView(simulation: simulation, rowHeight: .automatic(estimate: estimatedHeight))
        table.register(identifier, views: 24)
        table.dataSource = self
    }

    public func numberOfSections(in table: TableView) -> Int { sections.count }

    public func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let cell = table.dequeueReusableCell(withIdentifier: identifier, for: path)
        let item = sections[path.section].items[path.item]
        let device = table.simulation.device
        table.configure(cell, with: PostLayout.content(for: item, width: table.width, scale: device.scale))
        return cell
    }

    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? {
        guard path.section < sections.count, path.item < sections[path.section].items.count else { return nil }
        return sections[path.section].items[path.item].id
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

extension PostLayout {
    /// The most views a monolithic post cell holds: one set for every component a post can have.
    public static let monolithicViews = 1 + 4 + 1 + 4 + 4 + 3 + 3 * 2 + 5

    /// A post split into its components (the small cells of seed #4), with the
    /// same geometry as ``content(for:width:scale:)``: the heights add up to it.
    public static func components(for item: Item, width: Double, scale: Double) -> [PostComponent] {
        func part(_ kind: String, _ index: Int, views: Int, lines: Int = 0, characters: Int = 0, pixels: Double = 0, height: Double) -> PostComponent {
            PostComponent(kind: kind, content: CellContent(
                key: ContentKey(item: item.id, version: item.version), views: views, textLines: lines,
                textCharacters: characters, imagePixels: Int(pixels), height: height))
        }
        let textLines = lines(item.textLength, width: width)
        var parts = [part("header", 0, views: 4, lines: 2, characters: 20, height: 16 + 56)]
        if textLines > 0 {
            parts.append(part("text", 1, views: 1, lines: textLines, characters: item.textLength, height: Double(textLines) * 20))
        }
        if item.photos > 0 {
            let height = photoHeight(item.photos, width: width)
            parts.append(part("photos", 2, views: min(item.photos, 4), pixels: height * width * scale * scale, height: height))
        }
        if item.linkCard { parts.append(part("link", 3, views: 4, lines: 2, characters: 80, height: 88)) }
        if item.video {
            let height = width * 9 / 16
            parts.append(part("video", 4, views: 3, pixels: height * width * scale * scale, height: height))
        }
        for index in 0..<item.commentPreviews {
            parts.append(part("comment", 5 + index, views: 2, lines: 2, characters: 60, height: 36))
        }
        if item.reactions { parts.append(part("reactions", 60, views: 5, height: 44)) }
        return parts
    }

    /// A post's shape as a reuse identifier: posts of one shape share a monolithic cell type.
    public static func shapeIdentifier(_ item: Item) -> String {
        "post-p\(min(item.photos, 4))-l\(item.linkCard ? 1 : 0)-v\(item.video ? 1 : 0)-c\(item.commentPreviews)-r\(item.reactions ? 1 : 0)-t\(item.textLength > 0 ? 1 : 0)"
    }
}

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

    /// Decoding these posts from their JSON, charged to the current thread.
    ///
    /// - Complexity: O(posts).
    static func decode(_ items: [Item], simulation: Simulation) {
        let bytes = items.reduce(0) { $0 + jsonBytes(of: $1) }
        simulation.charge(microseconds: Double(bytes) / 1_024 * simulation.costs.jsonDecodePerKilobyteMicroseconds.value, .dataDecoding)
    }
}
