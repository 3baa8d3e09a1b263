import ArgumentParser
import CHostStats
import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios

/// `listbench worker` (hidden): runs one (scenario, strategy) for an
/// isolated parent and writes the outcome to `--output` (``Output``).
///
/// The parent (``IsolatedExecutor``) generates each scenario once and hands
/// the worker its run's ``RunPlan`` in a file (`--plan`): the worker does not
/// read or generate the scenario again. It is the same binary, so the
/// strategy catalog is the parent's. The worker dies with its parent
/// (PR_SET_PDEATHSIG) and arms `alarm(2)` a little past the plan's time
/// limit, so an orphan never runs on.
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "(internal) Run one planned scenario × strategy for an isolated parent; writes its outcome to --output.",
        shouldDisplay: false
    )

    /// What the worker writes: the modeled figures and the host sample, or a failure it found itself.
    ///
    /// The file is in ``ByteWriter``'s compact form (``encoded()``), the
    /// figures' series included (``RunMetrics/encode(to:)``): as JSON, the
    /// figures took a tenth of an isolated `--uncertainty` compare's CPU on
    /// the two sides, and before that their series most of it (docs/performance.md).
    struct Output {
        var metrics: RunMetrics?
        var sample: HostSample?
        var failure: RunFailure?

        init(metrics: RunMetrics? = nil, sample: HostSample? = nil, failure: RunFailure? = nil) {
            self.metrics = metrics
            self.sample = sample
            self.failure = failure
        }

        static let magic = "listbench worker result"
        /// Bumped whenever the layout below changes.
        static let formatVersion = 1

        /// The result file's bytes.
        ///
        /// - Complexity: O(size of the figures).
        func encoded() -> [UInt8] {
            var writer = ByteWriter()
            writer.writeHeader(Self.magic, version: Self.formatVersion)
            writer.write(optional: metrics) { writer, metrics in metrics.encode(to: &writer) }
            writer.write(optional: sample) { writer, sample in
                writer.write(sample.wallNanoseconds)
                writer.write(sample.cpuNanoseconds)
                writer.write(sample.allocatedBytes)
                writer.write(sample.peakRSSBytes)
            }
            writer.write(optional: failure) { writer, failure in
                writer.write(failure.reason.rawValue)
                writer.write(failure.summary)
                writer.write(failure.detail)
            }
            return writer.bytes
        }

        /// Reads back what ``encoded()`` wrote.
        ///
        /// - Throws: ``BinaryDecodingError`` naming where the bytes went wrong.
        init(decoding bytes: [UInt8]) throws(BinaryDecodingError) {
            do throws(BinaryDecodingError) {
                var reader = ByteReader(bytes)
                try reader.readHeader(Self.magic, version: Self.formatVersion)
                metrics = try reader.optional { reader throws(BinaryDecodingError) in try RunMetrics(from: &reader) }
                sample = try reader.optional { reader throws(BinaryDecodingError) in
                    HostSample(wallNanoseconds: try reader.double(), cpuNanoseconds: try reader.double(),
                               allocatedBytes: try reader.optionalDouble(), peakRSSBytes: try reader.optionalDouble())
                }
                failure = try reader.optional { reader throws(BinaryDecodingError) in
                    RunFailure(reason: try reader.raw(RunFailure.Reason.self), summary: try reader.string(), detail: try reader.string())
                }
                guard reader.isAtEnd else { throw reader.failure("data after the end of the result") }
            } catch {
                throw BinaryDecodingError("not a worker result of this build: \(error.description)")
            }
        }
    }

    /// Seconds past the plan's time limit at which the worker ends itself (SIGALRM), a backstop behind the parent's kill.
    static let alarmMargin = 5.0

    @Option(help: "The run plan file the parent wrote.")
    var plan: String
    @Flag var measure = false
    @Option var output: String

    func run() throws {
        try Self.perform(plan: plan, output: output, measure: measure)
    }

    /// How the parent started this worker, read without the argument parser (``direct(_:)``).
    enum Mode: Equatable {
        /// `worker --plan P --output O [--measure]`: one run, then exit.
        case once(plan: String, output: String, measure: Bool)
        /// `worker --serve`: modeled-only runs, one per line of standard input (``serve()``).
        case serve
        /// `worker --fork-serve`: measured runs, each in a child forked for it (``forkServe()``).
        case forkServe
    }

    /// The worker's mode when its arguments are exactly `--plan P --output O`
    /// and optionally `--measure`, in any order, each once, or exactly
    /// `--serve` or `--fork-serve` (nil otherwise: the argument parser then reads them, with
    /// its own messages).
    ///
    /// The parent always starts a worker with these arguments, so the
    /// worker skips swift-argument-parser: building the command tree of
    /// every subcommand, with its run-time conformance look-ups, was a
    /// sixth of a short worker's time (docs/performance.md).
    ///
    /// - Complexity: O(arguments).
    static func direct(_ arguments: [String]) -> Mode? {
        guard arguments.first == "worker" else { return nil }
        if arguments == ["worker", "--serve"] { return .serve }
        if arguments == ["worker", "--fork-serve"] { return .forkServe }
        var plan: String?, output: String?, measure = false
        var rest = arguments.dropFirst()[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--plan" where plan == nil:
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                plan = value
            case "--output" where output == nil:
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                output = value
            case "--measure" where !measure:
                measure = true
            default:
                return nil
            }
        }
        guard let plan, let output else { return nil }
        return .once(plan: plan, output: output, measure: measure)
    }

    /// What a serving worker writes on its reply channel after each run's result file is complete.
    static let doneLine = "done"

    /// `worker --serve`: runs modeled-only plans for an isolated parent
    /// (``IsolatedExecutor``), one per line of standard input, each line
    /// `PLAN<TAB>OUTPUT`; after each run's result is written (as
    /// ``perform(plan:output:measure:)`` writes it) it answers ``doneLine``
    /// on the reply channel. It ends, with status 0, at the end of its input.
    ///
    /// The reply channel is the pipe the parent gave as standard output,
    /// moved to a descriptor of its own; standard output itself then goes to
    /// /dev/null, as a one-run worker's does, so that nothing a strategy
    /// prints can pass for a reply. Between runs the alarm of the run's time
    /// limit is cleared, and the heap is trimmed (`malloc_trim`) when the
    /// worker's resident memory is above ``untrimmedShare`` of the run's
    /// `--memory-limit` (after every run when it has none, or when it cannot
    /// be read): below that, the next run reuses the pages this one freed
    /// instead of faulting fresh ones in (with a trim after every run, page
    /// faults were 8.7% of a profile of the modeled matrix:
    /// docs/performance.md). The next run's resident memory, which
    /// `--memory-limit` watches, may then include up to that much freed heap.
    ///
    /// Caveat: resident memory counts live data too (the last decoded
    /// scenario, the runtime): a worker whose live data alone is above the
    /// share trims after every run.
    ///
    /// - Returns: the exit status: 0 at the end of the input, else the first failed run's ``ListBenchExit`` code (the parent then reads the run as a one-run worker's that exited so).
    static func serve() -> Int32 {
        _ = listbench_die_with_parent()
        guard let replies = replyChannel() else { return ListBenchExit.cannotCreate.rawValue }
        let trim = HostMemoryProbe.mallocTrim()
        // The last plan's scenario: a scenario's runs go to the workers one after another, and each decodes it once.
        var scenario: RunPlan.DecodedScenario?
        while let line = readLine(strippingNewline: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                Terminal.note("listbench worker: not a request: \(line.prefix(200))")
                return ListBenchExit.internalError.rawValue
            }
            let memoryLimit: Double?
            do {
                memoryLimit = try perform(plan: String(fields[0]), output: String(fields[1]), measure: false, scenario: &scenario)
            } catch {
                return error.rawValue
            }
            alarm(0)
            // The worker's resident memory, not glibc's count of free heap
            // (mallinfo2 walks every free chunk: about 1% of a modeled
            // matrix's CPU): it holds the freed heap kept resident. Unknown: trim.
            let resident = IsolatedExecutor.residentBytes(getpid()) ?? .infinity
            if let trim, resident > untrimmedShare * (memoryLimit ?? 0) { _ = trim(0) }
            // The parent has gone (it closed the channel): nothing to tell.
            guard send(doneLine, on: replies) else { return ListBenchExit.cannotCreate.rawValue }
        }
        return ListBenchExit.success.rawValue
    }

    /// The resident memory above which a serving worker trims its freed
    /// heap between runs, as a share of `--memory-limit` (a sixteenth:
    /// 256 MiB at the default 4 GiB); the freed heap it keeps is at most that.
    /// Estimate: a quarter of the limit is already what a worker may hold
    /// after a run before it is retired (``IsolatedExecutor``); a sixteenth
    /// keeps freed heap a small part of that.
    static let untrimmedShare = 1.0 / 16

    /// A serving worker's reply channel: standard output, as the parent
    /// gave it, moved to a descriptor of its own (closed on exec);
    /// standard output itself then goes to /dev/null. Nil, after a message,
    /// when it cannot be set up.
    static func replyChannel() -> Int32? {
        let replies = fcntl(1, F_DUPFD_CLOEXEC, 3)
        let null = open("/dev/null", O_WRONLY)
        guard replies >= 0, null >= 0, dup2(null, 1) >= 0 else {
            Terminal.note("listbench worker: cannot set up the reply channel: \(String(cString: strerror(errno)))")
            return nil
        }
        close(null)
        return replies
    }

    /// Writes `line` and a line break on the reply channel; false when the parent has closed it.
    static func send(_ line: String, on replies: Int32) -> Bool {
        let reply = Array((line + "\n").utf8)
        return reply.withUnsafeBytes({ write(replies, $0.baseAddress, $0.count) }) == reply.count
    }

    /// Runs the plan in `plan` and writes the outcome to `output` (a new
    /// file, owner only: ``PrivateFile``).
    ///
    /// - Throws: ``ListBenchExit`` after one message: `cannotOpen` (66) for
    ///   an unreadable plan, `internalError` (70) for one that does not
    ///   decode, `cannotCreate` (73) when the result cannot be written,
    ///   `interrupted` when the run was cancelled.
    static func perform(plan: String, output: String, measure: Bool) throws(ListBenchExit) {
        var scenario: RunPlan.DecodedScenario?
        try perform(plan: plan, output: output, measure: measure, scenario: &scenario)
    }

    /// ``perform(plan:output:measure:)``, taking the plan's scenario from
    /// `scenario` when it is that one byte for byte (``RunPlan/init(decoding:reusing:)``);
    /// `scenario` is then the plan's.
    ///
    /// - Returns: the plan's memory limit (`--memory-limit`), if it has one.
    @discardableResult
    static func perform(plan: String, output: String, measure: Bool,
                        scenario: inout RunPlan.DecodedScenario?) throws(ListBenchExit) -> Double? {
        _ = listbench_die_with_parent()
        if !measure { HostMemoryProbe.keepFreedMemory() }
        guard let bytes = FileManager.default.contents(atPath: plan) else {
            Terminal.note("listbench worker: cannot read \(plan)")
            throw .cannotOpen
        }
        let request: RunRequest
        do {
            request = try RunRequest(plan: try RunPlan(decoding: Array(bytes), reusing: &scenario), catalog: CommandContext.catalog.value)
        } catch {
            Terminal.note("listbench worker: \(plan): \(error)")
            throw .internalError
        }
        if let limit = request.plan.bounds.timeLimitSeconds {
            alarm(UInt32(min(limit.rounded(.up) + Self.alarmMargin, Double(UInt32.max))))
        }
        let executor = InProcessExecutor(probe: measure ? LinuxHostProbe() : nil)
        let result: Output
        switch executor.run(0, request, measure: measure) {
        case let .finished(metrics, sample): result = Output(metrics: metrics, sample: sample)
        case .failed(let failure): result = Output(failure: failure)
        case .cancelled: throw .interrupted
        }
        do { try PrivateFile.write(result.encoded(), to: output) } catch {
            Terminal.note("listbench worker: \(error)")
            throw .cannotCreate
        }
        return request.plan.bounds.memoryLimitBytes
    }
}
