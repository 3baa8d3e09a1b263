@testable import ListSimulator
import Testing

/// `RowGeometry`'s reset (every row one height, in O(1) beyond the rows
/// added) against a geometry built row by row from the same heights: every
/// position, look-up and total is the same, bit for bit.
@Suite("Row geometry")
struct RowGeometryTests {
    /// `reference` built from plain arrays, the way a geometry was always built.
    private static func expectSame(_ geometry: RowGeometry, _ heights: [Double], _ known: [Bool]) {
        let reference = RowGeometry(heights: heights, known: known)
        #expect(geometry.count == reference.count)
        #expect(geometry.totalHeight == reference.totalHeight)
        #expect(geometry.isConsistent())
        for row in 0..<reference.count {
            #expect(geometry.height(of: row) == reference.height(of: row))
            #expect(geometry.isKnown(row) == reference.isKnown(row))
            #expect(geometry.minY(of: row) == reference.minY(of: row))
        }
        for y in stride(from: -5.0, through: reference.totalHeight + 50, by: 7.25) {
            #expect(geometry.row(at: y) == reference.row(at: y))
        }
    }

    /// Resets to growing, shrinking and equal counts, with heights set
    /// between them (as a reload, then layout measuring rows), agree with a
    /// geometry built from the heights every time.
    @Test(arguments: [UInt64(1), 2, 3, 29])
    func resetsAndSetsAgreeWithAGeometryBuiltRowByRow(seed: UInt64) {
        var rng = Seeded(state: seed)
        var geometry = RowGeometry(heights: [], known: [])
        var heights: [Double] = []
        var known: [Bool] = []
        for _ in 0..<40 {
            let count = Int.random(in: 0...300, using: &rng)
            let base = Double(Int.random(in: 0...400, using: &rng)) / 3
            let real = Bool.random(using: &rng)
            geometry.reset(count: count, height: base, known: real)
            heights = Array(repeating: base, count: count)
            known = Array(repeating: real, count: count)
            Self.expectSame(geometry, heights, known)
            for _ in 0..<(count == 0 ? 0 : Int.random(in: 0...40, using: &rng)) {
                let row = Int.random(in: 0..<count, using: &rng)
                let height = Double(Int.random(in: 0...900, using: &rng)) / 7
                let isKnown = Bool.random(using: &rng)
                let delta = geometry.setHeight(height, of: row, known: isKnown)
                #expect(delta == RowGeometry.quantize(height) - RowGeometry.quantize(heights[row]))
                heights[row] = height
                known[row] = isKnown
            }
            Self.expectSame(geometry, heights, known)
        }
    }

    /// `RowBands` remembers the bands of the rows it finds; scrolling by
    /// small steps over any y (off the 1/64 grid, before the start, past the
    /// end), with heights set (zero ones too) and resets between, each
    /// forgetting the bands as `ListLayout` does, it answers as the search
    /// does every time.
    @Test(arguments: [UInt64(5), 8, 13])
    func locatingARowAlwaysAgreesWithTheSearch(seed: UInt64) {
        var rng = Seeded(state: seed)
        let heights = (0..<200).map { _ in Double(Int.random(in: 0...600, using: &rng)) / 7 }
        var geometry = RowGeometry(heights: heights, known: heights.map { _ in true })
        var bands = RowBands()
        for round in 0..<30 {
            var y = Double.random(in: -20...geometry.totalHeight + 20, using: &rng)
            for _ in 0..<200 {
                y += Double.random(in: -3...40, using: &rng)
                #expect(bands.locate(y, in: geometry) == geometry.row(at: y), "y \(y)")
                #expect(bands.locate(y + 600, in: geometry) == geometry.row(at: y + 600))
            }
            if geometry.count > 0 {
                let row = Int.random(in: 0..<geometry.count, using: &rng)
                geometry.setHeight(Double(Int.random(in: 0...600, using: &rng)) / 7, of: row)
                bands.forget()
            }
            if round % 10 == 9 {
                geometry.reset(count: Int.random(in: 0...300, using: &rng), height: 61.3, known: false)
                bands.forget()
            }
        }
    }

