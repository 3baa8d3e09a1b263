/// The practical thresholds of a verdict: when a modeled change is too small
/// to matter ("="), and when a change reads better as an amount than as a
/// percentage. One place, so that `compare`'s verdicts and every other
/// figure that ranks two modeled values (the uncertainty shares) agree.
extension Metric {
    /// The share of a value under which a modeled change is "=": 1%.
    ///
    /// estimate: the modeled figures rest on cost constants whose sources
    /// are uncertain by far more than 1% (the device profiles' cited ranges
    /// and estimates), so a smaller
    /// difference says nothing about the phone.
    public static let noiseFloorShare = 0.01

    /// The hitch ratio's absolute floor, in ms per s.
    ///
    /// estimate: a tenth of Apple's "good" band (≤ 10 ms/s, Xcode Organizer's
    /// ratings in "Understanding hitches in your app"), and a fifth of the
    /// ≤ 5 ms/s WWDC20 "Eliminate animation hitches with XCTest" asks to aim for.
    public static let hitchRatioFloorMsPerS = 1.0

    /// Whether `a` and `b` of this metric are practically equal: their
    /// difference is within the noise floor of the metric's unit.
    ///
    /// - Modeled times (ms): less than one frame of the device
    ///   (`frameIntervalMs`), or less than 1% of the larger value. A whole
    ///   frame (one vsync sooner or later) always counts.
    /// - Hitch ratio (ms/s): less than 1 ms/s, or less than 1%.
    /// - Modeled counts and bytes: less than 1% of the larger value (so a
    ///   count under 100 must be the same).
    /// - Points (content moved without the user scrolling): less than 1 pt.
    /// - Correctness counts (crashes, stale, never-shown or mis-sized rows,
    ///   reloads of unchanged cells): exact; any difference counts.
    /// - Measured (host) figures: exact; their verdicts come from the 95%
    ///   interval of the ratio of medians, never from this floor.
    ///
    /// - Complexity: O(1).
    public func isPracticallyEqual(_ a: Double, _ b: Double, frameIntervalMs: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else { return false }
        let difference = abs(b - a)
        let relative = difference < Self.noiseFloorShare * max(abs(a), abs(b))
        switch (kind, unit) {
        case (.measured, _):
            return false
        case (_, .points):
            return difference < 1
        case (.correctness, _):
            return false
        case (_, .ms):
            // A microsecond short of a frame, so that a whole frame computed
            // through two roundings (ns to ms) is never taken for less.
            return difference < frameIntervalMs - 0.001 || relative
        case (_, .msPerS):
            return difference < Self.hitchRatioFloorMsPerS || relative
        case (_, .count), (_, .bytes):
            return relative
        }
    }

    /// Whether a change from `a` to `b` reads better as an amount ("+66.7
    /// ms") than as a percentage ("+400.0%"): when either value is small,
    /// where a percentage of it misleads, or zero, where it has none.
    /// Small is under 10 frames of the device for times (166.7 ms at 60 Hz),
    /// under 10 for counts and ms/s, under 1 MiB for bytes; points are
    /// always shown as an amount.
    ///
    /// - Complexity: O(1).
    public func showsAbsoluteChange(_ a: Double, _ b: Double, frameIntervalMs: Double) -> Bool {
        let smaller = min(abs(a), abs(b))
        switch unit {
        case .ms: return smaller < 10 * frameIntervalMs
        case .count, .msPerS: return smaller < 10
        case .bytes: return smaller < 1_048_576
        case .points: return true
        }
    }
}
