/// Quality of service of background work, highest first (as GCD's classes).
///
/// `.default` is what `DispatchQueue.global()` gives: below user-initiated,
/// above utility (Apple, `DispatchQoS.default`: "lower priority than
/// user-initiated and user-interactive tasks, but a higher priority than
/// utility and background tasks").
public enum QoS: Int, Comparable, CaseIterable, Sendable {
    case userInteractive, userInitiated, `default`, utility, background

    public static func < (lhs: QoS, rhs: QoS) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The share of one core a thread of this class gets when every core is
    /// held by threads of higher classes: XNU's clutch scheduler runs a
    /// starved bucket for one thread quantum once its worst-case execution
    /// latency has passed (`doc/scheduler/sched_clutch_edge.md`: WCEL
    /// IN 37.5 ms, DF 75 ms, UT 150 ms, BG 250 ms; quanta IN 8 ms, DF 6 ms,
    /// UT 4 ms, BG 2 ms), so quantum / (WCEL + quantum). User-interactive
    /// work shares the top (FG) bucket with the main thread and is never starved.
    public var starvationShare: Double {
        switch self {
        case .userInteractive: return 1
        case .userInitiated: return 8 / (37.5 + 8)
        case .default: return 6 / (75 + 6)
        case .utility: return 4 / (150 + 4)
        case .background: return 2 / (250 + 2)
        }
    }
}

/// How the kernel shares CPU cores among threads of different classes when
/// there are more runnable threads than cores. iOS 13 brought XNU's clutch
/// scheduler (`sched_clutch.c` first appears in xnu-6153, iOS 13's kernel);
/// before it, embedded XNU time-shared threads by priority with usage decay.
public enum CPUScheduler: Equatable, Sendable {
    /// iOS 13 and later: buckets by class, higher buckets first, with a
    /// starvation share for lower ones (``QoS/starvationShare``).
    case clutch
    /// iOS 12 and earlier: a busy thread's priority decays with its CPU use,
    /// by at most `sched_pri_decay_band_limit` = 47 − 31 + 2 = 18 levels
    /// (xnu `sched_prim.c`, "Allow foreground to decay past default to
    /// resolve inversions"; `priority.c`, `sched_compute_timeshare_priority`
    /// for CONFIG_EMBEDDED). The main thread (47) can so fall to 29, below
    /// user-initiated (37) and default (31) work, which then time-share the
    /// cores with it; utility (20) and background (4) work run only on cores
    /// those leave. Equal shares within that band are an estimate: the
    /// split depends on load and usage aging.
    case decayBand

    /// The scheduler of an iOS version.
    public init(iOS version: Int) { self = version >= 13 ? .clutch : .decayBand }
}
