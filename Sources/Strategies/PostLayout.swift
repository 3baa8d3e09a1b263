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

    /// The content keys of the visible cells.
    public func visibleContent() -> [ContentKey] { table.visibleCells.compactMap { $0.cell.content?.key } }
}
