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
/// - SIGTERM and SIGHUP end the process at once (128 + the signal), even
///   when the command is finishing at that moment (``exit(_:)``).
/// - Before any such exit, the temporary files and folders being used are
///   removed (``Cleanup``); output files are renamed into place only as a
///   set, which an exit waits for, so none is left half-written or half a set.
enum Interrupts {
    private static let current = Locked<Cancellation?>(nil)
    /// Taken, never to be released, by whichever ends the process first: the
    /// watcher, for a signal that ends it, or a command that has finished (``exit(_:)``).
    private static let exiting = NSLock()

    /// Ends the process with `code`, unless a signal is already ending it:
    /// then this waits for the watcher's exit, so the code is the signal's
    /// (SIGTERM's 143, not the 130 of a command that saw its runs cancelled
    /// or the 0 of one that finished as the signal came) and its clean-up
    /// is done whatever this thread was doing.
    static func exit(_ code: Int32) -> Never {
        exiting.lock()
        Foundation.exit(code)
    }

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
                    // From here the process ends with this signal's code: a command that finishes meanwhile waits (``exit(_:)``).
                    exiting.lock()
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
