import Foundation
import ListData
import Profiler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, for progress and messages; standard output carries only reports.
///
/// Every write goes through `write(2)` and is checked: a report that cannot
/// be written to standard output (a full disk, a closed file) ends the
/// command with ``ListBenchExit/ioError``; a message that cannot be written
/// to standard error is dropped, never a trap.
enum Terminal {
    /// Whether progress lines should be shown: only when standard error is a terminal.
    static var showsProgress: Bool { isatty(STDERR_FILENO) == 1 }

    /// `write(2)` (the C library's, under a name no Swift member here shadows).
    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(descriptor, buffer, count)
    }

    /// Writes all of `text` to a file descriptor, retrying short writes and
    /// interrupted calls; false when a write fails (`errno` says why).
    ///
    /// - Complexity: O(n) in the text's UTF-8 length.
    static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(descriptor, base + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Writes a report (or part of one) to standard output, followed by a
    /// newline unless it ends with one.
    ///
    /// - Throws: ``ListBenchExit/ioError`` when standard output cannot take
    ///   it, after saying so on standard error.
    static func out(_ text: String) throws {
        // No report sends a control sequence to the terminal (a hostile name is shown escaped).
        let safe = PrintableText.escaped(text, keepingLines: true)
        let line = safe.hasSuffix("\n") ? safe : safe + "\n"
        guard writeAll(STDOUT_FILENO, line) else {
            note("listbench: cannot write to standard output (\(String(cString: strerror(errno))))")
            throw ListBenchExit.ioError
        }
    }

    /// Writes one line to standard error; a failed write is dropped (there is nowhere left to say so).
    static func note(_ line: String) {
        _ = writeAll(STDERR_FILENO, PrintableText.escaped(line, keepingLines: true) + "\n")
    }

    /// A progress callback: overwrites one status line on a terminal, or does nothing.
    static func progress(quiet: Bool) -> @Sendable (String) -> Void {
        guard !quiet, showsProgress else { return { _ in } }
        return { line in _ = writeAll(STDERR_FILENO, "\r\u{1B}[K\(line)") }
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
        if !quiet, showsProgress { _ = writeAll(STDERR_FILENO, "\r\u{1B}[K") }
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
