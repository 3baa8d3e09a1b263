import Foundation
import Profiler
import Scenarios
#if canImport(Glibc)
import Glibc
#endif

/// Runs each (scenario, strategy) run in its own child process: this same
/// binary's hidden `worker` command. A strategy that traps, hangs or
/// allocates without bound takes down only its child; the run is reported
/// as failed with the reason, and every other run goes on.
///
/// - The parent polls each child every few milliseconds: past `timeout`
///   seconds of wall time, or past `memoryLimitBytes` of resident memory
///   (from /proc/PID/statm), it is killed with SIGKILL.
/// - A child killed by a signal is reported with the signal's name and the
///   last line it wrote to standard error (Swift's "Fatal error: …").
/// - The child is handed its run's ``RunPlan`` in a file (written once per
///   request, the generated scenario inside it, encoded once for all of the
///   scenario's runs: ``ScenarioEncoding``), so no child reads or generates a scenario again; a
///   serving worker decodes a scenario once for the runs it takes.
/// - The child writes its result to a file in a private temporary folder,
///   not to a pipe, so a large result cannot block it; the folder is removed
///   when the executor is released.
/// - With a ``Cancellation`` set (Ctrl-C), running children are killed and
///   their runs reported as cancelled.
///
/// - A modeled-only run goes to a serving worker (``ServingWorker``, the
///   `worker --serve` command), which runs one plan after another, so it
///   pays for no process start of its own; a worker whose run failed or was
///   stopped is not used again.
/// - The watch wakes the moment a worker exits or replies, not at its next
///   poll, and the plan and result files are written without `fsync`
///   (``PrivateFile``).
///
/// - A measured run goes to a forking worker (the `worker --fork-serve`
///   command, ``runForked(plan:output:errors:)``), which forks a child for
///   it: a process of its own, as before, without a process start (which
///   cost about 20–30 ms a run here). Where the worker cannot fork, each
///   measured run starts a one-run worker.
///
/// Caveats: measured repetitions are each a new process, so warm-up runs
/// do not warm the measured one's caches; use `--no-isolate` for warm,
/// in-process repetitions.
final class IsolatedExecutor: RunExecutor, Sendable {
    private let executable: URL
    private let timeout: Double
    let memoryLimitBytes: Double
    let cancellation: Cancellation
    let folder: URL
    let canMeasure: Bool
    /// Serving and forking workers between runs (``ServingWorker``), taken by one run at a time.
    let idle = Locked<[ServingWorker]>([])
    /// False once a forking worker has answered that it cannot fork: measured runs then start a process each.
    let forkingWorks = Locked<Bool>(true)