    /// A geometry built at once (each tree node written once, from its
    /// row and its children) puts every row where the quantized heights
    /// above it add up to, and finds each row at its top, for counts
    /// around powers of two (where a node's children are most and fewest).
    @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 1000, 1025])
    func aGeometryBuiltAtOnceHasEveryRowWhereTheHeightsAbovePutIt(count: Int) {
        var rng = Seeded(state: UInt64(count) + 7)
        let heights = (0..<count).map { _ in Double(Int.random(in: 1...4000, using: &rng)) / 7 }
        let geometry = RowGeometry(heights: heights, known: heights.map { $0 > 100 })
        #expect(geometry.isConsistent())
        var top = 0.0
        for (row, height) in heights.enumerated() {
            let quantized = RowGeometry.quantize(height)
            #expect(geometry.minY(of: row) == top && geometry.height(of: row) == quantized)
            #expect(geometry.row(at: top) == row)
            top += quantized
        }
        #expect(geometry.totalHeight == top)
    }

    /// A geometry built from heights, then reset: nothing of the old heights is left.
    @Test func aResetForgetsEveryHeightSetBefore() {
        var geometry = RowGeometry(heights: [10, 20, 30, 40], known: [true, false, true, false])
        geometry.setHeight(99, of: 2)
        geometry.reset(count: 6, height: 12.5, known: false)
        Self.expectSame(geometry, Array(repeating: 12.5, count: 6), Array(repeating: false, count: 6))
        geometry.reset(count: 2, height: 44, known: true)
        Self.expectSame(geometry, [44, 44], [true, true])
        geometry.reset(count: 0, height: 44, known: true)
        #expect(geometry.row(at: 10) == nil)
        #expect(geometry.totalHeight == 0)
    }

    /// Quantizing rounds to the nearest 64th, halves away from zero, as
    /// `rounded()` does, without calling it: random heights, exact halves
    /// and their neighbours, the largest values worked out inline and past
    /// them, and what is not a height.
    @Test func quantizingRoundsAsRoundedDoes() {
        func expected(_ height: Double) -> Double { height.isFinite && height > 0 ? (height * 64).rounded() / 64 : 0 }
        var rng = Seeded(state: 64)
        var heights: [Double] = [0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 0x1p46, 0x1p46.nextDown, 0x1p46.nextUp, 1e300]
        for _ in 0..<20_000 { heights.append(Double.random(in: 0..<5_000, using: &rng)) }
        for whole in 0..<2_000 {
            let half = (Double(whole) + 0.5) / 64
            heights += [half, half.nextDown, half.nextUp, Double(whole) / 64]
        }
        for height in heights {
            #expect(RowGeometry.quantize(height).bitPattern == expected(height).bitPattern, "\(height)")
        }
    }

    /// A cost's conversion to nanoseconds rounds as `rounded()` does, halves
    /// away from zero, without calling it: random costs of both signs,
    /// exact halves and their neighbours, and the largest values worked
    /// out inline and past them.
    @Test func convertingACostRoundsAsRoundedDoes() {
        var rng = Seeded(state: 1_000)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 0x1p52, 0x1p52.nextDown, -0x1p52.nextDown, 0x1p53, 0x1p62, -0x1p62]
        for _ in 0..<20_000 { values.append(Double.random(in: -5e9...5e9, using: &rng)) }
        for _ in 0..<20_000 { values.append(Double.random(in: -3...3, using: &rng)) }
        for whole in -2_000..<2_000 {
            let half = Double(whole) + 0.5
            values += [half, half.nextDown, half.nextUp, Double(whole), Double(whole) * 1_048_576.5]
        }
        for value in values {
            #expect(Sim.nanoseconds(value) == SimTime(value.rounded()), "\(value)")
        }
        #expect(Sim.us(1.0005) == SimTime((1.0005 * 1_000).rounded()) && Sim.ms(0.0000015) == SimTime((0.0000015 * 1_000_000).rounded()))
    }
}

/// A seeded generator (SplitMix64's steps), so the cases are the same on every run (this module's tests share it).
struct Seeded: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
