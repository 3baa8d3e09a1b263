import ListData
import ListSimulator

/// The cells of seed #5's Texture strategies, and their option `cells`.
enum TextureCells: String, StrategyOptionValue {
    /// The published sample's `PostCellNode`, exactly (`github:yuuuutsk/ASTableNodeSample`,
    /// `PostCellNode.swift`): 101 `ASTextNode`s (`(0...100)`), each with
    /// `style.preferredSize` 2 × 140 pt, a gray background and the post's id
    /// as its attributed text, in a horizontal `ASStackLayoutSpec` (so the
    /// cell is 140 pt tall), with `automaticallyManagesSubnodes`. The post's
    /// other fields are not shown.
    case sample
    /// Items as rich Texture cells, from their kind design (the feed's post:
    /// an estimate, ``KindSet/feed``); photos in network image nodes, dropped
    /// with the contents.
    case rich
    /// The app sets downloaded photos on image nodes itself, and a node keeps
    /// them after it leaves the display range (the pattern Texture's
    /// maintainers name as the cause of unbounded growth, TextureGroup/Texture #211).
    case photos

    static let key = "cells"
    static let meaning = "what a row's cell node holds"
    static let defaultValue = TextureCells.sample

    var meaning: String {
        switch self {
        case .sample: "the published sample's PostCellNode: 101 text nodes of 2 x 140 pt showing the post's id (with data.kinds: the kinds' nodes, as rich)"
        case .rich: "nodes built from the kinds' designs (feed posts: about 19 subnodes, 7 or more of them text); photos dropped with the contents"
        case .photos: "image nodes the app sets downloaded photos on, which each node keeps (Texture #211)"
        }
    }

    /// The sample's text nodes: `(0...100)`, 101 of them.
    static let sampleTextNodes = 101
    /// The sample's nodes in one row: the cell node and its text nodes.
    static var sampleSubnodes: Int { 1 + sampleTextNodes }
    /// The sample's text node size, in points (`style.preferredSize`).
    static let sampleTextNodeSize = (width: 2.0, height: 140.0)

    /// A row's node content: the sample's node, or the item's kind design
    /// (``KindSet/nodeContent(for:width:scale:nodes:)``): with `rich`, a
    /// subnode per view (the feed's post: the estimate its design states),
    /// with `photos` the design's views; every text node shows its own
    /// string, one renderer each.
    ///
    /// The sample's cell shows a post's id and nothing else, so it has
    /// nothing to show of a scenario's own kinds (`data.kinds`): with them,
    /// `sample` builds the kinds' nodes as `rich` does, so that a Texture run
    /// of a user's list shows the user's cells.
    func content(for item: Item, kinds: KindSet, width: Double, scale: Double) -> CellContent {
        switch self {
        case .sample:
            if case .drawn = kinds.source { return kinds.nodeContent(for: item, width: width, scale: scale, nodes: true) }
            return Self.sampleContent(item)
        case .rich, .photos: return kinds.nodeContent(for: item, width: width, scale: scale, nodes: self == .rich)
        }
    }

    /// The sample's `PostCellNode` for a post: the cell node and its 101 text
    /// nodes; each draws a backing store of its 2 × 140 pt bounds (its gray
    /// background and the id), and all of them share one renderer, having
    /// the same string at the same size. The id is one word wider than
    /// 2 points, so each text node lays out and draws it (estimate: counted
    /// as one line per text node, its characters the id's digits).
    static func sampleContent(_ item: Item) -> CellContent {
        let digits = String(item.id).count
        let size = sampleTextNodeSize
        return CellContent(
            key: ContentKey(item: item.id, version: item.version), views: 1 + sampleTextNodes,
            textLines: sampleTextNodes, textCharacters: sampleTextNodes * digits, height: size.height,
            textNodes: sampleTextNodes, textRenderers: 1, drawnArea: Double(sampleTextNodes) * size.width * size.height)
    }
}
