import Foundation

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
