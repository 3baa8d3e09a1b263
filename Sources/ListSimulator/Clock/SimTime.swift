/// A point or span of virtual time, in nanoseconds.
///
/// Integer nanoseconds keep every modeled figure exact and identical on every
/// machine; costs given in microseconds or milliseconds are rounded to the
/// nearest nanosecond once, when converted.
public typealias SimTime = Int64

public enum Sim {
    /// Nanoseconds in `value` milliseconds, rounded.
    @inlinable
    public static func ms(_ value: Double) -> SimTime { SimTime((value * 1_000_000).rounded()) }

    /// Nanoseconds in `value` microseconds, rounded.
    @inlinable
    public static func us(_ value: Double) -> SimTime { SimTime((value * 1_000).rounded()) }

    /// A virtual time as milliseconds, for reports.
    @inlinable
    public static func milliseconds(_ time: SimTime) -> Double { Double(time) / 1_000_000 }
}
