/// Row heights and positions of a list, with O(log n) look-ups and updates.
///
/// A Fenwick tree over the heights of all rows, laid end to end across
/// sections. Heights are rounded to 1/64 point, so every sum is exact in
/// floating point and positions never drift.
///
/// Every row has a *base* height until it is set (``setHeight(_:of:known:)``):
/// the tree holds each row's difference from the base, and a row's position
/// is `row × base` plus the differences above it. So ``reset(count:height:known:)``,
/// which gives every row one height (a `reloadData` with a fixed height or
/// a table-wide estimate), is O(1) apart from growing or shrinking the
/// arrays to the new count: slots carry the generation they were written in,
/// and a slot from an earlier generation reads as the base (its height the
/// base, its difference 0). Because every sum is exact, the positions are
/// the same, bit for bit, as those of a tree built from the heights row by
/// row. Memory: 21 bytes a row.
public struct RowGeometry: Sendable {
    /// Each row's height; valid where `stamps` holds the current generation, else the base.
    private var heights: [Double]
    /// The Fenwick tree of the rows' differences from the base; valid (else 0) as `heights`.
    private var tree: [Double]
    /// Whether each row's height is real (measured or given) rather than estimated; valid as `heights`.
    private var known: [Bool]
    /// The generation each slot (its height, flag and tree node) was last written in.
    private var stamps: [UInt32]
    private var generation: UInt32 = 0
    /// The height, and whether it is real, of a row not written since the last reset.
    private var base = 0.0
    private var baseKnown = false
    /// The sum of every row's difference from the base.
    private var difference = 0.0
    /// Rounds a height to the geometry's 1/64-point grid: to the nearest
    /// 64th, halves away from zero (`rounded()`'s rule).
    ///
    /// Below 2⁵² 64ths (any real height) without the C library's `round`
    /// (``Sim/nearestWhole(_:)``). A test checks it against `rounded()`,
    /// halves included.
    public static func quantize(_ height: Double) -> Double {
        guard height.isFinite, height > 0 else { return 0 }
        let scaled = height * 64
        guard scaled < 0x1p52 else { return scaled.rounded() / 64 }
        return Double(Sim.nearestWhole(scaled)) / 64
    }

    /// - Complexity: O(n), in one pass that quantizes the heights and
    ///   builds the tree, each node written once, when its row is reached:
    ///   the row's height plus its children's nodes, which are the nodes
    ///   of the row's index with one of its trailing one bits cleared (rows
    ///   before it, built already; one child on average). No array is
    ///   zero-filled first. Every height is a whole number of 64ths, so the
    ///   sums are exact and their order does not matter, as long as a node's
    ///   rows add up to less than 2⁴⁷ points (about 1.4 × 10¹⁴, far past any
    ///   list's height); beyond that sums may round, and not as the order
    ///   used before 4de6599 rounded them.
    public init(heights: [Double], known: [Bool]) {
        let count = heights.count
        var sum = 0.0
        var tree: [Double] = []
        let quantized = [Double](unsafeUninitializedCapacity: count) { values, initialized in
            tree = [Double](unsafeUninitializedCapacity: count) { nodes, built in
                heights.withUnsafeBufferPointer { heights in
                    for index in 0..<count {
                        let value = Self.quantize(heights[index])
                        values.initializeElement(at: index, to: value)
                        sum += value
                        // The node covers rows (index & (index + 1))...index.
                        var node = value
                        var bit = 1
                        while index & bit != 0 {
                            node += nodes[index ^ bit]
                            bit <<= 1
                        }
                        nodes.initializeElement(at: index, to: node)
                    }
                }
                built = count
            }
            initialized = count
        }
        self.heights = quantized
        self.known = known
        stamps = Array(repeating: 0, count: count)
        self.tree = tree
        difference = sum
    }

    public var count: Int { heights.count }

    /// The sum of every row's height.
    ///
    /// - Complexity: O(1).
    public var totalHeight: Double { Double(count) * base + difference }

    public func height(of row: Int) -> Double { stamps[row] == generation ? heights[row] : base }
    public func isKnown(_ row: Int) -> Bool { stamps[row] == generation ? known[row] : baseKnown }

    /// Appends ``height(of:)`` and ``isKnown(_:)`` of each row in `rows` to
    /// `heights` and `known`: copied as slices when every row's slot is
    /// current (as after ``init(heights:known:)``), else row by row.
    ///
    /// - Complexity: O(rows).
    func append(_ rows: Range<Int>, heights: inout [Double], known: inout [Bool]) {
        if stamps[rows].allSatisfy({ $0 == generation }) {
            heights.append(contentsOf: self.heights[rows])
            known.append(contentsOf: self.known[rows])
            return
        }
        for row in rows {
            heights.append(height(of: row))
            known.append(isKnown(row))
        }
    }

