import ListDiff

extension ScenarioRunner {
    /// The item the first visible row shows and that row's top on screen
    /// (its y less the content offset), nil while no row shows content: what
    /// a test follows to see whether content moved under a still finger.
    ///
    /// - Complexity: O(v) for `v` visible rows.
    public var screenTop: (item: Int, y: Double)? {
        guard let item = visibleItems.first, let row = surface.visibleRowRange.first else { return nil }
        var start = 0
        for (section, count) in surface.rowCounts.enumerated() {
            if row < start + count {
                return (item, surface.frame(ofRow: .init(section: section, item: row - start)).minY - surface.contentOffset)
            }
            start += count
        }
        return nil
    }

    /// The index of the step under way (-1 before the first), and whether the user's finger is moving.
    public var userStep: (index: Int, moving: Bool) { (user.stepIndex, user.motion != nil) }

    /// The list's content offset and the largest it allows, in points.
    public var scrollPosition: (offset: Double, maximum: Double) { (surface.contentOffset, surface.maximumOffset) }
}
