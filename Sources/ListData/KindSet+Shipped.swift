/// The shipped kind sets: the cells listbench's strategies show built-in
/// data with, written in the vocabulary a scenario's `data.kinds` decodes to.
extension KindSet {
    /// The feed strategies' post cell: one kind, `post`, whose geometry is
    /// an estimate of a typical feed cell (15 pt text, 7.5 pt per character,
    /// 20 pt lines, 16 pt margins, a 72 pt header, photos in a grid of two
    /// columns of squares, at most four shown, one photo alone at the full
    /// width and ¾ of it tall, a 16:9 video). Photos and video arrive at
    /// their display size (no `pixels`), so decoding one costs its display pixels.
    ///
    /// Every strategy but seed #1's shows built-in data (any row kind) in
    /// this cell; its values are the items' fields.
    public static let feed = KindSet(name: "feed", kinds: [post()], source: .itemFields)

    /// Seed #1's nib cells: one kind per built-in row kind (``ItemKind``),
    /// each with the post's geometry and its own view count, all of which
    /// its binder sets (``RowCellViews``); `cellbinder` and `row-ids` show
    /// built-in data with these.
    public static let restaurantDetail = KindSet(
        name: "restaurant-detail",
        kinds: ItemKind.allCases.map { kind in
            var design = post(name: kind.rawValue)
            design.views = RowCellViews.views(of: kind)
            design.configuresAllViews = true
            design.height = .delegate(estimate: nil)
            return design
        },
        source: .itemFields)

    /// The feed's post: header, text, photos, link card, video, comment
    /// previews, reactions bar. Views: the cell, then 4 in the header and
    /// one label for the text; an image view per shown photo; 4 in a link
    /// card, 3 in a video (its player and two labels), 2 per comment
    /// preview, 5 in the reactions bar. A new cell is created with 24 views
    /// (estimate: the parts a post usually shows). Manual layout, self-sized
    /// with an estimate of 300 pt.
    ///
    /// Texture (`cells=rich`): text nodes for author, handle, date, the body
    /// and three counts (7), two per comment preview, three in a link card,
    /// two in a video, four reaction counts; an avatar image node; an image
    /// node per shown photo (estimate: seeds.md says only "many ASTextNodes").
    static func post(name: String = "post") -> KindDesign {
        let line = { (characters: Int) in TextRun(length: .fixed(characters), maxLines: 1) }
        return KindDesign(
            name: name, layout: .manual, height: .selfSized(estimate: 300), views: 24,
            parts: [
                PartDesign(name: "header", views: 4, texts: [line(10), line(10)], height: 16 + 56, nodes: 7, textNodes: 6),
                PartDesign(name: "text", views: 1, texts: [TextRun(length: DesignValue(.range(min: 20, max: 400), field: .textLength))],
                           nodes: 1, textNodes: 1),
                PartDesign(name: "photos", images: ImageSet(
                    count: DesignValue(.weights([.init(0, weight: 5), .init(1, weight: 3), .init(2, weight: 1), .init(4, weight: 1)]),
                                       field: .photos),
                    display: .fraction(0.5, aspect: 1), single: .fraction(1, aspect: 0.75), columns: 2, maxShown: 4)),
                PartDesign(name: "link", count: DesignValue(.chance(0.15), field: .linkCard), views: 4,
                           texts: [line(40), line(40)], height: 88, nodes: 3, textNodes: 3),
                PartDesign(name: "video", count: DesignValue(.chance(0.05), field: .video), views: 2,
                           images: ImageSet(count: .fixed(1), display: .fraction(1, aspect: 9.0 / 16.0)), nodes: 2, textNodes: 2),
                PartDesign(name: "comment", count: DesignValue(.range(min: 0, max: 3), field: .commentPreviews), views: 2,
                           texts: [line(30), line(30)], height: 36),
                PartDesign(name: "reactions", count: DesignValue(.chance(0.6), field: .reactions), views: 5, height: 44,
                           nodes: 4, textNodes: 4),
            ])
    }
}

/// The view count of each of seed #1's nib cells.
public enum RowCellViews {
    /// The views a row kind's cell holds (estimate: the views such a row
    /// shows on a detail page: labels, image views, buttons, and a container
    /// each; a feed post as the other table strategies' post cell).
    public static func views(of kind: ItemKind) -> Int {
        switch kind {
        case .post: return 24
        case .topImage: return 3
        case .name: return 6
        case .buttons: return 7
        case .addToList, .redirect, .edit: return 3
        case .calendar: return 9
        case .catchCopy, .courseHeader, .courseMore, .newsHeader, .newsMore, .reportHeader, .noReports, .reportsMore: return 2
        case .menu, .news, .otherReports: return 4
        case .photoStrip, .recommended: return 8
        case .course: return 5
        case .report: return 7
        case .staff, .history: return 6
        }
    }
}
