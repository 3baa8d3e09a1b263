import ListData
import ListDiff
import ListSimulator

/// A Texture node list's data source over sections of items, a node per
/// item built from its kind's design (``KindSet/nodeContent(for:width:scale:nodes:)``,
/// text and image nodes): what an app using a diffing library on Texture
/// writes (the reloadData write-up's app, on `ASCollectionNode`).
final class ItemNodeSource: TableNodeDataSource, ItemSource {
    let node: TableNode
    var sections: [DataSection] = []
    let kinds: KindSet

    /// A source showing items of `kinds` in a table node, or a collection node with `collection`'s layout.
    init(simulation: Simulation, kinds: KindSet, collection: CollectionLayout?) {
        self.kinds = kinds
        node = TableNode(simulation: simulation, collection: collection)
        node.dataSource = self
    }

    var target: any DiffTarget { node }
    var surface: any ListSurface { node }

    func numberOfSections(in tableNode: TableNode) -> Int { sections.count }

    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = sections[path.section].items[path.item]
        let width = tableNode.itemWidth
        let scale = tableNode.simulation.device.scale
        let kinds = kinds
        return { kinds.nodeContent(for: item, width: width, scale: scale, nodes: true) }
    }

    func visibleContent() -> [ContentKey] { node.visibleContent }
}
