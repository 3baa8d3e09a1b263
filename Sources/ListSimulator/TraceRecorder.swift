/// What happened on the virtual clock, for a timeline: every charge as a
/// slice on its thread, every frame, and instants and counters the runner
/// adds. Virtual time, so a trace is deterministic.
///
/// Recording is off unless a ``SimClock/trace`` is set; it costs O(1) per
/// charge. Made with ``init()``, it keeps every event in memory (a few
/// hundred thousand on the longest shipped runs; a 4-hour run keeps tens of
/// millions, so use it only for short runs). Made with
/// ``init(streamingTo:)``, it keeps none: each event goes to the sink as it
/// happens (`--export-trace` writes them to its file so), and its arrays stay
/// empty; its own memory is then O(counters).
public final class TraceRecorder {
    /// A slice of work on one thread: when it started, how long it took on
    /// the clock (waiting for a core included), its busy time and category.
    public struct Slice: Equatable, Sendable {
        public var thread: SimThread
        public var start: SimTime
        public var duration: SimTime
        public var busy: SimTime
        public var category: CostCategory
    }

    /// A frame: its vsync, when it was presented, and whether it was late.
    public struct Frame: Equatable, Sendable {
        public var vsync: SimTime
        public var presented: SimTime
        public var hitch: Bool
    }

    /// Something that happened at one moment (a world change, a page, a user step, a crash).
    public struct Instant: Equatable, Sendable {
        public var time: SimTime
        public var name: String
        public var kind: String
    }

    /// A counter's value from a moment on (memory, scroll offset).
    public struct Sample: Equatable, Sendable {
        public var time: SimTime
        public var counter: String
        public var value: Double
    }

    public private(set) var slices: [Slice] = []
    public private(set) var frames: [Frame] = []
    public private(set) var instants: [Instant] = []
    public private(set) var samples: [Sample] = []
    private var lastSample: [String: Double] = [:]

    /// Where events go instead of the arrays, when streaming.
    private let sink: (any TraceSink)?

    /// A recorder that keeps every event in its arrays.
    public init() { sink = nil }

    /// A recorder that keeps no event: each goes to `sink` as it is recorded, in the order they happen.
    public init(streamingTo sink: any TraceSink) { self.sink = sink }

    func slice(_ slice: Slice) {
        if let sink { sink.record(slice) } else { slices.append(slice) }
    }

    func frame(_ frame: Frame) {
        if let sink { sink.record(frame) } else { frames.append(frame) }
    }

    /// Records an instant.
    public func instant(_ name: String, kind: String, at time: SimTime) {
        let instant = Instant(time: time, name: name, kind: kind)
        if let sink { sink.record(instant) } else { instants.append(instant) }
    }

    /// Records a counter's value, when it changed.
    public func sample(_ counter: String, _ value: Double, at time: SimTime) {
        guard lastSample[counter] != value else { return }
        lastSample[counter] = value
        let sample = Sample(time: time, counter: counter, value: value)
        if let sink { sink.record(sample) } else { samples.append(sample) }
    }
}

/// Where a streaming ``TraceRecorder`` sends each event as it is recorded
/// (``TraceRecorder/init(streamingTo:)``). Called on the simulation's
/// thread, in the order the events happen; a sink that cannot keep an event
/// (its file is full) must remember that itself, since the clock cannot stop for it.
public protocol TraceSink: AnyObject {
    func record(_ slice: TraceRecorder.Slice)
    func record(_ frame: TraceRecorder.Frame)
    func record(_ instant: TraceRecorder.Instant)
    func record(_ sample: TraceRecorder.Sample)
}
