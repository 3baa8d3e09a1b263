/// What happened on the virtual clock, for a timeline: every charge as a
/// slice on its thread, every frame, and instants and counters the runner
/// adds. Virtual time, so a trace is deterministic.
///
/// Recording is off unless a ``SimClock/trace`` is set; it costs O(1) per
/// charge and keeps every event in memory (a few hundred thousand on the
/// longest shipped runs).
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

    public init() {}

    func slice(_ slice: Slice) { slices.append(slice) }
    func frame(_ frame: Frame) { frames.append(frame) }

    /// Records an instant.
    public func instant(_ name: String, kind: String, at time: SimTime) {
        instants.append(Instant(time: time, name: name, kind: kind))
    }

    /// Records a counter's value, when it changed.
    public func sample(_ counter: String, _ value: Double, at time: SimTime) {
        guard lastSample[counter] != value else { return }
        lastSample[counter] = value
        samples.append(Sample(time: time, counter: counter, value: value))
    }
}
