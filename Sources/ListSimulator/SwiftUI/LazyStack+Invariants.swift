import ListData

extension LazyStack {
    /// The stack's invariants: the geometry has a row per item, every
    /// visible row has a view on screen, and the memory ledger holds what
    /// the live views (and the elements built to count views) hold.
    ///
    /// - Complexity: O(v + w) for `v` visible rows and `w` live views.
    public func checkInvariants() -> [InvariantViolation] {
        guard isLoaded else { return [] }
        var problems: [InvariantViolation] = []
        let counted = sectionStarts.last ?? 0
        if geometry.count != counted || numberOfRows != counted {
            problems.append(.rowCountMismatch(geometryRows: geometry.count, countedRows: counted))
        }
        for row in visibleRowRange {
            guard let view = views[row] else {
                problems.append(.visibleRowWithoutView(row: row))
                continue
            }
            if !view.isVisible { problems.append(.viewNotShown(row: row)) }
        }
        var live = countedRows * Int(simulation.costs.viewBytes.value)
        for view in views.values { live += view.viewBytes + view.renderedBytes + view.decodedBytes }
        if live != simulation.ledger.total {
            problems.append(.ledgerMismatch(ledgerBytes: simulation.ledger.total, liveBytes: live, holders: .views))
        }
        return problems
    }
}
