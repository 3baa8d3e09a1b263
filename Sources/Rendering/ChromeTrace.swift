import ListData
import Foundation
import ListSimulator

/// A trace in the Chrome Trace Event Format (JSON), which Perfetto UI
/// (ui.perfetto.dev) and `chrome://tracing` open. One process per run
/// (scenario × strategy); in it a track per thread (main, each worker) with
/// every charge as a complete event named by its category, a "frames" track
/// (each frame from vsync to presentation, late ones named "hitch"),
/// counters for memory and scroll offset, and instant events for steps,
/// world changes, page arrivals, crashes and kills. Times are the virtual
/// clock's, in microseconds, so the file is deterministic.
public enum ChromeTrace {
    /// One run's recording and its label.
    public struct Run {
        public var label: String
        public var trace: TraceRecorder
        /// The device's background workers: each gets a track, busy or not.
        public var workers: Int

        public init(label: String, trace: TraceRecorder, workers: Int) {
            self.label = label
            self.trace = trace
            self.workers = workers
        }
    }

    /// A run's process name: `scenario × strategy (device, iOS N)`.
    public static func runLabel(scenario: String, strategy: String, device: DeviceProfile) -> String {
        "\(scenario) × \(strategy) (\(device.name), iOS \(device.iOSVersion))"
    }

    /// The track of the frames (threads are 1 for main, 2… for workers).
    static let framesTrack = 1_000

    /// The whole file, from runs recorded in memory: per run, its slices,
    /// then its frames, counters and instants.
    ///
    /// - Complexity: O(events); the text is held whole (``Writer`` streams instead).
    public static func render(_ runs: [Run]) -> String {
        var text = ""
        let writer = Writer { text += $0 }
        for run in runs {
            let process = writer.beginRun(label: run.label, workers: run.workers)
            for slice in run.trace.slices { process.record(slice) }
            for frame in run.trace.frames { process.record(frame) }
            for sample in run.trace.samples { process.record(sample) }
            for instant in run.trace.instants { process.record(instant) }
        }
        // The output closure above cannot fail.
        writer.finishWithoutChecking()
        return text
    }

    /// The file written as it is made: each event is rendered when it is
    /// recorded and handed to `output` in chunks of about ``chunkBytes``, so
    /// the trace of any run takes O(chunk) memory, not O(events). A run's
    /// recorder is ``beginRun(label:workers:)``'s; the events of each run are
    /// in the order they happened (Perfetto and `chrome://tracing` sort them).
    ///
    /// `output` may throw (a full disk): the first error is kept, nothing more
    /// is written, and ``finish()`` (or ``check()``, between runs) throws it.
    public final class Writer {
        /// About how much text is gathered before it goes to `output`.
        public static let chunkBytes = 1 << 16

        private let output: (String) throws -> Void
        private var buffer = ""
        private var events = 0
        private var runs = 0
        private var failure: (any Error)?

        /// Starts the file; nothing is written until the first chunk fills.
        /// `metadata` (the tool and model versions, what was left out) goes
        /// into the format's top-level `otherData` object, which trace
        /// viewers show as the trace's metadata and otherwise ignore.
        public init(metadata: [(key: String, value: String)] = [], output: @escaping (String) throws -> Void) {
            self.output = output
            buffer.reserveCapacity(Self.chunkBytes + 1_024)
            buffer += "{\"displayTimeUnit\":\"ms\","
            if !metadata.isEmpty {
                buffer += "\"otherData\":{" + metadata.map { "\"\(escape($0.key))\":\"\(escape($0.value))\"" }.joined(separator: ",") + "},"
            }
            buffer += "\"traceEvents\":[\n"
        }

        /// A new process in the trace (one run: scenario × strategy), with
        /// its tracks named; record its events into the recorder returned
        /// (set it as the run's clock's trace).
        public func beginRun(label: String, workers: Int) -> ProcessTrace {
            runs += 1
            let process = ProcessTrace(writer: self, pid: runs, workers: workers)
            event(metadata(runs, nil, "process_name", label))
            event(metadata(runs, nil, "process_sort_index", nil, sortIndex: runs))
            event(metadata(runs, 1, "thread_name", "main"))
            event(metadata(runs, framesTrack, "thread_name", "frames"))
            for worker in 0..<max(0, workers) { event(metadata(runs, worker + 2, "thread_name", "worker \(worker + 1)")) }
            return process
        }

