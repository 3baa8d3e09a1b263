import Randomness

/// Robust summary statistics of repeated measurements.
///
/// Medians and the median absolute deviation resist the outliers that a
/// shared machine produces (a context switch, a page fault burst), where a
/// mean and standard deviation would not.
public struct SampleSummary: Equatable, Sendable, Codable {
    /// How many samples the summary covers.
    public var count: Int
    public var median: Double
    /// The 90th percentile (linear interpolation between closest ranks).
    public var p90: Double
    public var min: Double
    public var max: Double
    /// Median absolute deviation from the median (unscaled).
    public var mad: Double

    /// Summarises samples.
    ///
    /// - Complexity: O(n log n).
    /// - Returns: nil for an empty sample.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.quantile(sorted, 0.5)
        p90 = Self.quantile(sorted, 0.9)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let center = median
        mad = Self.quantile(sorted.map { abs($0 - center) }.sorted(), 0.5)
    }

    /// The q-quantile of sorted values, interpolating linearly between ranks.
    ///
    /// - Precondition: `sorted` is non-empty and ascending.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}

/// A ratio of two medians with a bootstrap confidence interval.
public struct RatioEstimate: Equatable, Sendable, Codable {
    /// median(numerator) / median(denominator).
    public var ratio: Double
    /// Lower and upper bounds of the percentile bootstrap interval.
    public var low: Double
    public var high: Double
    /// The confidence level of the interval (0.95 for 95%).
    public var confidence: Double
    /// How many bootstrap resamples were drawn.
    public var resamples: Int

    /// Estimates median(numerator) / median(denominator) and a percentile
    /// bootstrap interval: both samples are resampled with replacement,
    /// independently, `resamples` times.
    ///
    /// The resampling is seeded, so the same samples always give the same
    /// interval. With very few samples (under five or so) the interval is
    /// coarse and says more about the sample than about the population.
    ///
    /// - Complexity: O(r · (n log n + m log m)) for `r` resamples.
    /// - Returns: nil when either sample is empty or a median is zero.
    public init?(
        numerator: [Double], denominator: [Double], confidence: Double = 0.95, resamples: Int = 2_000,
        seed: UInt64 = 0x5EED
    ) {
        guard let top = SampleSummary(numerator), let bottom = SampleSummary(denominator),
              bottom.median > 0, resamples > 0
        else { return nil }
        var rng = SplitMix64(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let a = Self.resampledMedian(numerator, using: &rng)
            let b = Self.resampledMedian(denominator, using: &rng)
            if b > 0 { ratios.append(a / b) }
        }
        ratios.sort()
        guard !ratios.isEmpty else { return nil }
        ratio = top.median / bottom.median
        let tail = (1 - confidence) / 2
        low = SampleSummary.quantile(ratios, tail)
        high = SampleSummary.quantile(ratios, 1 - tail)
        self.confidence = confidence
        self.resamples = resamples
    }

    private static func resampledMedian(_ samples: [Double], using rng: inout SplitMix64) -> Double {
        var draw: [Double] = []
        draw.reserveCapacity(samples.count)
        for _ in samples.indices { draw.append(samples[Int.random(in: 0..<samples.count, using: &rng)]) }
        draw.sort()
        return SampleSummary.quantile(draw, 0.5)
    }
}
