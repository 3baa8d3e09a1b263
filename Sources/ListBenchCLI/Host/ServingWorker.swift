import Foundation
import Profiler
#if canImport(Glibc)
import Glibc
#endif

/// A worker process started with `worker --serve` (``Worker/serve()``): it
/// runs one modeled-only plan after another for ``IsolatedExecutor``, so a
/// modeled-only run pays for no process start-up of its own (docs/performance.md).
///
/// Each run is as isolated as in a one-run worker where it matters: a trap,
/// a hang or a runaway allocation ends only this process, and the run is
/// reported failed with the same reason and last words; the next run gets a
/// new worker. Modeled figures never depend on the process (the golden
/// tests run every strategy in one). Measured runs still get a new
/// process each, forked by a forking worker (`worker --fork-serve`, the same
/// class with ``forks`` set): host figures of a process that ran others
/// before would depend on what it ran.
///
/// Used by one run at a time: ``IsolatedExecutor`` takes it from its idle
/// list for a run and gives it back after, hence `@unchecked Sendable`.
final class ServingWorker: @unchecked Sendable {
    let process: Process
    /// A forking worker (`worker --fork-serve`, ``Worker/forkServe()``) for measured runs, else a serving one for modeled runs.
    let forks: Bool
    /// Its standard error, a file in the run folder: every run's last words, one run after another.
    let errors: URL
    /// Its standard input and its reply channel (its standard output, which it moves off descriptor 1).
    private let input: Pipe, output: Pipe
    /// Bytes of a reply read before its end of line.
    private var pending: [UInt8] = []
    /// Signalled by the process's termination handler once it has exited
    /// and been reaped: what ``retire(kill:)`` waits for (Foundation's
    /// `waitUntilExit` polls its run loop every 50 ms, and retiring the
    /// workers one after another paid that each time).
    private let exited: DispatchSemaphore

    init(process: Process, forks: Bool, input: Pipe, output: Pipe, errors: URL, exited: DispatchSemaphore) {
        self.process = process
        self.forks = forks
        self.input = input
        self.output = output
        self.errors = errors
        self.exited = exited
    }

    /// Where requests are written: the worker's standard input.
    var requests: FileHandle { input.fileHandleForWriting }
    /// Where its replies arrive: the read end of its reply channel.
    private var replies: Int32 { output.fileHandleForReading.fileDescriptor }

    /// What came back from the worker while a run was under way.
    enum Reply: Equatable {
        /// One line (without its line break): a serving worker's ``Worker/doneLine``, or a forking worker's ``Worker/ForkReply``.
        case line(String)
        /// The channel closed: the worker has ended.
        case ended
        /// Nothing within the pause.
        case nothing
    }

    /// Waits up to `milliseconds` for the run's reply.
    ///
    /// - Complexity: O(bytes read).
    func reply(within milliseconds: Int32) -> Reply {
        var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .nothing }
        if ready < 0 { return .ended }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
        guard count > 0 else { return .ended }
        pending += buffer[..<count]
        guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return .nothing }
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeSubrange(...end)
        return .line(line)
    }

    /// Ends an idle worker: the end of its input makes it exit on its own,
    /// and it is reaped. A worker that does not exit (it cannot, being
    /// idle) would be waited for forever, so it is killed first when
    /// `kill` is set (a worker whose run was stopped, or that misbehaved).
    func retire(kill killing: Bool = false) {
        if killing { kill(process.processIdentifier, SIGKILL) }
        // Cleanup: a worker already gone has closed its end; nothing is lost.
        try? requests.close()
        exited.wait()
        // Returns at once: the termination handler has run.
        process.waitUntilExit()
        Cleanup.forget(child: process.processIdentifier)
        // Cleanup: the folder goes at the executor's end anyway.
        try? FileManager.default.removeItem(at: errors)
    }
}

