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

    /// The track of the frames (threads are 1 for main, 2… for workers).
    static let framesTrack = 1_000

    /// The whole file.
    ///
    /// - Complexity: O(events).
    public static func render(_ runs: [Run]) -> String {
        var events: [String] = []
        for (index, run) in runs.enumerated() {
            let pid = index + 1
            events.append(metadata(pid, nil, "process_name", run.label))
            events.append(metadata(pid, nil, "process_sort_index", nil, sortIndex: pid))
            events.append(metadata(pid, 1, "thread_name", "main"))
            events.append(metadata(pid, framesTrack, "thread_name", "frames"))
            var workers = Set(0..<max(0, run.workers))
            for worker in workers.sorted() { events.append(metadata(pid, worker + 2, "thread_name", "worker \(worker + 1)")) }
            for slice in run.trace.slices {
                let tid = track(slice.thread)
                if case .worker(let worker) = slice.thread, workers.insert(worker).inserted {
                    events.append(metadata(pid, tid, "thread_name", "worker \(worker + 1)"))
                }
                events.append(#"{"name":"\#(slice.category.rawValue)","cat":"work","ph":"X","pid":\#(pid),"tid":\#(tid),"ts":\#(us(slice.start)),"dur":\#(us(slice.duration)),"args":{"busy_ms":\#(ms(slice.busy))}}"#)
            }
            for frame in run.trace.frames {
                events.append(#"{"name":"\#(frame.hitch ? "hitch" : "frame")","cat":"frame","ph":"X","pid":\#(pid),"tid":\#(framesTrack),"ts":\#(us(frame.vsync)),"dur":\#(us(frame.presented - frame.vsync))}"#)
            }
            for sample in run.trace.samples {
                events.append(#"{"name":"\#(escape(sample.counter))","ph":"C","pid":\#(pid),"ts":\#(us(sample.time)),"args":{"value":\#(number(sample.value))}}"#)
            }
            for instant in run.trace.instants {
                events.append(#"{"name":"\#(escape(instant.name))","cat":"\#(escape(instant.kind))","ph":"i","s":"p","pid":\#(pid),"tid":1,"ts":\#(us(instant.time))}"#)
            }
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
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
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