    /// Gives the geometry `count` rows, every one `height` tall (real or an
    /// estimate, as `known` says), forgetting every height set before.
    ///
    /// - Complexity: O(1), plus O(|count − previous count|) to grow or
    ///   shrink the arrays (amortized O(1) a row added); O(n) once every
    ///   2³² resets, when the generations wrap.
    public mutating func reset(count: Int, height: Double, known isKnown: Bool) {
        if generation == .max {
            for index in stamps.indices { stamps[index] = 0 }
            generation = 1
        } else {
            generation += 1
        }
        base = Self.quantize(height)
        baseKnown = isKnown
        difference = 0
        let previous = heights.count
        if count < previous {
            heights.removeLast(previous - count)
            tree.removeLast(previous - count)
            known.removeLast(previous - count)
            stamps.removeLast(previous - count)
        } else if count > previous {
            // Stamped with an earlier generation: they read as the base.
            let added = count - previous
            heights.append(contentsOf: repeatElement(0, count: added))
            tree.append(contentsOf: repeatElement(0, count: added))
            known.append(contentsOf: repeatElement(false, count: added))
            stamps.append(contentsOf: repeatElement(generation - 1, count: added))
        }
    }

    /// Makes a slot current: a slot from an earlier generation takes the base's values first.
    private mutating func claim(_ index: Int) {
        guard stamps[index] != generation else { return }
        stamps[index] = generation
        heights[index] = base
        known[index] = baseKnown
        tree[index] = 0
    }

    /// A tree node's value: 0 for a slot from an earlier generation.
    private func node(_ index: Int) -> Double { stamps[index] == generation ? tree[index] : 0 }

    /// Sets a row's height; returns the change.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func setHeight(_ height: Double, of row: Int, known isKnown: Bool = true) -> Double {
        let value = Self.quantize(height)
        claim(row)
        let delta = value - heights[row]
        heights[row] = value
        known[row] = isKnown
        if delta != 0 {
            var index = row
            while index < tree.count {
                claim(index)
                tree[index] += delta
                index |= index + 1
            }
            difference += delta
        }
        return delta
    }

    /// The y of a row's top edge (the sum of the heights above it).
    ///
    /// - Complexity: O(log n).
    public func minY(of row: Int) -> Double {
        var sum = Double(max(0, row)) * base
        var index = row - 1
        while index >= 0 {
            sum += node(index)
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
        // Binary lifting: the largest prefix whose sum is <= y. At each step
        // the node at `next - 1` covers exactly the `step` rows after `position`.
        var position = 0
        var remaining = y
        // The largest power of two not above the tree's size.
        var step = 1 << (Int.bitWidth - 1 - tree.count.leadingZeroBitCount)
        while step > 0 {
            let next = position + step
            if next <= tree.count {
                let span = Double(step) * base + node(next - 1)
                if span <= remaining {
                    position = next
                    remaining -= span
                }
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
            sum += height(of: row)
        }
        return sum == totalHeight
    }
}

/// The rows a list found lately in its ``RowGeometry``, each with the band
/// it covers: a frame that scrolls within the same rows finds them again in
/// O(1). The answer is always ``RowGeometry/row(at:)``'s: every height is on
/// the 1/64-point grid, so a row's edges and the search's sums are exact,
/// and `y` is in a row's band exactly when the search stops at that row.
///
/// Kept beside the geometry, not in it, so that finding a row does not
/// change the geometry (``ListLayout`` keeps its visible rows until the
/// geometry changes). The owner forgets them whenever the geometry changes
/// (``forget()``).
struct RowBands: Sendable {
    private var located: [Band] = []
    /// The slot the next new band goes to once all are taken (round robin).
    private var next = 0

    /// A row and the band it covers, [top, bottom).
    private struct Band: Sendable {
        var row: Int
        var top: Double
        var bottom: Double
    }

    /// How many rows are kept: the two edges of the few bands a frame asks
    /// for (the viewport, prefetching, Texture's ranges).
    private static let capacity = 6

    /// Forgets every band (the geometry changed).
    mutating func forget() {
        located.removeAll(keepingCapacity: true)
        next = 0
    }

    /// The row of `geometry` that contains `y`, as ``RowGeometry/row(at:)``
    /// finds it, remembering its band.
    ///
    /// - Complexity: O(1) for a `y` in a remembered band, else O(log n).
    mutating func locate(_ y: Double, in geometry: RowGeometry) -> Int? {
        if y > 0 {
            for band in located where band.top <= y && y < band.bottom { return band.row }
        }
        guard let row = geometry.row(at: y) else { return nil }
        let top = geometry.minY(of: row), bottom = top + geometry.height(of: row)
        if y > 0, top <= y, y < bottom {
            let band = Band(row: row, top: top, bottom: bottom)
            if located.count < Self.capacity {
                located.append(band)
            } else {
                located[next] = band
                next = (next + 1) % Self.capacity
            }
        }
        return row
    }
}
