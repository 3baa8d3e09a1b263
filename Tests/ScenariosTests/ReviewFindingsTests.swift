import Foundation
import ListData
@testable import Scenarios
import Testing

/// Findings of the review of issue 26, each held by a test.
@Suite("Bursts in time order, kind weights, value weights, wrapping")
struct ReviewFindingsTests {
    /// Two bursts that overlap in time (inserts every 700 ms, updates every
    /// 900 ms) are resolved tick by tick in time order: every change applies
    /// to the data as it is at its time (an update once named an item that
    /// the other burst inserted only later, and the run failed).
    @Test func overlappingBurstsResolveInTimeOrder() throws {
        let text = """
            {"version": 1, "name": "b", "description": "d", "seed": 3, "data": {"sections": [{"id": "m", "generate": 3}]},
             "world": [{"kind": "burst", "atMs": 1000, "everyMs": 700, "forMs": 20000, "ops": {"insert": 1}},
                       {"kind": "burst", "atMs": 1500, "everyMs": 900, "forMs": 20000, "ops": {"update": 1, "delete": 1}}],
             "steps": [{"kind": "wait", "ms": 25000}]}
            """
        let generated = try Scenario.decode(Array(text.utf8)).generate()
        #expect(generated.changes.map(\.atMs) == generated.changes.map(\.atMs).sorted())
        var store = DataStore(generated.sections)
        for timed in generated.changes { try store.apply(timed.change) }
        #expect(generated.changes.count == 29 + 23)
    }

    private func refusal(_ text: String) -> String {
        do {
            _ = try Scenario.decode(Array(text.utf8))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    private func kinds(_ kinds: String, section: String = #"{"id": "s", "generate": 5}"#) -> String {
        """
        {"version": 2, "name": "k", "description": "d", "seed": 1,
         "data": {"kinds": \(kinds), "sections": [\(section)]}, "steps": [{"kind": "wait", "ms": 10}]}
        """
    }

    @Test func kindsWhoseWeightsAreAllZeroAreRefused() {
        let zero = #"[{"name": "a", "weight": 0, "parts": [{"name": "p", "views": 1}]}]"#
        #expect(refusal(kinds(zero)).contains("at data.kinds (line 2, column 20): at least one kind needs a positive weight"))
        // A section that gives its own weights does not draw from data.kinds'.
        #expect(refusal(kinds(zero, section: #"{"id": "s", "generate": 5, "kinds": {"a": 1}}"#)) == "accepted")
    }

    @Test func aValuesWeightsAreNotPhotoCounts() {
        let lengths = #"[{"name": "a", "parts": [{"name": "p", "texts": [{"length": {"weights": {"200000": 1}}}]}]}]"#
        #expect(refusal(kinds(lengths)).contains("a value's weights take whole numbers 0...100000 as keys, not '200000'"))
        let none = #"[{"name": "a", "parts": [{"name": "p", "count": {"weights": {"1": 0}}}]}]"#
        #expect(refusal(kinds(none)).contains("at least one value needs a positive weight"))
    }

    /// Insets wider than the cell wrap a character a line, never at a 1-point width.
    @Test func aLineHoldsOneCharacterAtLeast() {
        let run = TextRun(length: .fixed(300), fontSize: 15, inset: 500)
        #expect(run.lines(300, width: 393) == 300)
        #expect(TextRun(length: .fixed(300), fontSize: 15).lines(300, width: 393) == 7)
    }
}
