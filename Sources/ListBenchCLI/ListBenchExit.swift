import Scenarios

/// listbench's documented exit codes, one case each (also in the README).
///
/// A command ends with a code by throwing it: ``ListBenchCommand/main(strategies:)``
/// exits with its raw value and prints nothing more (the command has already
/// said why on standard error). The `--help` summary is generated from the
/// cases, so a code cannot be added without its meaning.
/// Usage errors that swift-argument-parser reports itself (a `ValidationError`
/// thrown from `validate()`, an unknown flag) exit with its `validationFailure`
/// code, which is ``usage``'s 64.
enum ListBenchExit: Int32, CaseIterable, Error, Sendable {
    case success = 0
    /// A figure regressed past the threshold against `--baseline`.
    case regression = 3
    /// One or more runs failed on the host: a trap, the --timeout or the --memory-limit, or a
    /// broken invariant with --check-invariants (the report says which). Outranks a regression.
    case runFailed = 4
    /// Bad usage or an invalid option value (sysexits' EX_USAGE; swift-argument-parser's validation code).
    case usage = 64
    /// A scenario file or a device profile file is not valid, or a scenario's
    /// list is one a strategy's surface cannot show (a grid given `surface=table`) (EX_DATAERR).
    case invalidScenario = 65
    /// A file or folder cannot be opened: missing, the wrong kind (a folder for a file or the reverse, a FIFO),
    /// unreadable, a symbolic link loop (EX_NOINPUT).
    case cannotOpen = 66
    /// The `--baseline` file was read but cannot be compared with: not a
    /// listbench report, another report format, truncated, a figure no run
    /// produces (named by its JSON path), no run in common with this one
    /// (another scenario, device or strategy), or one saved by another tool
    /// or model version. An edit of the scenario or device profile is
    /// compared, not refused.
    case invalidBaseline = 67
    /// A result failed its own verification, or repetitions' modeled figures differed: a bug in listbench (EX_SOFTWARE).
    case internalError = 70
    /// An output file cannot be created: its folder is missing or read-only,
    /// or the target is not a regular file (a link, a folder, a FIFO, a
    /// device), is one of the command's inputs, or is named by another output (EX_CANTCREAT).
    case cannotCreate = 73
    /// Standard output, or an output file's contents, could not be written (a full disk, a closed file) (EX_IOERR).
    case ioError = 74
    /// Interrupted (Ctrl-C): what finished was printed, no file was written, unless the
    /// files were already being renamed into place: then every one was (128 + SIGINT).
    case interrupted = 130

    /// What the code means, for `--help` and the README.
    var meaning: String {
        switch self {
        case .success: return "success"
        case .regression: return "a figure regressed past --threshold against --baseline"
        case .runFailed: return "a run failed on the host (a trap, --timeout, --memory-limit or a broken invariant: "
            + "the report names it; outranks 3)"
        case .usage: return "bad usage or an invalid option value"
        case .invalidScenario: return "an invalid scenario file or device profile file, or a grid given a table surface (surface=table)"
        case .cannotOpen: return "a file or folder that cannot be opened (missing, the wrong kind, unreadable, a link loop)"
        case .invalidBaseline: return "an invalid --baseline file (not a listbench report of this format version, truncated, "
            + "or a figure no run produces), or one with no run in common with this one, or one saved by another listbench or model version"
        case .internalError: return "internal error (a result failed its own verification, or repetitions' modeled "
            + "figures differed: please report it)"
        case .cannotCreate: return "an output file that cannot be created (no such folder, read-only, not a regular file, "
            + "an input of the command, or named twice; nothing is written)"
        case .ioError: return "standard output or an output file could not be written (a full disk); no output file was replaced"
        case .interrupted: return "interrupted (what finished is printed; no file is written, unless they were already being "
            + "replaced: then all are)"
        }
    }

    /// Every code, one sentence, for `--help`.
    static let summary = summary(of: allCases)

    /// `codes` with their meanings, in the order given: "0 success; 3 …".
    static func summary(of codes: [ListBenchExit]) -> String {
        codes.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }

    /// The exit code for a scenario file that could not be loaded.
    static func forScenario(_ error: ScenarioError) -> ListBenchExit {
        switch error {
        case .missingFile, .isDirectory, .unreadable: return .cannotOpen
        case .emptyFile, .notText, .tooLarge, .syntax, .invalid: return .invalidScenario
        }
    }
}
