import ArgumentParser
import Scenarios

/// listbench's documented exit codes (also in the README and `listbench --help`).
enum ExitCodes {
    /// A figure regressed past the threshold against `--baseline`.
    static let regression = ExitCode(3)
    /// One or more runs failed on the host: a trap, the --timeout or the --memory-limit (the report says which).
    /// Outranks a regression.
    static let runFailed = ExitCode(4)
    /// Interrupted (Ctrl-C): what finished was printed, no file was written (128 + SIGINT).
    static let interrupted = ExitCode(130)
    /// Bad usage or an invalid option value (sysexits' EX_USAGE; swift-argument-parser's validation code).
    static let usage = ExitCode(64)
    /// A scenario file is not valid (EX_DATAERR).
    static let invalidScenario = ExitCode(65)
    /// A file cannot be opened: missing, a directory, unreadable (EX_NOINPUT).
    static let cannotOpen = ExitCode(66)
    /// An output file cannot be written (EX_CANTCREAT).
    static let cannotCreate = ExitCode(73)
    /// A result failed its own verification: a bug in listbench (EX_SOFTWARE).
    static let internalError = ExitCode(70)

    /// Every code, one sentence, for `--help`.
    static let summary = """
        0 success; 3 a regression against --baseline; 4 a run failed on the host (a trap, --timeout or \
        --memory-limit: the report names it); 64 bad usage or invalid option values; 65 an invalid scenario \
        or baseline file; 66 a file that cannot be opened; 70 internal error (a result failed its own \
        verification: please report it); 73 an output file that cannot be written; 130 interrupted (what \
        finished is printed, no file is written).
        """

    /// The exit code for a scenario file that could not be loaded.
    static func forScenario(_ error: ScenarioError) -> ExitCode {
        switch error {
        case .missingFile, .isDirectory, .unreadable: return cannotOpen
        default: return invalidScenario
        }
    }
}
