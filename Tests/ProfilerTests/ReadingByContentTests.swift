import Foundation
import Profiler
import Scenarios
import Strategies
import Testing

/// A group chat of 600 self-sized messages of four kinds (estimate 60 pt),
/// opening at its bottom, read upward for ten screens (docs/simulator.md,
/// "A person reads content").
private let chat = """
{"version": 2, "name": "chat600", "description": "600 messages of four kinds read upward for ten screens", "seed": 11,
 "data": {"anchor": "bottom",
  "kinds": [
   {"name": "text", "weight": 6, "layout": "autolayout", "height": {"kind": "selfSized", "estimate": 60},
    "parts": [{"name": "bubble", "views": 2, "padding": 16, "texts": [{"length": {"min": 2, "max": 400}, "fontSize": 17, "lineHeight": 22, "inset": 60}]},
              {"name": "time", "texts": [{"length": 5, "fontSize": 11, "lineHeight": 14, "maxLines": 1}]}]},
   {"name": "photo", "weight": 2, "layout": "autolayout", "height": {"kind": "selfSized", "estimate": 60},
    "parts": [{"name": "image", "views": 1, "padding": 16, "images": {"count": 1, "pixels": {"width": 1280, "height": 960}, "display": {"widthFraction": 0.65, "aspect": 0.75}}},
              {"name": "time", "texts": [{"length": 5, "fontSize": 11, "lineHeight": 14, "maxLines": 1}]}]},
   {"name": "voice", "weight": 1, "layout": "autolayout", "height": {"kind": "selfSized", "estimate": 60},
    "parts": [{"name": "wave", "views": 6, "padding": 16}, {"name": "time", "texts": [{"length": 5, "fontSize": 11, "lineHeight": 14, "maxLines": 1}]}]},
   {"name": "link", "weight": 1, "layout": "autolayout", "height": {"kind": "selfSized", "estimate": 60},
    "parts": [{"name": "text", "texts": [{"length": {"min": 20, "max": 120}, "fontSize": 17, "lineHeight": 22, "inset": 60}]},
              {"name": "card", "views": 3, "padding": 12, "images": {"count": 1, "pixels": {"width": 600, "height": 315}, "display": {"widthFraction": 0.65, "aspect": 0.52}},
               "texts": [{"length": {"min": 20, "max": 80}, "fontSize": 15, "lineHeight": 20, "inset": 80}]}]}],
  "sections": [{"id": "messages", "generate": 600}]},
 "steps": [{"kind": "wait", "ms": 1000}, {"kind": "repeat", "times": 10, "steps": [{"kind": "read", "direction": "up", "dwellMsPerPost": 300}]}]}
"""

@Suite("A person reads content")
struct ReadingByContentTests {
    /// Ten upward reads show the same items on every strategy, within 10%
    /// of the median, one row per message or several; a strategy outside
    /// that has its difference named: rows shown at a height other than
    /// their content's, or rows passed unseen. Content the list's own
    /// layout moved is a jump, reported.
    @Test func readingUpwardShowsTheSameItemsOnEveryStrategy() throws {
        let scenario = try Scenario.decode(Array(chat.utf8))
        var shown: [String: RunMetrics] = [:]
        for name in StrategyCatalog.builtIn.names { shown[name] = try modeledRun(name, scenario) }
        let counts = shown.values.compactMap(\.rowsDisplayed).sorted()
        let median = Double(counts[counts.count / 2])
        #expect(median >= 40, "\(counts)")
        for (name, metrics) in shown.sorted(by: { $0.key < $1.key }) {
            let items = Double(metrics.rowsDisplayed ?? 0)
            let named = (metrics.misSizedRows ?? 0) > 0 || (metrics.rowsNeverDisplayed ?? 0) > 0
            #expect(abs(items - median) <= 0.1 * median || named, "\(name): \(items) items against a median of \(median)")
        }
        // A self-sizing table scrolled up into rows it has not measured: the jumps are counted.
        #expect((shown["reload"]?.scrollJumpPoints ?? 0) > 0)
        #expect(shown["texture"]?.scrollJumpPoints == 0)
    }

    /// On the shipped chat, completion differs only where a run's own
    /// findings say why: within 1% of Texture's (which measures its nodes
    /// before they come on screen), or with rows mis-sized or never shown.
    @Test func chatCompletionsDifferOnlyByWhatTheReportNames() throws {
        let reference = try #require(try ShippedRuns.shared.run("texture", "chat.json").metrics.completionMs)
        for name in StrategyCatalog.builtIn.names {
            let metrics = try ShippedRuns.shared.run(name, "chat.json").metrics
            let completion = try #require(metrics.completionMs, "\(name)")
            let named = (metrics.misSizedRows ?? 0) > 0 || (metrics.rowsNeverDisplayed ?? 0) > 0
            #expect(abs(completion - reference) <= 0.01 * reference || named, "\(name): \(completion) ms against texture's \(reference) ms")
        }
    }
}
