import CHostStats
import Foundation
import MicroBenchmarks
import Profiler
#if canImport(Glibc)
import Glibc
#endif

/// Measures the peak resident memory a piece of work adds, on Linux.
///
/// Method: `malloc_trim(0)` hands freed heap pages back to the kernel, so
/// that memory freed by earlier work cannot be silently reused; then writing
/// `5` to `/proc/self/clear_refs` resets the process's peak resident set
/// (`VmHWM`) to its current size (`VmRSS`); the work runs; the new `VmHWM`
/// minus the old `VmRSS` is the peak extra memory the work touched, to a page.
enum HostMemoryProbe {
    static let method = "peak resident memory added by one run (Linux: malloc_trim, "
        + "reset of VmHWM through /proc/self/clear_refs, VmHWM after minus VmRSS before), to a 4 KiB page"

    /// A probe, or nil with the reason when this host cannot measure.
    static func make() -> (probe: DiffBenchmark.MemoryProbe?, method: String) {
        #if os(Linux)
        guard resetPeak(), statusField("VmHWM") != nil else {
            return (nil, "not measured: /proc/self/clear_refs or VmHWM is not available on this host")
        }
        guard let trim = mallocTrim() else {
            return (nil, "not measured: glibc's malloc_trim is not available on this host")
        }
        let probe: DiffBenchmark.MemoryProbe = { body in
            _ = trim(0)
            guard resetPeak(), let before = statusField("VmRSS") else { return nil }
            body()
            guard let peak = statusField("VmHWM") else { return nil }
            return max(0, peak - before)
        }
        return (probe, method)
        #else
        return (nil, "not measured: the probe needs Linux's /proc")
        #endif
    }

    #if os(Linux)
    /// glibc's `malloc_trim`, looked up at run time (`<malloc.h>` is not in Swift's Glibc module).
    static func mallocTrim() -> (@convention(c) (Int) -> Int32)? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }
    #endif

    /// Lets this process keep freed memory for reuse (glibc: blocks from the
    /// heap, not mapped afresh, wherever the heap can grow; 256 MiB of free
    /// heap top kept;
    /// `listbench_keep_freed_memory`), for runs whose figures are all
    /// modeled. A million-row run frees and rebuilds its row arrays on every
    /// update; with glibc's defaults each rebuild faults fresh zeroed pages
    /// in (docs/performance.md). Measured runs keep glibc's defaults, so
    /// that their peak resident memory means what it always did. Where the
    /// settings are refused or absent, runs are only slower, never
    /// different: nothing to report.
    static func keepFreedMemory() {
        _ = listbench_keep_freed_memory()
    }

    /// Resets VmHWM to the current resident size.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        // Cleanup: the write below decides the answer; a failed close of /proc's file changes nothing.
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// A `kB` field of /proc/self/status, in bytes.
    static func statusField(_ name: String) -> Int? {
        // A probe: nil means "cannot measure here"; make() then reports the method as not measured.
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
