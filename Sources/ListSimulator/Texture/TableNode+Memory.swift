/// What a table node's rows hold in memory: renderers, nodes, contents.
extension TableNode {
    /// Asks Texture's shared renderer cache for the renderers of a node's
    /// text nodes (when it is measured, and again when it draws): a renderer
    /// not cached is made, and the least recently used past the cache's
    /// limit are freed. Renderers belong to the cache, not to the node.
    ///
    /// - Complexity: O(r) amortised for the node's `r` renderers.
    func requestRenderers(for node: CellNode) {
        let sim = simulation
        let bytes = Int(sim.costs.textRendererBytes.value)
        for index in 0..<max(0, node.content.textRenderers) {
            let (made, evicted) = renderers.request(TextRendererCache.Key(content: node.content.key, index: index))
            if made { sim.allocate(.textRenderer, bytes) }
            sim.free(.textRenderer, evicted * bytes)
        }
    }

    /// Frees a node's memory: its object (with its text nodes' attributed
    /// strings), its loaded view and its contents. The renderers its text
    /// nodes used stay in Texture's cache.
    func release(_ node: CellNode) {
        let sim = simulation
        node.isAlive = false
        liveNodes[node.serial] = nil
        clearContents(node)
        sim.free(.decodedImage, node.decodedBytes)
        node.decodedBytes = 0
        sim.free(.text, node.content.textNodes * Int(sim.costs.textAttributedStringBytes.value))
        sim.free(.node, node.subnodes * Int(sim.costs.nodeBytes.value))
        if node.isViewLoaded { sim.free(.view, node.subnodes * Int(sim.costs.viewBytes.value)) }
    }

    /// Frees the backing store, and the decoded images unless the node holds them.
    func clearContents(_ node: CellNode) {
        simulation.free(.backingStore, node.renderedBytes)
        node.renderedBytes = 0
        node.hasContents = false
        nodesEpoch &+= 1
        if imageRetention == .clearedWithContents {
            simulation.free(.decodedImage, node.decodedBytes)
            node.decodedBytes = 0
        }
    }
}
