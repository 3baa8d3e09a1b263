/// Row heights and positions of a list, with O(log n) look-ups and updates.
///
/// A Fenwick tree over the heights of all rows, laid end to end across
/// sections. Heights are rounded to 1/64 point, so every sum is exact in
/// floating point and positions never drift.
public struct RowGeometry: Sendable {
    private var heights: [Double]
    private var tree: [Double]
    /// Whether each row's height is real (measured or given) rather than estimated.
    private var known: [Bool]
    public private(set) var totalHeight: Double = 0

    /// Rounds a height to the geometry's 1/64-point grid.
    public static func quantize(_ height: Double) -> Double {
        guard height.isFinite, height > 0 else { return 0 }
        return (height * 64).rounded() / 64
    }

    /// - Complexity: O(n).
    public init(heights: [Double], known: [Bool]) {
        self.heights = heights.map(Self.quantize)
        self.known = known
        tree = self.heights
        // Linear-time Fenwick construction.
        for index in tree.indices {
            let parent = index | (index + 1)
            if parent < tree.count { tree[parent] += tree[index] }
        }
        totalHeight = self.heights.reduce(0, +)
    }

    public var count: Int { heights.count }

    public func height(of row: Int) -> Double { heights[row] }
    public func isKnown(_ row: Int) -> Bool { known[row] }

    /// Sets a row's height; returns the change.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func setHeight(_ height: Double, of row: Int, known isKnown: Bool = true) -> Double {
        let value = Self.quantize(height)
        let delta = value - heights[row]
        heights[row] = value
        known[row] = isKnown
        if delta != 0 {
            var index = row
            while index < tree.count {
                tree[index] += delta
                index |= index + 1
            }
            totalHeight += delta
        }
        return delta
    }

    /// The y of a row's top edge (the sum of the heights above it).
    ///
    /// - Complexity: O(log n).
    public func minY(of row: Int) -> Double {
        var sum = 0.0
        var index = row - 1
        while index >= 0 {
            sum += tree[index]
            index = (index & (index + 1)) - 1
        }
        return sum
    }

    /// The row that contains `y` (the last row when `y` is past the end), or nil when empty.
    ///
    /// - Complexity: O(log n).
    public func row(at y: Double) -> Int? {
        guard !heights.isEmpty else { return nil }
        if y <= 0 { return 0 }
        // Binary lifting: the largest prefix whose sum is <= y.
        var position = 0
        var remaining = y
        var step = 1
        while step * 2 <= tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= tree.count, tree[next - 1] <= remaining {
                position = next
                remaining -= tree[next - 1]
            }
            step /= 2
        }
        return min(position, heights.count - 1)
    }

    /// Checks the Fenwick tree against a plain sum (tests and debug checks).
    ///
    /// - Complexity: O(n log n).
    public func isConsistent() -> Bool {
        var sum = 0.0
        for row in heights.indices {
            if minY(of: row) != sum { return false }
            sum += heights[row]
        }
        return sum == totalHeight
    }
}
