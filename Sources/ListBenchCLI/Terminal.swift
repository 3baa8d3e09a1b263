import Foundation
import Profiler

/// Standard error, for progress and messages; standard output carries only reports.
enum Terminal {
    /// Whether progress lines should be shown: only when standard error is a terminal.
    static var showsProgress: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes one line to standard error.
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A progress callback: overwrites one status line on a terminal, or does nothing.
    static func progress(quiet: Bool) -> @Sendable (String) -> Void {
        guard !quiet, showsProgress else { return { _ in } }
        return { line in FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
    }

    /// A progress callback for a benchmark: the status line, with an estimate
    /// of the time left once the runs have taken a couple of seconds (host
    /// wall time; only on a terminal, never in reports).
    static func benchmarkProgress(quiet: Bool) -> @Sendable (ProgressUpdate) -> Void {
        let show = progress(quiet: quiet)
        guard !quiet, showsProgress else { return { _ in } }
        let start = ContinuousClock.now
        return { update in
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            show(update.line(elapsedSeconds: seconds))
        }
    }

    /// Clears the status line left by ``progress(quiet:)``.
    static func endProgress(quiet: Bool) {
        if !quiet, showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// The build configuration of this binary.
    static var build: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }
}