extension IsolatedExecutor {
    /// Runs a modeled-only plan in a serving worker: an idle one, else a new
    /// one. A worker that died while idle (its input is closed) is replaced
    /// once.
    ///
    /// The limits are watched as for a one-run worker (``breach(_:startedAt:)``),
    /// every few milliseconds; the reply wakes the watch at once. After a
    /// run the worker goes back to the idle list, unless its resident memory
    /// is above a quarter of `--memory-limit` (what a large run left in its
    /// heap would count against the next run's limit): it is retired.
    ///
    /// - Returns: nil when the paths cannot be sent on one line (a tab or a
    ///   line break in the temporary folder's path): the caller starts a
    ///   one-run worker instead.
    func runServed(plan: URL, output: URL) -> RunOutcome? {
        let line = plan.path + "\t" + output.path + "\n"
        guard line.filter({ $0 == "\t" || $0 == "\n" }).count == 2 else { return nil }
        return request(line, forking: false) { worker, offset in watch(worker, output: output, errorsFrom: offset) }
    }

    /// Writes `line` to a worker of the kind asked for (an idle one, else a
    /// new one) and hands it to `watch` with the size its standard-error
    /// file had before (where the run's last words start). A worker that
    /// ended while idle (its input is closed) is replaced once.
    func request(_ line: String, forking: Bool, watch: (ServingWorker, Int) -> RunOutcome?) -> RunOutcome? {
        for _ in 0..<2 {
            let worker: ServingWorker
            if let waiting = idleWorker(forking: forking) {
                worker = waiting
            } else {
                switch startServing(forking: forking) {
                case .success(let started): worker = started
                case .failure(let problem):
                    return .failed(RunFailure(reason: .exit, summary: "not started", detail: "the worker process could not start: \(problem.message)"))
                }
            }
            // A probe: where this run's last words will start; an unreadable file has none (offset 0 reads what there is).
            let offset = (try? FileManager.default.attributesOfItem(atPath: worker.errors.path)[.size] as? Int) ?? 0
            do {
                try worker.requests.write(contentsOf: Data(line.utf8))
            } catch {
                // It ended while idle (killed from outside): another takes the run.
                worker.retire(kill: true)
                continue
            }
            return watch(worker, offset)
        }
        let kind = forking ? "forking" : "serving"
        return .failed(RunFailure(reason: .exit, summary: "not started", detail: "two \(kind) workers in a row ended before they could take the run"))
    }

    /// Why a serving worker could not be started.
    struct StartFailure: Error {
        var message: String
    }

    /// An idle worker of the kind asked for, taken off the idle list; nil when there is none.
    func idleWorker(forking: Bool) -> ServingWorker? {
        idle.withLock { workers in workers.lastIndex { $0.forks == forking }.map { workers.remove(at: $0) } }
    }

    /// Starts a serving worker (`worker --serve`), or a forking one (`worker --fork-serve`).
    func startServing(forking: Bool) -> Result<ServingWorker, StartFailure> {
        let process = worker(["worker", forking ? "--fork-serve" : "--serve"])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let errors = folder.appendingPathComponent("serve-\(UUID().uuidString).stderr")
        if let failure = launch(process, errors: errors) { return .failure(StartFailure(message: failure)) }
        // The child has its copies; ours would keep the channels open after it ended.
        // Cleanup: closing a pipe end we no longer use cannot lose anything.
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        return .success(ServingWorker(process: process, forks: forking, input: input, output: output, errors: errors, exited: exited))
    }

    /// Watches `worker`'s run until its reply, its end, or a limit.
    private func watch(_ worker: ServingWorker, output: URL, errorsFrom offset: Int) -> RunOutcome {
        let started = DispatchTime.now().uptimeNanoseconds
        var pause: Int32 = 1
        while true {
            switch worker.reply(within: pause) {
            case .line(Worker.doneLine):
                let outcome: RunOutcome
                do { outcome = try Self.outcome(status: 0, file: output, lastWords: nil) } catch {
                    worker.retire(kill: true)
                    return .failed(error.failure)
                }
                if let resident = Self.residentBytes(worker.process.processIdentifier), resident > memoryLimitBytes / 4 {
                    worker.retire()
                } else {
                    idle.withLock { $0.append(worker) }
                }
                return outcome
            // Anything else on the channel is not this protocol: the worker is not to be trusted with more runs.
            case .line, .ended:
                let lastWords = Self.lastMessage(worker.errors, from: offset)
                worker.retire(kill: true)
                if cancellation.isCancelled { return .cancelled }
                return Self.ended(worker.process, output: output, lastWords: lastWords)
            case .nothing:
                if let stopped = breach(worker.process.processIdentifier, startedAt: started) {
                    worker.retire(kill: true)
                    return stopped
                }
                pause = min(pause * 2, 10)
            }
        }
    }
}
