import CHostStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Worker {
    /// A forking worker's replies (``forkServe()``), one line each on its reply channel.
    enum ForkReply: Equatable {
        /// The run's child has started, with this process id: the process whose limits the parent watches.
        case started(Int32)
        /// The run's child exited with this status (0: its result file is complete).
        case exited(Int32)
        /// The run's child was killed by this signal.
        case signalled(Int32)
        /// This worker cannot fork safely, and why; it then ends.
        case cannotFork(String)

        /// Whether this reply reports the child's end (it has been reaped).
        var isEnd: Bool {
            switch self {
            case .exited, .signalled: return true
            case .started, .cannotFork: return false
            }
        }

        var line: String {
            switch self {
            case .started(let pid): return "started \(pid)"
            case .exited(let status): return "exited \(status)"
            case .signalled(let signal): return "signalled \(signal)"
            case .cannotFork(let reason): return "cannot fork: \(reason)"
            }
        }

        /// The reply that `line` is; nil for anything else.
        init?(line: String) {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "started": guard let pid = Int32(parts[1]), pid > 0 else { return nil }; self = .started(pid)
            case "exited": guard let status = Int32(parts[1]) else { return nil }; self = .exited(status)
            case "signalled": guard let signal = Int32(parts[1]) else { return nil }; self = .signalled(signal)
            case "cannot" where parts[1].hasPrefix("fork: "): self = .cannotFork(String(parts[1].dropFirst("fork: ".count)))
            default: return nil
            }
        }
    }

    /// `worker --fork-serve`: runs measured plans for an isolated parent
    /// (``IsolatedExecutor``), one per line of standard input, each line
    /// `PLAN<TAB>OUTPUT<TAB>ERRORS`, each in a child process forked for it.
    /// It answers ``ForkReply/started(_:)`` as soon as the child exists,
    /// then, once it has ended and been reaped, ``ForkReply/exited(_:)`` or
    /// ``ForkReply/signalled(_:)``. It ends, with status 0, at the end of
    /// its input.
    ///
    /// The child is what a one-run worker (`worker --plan P --output O
    /// --measure`) would be, without its start: it dies with this worker
    /// (`PR_SET_PDEATHSIG`, and it exits at once if this worker has already
    /// gone), its standard error is the file ERRORS (kept when that cannot
    /// be opened), it runs the plan with its host figures measured
    /// (``perform(plan:output:measure:)``), and it exits with that one's
    /// status, through `exit` as a one-run worker does (`atexit` handlers run). This worker itself runs nothing: it has started, read its
    /// requests, and forked, so every child starts from the same state (no
    /// run's heap, caches or type metadata), as a freshly started process
    /// does. What differs from a new process is stated in
    /// docs/commands.md (the child's first writes to pages it shares with
    /// this worker copy them).
    ///
    /// Forking is safe only in a process of one thread: `main` starts
    /// this worker before anything that starts a thread (the Ctrl-C watcher
    /// included), and the thread count is read from /proc/self/status before
    /// every fork. When it is not one, or where there is no `fork`, this
    /// worker answers ``ForkReply/cannotFork(_:)`` and ends; the parent then
    /// starts a process per measured run.
    ///
    /// - Returns: the exit status: 0 at the end of the input, else a ``ListBenchExit`` code after a message.
    static func forkServe() -> Int32 {
        _ = listbench_die_with_parent()
        let serving = getpid()
        guard let replies = replyChannel() else { return ListBenchExit.cannotCreate.rawValue }
        while let line = readLine(strippingNewline: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                Terminal.note("listbench worker: not a request: \(line.prefix(200))")
                return ListBenchExit.internalError.rawValue
            }
            #if os(Linux)
            // A failed reply below, before ending, goes unreported: it fails only when the parent has gone.
            if let reason = forkHazard() {
                _ = send(ForkReply.cannotFork(reason).line, on: replies)
                return ListBenchExit.success.rawValue
            }
            let child = fork()
            if child == 0 { runChild(plan: fields[0], output: fields[1], errors: fields[2], replies: replies, parent: serving) }
            guard child > 0 else {
                _ = send(ForkReply.cannotFork("fork: \(String(cString: strerror(errno)))").line, on: replies)
                return ListBenchExit.success.rawValue
            }
            guard send(ForkReply.started(child).line, on: replies) else {
                // The parent has gone: so does the child, with this worker (its PR_SET_PDEATHSIG).
                return ListBenchExit.cannotCreate.rawValue
            }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 {
                guard errno == EINTR else {
                    Terminal.note("listbench worker: cannot wait for its run: \(String(cString: strerror(errno)))")
                    return ListBenchExit.internalError.rawValue
                }
            }
            // <sys/wait.h>'s WIFEXITED, WEXITSTATUS and WTERMSIG are macros, not imported: the low 7 bits are the signal, 0 for an exit.
            let ended = status & 0x7f == 0 ? ForkReply.exited((status >> 8) & 0xff) : ForkReply.signalled(status & 0x7f)
            guard send(ended.line, on: replies) else { return ListBenchExit.cannotCreate.rawValue }
            #else
            _ = send(ForkReply.cannotFork("this platform's workers do not fork").line, on: replies)
            return ListBenchExit.success.rawValue
            #endif
        }
        return ListBenchExit.success.rawValue
    }

    /// Why this process must not fork now: it has more than one thread, or
    /// its thread count cannot be read; nil when it may.
    static func forkHazard() -> String? {
        // A probe: unreadable means the count is unknown, which is the hazard reported.
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }),
              let threads = Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) else {
            return "its thread count cannot be read from /proc/self/status"
        }
        return threads == 1 ? nil : "it has \(threads) threads"
    }

    /// A forked run's child: see ``forkServe()``. Never returns.
    private static func runChild(plan: String, output: String, errors: String, replies: Int32, parent: pid_t) -> Never {
        _ = listbench_die_with_parent()
        // The worker went before the line above took effect: nobody would read the result.
        if getppid() != parent { _exit(ListBenchExit.interrupted.rawValue) }
        close(replies)
        let descriptor = open(errors, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 {
            dup2(descriptor, 2)
            close(descriptor)
        }
        setenv(resultVariable, output, 1)
        do {
            try perform(plan: plan, output: output, measure: true)
        } catch {
            Glibc.exit(error.rawValue)
        }
        Glibc.exit(ListBenchExit.success.rawValue)
    }

    /// The environment variable that names a forked child's result file
    /// (a one-run worker has it in its arguments, after `--output`), for
    /// what inspects a worker from inside: the test strategy `test-garble`.
    static let resultVariable = "LISTBENCH_WORKER_RESULT"
}
