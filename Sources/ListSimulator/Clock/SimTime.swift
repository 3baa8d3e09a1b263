/// A point or span of virtual time, in nanoseconds.
///
/// Integer nanoseconds keep every modeled figure exact and identical on every
/// machine; costs given in microseconds or milliseconds are rounded to the
/// nearest nanosecond once, when converted.
public typealias SimTime = Int64

public enum Sim {
    /// Nanoseconds in `value` milliseconds, rounded.
    @inlinable
    public static func ms(_ value: Double) -> SimTime { nanoseconds(value * 1_000_000) }

    /// Nanoseconds in `value` microseconds, rounded.
    @inlinable
    public static func us(_ value: Double) -> SimTime { nanoseconds(value * 1_000) }

    /// `SimTime(nanoseconds.rounded())`: to the nearest nanosecond, halves
    /// away from zero, and a trap for what is not finite or does not fit,
    /// as that does (every charge converts a cost: ``nearestWhole(_:)``).
    @inlinable
    static func nanoseconds(_ nanoseconds: Double) -> SimTime {
        guard nanoseconds.magnitude < 0x1p52 else { return SimTime(nanoseconds.rounded()) }
        return nearestWhole(nanoseconds)
    }

    /// `Int64(value.rounded())` (the nearest whole number, halves away from
    /// zero) for a magnitude below 2⁵², worked out without a call into the
    /// C library's `round`: a value less its whole part (`Int64` truncates
    /// towards zero) is exact there. The caller handles larger values. Tests
    /// check it against `rounded()` through its two callers (this and
    /// ``RowGeometry/quantize(_:)``), halves included.
    @inlinable @inline(__always)
    static func nearestWhole(_ value: Double) -> Int64 {
        let whole = Int64(value)
        let fraction = value - Double(whole)
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }

    /// A virtual time as milliseconds, for reports.
    @inlinable
    public static func milliseconds(_ time: SimTime) -> Double { Double(time) / 1_000_000 }
}
