import ArgumentParser
import CHostStats
import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios

/// `listbench worker` (hidden): runs one (scenario, strategy) for an
/// isolated parent and writes the outcome as JSON to `--output`.
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
        abstract: "(internal) Run one planned scenario × strategy for an isolated parent; writes JSON to --output.",
        shouldDisplay: false
    )

    /// What the worker writes: the modeled figures and the host sample, or a failure it found itself.
    ///
    /// The figures' two series (a sample per frame, a memory sample per
    /// 100 ms) travel in ``series``, in ``ByteWriter``'s compact form, and
    /// the metrics' own arrays are empty: as JSON they were most of the
    /// file and most of the time both sides spent on it (docs/performance.md).
    struct Output: Codable {
        var metrics: RunMetrics?
        var sample: HostSample?
        var failure: RunFailure?
        var series: Data?

        init(metrics: RunMetrics? = nil, sample: HostSample? = nil, failure: RunFailure? = nil) {
            self.failure = failure
            self.sample = sample
            guard var metrics else { return }
            var writer = ByteWriter()
            writer.writeHeader(Self.seriesMagic, version: 1)
            writer.write(metrics.frameSeries) { writer, frame in
                writer.write(Int(frame.time))
                writer.write(Int(frame.duration))
            }
            writer.write(metrics.memorySeries) { writer, sample in
                writer.write(Int(sample.time))
                writer.write(sample.bytes)
            }
            metrics.frameSeries = []
            metrics.memorySeries = []
            self.metrics = metrics
            series = Data(writer.bytes)
        }

        static let seriesMagic = "LBSERIES"

        /// The metrics with their series back in place (nil: there are none).
        ///
        /// - Throws: ``BinaryDecodingError`` when the series do not decode.
        func restoredMetrics() throws(BinaryDecodingError) -> RunMetrics? {
            guard var metrics else { return nil }
            guard let series else { return metrics }
            var reader = ByteReader(Array(series))
            try reader.readHeader(Self.seriesMagic, version: 1)
            metrics.frameSeries = try reader.array { reader throws(BinaryDecodingError) in
                FrameSample(time: SimTime(try reader.int()), duration: SimTime(try reader.int()))
            }
            metrics.memorySeries = try reader.array { reader throws(BinaryDecodingError) in
                MemorySample(time: SimTime(try reader.int()), bytes: try reader.int())
            }
            return metrics
        }
    }

    /// Seconds past the plan's time limit at which the worker ends itself (SIGALRM), a backstop behind the parent's kill.
    static let alarmMargin = 5.0

    @Option(help: "The run plan file the parent wrote.")
    var plan: String
    @Flag var measure = false
    @Option var output: String

    func run() throws {
        _ = listbench_die_with_parent()
        guard let bytes = FileManager.default.contents(atPath: plan) else {
            Terminal.note("listbench worker: cannot read \(plan)")
            throw ListBenchExit.cannotOpen
        }
        let request: RunRequest
        do {
            request = try RunRequest(plan: try RunPlan(decoding: Array(bytes)), catalog: CommandContext.catalog.value)
        } catch {
            Terminal.note("listbench worker: \(plan): \(error)")
            throw ListBenchExit.internalError
        }
        if let limit = request.plan.bounds.timeLimitSeconds {
            alarm(UInt32(min(limit.rounded(.up) + Self.alarmMargin, Double(UInt32.max))))
        }
        let executor = InProcessExecutor(probe: measure ? LinuxHostProbe() : nil)
        let result: Output
        switch executor.run(0, request, measure: measure) {
        case let .finished(metrics, sample): result = Output(metrics: metrics, sample: sample)
        case .failed(let failure): result = Output(failure: failure)
        case .cancelled: throw ListBenchExit.interrupted
        }
        do {
            let data = try JSONEncoder().encode(result)
            guard FileManager.default.createFile(atPath: output, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output])
            }
        } catch {
            Terminal.note("listbench worker: cannot write \(output): \(error)")
            throw ListBenchExit.cannotCreate
        }
    }
}
