extension TableView {
    /// Checks the table's own invariants; returns each one broken (empty when
    /// all hold), ordered by their descriptions. For tests and debug checks.
    ///
    /// - Every visible row has a cell, displayed, and only visible rows have
    ///   cells, besides prefetched runs right next to them; no cell is both in a row and in a reuse pool; the content
    ///   height equals the sum of the row heights; the loaded row counts
    ///   match the geometry; the memory ledger's total equals the footprint of
    ///   the live cells (in rows and in pools). Meaningful when no update is
    ///   half-way (the runner checks after each step, once settled).
    /// - Complexity: O(n log n) for `n` rows.
    public func checkInvariants() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        guard isLoaded else { return problems }
        let geometry = layout.geometry
        if !geometry.isConsistent() { problems.append(.geometryInconsistent) }
        if geometry.count != numberOfRows { problems.append(.rowCountMismatch(geometryRows: geometry.count, countedRows: numberOfRows)) }
        for row in visibleRowRange {
            guard let cell = cells[row] else {
                problems.append(.visibleRowWithoutCell(row: row))
                continue
            }
            if !cell.isDisplayed { problems.append(.cellNotDisplayed(row: row)) }
        }
        let pooled = Set(pools.values.flatMap { pool in pool.map(\.serial) })
        for row in cells.keys.sorted() {
            if let cell = cells[row], pooled.contains(cell.serial) {
                problems.append(.cellAlsoInReusePool(row: row, cell: cell.serial))
            }
        }
        if Set(cells.values.map(\.serial)).count != cells.count { problems.append(.cellServesTwoRows) }
        // Other cells only for prefetched rows: runs next to the visible rows,
        // without gaps (prefetching measures rows, so the run's length is not
        // known afterwards; a cell left behind anywhere else breaks the run).
        let visible = visibleRowRange
        let below = cells.keys.filter { $0 >= visible.upperBound }.sorted()
        let above = cells.keys.filter { $0 < visible.lowerBound }.sorted(by: >)
        for (index, row) in below.enumerated() where row != visible.upperBound + index {
            problems.append(.strayCell(row: row))
        }
        for (index, row) in above.enumerated() where row != visible.lowerBound - 1 - index {
            problems.append(.strayCell(row: row))
        }
        let footprint = liveFootprint()
        if footprint != simulation.ledger.total {
            problems.append(.ledgerMismatch(ledgerBytes: simulation.ledger.total, liveBytes: footprint, holders: .cells))
        }
        // By message, as the runner has always reported them.
        return problems.sorted { $0.description < $1.description }
    }

    /// The bytes held by every live cell (in a row or in a reuse pool): the
    /// cell, its views, its backing store and its decoded images.
    func liveFootprint() -> Int {
        let costs = simulation.costs
        var seen = Set<Int>()
        var bytes = 0
        for cell in Array(cells.values) + pools.values.flatMap({ $0 }) where seen.insert(cell.serial).inserted {
            bytes += Int(costs.cellBytes.value) + cell.views * Int(costs.viewBytes.value) + cell.renderedBytes + cell.decodedBytes
        }
        return bytes + headers.bytes(costs)
    }
}
