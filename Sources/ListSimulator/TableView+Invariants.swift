extension TableView {
    /// Checks the table's own invariants; returns a description of each one
    /// broken (empty when all hold). For tests and debug checks.
    ///
    /// - Every visible row has a cell, displayed; no cell is both in a row
    ///   and in a reuse pool; the content height equals the sum of the row
    ///   heights; the loaded row counts match the geometry.
    /// - Complexity: O(n log n) for `n` rows.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        guard isLoaded else { return problems }
        if !geometry.isConsistent() { problems.append("content height is not the sum of the row heights") }
        if geometry.count != numberOfRows { problems.append("geometry has \(geometry.count) rows, counts say \(numberOfRows)") }
        for row in visibleRowRange {
            guard let cell = cells[row] else {
                problems.append("visible row \(row) has no cell")
                continue
            }
            if !cell.isDisplayed { problems.append("visible row \(row)'s cell is not displayed") }
        }
        let pooled = Set(pools.values.flatMap { pool in pool.map(\.serial) })
        for (row, cell) in cells where pooled.contains(cell.serial) {
            problems.append("row \(row)'s cell #\(cell.serial) is also in a reuse pool")
        }
        if Set(cells.values.map(\.serial)).count != cells.count { problems.append("one cell serves two rows") }
        return problems.sorted()
    }
}
