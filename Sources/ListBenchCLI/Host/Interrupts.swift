import Foundation
import Profiler
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C. SIGINT is blocked in every thread from the start of `main` and
/// taken by one watcher thread with `sigwait`, so it is handled in ordinary
/// code (no async-signal-safety limits) whatever the other threads do.
///
/// - While runs are in progress (``watch(_:)``), the first Ctrl-C cancels
///   them: no new run starts, running ones stop (in-process runs check the
///   flag every 16 simulator steps; isolated children are killed), and
///   the command prints what finished and writes no file (exit 130).
/// - Otherwise, or on a second Ctrl-C, the process exits at once with 130.
/// - SIGTERM and SIGHUP end the process at once (128 + the signal).
/// - Before any such exit, the temporary files and folders being used are
///   removed (``Cleanup``); output files are renamed into place only as a
///   set, which an exit waits for, so none is left half-written or half a set.
enum Interrupts {
    private static let current = Locked<Cancellation?>(nil)

    /// Blocks SIGINT in this (the main, first) thread, so in every thread started later, and starts the watcher.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let watched = set
        let watcher = Thread {
            var set = watched
            while true {
                var signal: Int32 = 0
                guard sigwait(&set, &signal) == 0 else { continue }
                if signal == SIGINT, let cancellation = current.value, !cancellation.isCancelled {
                    cancellation.cancel()
                    Terminal.note("\ninterrupted: stopping; Ctrl-C again to quit at once")
                } else {
                    current.value?.cancel()
                    Cleanup.removeAll()
                    _exit(signal == SIGINT ? ListBenchExit.interrupted.rawValue : 128 + signal)
                }
            }
        }
        watcher.start()
    }

    /// Runs `body` with a cancellation that the first Ctrl-C sets.
    static func watch<T>(_ body: (Cancellation) throws -> T) rethrows -> T {
        let cancellation = Cancellation()
        current.value = cancellation
        defer { current.value = nil }
        return try body(cancellation)
    }
}
