extension TableNode {
    /// Checks that every live row has a live node and that no released node
    /// holds memory; returns what is broken (empty when all holds), in the
    /// order the checks run.
    ///
    /// - Complexity: O(n log n) for `n` rows.
    public func checkInvariants() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        let inRows = Set(nodes.map(\.serial))
        for serial in liveNodes.keys.sorted() where !inRows.contains(serial) {
            problems.append(.nodeOutlivedRow(node: serial))
        }
        let costs = simulation.costs
        let footprint = liveNodes.values.reduce(renderers.count * Int(costs.textRendererBytes.value)) { sum, node in
            sum + node.subnodes * Int(costs.nodeBytes.value) + (node.isViewLoaded ? node.subnodes * Int(costs.viewBytes.value) : 0)
                + node.content.textNodes * Int(costs.textAttributedStringBytes.value)
                + node.renderedBytes + node.decodedBytes
        }
        if footprint != simulation.ledger.total {
            problems.append(.ledgerMismatch(ledgerBytes: simulation.ledger.total, liveBytes: footprint, holders: .nodes))
        }
        if nodes.count != numberOfRows { problems.append(.nodeCountMismatch(nodes: nodes.count, rows: numberOfRows)) }
        if let dead = nodes.firstIndex(where: { !$0.isAlive }) { problems.append(.releasedNodeInRow(row: dead)) }
        if !layout.geometry.isConsistent() { problems.append(.geometryInconsistent) }
        if inRows.count != nodes.count { problems.append(.nodeServesTwoRows) }
        return problems
    }
}
