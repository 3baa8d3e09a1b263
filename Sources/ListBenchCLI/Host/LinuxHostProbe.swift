import Foundation
import CHostStats
import Profiler
#if canImport(Glibc)
import Glibc
#endif

/// The measured figures of one run on this host.
///
/// - wall: `CLOCK_MONOTONIC` around the run;
/// - CPU: `CLOCK_THREAD_CPUTIME_ID` of the thread that runs it (the
///   simulation is single-threaded; this excludes other jobs' threads);
/// - heap: glibc's `mallinfo2().uordblks` (bytes in use) after the run,
///   before its objects are freed, minus before: the heap the run holds at
///   its end, not the total it allocated (an interposer would be needed for that);
/// - peak RSS: as ``HostMemoryProbe``: `malloc_trim`, then VmHWM reset
///   through /proc/self/clear_refs, then VmHWM − VmRSS. Process-wide, so only
///   meaningful one run at a time.
struct LinuxHostProbe: HostProbe {
    let method: String
    private let trim: (@convention(c) (Int) -> Int32)?
    private let heapInUse: (@Sendable () -> Double)?
    private let peakAvailable: Bool

    init() {
        heapInUse = Self.mallinfo2()
        #if os(Linux)
        trim = HostMemoryProbe.mallocTrim()
        peakAvailable = HostMemoryProbe.resetPeak() && HostMemoryProbe.statusField("VmHWM") != nil
        #else
        trim = nil
        peakAvailable = false
        #endif
        method = "wall: CLOCK_MONOTONIC; cpu: CLOCK_THREAD_CPUTIME_ID of the running thread; "
            + (heapInUse == nil ? "alloc: not measured (glibc mallinfo2 unavailable); "
                : "alloc: glibc mallinfo2 (uordblks + hblkhd) at the end of the run (before freeing it) minus before, i.e. heap held, not total allocated; ")
            + (peakAvailable ? "peak RSS: VmHWM reset through /proc/self/clear_refs after malloc_trim, VmHWM after minus VmRSS before, to a 4 KiB page"
                : "peak RSS: not measured (/proc/self/clear_refs unavailable)")
    }

    func measure<T>(_ body: () -> T) -> (T, HostSample) {
        _ = trim?(0)
        var rssBefore: Int?
        if peakAvailable, HostMemoryProbe.resetPeak() { rssBefore = HostMemoryProbe.statusField("VmRSS") }
        let heapBefore = heapInUse?()
        let wallStart = Self.now(CLOCK_MONOTONIC), cpuStart = Self.now(CLOCK_THREAD_CPUTIME_ID)
        let kept = body()
        let cpuEnd = Self.now(CLOCK_THREAD_CPUTIME_ID), wallEnd = Self.now(CLOCK_MONOTONIC)
        let heapAfter = withExtendedLifetime(kept) { heapInUse?() }
        let peak = rssBefore.flatMap { before in HostMemoryProbe.statusField("VmHWM").map { Double(max(0, $0 - before)) } }
        return (kept, HostSample(
            wallNanoseconds: wallEnd - wallStart, cpuNanoseconds: cpuEnd - cpuStart,
            allocatedBytes: heapBefore.flatMap { before in heapAfter.map { max(0, $0 - before) } }, peakRSSBytes: peak))
    }

    private static func now(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }

    /// glibc's `mallinfo2` (2.33+) through the CHostStats shim, or nil when unavailable.
    private static func mallinfo2() -> (@Sendable () -> Double)? {
        guard listbench_heap_in_use() >= 0 else { return nil }
        return { Double(listbench_heap_in_use()) }
    }
}
