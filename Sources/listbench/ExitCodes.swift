import ArgumentParser
import Scenarios

/// listbench's documented exit codes (also in the README and `listbench --help`).
enum ExitCodes {
    /// A figure regressed past the threshold against `--baseline`.
    static let regression = ExitCode(3)
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

    /// The exit code for a scenario file that could not be loaded.
    static func forScenario(_ error: ScenarioError) -> ExitCode {
        switch error {
        case .missingFile, .isDirectory, .unreadable: return cannotOpen
        default: return invalidScenario
        }
    }
}
