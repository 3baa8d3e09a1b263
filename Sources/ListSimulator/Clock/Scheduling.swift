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

extension CPUScheduler {
    /// The share of a core a thread of class `qos` gets while threads of the
    /// classes `others` also run, on `cores` cores (see ``SimClock``'s notes).
    ///
    /// - Complexity: O(t) for `t` threads.
    public func share(of qos: QoS, among others: [QoS], cores: Int) -> Double {
        let scheduler = self
        // The groups that compete for cores, highest first: XNU's buckets, or iOS 12's decay bands.
        func group(_ qos: QoS) -> Int {
            switch scheduler {
            case .clutch: return qos.rawValue
            case .decayBand:
                switch qos {
                case .userInteractive, .userInitiated, .default: return 0
                case .utility: return 1
                case .background: return 2
                }
            }
        }
        var counts = Array(repeating: 0, count: QoS.allCases.count)
        counts[group(qos)] += 1
        for other in others { counts[group(other)] += 1 }
        // Cores to the higher buckets first; each bucket's threads share what it gets.
        var bucketShare = Array(repeating: 0.0, count: counts.count)
        var free = Double(cores)
        for bucket in counts.indices where counts[bucket] > 0 {
            bucketShare[bucket] = min(Double(counts[bucket]), free)
            free -= bucketShare[bucket]
        }
        // A starved bucket's floor comes out of the buckets above it, in proportion (clutch only).
        for bucket in counts.indices where scheduler == .clutch && counts[bucket] > 0 {
            guard let floor = QoS(rawValue: bucket)?.starvationShare, bucketShare[bucket] < floor else { continue }
            let above = bucketShare[..<bucket].reduce(0, +)
            guard above > 0 else { continue }
            let taken = min(floor - bucketShare[bucket], above)
            for higher in 0..<bucket { bucketShare[higher] *= 1 - taken / above }
            bucketShare[bucket] += taken
        }
        return bucketShare[group(qos)] / Double(counts[group(qos)])
    }
}

/// What a clock knows of the threads that compete for the cores while one
/// of its tasks runs: that task's thread and class, when main and each
/// worker are free, the workers' classes, the cores, and how many tasks of
/// a class are ready by a time (counted up to a limit).
struct CoreLoad {
    var thread: SimThread
    var qos: QoS
    var mainFree: SimTime
    var workerFree: [SimTime]
    var workerQoS: [QoS]
    var cores: Int
    var ready: (QoS, SimTime, Int) -> Int
}

extension CPUScheduler {
    /// How long `cost` of CPU takes on `load`'s thread from `now`, given the
    /// other threads' tasks still running: piecewise, as they end
    /// (``SimClock``'s notes say how the cores are shared).
    ///
    /// - Complexity: O(w²) for `w` workers (ready work counted up to the idle workers).
    func wallTime(for cost: SimTime, from now: SimTime, load: CoreLoad) -> SimTime {
        var remaining = Double(cost)
        var time = now
        while remaining > 0 {
            var others: [QoS] = []
            var nextEnd: SimTime?
            func busy(_ end: SimTime, _ qos: QoS) {
                guard end > time else { return }
                others.append(qos)
                nextEnd = min(nextEnd ?? end, end)
            }
            if load.thread != .main { busy(load.mainFree, .userInteractive) }
            var idleWorkers = 0
            for index in load.workerFree.indices where load.thread != .worker(index) {
                if load.workerFree[index] > time { busy(load.workerFree[index], load.workerQoS[index]) } else { idleWorkers += 1 }
            }
            let started = others
            // Idle workers with work ready for them are runnable too: they start on it now
            // (the simulator runs them after this task, but they compete with it from here).
            if idleWorkers > 0, others.count + 1 + idleWorkers > load.cores {
                for qos in QoS.allCases where idleWorkers > 0 {
                    let ready = load.ready(qos, time, idleWorkers)
                    others += Array(repeating: qos, count: ready)
                    idleWorkers -= ready
                }
            }
            guard others.count + 1 > load.cores else { break }
            var rate = share(of: load.qos, among: others, cores: load.cores)
            // Work that is ready but not started has no known end: the share holds until a known one.
            guard let end = nextEnd else {
                // Starved by work not started yet (iOS 12's bands): that work's length is
                // unknown, so this task runs beside the started work alone (the atomic
                // model's approximation: the later task does not hold this one back).
                if rate <= 0 { rate = share(of: load.qos, among: started, cores: load.cores) }
                guard rate > 0 else { break }
                time += SimTime((remaining / rate).rounded(.up))
                return time - now
            }
            let segment = Double(end - time)
            if rate > 0, segment * rate >= remaining {
                time += SimTime((remaining / rate).rounded(.up))
                return time - now
            }
            remaining -= segment * rate
            time = end
        }
        return time - now + SimTime(remaining.rounded(.up))
    }
}