    init(timeout: Double, memoryLimitBytes: Double, canMeasure: Bool, cancellation: Cancellation) throws {
        self.timeout = timeout
        self.memoryLimitBytes = memoryLimitBytes
        self.canMeasure = canMeasure
        self.cancellation = cancellation
        executable = URL(fileURLWithPath: Self.currentExecutable())
        let temporary = FileManager.default.temporaryDirectory
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: temporary.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw TemporaryFolderMissing(path: temporary.path)
        }
        Self.removeStaleFolders(in: temporary)
        folder = temporary.appendingPathComponent("\(Self.folderPrefix)\(getpid())-\(UUID().uuidString)")
        // Private (0700), and only inside a temporary folder that exists: a missing TMPDIR is an error, not created.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        Cleanup.remember(folder.path)
    }

    // Cleanup: a deinit has no one to tell, and the folder is private.
    deinit {
        for worker in idle.value { worker.retire() }
        try? FileManager.default.removeItem(at: folder)
        Cleanup.forget(folder.path)
    }

    /// The temporary folder (`TMPDIR`, else /tmp) does not exist or is not a folder.
    struct TemporaryFolderMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "the temporary folder '\(path)' (TMPDIR) does not exist or is not a folder; listbench does not create it" }
    }

    /// The name of every isolated run folder starts with this, then the process id.
    static let folderPrefix = "listbench-"

    /// Removes the run folders of listbench processes that no longer exist
    /// (killed by a signal that could not be caught, SIGKILL): each folder
    /// is named after its process. Only what listbench itself makes is
    /// touched: a folder (not a link or a file) named
    /// `listbench-<pid>-<UUID>`, owned by this user, private (0700), whose
    /// process is gone.
    ///
    /// - Complexity: O(entries) in the temporary folder.
    static func removeStaleFolders(in temporary: URL) {
        // A probe: an unreadable temporary folder has nothing of ours to clean up.
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for entry in entries where entry.hasPrefix(folderPrefix) {
            let parts = entry.dropFirst(folderPrefix.count).split(separator: "-", maxSplits: 1)
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UUID(uuidString: String(parts[1])) != nil else { continue }
            var info = stat()
            guard lstat(temporary.appendingPathComponent(entry).path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                  info.st_uid == getuid(), info.st_mode & 0o777 == 0o700 else { continue }
            // No such process: the folder's owner is gone (EPERM means it lives, as another user's).
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            // Cleanup of another, dead run's folder: nothing to report if it went meanwhile.
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(entry))
        }
    }

    /// This process's binary: /proc/self/exe on Linux, else the path it was started with.
    static func currentExecutable() -> String {
        // A probe: without /proc (not Linux), the documented fallback is the path the process was started with.
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }

    /// The file holding request `index`'s plan, with this executor's time and memory limits: written on the first run of the request.
    /// The scenario's bytes are the request's shared ones (``RunRequest/encoding``: made by the first of the scenario's requests
    /// to ask, before taking the private folder's lock, which other runs' plans and starts wait for); a request built without
    /// them (none of the commands' own) has its scenario encoded for its plan alone.
    ///
    /// Runs of one request never overlap (rounds follow each other), so no two threads write one file.
    private func planFile(_ index: Int, _ request: RunRequest) throws -> URL {
        let url = folder.appendingPathComponent("plan-\(index).bin")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let scenario = request.encoding?.take() ?? request.plan.generated.encoded()
        // Writing into the private folder waits for, and never races, a signal's removal of it (``Cleanup``).
        return try Cleanup.exclusively {
            var plan = request.plan
            plan.bounds.timeLimitSeconds = timeout
            plan.bounds.memoryLimitBytes = memoryLimitBytes
            try PrivateFile.write(plan.encoded(scenario: scenario), to: url.path)
            return url
        }
    }

    func run(_ index: Int, _ request: RunRequest, measure: Bool) -> RunOutcome {
        let plan: URL
        do { plan = try planFile(index, request) } catch {
            return .failed(RunFailure(reason: .exit, summary: "not started", detail: "the run's plan could not be written: \(error)"))
        }
        let name = "run-\(index)-\(UUID().uuidString)"
        let output = folder.appendingPathComponent(name + ".json")
        let errors = folder.appendingPathComponent(name + ".stderr")
        defer {
            // Cleanup: either file may not exist (the worker wrote no result); the folder goes at deinit anyway.
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        // A modeled-only run goes to a serving worker, a measured one to a forking worker (nil: its paths cannot be sent on a line, or the worker cannot fork).
        if !measure, let outcome = runServed(plan: plan, output: output) { return outcome }
        if measure, let outcome = runForked(plan: plan, output: output, errors: errors) { return outcome }
        let process = worker(["worker", "--plan", plan.path, "--output", output.path] + (measure ? ["--measure"] : []))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // Wakes the watch below the moment the worker exits, instead of at its next poll.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let launchFailure = launch(process, errors: errors)
        if let launchFailure {
            return .failed(RunFailure(reason: .exit, summary: "not started", detail: "the worker process could not start: \(launchFailure)"))
        }
        defer { Cleanup.forget(child: process.processIdentifier) }
        let started = DispatchTime.now().uptimeNanoseconds
        var stopped: RunOutcome?
        // The limits are checked every few milliseconds (0.5 ms at first, doubling to 10 ms) until the worker exits.
        var pause = 500
        while exited.wait(timeout: .now() + .microseconds(pause)) == .timedOut {
            stopped = breach(process.processIdentifier, startedAt: started)
            if stopped != nil {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            pause = min(pause * 2, 10_000)
        }
        process.waitUntilExit()
        if let stopped { return stopped }
        if cancellation.isCancelled { return .cancelled }
        return Self.ended(process, output: output, lastWords: Self.lastMessage(errors))
    }

    /// A worker process of this binary with `arguments`, not started.
    func worker(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // A trap should end the child at once, not after a symbolicated backtrace.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        return process
    }

    /// Starts `process` with its standard error in a new private file,
    /// `errors`, as one step that a signal's exit waits for, then undoes
    /// (``Cleanup``): the process is remembered as a child to kill.
    ///
    /// - Returns: nil when started, else why not.
    func launch(_ process: Process, errors: URL) -> String? {
        Cleanup.exclusively {
            // If the file cannot be made, the child's standard error goes to /dev/null: a failure then has no last words.
            // A probe: when it fails, so does the handle below, and the fallback is documented above.
            try? PrivateFile.write([], to: errors.path)
            let errorHandle = FileHandle(forWritingAtPath: errors.path)
            process.standardError = errorHandle ?? FileHandle.nullDevice
            // Cleanup: the child has its own copy of the descriptor; closing ours cannot lose anything.
            defer { try? errorHandle?.close() }
            do {
                try process.run()
            } catch {
                return String(describing: error)
            }
            Cleanup.remember(child: process.processIdentifier)
            return nil
        }
    }

    /// Why the run in process `pid`, started at `started` (uptime
    /// nanoseconds), must stop now: Ctrl-C, the wall-time limit or the
    /// resident-memory limit; nil while none applies.
    func breach(_ pid: Int32, startedAt started: UInt64) -> RunOutcome? {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if cancellation.isCancelled { return .cancelled }
        if elapsed > timeout {
            return .failed(RunFailure(reason: .timeLimit, summary: "timeout \(Self.seconds(timeout))",
                                      detail: "passed the wall-time limit of \(Self.seconds(timeout)) (--timeout) and was killed"))
        }
        if let resident = Self.residentBytes(pid), resident > memoryLimitBytes {
            let limit = Self.mebibytes(memoryLimitBytes)
            return .failed(RunFailure(reason: .memoryLimit, summary: "memory > \(limit)",
                                      detail: "passed the host memory limit of \(limit) (--memory-limit; resident \(Self.mebibytes(resident))) and was killed"))
        }
        return nil
    }

    /// The outcome of a run whose worker has exited on its own (reaped):
    /// killed by a signal, else what it handed back (``outcome(status:file:lastWords:)``).
    static func ended(_ process: Process, output: URL, lastWords: String?) -> RunOutcome {
        ended(signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
              status: process.terminationStatus, output: output, lastWords: lastWords)
    }

    /// The outcome of a run whose process has ended on its own (reaped):
    /// killed by `signal`, else exited with `status` (``outcome(status:file:lastWords:)``).
    static func ended(signal: Int32?, status: Int32, output: URL, lastWords: String?) -> RunOutcome {
        if let signal {
            let name = Self.signalName(signal)
            return .failed(RunFailure(reason: .signal, summary: name,
                                      detail: "killed by \(name)" + (signal == SIGILL || signal == SIGTRAP ? " (a Swift runtime trap)" : "")
                                        + (lastWords.map { ": \($0)" } ?? "")))
        }
        do {
            return try Self.outcome(status: status, file: output, lastWords: lastWords)
        } catch {
            return .failed(error.failure)
        }
    }

    /// What a worker that exited on its own handed back: its figures, or the failure it found itself.
    ///
    /// - Throws: ``WorkerResultError`` when the worker exited with an error,
    ///   wrote no result, or wrote one that does not decode (with the decoder's message).
    static func outcome(status: Int32, file: URL, lastWords: String?) throws(WorkerResultError) -> RunOutcome {
        guard status == 0, let data = FileManager.default.contents(atPath: file.path) else {
            throw .noResult(status: status, lastWords: lastWords)
        }
        let output: Worker.Output
        do {
            output = try Worker.Output(decoding: Array(data))
        } catch {
            throw .undecodable(WorkerResultError.describe(error))
        }
        if let failure = output.failure { return .failed(failure) }
        guard let metrics = output.metrics else { throw .noFigures }
        return .finished(metrics, output.sample)
    }

    /// Resident bytes of a process, from /proc/PID/statm (nil when it cannot be read).
    static func residentBytes(_ pid: Int32) -> Double? {
        // A probe: the child may have just exited; nil means "not known now", and the caller polls again.
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The most telling line of a child's standard error, from byte `offset` on (a serving worker's file holds its earlier runs' too): Swift's fatal-error line, else the last line.
    static func lastMessage(_ file: URL, from offset: Int = 0) -> String? {
        guard let data = FileManager.default.contents(atPath: file.path), data.count > offset else { return nil }
        let lines = String(decoding: data.dropFirst(offset).suffix(16_384), as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let line = lines.last(where: { $0.contains("Fatal error") }) ?? lines.last else { return nil }
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
            SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    static func mebibytes(_ bytes: Double) -> String { String(format: "%.0f MiB", bytes / 1_048_576) }
}

/// Why an isolated run's result could not be taken from the worker that ran it.
enum WorkerResultError: Error, Equatable, CustomStringConvertible {
    /// The worker exited with an error status, or wrote no result file; with the last line of its standard error.
    case noResult(status: Int32, lastWords: String?)
    /// The worker's result file does not decode: the decoder's message.
    case undecodable(String)
    /// The result holds neither figures nor a failure.
    case noFigures

    var description: String {
        switch self {
        case let .noResult(status, lastWords):
            return "the worker exited with status \(status) and no result" + (lastWords.map { ": \($0)" } ?? "")
        case .undecodable(let message): return "the worker's result could not be read: \(message)"
        case .noFigures: return "the worker wrote no figures"
        }
    }

    /// The run's failure, for the report.
    var failure: RunFailure {
        switch self {
        case .noResult(let status, _): return RunFailure(reason: .exit, summary: "exit \(status)", detail: description)
        case .undecodable: return RunFailure(reason: .exit, summary: "unreadable result", detail: description)
        case .noFigures: return RunFailure(reason: .exit, summary: "no result", detail: description)
        }
    }

    /// A decoder's error in a line: where in the document, what, and the underlying reason.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
        @unknown default:
            return String(describing: error)
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
            + (context.underlyingError.map { " (\($0.localizedDescription))" } ?? "")
    }
}
