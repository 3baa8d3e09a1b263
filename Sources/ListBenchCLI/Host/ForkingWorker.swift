import Foundation
import Profiler
#if canImport(Glibc)
import Glibc
#endif

extension IsolatedExecutor {
    /// Runs a measured plan in a child that a forking worker
    /// (`worker --fork-serve`, ``Worker/forkServe()``) forks for it: an idle
    /// one, else a new one. The run is still a process of its own, started
    /// from a process that has run nothing, without paying for a process
    /// start (docs/commands.md states what differs from a new process).
    ///
    /// The child's limits are watched as a one-run worker's are
    /// (``breach(_:startedAt:)``, from the moment the request is written):
    /// a child past one is killed, and its worker, once it has reaped it, is
    /// given the next run. A worker that ends, or answers out of turn, is
    /// not used again.
    ///
    /// Caveat: a child is killed by its process id, which its worker reaps;
    /// the kill comes only while no end of it has been read, so a process
    /// id reused meanwhile would have to come round in that instant.
    ///
    /// - Returns: nil when the paths cannot be sent on one line (a tab or a
    ///   line break in the temporary folder's path), or when a worker has
    ///   answered that it cannot fork (then for every later run too): the
    ///   caller starts a one-run worker instead.
    func runForked(plan: URL, output: URL, errors: URL) -> RunOutcome? {
        guard forkingWorks.value else { return nil }
        let line = plan.path + "\t" + output.path + "\t" + errors.path + "\n"
        guard line.filter({ $0 == "\t" || $0 == "\n" }).count == 3 else { return nil }
        // The child's standard error. A probe: if it cannot be made, the child keeps its worker's, and the run's failure has no last words.
        try? Cleanup.exclusively { try PrivateFile.write([], to: errors.path) }
        // The child writes its last words to its own file: the worker's offset is not needed.
        return request(line, forking: true) { worker, _ in watchForked(worker, output: output, errors: errors) }
    }

    /// Watches the run `worker` has been asked for until its child's end, a
    /// limit, or the worker's end; nil when the worker cannot fork.
    private func watchForked(_ worker: ServingWorker, output: URL, errors: URL) -> RunOutcome? {
        let started = DispatchTime.now().uptimeNanoseconds
        var child: Int32?
        var pause: Int32 = 1
        while true {
            let reply = worker.reply(within: pause)
            if case .line(let line) = reply, let answer = Worker.ForkReply(line: line) {
                switch (answer, child) {
                case (.started(let pid), nil):
                    child = pid
                    continue
                case (.exited(let status), _?):
                    idle.withLock { $0.append(worker) }
                    return Self.ended(signal: nil, status: status, output: output, lastWords: Self.lastMessage(errors))
                case (.signalled(let signal), _?):
                    idle.withLock { $0.append(worker) }
                    if cancellation.isCancelled { return .cancelled }
                    return Self.ended(signal: signal, status: 0, output: output, lastWords: Self.lastMessage(errors))
                case (.cannotFork(let reason), nil):
                    worker.retire()
                    if forkingWorks.withLock({ works in defer { works = false }; return works }) {
                        Terminal.note("listbench: measured runs each start a process of their own: the forking worker cannot fork (\(reason))")
                    }
                    return nil
                default:
                    break
                }
            }
            switch reply {
            case .line(let unexpected):
                worker.retire(kill: true)
                return .failed(RunFailure(reason: .exit, summary: "worker failed",
                                          detail: "the forking worker answered out of turn: \(unexpected.prefix(200))"))
            case .ended:
                let lastWords = Self.lastMessage(errors) ?? Self.lastMessage(worker.errors)
                worker.retire(kill: true)
                if cancellation.isCancelled { return .cancelled }
                return Self.ended(worker.process, output: output, lastWords: lastWords)
            case .nothing:
                if let stopped = breach(child ?? worker.process.processIdentifier, startedAt: started) {
                    stop(child, of: worker)
                    return stopped
                }
                pause = min(pause * 2, 10)
            }
        }
    }

    /// Kills a run's child (SIGKILL) and waits, up to a second, for its
    /// worker to report it reaped; then the worker is idle again. Without
    /// a child yet, or without that report, the worker is killed (its
    /// child, if any, dies with it).
    private func stop(_ child: Int32?, of worker: ServingWorker) {
        if let child {
            kill(child, SIGKILL)
            var reply = ServingWorker.Reply.nothing
            for _ in 0..<20 where reply == .nothing { reply = worker.reply(within: 50) }
            if case .line(let line) = reply, Worker.ForkReply(line: line)?.isEnd == true {
                idle.withLock { $0.append(worker) }
                return
            }
        }
        worker.retire(kill: true)
    }
}