        /// Throws the first error `output` threw, if it did.
        public func check() throws {
            if let failure { throw failure }
        }

        /// Ends the file and hands over what is left.
        ///
        /// - Throws: the first error `output` threw.
        public func finish() throws {
            finishWithoutChecking()
            try check()
        }

        fileprivate func finishWithoutChecking() {
            buffer += "\n]}\n"
            flush()
        }

        fileprivate func event(_ text: String) {
            guard failure == nil else { return }
            if events > 0 { buffer += ",\n" }
            events += 1
            buffer += text
            if buffer.utf8.count >= Self.chunkBytes { flush() }
        }

        private func flush() {
            guard failure == nil, !buffer.isEmpty else { return }
            do { try output(buffer) } catch { failure = error }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// One run's events going into a ``Writer``: the sink of its streaming recorder.
    public final class ProcessTrace: TraceSink {
        /// Kept alive by its processes (the writer keeps none of them).
        private let writer: Writer
        private let pid: Int
        /// Workers whose track has its name.
        private var named: Set<Int>

        fileprivate init(writer: Writer, pid: Int, workers: Int) {
            self.writer = writer
            self.pid = pid
            named = Set(0..<max(0, workers))
        }

        /// A recorder that streams this run's events into the writer.
        public func recorder() -> TraceRecorder { TraceRecorder(streamingTo: self) }

        public func record(_ slice: TraceRecorder.Slice) {
            let tid = track(slice.thread)
            if case .worker(let worker) = slice.thread, named.insert(worker).inserted {
                writer.event(metadata(pid, tid, "thread_name", "worker \(worker + 1)"))
            }
            writer.event(#"{"name":"\#(slice.category.key)","cat":"work","ph":"X","pid":\#(pid),"tid":\#(tid),"ts":\#(us(slice.start)),"dur":\#(us(slice.duration)),"args":{"busy_ms":\#(ms(slice.busy))}}"#)
        }

        public func record(_ frame: TraceRecorder.Frame) {
            writer.event(#"{"name":"\#(frame.hitch ? "hitch" : "frame")","cat":"frame","ph":"X","pid":\#(pid),"tid":\#(framesTrack),"ts":\#(us(frame.vsync)),"dur":\#(us(frame.presented - frame.vsync))}"#)
        }

        public func record(_ sample: TraceRecorder.Sample) {
            writer.event(#"{"name":"\#(escape(sample.counter))","ph":"C","pid":\#(pid),"ts":\#(us(sample.time)),"args":{"value":\#(number(sample.value))}}"#)
        }

        public func record(_ instant: TraceRecorder.Instant) {
            writer.event(#"{"name":"\#(escape(instant.name))","cat":"\#(escape(instant.kind))","ph":"i","s":"p","pid":\#(pid),"tid":1,"ts":\#(us(instant.time))}"#)
        }
    }

    private static func track(_ thread: SimThread) -> Int {
        switch thread {
        case .main: return 1
        case .worker(let index): return index + 2
        }
    }

    private static func metadata(_ pid: Int, _ tid: Int?, _ name: String, _ value: String?, sortIndex: Int? = nil) -> String {
        let args = sortIndex.map { #"{"sort_index":\#($0)}"# } ?? #"{"name":"\#(escape(value ?? ""))"}"#
        return #"{"name":"\#(name)","ph":"M","pid":\#(pid)\#(tid.map { ",\"tid\":\($0)" } ?? ""),"args":\#(args)}"#
    }

    /// Virtual nanoseconds as microseconds, exact to the nanosecond.
    private static func us(_ time: SimTime) -> String { number(Double(time) / 1_000) }
    private static func ms(_ time: SimTime) -> String { number(Double(time) / 1_000_000) }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string's contents.
    static func escape(_ text: String) -> String { JSONText.escaped(text) }
}
