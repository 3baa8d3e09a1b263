import Foundation
import Profiler
import Testing

/// `--export-trace` with `--trace-strategy` and `--trace-window` (issue 27).
@Suite("Trace strategies and windows")
struct TraceFilterTests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

    /// A trace file's metadata and its events (metadata events apart).
    private func read(_ path: String) throws -> (other: [String: String], processes: Set<String>, events: [[String: Any]]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let processes = Set(events.filter { $0["name"] as? String == "process_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
        return (object["otherData"] as? [String: String] ?? [:], processes, events.filter { $0["ph"] as? String != "M" })
    }

    /// One strategy's trace holds only its run; a window only events inside
    /// it; both carry the tool and model versions.
    @Test func oneStrategyAndAWindow() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.json").path
        let part = folder.appendingPathComponent("part.json").path
        let common = ["run", detail, "--strategy", "reload", "--strategy", "texture", "--quiet"]
        #expect(try listbench(common + ["--export-trace", whole]).status == 0)
        let cut = try listbench(common + ["--export-trace", part, "--trace-strategy", "texture", "--trace-window", "200-500"])
        #expect(cut.status == 0, "\(cut.err)")
        let all = try read(whole), some = try read(part)
        #expect(all.processes.count == 2 && all.other["toolVersion"] == ListBenchVersion.tool)
        #expect(some.processes.count == 1 && some.processes.first?.contains("× texture") == true, "\(some.processes)")
        #expect(some.other["modelVersion"] == ListBenchVersion.model && some.other["traceWindowMs"] == "200-500")
        // Microseconds in the file.
        func span(_ event: [String: Any]) -> (start: Double, end: Double) {
            let start = (event["ts"] as? NSNumber)?.doubleValue ?? -1
            return (start, start + ((event["dur"] as? NSNumber)?.doubleValue ?? 0))
        }
        #expect(all.events.contains { span($0).start < 200_000 } && all.events.contains { span($0).end > 500_000 })
        #expect(!some.events.isEmpty)
        for event in some.events {
            let (start, end) = span(event)
            #expect(start >= 200_000 && end <= 500_000, "\(event)")
        }
    }

    /// A strategy the run does not have, or a window that is not one: one message, exit 64.
    @Test(arguments: [
        (["--trace-strategy", "cellbinder"], "--trace-strategy cellbinder: not one of this run's strategies: reload"),
        (["--trace-window", "10-5"], "--trace-window 10-5: TO must be after FROM"),
        (["--trace-window", "ten"], "--trace-window ten: expected FROM-TO in milliseconds of virtual time"),
        // A value starting with '-' is the window's, not an option ("Missing value" before).
        (["--trace-window", "-100-200"], "--trace-window -100-200: expected FROM-TO in milliseconds of virtual time"),
    ])
    func badTraceOptionsAreRefused(arguments: [String], fragment: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try listbench(["run", detail, "--strategy", "reload", "--export-trace", folder.appendingPathComponent("t.json").path] + arguments)
        #expect(result.status == 64, "\(result.err)")
        #expect(result.err.contains(fragment), "\(result.err)")
        #expect(result.out.isEmpty)
    }
}
