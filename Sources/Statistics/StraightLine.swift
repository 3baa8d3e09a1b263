/// The least-squares straight line through points: y ≈ slope · x + intercept.
///
/// What a published table's totals fit when they are a cost per item plus a
/// fixed cost (the timeline write-up's three screens, say).
public struct StraightLine: Equatable, Sendable {
    public var slope: Double
    public var intercept: Double
    /// The largest distance, in y, of a point from the line.
    public var largestResidual: Double

    /// Fits the points.
    ///
    /// - Complexity: O(n).
    /// - Returns: nil for fewer than two points, or when every x is the same.
    public init?(x: [Double], y: [Double]) {
        guard x.count == y.count, x.count >= 2 else { return nil }
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for (xi, yi) in zip(x, y) {
            covariance += (xi - meanX) * (yi - meanY)
            variance += (xi - meanX) * (xi - meanX)
        }
        guard variance > 0 else { return nil }
        slope = covariance / variance
        intercept = meanY - slope * meanX
        var largest = 0.0
        for (xi, yi) in zip(x, y) { largest = max(largest, abs(yi - (slope * xi + intercept))) }
        largestResidual = largest
    }

    /// The line's y at `x`.
    public func value(at x: Double) -> Double { slope * x + intercept }
}
