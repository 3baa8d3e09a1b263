import ListData

/// A lazy stack's row geometry: the rows it has measured keep their
/// heights, and every other row has one estimate, the average height of
/// the views placed so far (Apple, WWDC26 session 321, "Dive into lazy
/// stacks and scrolling with SwiftUI": "the height of the subviews that are
/// off-screen are estimated. This estimated height is based on the average
/// size of views that have been placed before, and the estimated number of
/// remaining subviews").
///
/// The estimate changes with every view placed, so no row stores it: a
/// row's top is `(row - known rows above) × estimate + known heights
/// above`, the two sums kept in Fenwick trees over the rows. So a view
/// placed, or a measured height forgotten, costs O(log n), and the new
/// average moves every estimated row at once for nothing.
struct LazyStackGeometry {
    /// Rows in the stack.
    private(set) var count = 0
    /// Fenwick trees (1-based) of the known rows and of their heights.
    private var knownCounts: [Int32] = [0]
    private var knownHeights: [Double] = [0]
    /// Each known row's height, by row.
    private(set) var heights = IntMap<Double>()
    /// The estimate for a row never measured (``LazyStack/estimatedRowHeight``).
    var estimate: Double

    init(count: Int, estimate: Double) {
        self.estimate = estimate
        reset(count: count, known: IntMap())
    }

    /// Starts over with `count` rows, of which `known` have heights.
    ///
    /// - Complexity: O(n + k log n) for `n` rows and `k` known ones.
    mutating func reset(count: Int, known: IntMap<Double>) {
        self.count = count
        knownCounts = Array(repeating: 0, count: count + 1)
        knownHeights = Array(repeating: 0, count: count + 1)
        heights = IntMap(minimumCapacity: known.count)
        for row in known.keys.sorted() where row < count {
            if let height = known[row] { setHeight(height, of: row) }
        }
    }

    /// Whether the row has a measured height.
    func isKnown(_ row: Int) -> Bool { heights[row] != nil }

    /// Gives a row its measured height. O(log n).
    mutating func setHeight(_ height: Double, of row: Int) {
        let old = heights.updateValue(height, forKey: row)
        add(row, count: old == nil ? 1 : 0, height: height - (old ?? 0))
    }

    /// Forgets a row's height: it is estimated again. O(log n).
    mutating func forget(_ row: Int) {
        guard let old = heights.removeValue(forKey: row) else { return }
        add(row, count: -1, height: -old)
    }

    private mutating func add(_ row: Int, count delta: Int32, height: Double) {
        var index = row + 1
        while index <= count {
            knownCounts[index] += delta
            knownHeights[index] += height
            index += index & -index
        }
    }

    /// Known rows, and their heights, above `row`. O(log n).
    private func prefix(_ row: Int) -> (count: Int, height: Double) {
        var index = min(row, count)
        var known = 0
        var height = 0.0
        while index > 0 {
            known += Int(knownCounts[index])
            height += knownHeights[index]
            index -= index & -index
        }
        return (known, height)
    }

    /// The y of a row's top edge (of the end, for `count`). O(log n).
    func minY(of row: Int) -> Double {
        let (known, height) = prefix(row)
        return Double(row - known) * estimate + height
    }

    /// A row's height: measured, or the estimate.
    func height(of row: Int) -> Double { heights[row] ?? estimate }

    /// The height of every row.
    var totalHeight: Double { minY(of: count) }

    /// The row whose span holds `y` (the last row for `y` at or past the end). O(log² n).
    func row(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if minY(of: middle) <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Rows intersecting `top..<bottom`. O(log² n).
    func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top, bottom > 0, top < totalHeight else { return 0..<0 }
        let first = row(at: max(0, top))
        var last = row(at: bottom)
        if last > first, minY(of: last) >= bottom { last -= 1 }
        return first..<(last + 1)
    }
}
