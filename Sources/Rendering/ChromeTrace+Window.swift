import ListSimulator

extension ChromeTrace {
    /// A span of virtual time a trace keeps (`--trace-window FROM-TO`, in ms).
    public struct Window: Equatable, Sendable {
        public var from: SimTime
        public var to: SimTime

        /// - Precondition: `from < to` (``parse(_:)`` checks it).
        public init(from: SimTime, to: SimTime) {
            self.from = from
            self.to = to
        }

        /// Parses `FROM-TO`, milliseconds of virtual time (`2000-5000`,
        /// `0-1500.5`): two finite numbers, FROM ≥ 0, TO > FROM, at most 4 h
        /// (the runner's bound on virtual time).
        ///
        /// - Returns: the window, or why the text is not one.
        public static func parse(_ text: String) -> Result<Window, WindowError> {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let from = Double(parts[0]), let to = Double(parts[1]), from.isFinite, to.isFinite else {
                return .failure(WindowError(text: text, problem: "expected FROM-TO in milliseconds of virtual time, such as 2000-5000"))
            }
            let limit = 4 * 3_600_000.0
            guard to > from else { return .failure(WindowError(text: text, problem: "TO must be after FROM")) }
            guard to <= limit else { return .failure(WindowError(text: text, problem: "runs end by 4 h (14400000 ms) of virtual time")) }
            return .success(Window(from: Sim.ms(from), to: Sim.ms(to)))
        }

        /// `start` to `end` clipped to the window; nil when they do not overlap it
        /// (an instant, `start == end`, is kept when it lies inside, bounds included).
        func clip(_ start: SimTime, _ end: SimTime) -> (start: SimTime, end: SimTime)? {
            if start == end { return start >= from && start <= to ? (start, end) : nil }
            let clipped = (start: max(start, from), end: min(end, to))
            return clipped.start < clipped.end ? clipped : nil
        }
    }

    /// Why a `--trace-window` was refused; ``description`` is the message.
    public struct WindowError: Error, Equatable, Sendable, CustomStringConvertible {
        public var text: String
        public var problem: String
        public var description: String { "--trace-window \(text): \(problem)" }
    }

    /// A sink that keeps a run's events inside a ``Window`` and passes them
    /// to another (a ``ProcessTrace``):
    /// - a slice or frame overlapping the window is cut to it (a slice's
    ///   busy time in proportion to the part kept, as if spread evenly);
    ///   one outside it is dropped;
    /// - instants and counter samples inside it are kept; each counter's
    ///   last value before the window is written at its start, so memory and
    ///   scroll offset read from the window's first moment.
    ///
    /// - Complexity: O(1) per event, O(counters) memory.
    public final class WindowedSink: TraceSink {
        private let window: Window
        private let next: any TraceSink
        /// Each counter's last sample before the window, until the window starts.
        private var before: [String: TraceRecorder.Sample] = [:]
        private var beforeOrder: [String] = []

        public init(window: Window, next: any TraceSink) {
            self.window = window
            self.next = next
        }

        /// A recorder that streams the run's events through this filter.
        public func recorder() -> TraceRecorder { TraceRecorder(streamingTo: self) }

        public func record(_ slice: TraceRecorder.Slice) {
            guard let kept = window.clip(slice.start, slice.start + slice.duration) else { return }
            flushBefore(upTo: kept.start)
            var cut = slice
            if kept.end - kept.start != slice.duration, slice.duration > 0 {
                cut.busy = SimTime((Double(slice.busy) * Double(kept.end - kept.start) / Double(slice.duration)).rounded())
            }
            cut.start = kept.start
            cut.duration = kept.end - kept.start
            next.record(cut)
        }

        public func record(_ frame: TraceRecorder.Frame) {
            guard let kept = window.clip(frame.vsync, frame.presented) else { return }
            flushBefore(upTo: kept.start)
            var cut = frame
            cut.vsync = kept.start
            cut.presented = kept.end
            next.record(cut)
        }

        public func record(_ instant: TraceRecorder.Instant) {
            guard window.clip(instant.time, instant.time) != nil else { return }
            flushBefore(upTo: instant.time)
            next.record(instant)
        }

        public func record(_ sample: TraceRecorder.Sample) {
            if sample.time < window.from {
                if before.updateValue(sample, forKey: sample.counter) == nil { beforeOrder.append(sample.counter) }
                return
            }
            guard sample.time <= window.to else { return }
            flushBefore(upTo: sample.time)
            next.record(sample)
        }

        /// Once the run reaches the window, writes each counter's value from before it, at its start.
        private func flushBefore(upTo time: SimTime) {
            guard !beforeOrder.isEmpty, time >= window.from else { return }
            for counter in beforeOrder {
                if var sample = before[counter] {
                    sample.time = window.from
                    next.record(sample)
                }
            }
            before.removeAll()
            beforeOrder.removeAll()
        }
    }
}
